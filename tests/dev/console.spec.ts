import { type BrowserContext, expect, test as base } from '@playwright/test'
import { FLOWS_PAGE, PAGES } from '../../src/seo/pages'

/**
 * Every route under the Vite dev server, as a developer opens it: the page hydrates and the console stays clean.
 * Any console error fails (React's development build logs hydration mismatches, invalid nesting and missing keys
 * as errors), and so do a warning about hydration and an uncaught error. /auth is opened in each of its modes (its
 * head script marks <html> before hydration), and /flows, which only development serves by default.
 */
/**
 * One browser context per worker, its pages opened one after another, as a developer's browser opens the site: the
 * cache is warm after the first page (Vite serves the pre-bundled dependencies as immutable), so each route costs
 * what is new on it rather than React's development build again. Each test still gets a page of its own.
 */
const test = base.extend<object, { devContext: BrowserContext }>({
  devContext: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, baseURL: workerInfo.project.use.baseURL })
      await use(context)
      await context.close()
    },
    { scope: 'worker' },
  ],
  page: async ({ devContext }, use) => {
    const page = await devContext.newPage()
    await use(page)
    await page.close()
  },
})

const routes = [
  ...PAGES.map((page) => page.path),
  FLOWS_PAGE.path,
  '/auth?mode=signup',
  '/auth?mode=reset',
  '/auth?type=recovery',
  '/no-such-page',
]

for (const path of routes) {
  test(`${path} in development: hydrates with a clean console`, async ({ page, baseURL }) => {
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
    page.on('console', (msg) => {
      const hydration = /hydrat/i.test(msg.text())
      if (msg.type() !== 'error' && !(msg.type() === 'warning' && hydration)) return
      // This machine has no internet: what a page would load from elsewhere (partners' logos) cannot load here.
      // And the not-found page's own document is answered 404 on purpose.
      const from = msg.location().url ?? ''
      if (/^Failed to load resource/.test(msg.text()) && (!from.startsWith(baseURL!) || (path === '/no-such-page' && from === new URL(path, baseURL).href))) return
      problems.push(`${msg.type()}: ${msg.text()} (${from})`)
    })
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    // What the page fetches after hydration (a lazily loaded view, the session check) has been answered.
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
  })
}
