import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, headersFile, inlineScripts, sha256 } from './security-headers'

describe('inlineScripts', () => {
  it('returns executable inline scripts only', () => {
    const html =
      '<script>a()</script><script type="module" src="/x.js"></script><script type="application/ld+json">{"a":1}</script><script type="module">b()</script><script data-x="">c()</script>'
    expect(inlineScripts(html)).toEqual(['a()', 'b()', 'c()'])
  })
})

describe('contentSecurityPolicy', () => {
  it('lists each hash once and never allows unsafe-inline or eval for scripts', () => {
    const h = sha256('a()')
    const csp = contentSecurityPolicy([h, h])
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'))!
    expect(scriptSrc).toBe(`script-src 'self' ${h}`)
    expect(csp).not.toMatch(/script-src[^;]*unsafe/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
  })

  it('hashes as browsers do (base64 SHA-256 of the exact text)', () => {
    expect(sha256('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
  })

  it('writes one _headers rule for every path', () => {
    const file = headersFile([])
    expect(file.split('\n').filter((l) => l.startsWith('/'))).toEqual(['/*'])
    expect(file).toContain('  X-Content-Type-Options: nosniff')
  })
})
