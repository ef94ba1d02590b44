import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { PAGES } from '../../src/seo/pages'
import { collectViolations, waitForHydration } from './support'

/** The policy the build wrote into _headers for every path (`/*`). */
function generatedPolicy(): string {
  const text = readFileSync(join(e2eEnv().dist, 'client', '_headers'), 'utf8')
  const line = text.split('\n').find((l) => /^\s+Content-Security-Policy:/i.test(l))
  if (!line) throw new Error('_headers has no Content-Security-Policy')
  return line.slice(line.indexOf(':') + 1).trim()
}

test('every route, the 404 page and every file are served with the security headers and the full CSP', async ({ request }) => {
  const policy = generatedPolicy()
  const home = await (await request.get('/', { maxRedirects: 0 })).text()
  const files = [...new Set([...home.matchAll(/(?:src|href)="(\/[^"/][^"]*\.(?:js|css|png|svg|xml|txt))"/g)].map((m) => m[1]!))]
  const paths = [...PAGES.map((p) => p.path), '/no-such-page', '/about/no-such-page', '/sitemap.xml', '/robots.txt', ...files]
  expect(files.some((f) => f.startsWith('/assets/'))).toBe(true)
  for (const path of paths) {
    // No redirect followed: a policy seen only after a 308 is not the policy of that URL.
    const res = await request.get(path, { maxRedirects: 0 })
    expect([200, 404], path).toContain(res.status())
    if (path.includes('no-such')) expect(res.status(), path).toBe(404)
    const h = res.headers()
    const csp = h['content-security-policy'] ?? ''
    // Exactly one policy, the generated one: a second rule's CSP would be joined with a comma (both enforced).
    expect(csp, path).toBe(policy)
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
    expect(scriptSrc, path).toContain("'self'")
    expect(scriptSrc, path).not.toContain('unsafe-inline')
    expect(scriptSrc, path).not.toContain('unsafe-eval')
    expect(csp, path).toContain("frame-ancestors 'none'")
    expect(csp, path).toContain(`connect-src 'self' ${e2eEnv().backendUrl}`)
    expect(h['strict-transport-security'], path).toMatch(/max-age=\d+/)
    expect(h['x-content-type-options'], path).toBe('nosniff')
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(h['permissions-policy'], path).toContain('camera=()')
    expect(h['x-frame-options'], path).toBe('DENY')
  }
})

// That no page of PAGES reports a CSP violation while it loads and hydrates is checked by routes.spec.ts, in the one
// visit it makes to each page (with its console and axe checks).

test('the CSP really blocks an injected inline script', async ({ page }) => {
  const violations = await collectViolations(page)
  await page.route('**/about', async (route) => {
    const res = await route.fetch()
    const html = (await res.text()).replace('</body>', '<script>window.__injected = true</script></body>')
    await route.fulfill({ response: res, body: html })
  })
  await page.goto('/about')
  await waitForHydration(page)
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined()
  expect((await violations()).some((v) => v.startsWith('script-src'))).toBe(true)
})
