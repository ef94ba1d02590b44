import { expect, type Page, test } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { PAGES } from '../../src/seo/pages'
import { waitForHydration } from './support'

/** Collect CSP violation reports in the page (securitypolicyviolation events), from the first script on. */
async function collectViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] }
    w.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`)
    })
  })
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)
}

test('every route is served with the security headers and a CSP without unsafe-inline scripts', async ({ request }) => {
  for (const path of [...PAGES.map((p) => p.path), '/no-such-page']) {
    const res = await request.get(path)
    const h = res.headers()
    const csp = h['content-security-policy'] ?? ''
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
  }
})

for (const page of PAGES) {
  test(`no CSP violation on ${page.path}`, async ({ page: p }) => {
    const violations = await collectViolations(p)
    await p.goto(page.path)
    await waitForHydration(p)
    expect(await violations()).toEqual([])
  })
}

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
