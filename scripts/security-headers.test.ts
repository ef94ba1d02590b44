import { describe, expect, it } from 'vitest'
import {
  contentSecurityPolicy,
  externalizeInlineScripts,
  headerConflicts,
  headerRules,
  headersFileProblems,
  IMMUTABLE,
  inlineScripts,
  MAX_LINE_LENGTH,
  MAX_RULES,
  patternMatches,
  REVALIDATE,
  renderHeaders,
} from './security-headers'

describe('inlineScripts', () => {
  it('returns executable inline scripts only', () => {
    const html =
      '<script>a()</script><script type="module" src="/x.js"></script><script type="application/ld+json">{"a":1}</script><script type="module">b()</script><script data-x="">c()</script>'
    expect(inlineScripts(html)).toEqual(['a()', 'b()', 'c()'])
  })
})

describe('externalizeInlineScripts', () => {
  const page = (body: string) => `<html><head><script type="application/ld+json">{"@type":"X"}</script></head><body>${body}</body></html>`

  it('moves each inline script into a content-hashed /assets file in place, keeping its attributes', () => {
    const { html, scripts } = externalizeInlineScripts(
      page('<p>hi</p><script>scroll()</script><script data-tsr-stream-part="">self.$_TSR={}</script><script type="module" async="" src="/assets/index.js"></script>'),
    )
    expect(scripts.map((s) => s.content)).toEqual(['scroll()', 'self.$_TSR={}'])
    for (const s of scripts) expect(s.file).toMatch(/^assets\/inline-[0-9a-f]{16}\.js$/)
    expect(html).toBe(
      page(
        `<p>hi</p><script src="/${scripts[0]!.file}"></script><script data-tsr-stream-part="" src="/${scripts[1]!.file}"></script><script type="module" async="" src="/assets/index.js"></script>`,
      ),
    )
    expect(inlineScripts(html)).toEqual([])
    expect(html).toContain('application/ld+json')
  })

  it('names a file by its content, so equal scripts on two pages share one cached file', () => {
    const a = externalizeInlineScripts(page('<script>same()</script>'))
    const b = externalizeInlineScripts(page('<h1>other page</h1><script>same()</script>'))
    const c = externalizeInlineScripts(page('<script>different()</script>'))
    expect(a.scripts[0]!.file).toBe(b.scripts[0]!.file)
    expect(c.scripts[0]!.file).not.toBe(a.scripts[0]!.file)
  })

  it('drops a script that only removes itself, even after the async entry module', () => {
    const { html, scripts } = externalizeInlineScripts(
      page('<script type="module" async="" src="/assets/index.js"></script><script>document.currentScript.remove();/*$tsr-stream-boundary*/</script>'),
    )
    expect(scripts).toEqual([])
    expect(html).toBe(page('<script type="module" async="" src="/assets/index.js"></script>'))
  })

  it('refuses a script after the async entry module, whose order it could change, and inline modules', () => {
    expect(() => externalizeInlineScripts(page('<script type="module" async="" src="/e.js"></script><script>late()</script>'), 'x.html')).toThrow(
      /x\.html: an inline script after the async entry module/,
    )
    expect(() => externalizeInlineScripts(page('<script type="module">m()</script>'))).toThrow(/inline module/)
  })
})

describe('contentSecurityPolicy', () => {
  it("allows scripts from the site only: no hash, no 'unsafe-inline', no eval", () => {
    const csp = contentSecurityPolicy()
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).toBe("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain(',')
  })
})

describe('headerRules and renderHeaders', () => {
  const pages = ['/', '/about', '/onboarding/setup']
  const rules = headerRules(pages)
  const text = renderHeaders(rules)

  it('puts the security headers on every path, caches /assets for a year and revalidates each page', () => {
    expect(rules.map((r) => r.path)).toEqual(['/*', '/assets/*', '/', '/about', '/onboarding/setup'])
    expect(text).toContain('/*\n  Content-Security-Policy: ')
    expect(text).toContain(`/assets/*\n  Cache-Control: ${IMMUTABLE}\n`)
    expect(text).toContain(`/about\n  Cache-Control: ${REVALIDATE}\n`)
    expect(headersFileProblems(text)).toEqual([])
  })

  it('never lets two rules set one header for a page, a hashed asset, another file or an unknown path', () => {
    expect(headerConflicts(rules, [...pages, '/assets/index-abc.js', '/logo.png', '/no-such-page', '/a/b'])).toEqual([])
  })
})

describe('patternMatches', () => {
  it('reads splats and placeholders as Cloudflare Pages does', () => {
    expect(patternMatches('/*', '/')).toBe(true)
    expect(patternMatches('/*', '/a/b.js')).toBe(true)
    expect(patternMatches('/assets/*', '/assets/x.js')).toBe(true)
    expect(patternMatches('/assets/*', '/about')).toBe(false)
    expect(patternMatches('/about', '/about')).toBe(true)
    expect(patternMatches('/about', '/about/')).toBe(false)
    expect(patternMatches('/:page', '/about')).toBe(true)
    expect(patternMatches('/:page', '/a/b')).toBe(false)
    expect(patternMatches('/a.b', '/axb')).toBe(false)
  })
})

describe('headersFileProblems and headerConflicts (what fails the build)', () => {
  it('names the rule and header of a line over 2,000 characters', () => {
    const text = `/*\n  X-Ok: yes\n  Content-Security-Policy: script-src 'self' ${"'sha256-x' ".repeat(200)}\n`
    const problems = headersFileProblems(text)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^rule \/\*, line 3 \(Content-Security-Policy\) is \d+ characters, over the limit of 2000/)
    expect(headersFileProblems(`/*\n  X: ${'a'.repeat(MAX_LINE_LENGTH - 3)}\n`)).toEqual([])
  })

  it('names the first rule over the limit of 100', () => {
    const rules = Array.from({ length: MAX_RULES + 2 }, (_, i) => ({ path: `/p${i}`, headers: [['X-A', 'b'] as [string, string]] }))
    expect(headersFileProblems(renderHeaders(rules))).toEqual([`rule 101 (/p100) is over the limit of 100 rules; it and every later rule would be ignored`])
    expect(headersFileProblems(renderHeaders(rules.slice(0, MAX_RULES)))).toEqual([])
  })

  it('reports a header that two matching rules would join with a comma', () => {
    const rules = [
      { path: '/*', headers: [['Content-Security-Policy', "script-src 'self'"] as [string, string]] },
      { path: '/about', headers: [['Content-Security-Policy', "script-src 'self' 'sha256-x'"] as [string, string]] },
    ]
    expect(headerConflicts(rules, ['/about', '/contact'])).toEqual(['content-security-policy is set for /about by rules /* and /about'])
  })
})
