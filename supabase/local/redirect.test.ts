import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadAuthConfig } from './config.ts'
import { globToRegExp, redirectValidator } from './redirect.ts'

describe('globToRegExp (gobwas/glob with separators . and /)', () => {
  it.each([
    ['http://localhost:8000/*', 'http://localhost:8000/path', true],
    ['http://localhost:8000/*', 'http://localhost:8000/path/to/page', false], // * stops at '/'
    ['http://localhost:8000/*', 'http://localhost:8000/page.html', false], // ... and at '.'
    ['http://localhost:8000/**', 'http://localhost:8000/path/to/page.html?x=1', true],
    ['http://localhost:8000/**', 'http://localhost:8000', false],
    ['http://*.example.com/**', 'http://app.example.com/x', true],
    ['http://*.example.com/**', 'http://a.b.example.com/x', false],
    ['http://**.example.com/**', 'http://a.b.example.com/x', true],
    ['http://?.example.com/', 'http://a.example.com/', true],
    ['http://?.example.com/', 'http://ab.example.com/', false],
    ['http://[ab].example.com/', 'http://b.example.com/', true],
    ['http://[!ab].example.com/', 'http://b.example.com/', false],
    ['http://{app,www}.example.com/', 'http://www.example.com/', true],
    ['http://{app,www}.example.com/', 'http://api.example.com/', false],
    ['http://example.com/\\*', 'http://example.com/*', true],
    ['http://example.com/\\*', 'http://example.com/x', false],
  ])('%s ~ %s → %s', (pattern, url, expected) => {
    expect(globToRegExp(pattern).test(url)).toBe(expected)
  })

  it('treats regular-expression characters in a pattern literally', () => {
    expect(globToRegExp('https://a+b.example.com/(x)|y').test('https://a+b.example.com/(x)|y')).toBe(true)
    expect(globToRegExp('https://a+b.example.com/(x)|y').test('https://aab.example.com/x')).toBe(false)
  })
})

describe("redirectValidator with GoTrue's own test table (request_test.go TestGetReferrer)", () => {
  const allowed = redirectValidator('https://example.com', [
    'http://localhost:8000/*',
    'http://*.localhost:8000/*',
    'http://*:12345/*',
    'http://**:12345/*',
  ])
  it.each([
    ['http://localhost:8000/path', true],
    ['http://localhost:3000', false],
    ['http://localhost:8000', false],
    ['http://localhost:8000/path/to/page', false],
    ['http://localhost:8000/path?param=1', true],
    ['http://123?.localhost:8000/path', false],
    ['http://123.123.123.123?localhost:8000/path', false],
    ['http://[65e7:9410:d8b6:e227:58cd:e55b:8fc0:206d]?localhost:8000/path', false],
    ['http://65e7:9410:d8b6:e227:58cd:e55b:8fc0:206d?localhost:8000/path', false],
    ['http://127.0.0.1:12345/path', true],
    ['http://[0:0:0:0:0:0:0:1]:12345/path', true],
    ['https://example.com/dashboard', true],
    ['http://example.com/dashboard', false],
    ['https://example.com:8443/dashboard', false],
  ])('%s → %s', (url, expected) => {
    expect(allowed(url)).toBe(expected)
  })
})

describe('redirectValidator with supabase/config.toml', () => {
  const project = loadAuthConfig()
  const dev = redirectValidator(project.siteUrl, project.additionalRedirectUrls)
  const e2e = redirectValidator('http://127.0.0.1:4573', project.additionalRedirectUrls)

  it('allows the site (dev: localhost:5173) and the listed local URLs', () => {
    expect(project.siteUrl).toBe('http://localhost:5173')
    for (const url of [
      'http://localhost:5173',
      'http://localhost:5173/auth?type=signup',
      'http://localhost:5173/onboarding#x',
      'http://127.0.0.1:5173/auth',
      'http://localhost:4173/auth?mode=reset',
      'http://127.0.0.1:4173/account',
    ]) {
      expect(dev(url), url).toBe(true)
    }
  })

  it('allows the e2e site given as SITE_URL (any port base) and nothing else on that host', () => {
    expect(e2e('http://127.0.0.1:4573/auth?type=recovery')).toBe(true)
    expect(e2e('http://127.0.0.1:4574/auth')).toBe(false)
    expect(e2e('http://localhost:4573/auth')).toBe(false)
  })

  it('refuses other origins, relative and protocol-relative URLs, look-alike hosts, userinfo and prefix tricks', () => {
    for (const url of [
      'https://evil.example/steal',
      '//evil.example/auth',
      '/auth',
      'evil.example',
      'http://127.0.0.1.evil.example/auth',
      'http://localhost.evil.example:5173/auth',
      'http://localhost:5173.evil.example/auth',
      'http://localhost:5173@evil.example/auth',
      'http://localhost:5173:@evil.example/',
      'http://user:pass@evil.example/http://localhost:5173/',
      'http://evil.example/http://localhost:5173/auth',
      'http://evil.example?http://localhost:5173/',
      'http://evil.example#http://localhost:5173/',
      'http://localhost:51730/auth', // the site's port as a prefix of another
      'http://localhost:517/auth',
      'https://localhost:5173/auth', // the site's host with another scheme
      'http://localhost:5174/auth', // any other port (GoTrue would allow this one: loopback site)
      'http://127.0.0.1:9999/auth', // any other loopback port (GoTrue would allow this one too)
      'http://[::1]:5173/auth',
      'http://2130706433:5173/', // 127.0.0.1 in decimal
      'http://0x7f000001:5173/',
      'http://localhost:5173\\@evil.example/',
      'http://evil.example\\@localhost:5173/',
      'http://local\thost:5173/auth',
      'http://localhost:5173/\nhttp://evil.example',
      'javascript://localhost:5173/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'HTTP://LOCALHOST:5173/auth', // GoTrue compares hosts case-sensitively; never wider locally
      '',
    ]) {
      expect(dev(url), url).toBe(false)
    }
  })

  it('property: anything it allows is on the site or on one of the listed origins, as the browser parses it', () => {
    const origins = new Set([new URL(project.siteUrl).origin, ...project.additionalRedirectUrls.map((u) => new URL(u.replace(/\*+/g, 'x')).origin)])
    // Allowed-looking beginnings followed by the characters URL tricks are made of.
    const start = fc.constantFrom('http://localhost:5173', 'http://127.0.0.1:5173', 'http://localhost:4173', 'http://', 'https://localhost:5173', '//', '')
    const pieces = fc.constantFrom('http://', '//', 'localhost', '127.0.0.1', ':5173', ':4173', ':80', '@', 'evil.example', '.', '/', '\\', '?', '#', '%2f', '%40', 'auth', ':', '[::1]', '\t')
    let allowedCount = 0
    fc.assert(
      fc.property(fc.tuple(start, fc.array(pieces, { maxLength: 8 })).map(([s, p]) => s + p.join('')), (candidate) => {
        if (!dev(candidate)) return
        allowedCount++
        expect(origins.has(new URL(candidate).origin), candidate).toBe(true)
      }),
      { numRuns: 3000 },
    )
    // Not vacuous: a good share of the candidates were allowed and checked.
    expect(allowedCount).toBeGreaterThan(50)
  })
})
