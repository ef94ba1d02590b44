import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { authConfigFromToml, CONFIG_TOML, loadAuthConfig, parseDuration, parseToml } from './config.ts'

describe('parseToml (the subset supabase/config.toml uses)', () => {
  it('reads tables, dotted tables, strings, numbers, booleans, comments and multi-line arrays', () => {
    const doc = parseToml(`# top
project_id = "x" # trailing
[auth]
enabled = true
jwt_expiry = 3_600
ratio = -1.5e2
site_url = "http://a\\u0062c/\\"q\\""
literal = 'C:\\path'
additional_redirect_urls = [
  "http://one/**", # first
  'http://two/*',
]
[auth.email]
max_frequency = "60s"
[auth.external.google]
enabled = false
nested = [[1, 2], []]
"quoted key" = 1
`)
    expect(doc).toEqual({
      project_id: 'x',
      auth: {
        enabled: true,
        jwt_expiry: 3600,
        ratio: -150,
        site_url: 'http://abc/"q"',
        literal: 'C:\\path',
        additional_redirect_urls: ['http://one/**', 'http://two/*'],
        email: { max_frequency: '60s' },
        external: { google: { enabled: false, nested: [[1, 2], []], 'quoted key': 1 } },
      },
    })
  })

  it('refuses what it does not support, naming the line, rather than misreading it', () => {
    expect(() => parseToml('a = 1\nb = {x = 1}')).toThrow(/line 2: inline tables/)
    expect(() => parseToml('[[x]]')).toThrow(/arrays of tables/)
    expect(() => parseToml('a = """x"""')).toThrow(/multi-line strings/)
    expect(() => parseToml('a = 1\na = 2')).toThrow(/line 2: duplicate key/)
    expect(() => parseToml('a = "x')).toThrow(/unterminated/)
    expect(() => parseToml('a = 1 2')).toThrow(/line 1: unexpected/)
    expect(() => parseToml('a = nope')).toThrow(/unsupported value/)
  })
})

describe('parseDuration (Go syntax)', () => {
  it.each([
    ['60s', 60],
    ['1m', 60],
    ['1m30s', 90],
    ['1h', 3600],
    ['500ms', 0.5],
  ])('%s = %d s', (text, seconds) => expect(parseDuration(text)).toBe(seconds))
  it('refuses other text', () => {
    for (const bad of ['60', 'sixty', '1 m', '1x', '']) expect(() => parseDuration(bad), bad).toThrow(/not a duration/)
  })
})

describe('loadAuthConfig', () => {
  it('reads the project file: the values the local server enforces', () => {
    const c = loadAuthConfig()
    expect(c).toMatchObject({
      siteUrl: 'http://localhost:5173',
      jwtExpirySeconds: 3600,
      minimumPasswordLength: 7,
      maxFrequencySeconds: 60,
      otpExpirySeconds: 3600,
      rateLimit: { emailSent: 30, tokenRefresh: 150, signInSignUps: 30, tokenVerifications: 30 },
    })
    expect(c.additionalRedirectUrls).toContain('http://127.0.0.1:5173/**')
    // Whatever the file holds, no pattern opens every host.
    for (const url of c.additionalRedirectUrls) expect(url).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/\*\*$/)
    expect(readFileSync(CONFIG_TOML, 'utf8')).toContain('[auth.rate_limit]')
  })

  it('falls back to GoTrue / Supabase CLI defaults for missing keys and checks types', () => {
    expect(authConfigFromToml({})).toEqual({
      siteUrl: 'http://localhost:3000',
      additionalRedirectUrls: [],
      jwtExpirySeconds: 3600,
      minimumPasswordLength: 6,
      maxFrequencySeconds: 60,
      otpExpirySeconds: 3600,
      rateLimit: { emailSent: 30, tokenRefresh: 150, signInSignUps: 30, tokenVerifications: 30 },
    })
    expect(() => authConfigFromToml({ auth: { additional_redirect_urls: 'http://x' } })).toThrow(/array of strings/)
    expect(() => authConfigFromToml({ auth: { rate_limit: { token_refresh: -1 } } })).toThrow(/token_refresh/)
  })
})
