import { chromium } from '@playwright/test'
import { headlessShellPath, devEnv } from '../../scripts/e2e-env'

/**
 * Global setup of playwright.dev.config.ts: opens the home page until it hydrates, so the dev server has scanned,
 * bundled and settled its dependencies before the routes are walked. On its first requests a fresh dev server
 * bundles dependencies it finds late and may answer an import from a bundle it has just replaced; that is Vite
 * warming up (the page works on reload), not what a developer's console shows once it runs.
 */
export default async function warmUp() {
  const { devUrl } = devEnv()
  const browser = await chromium.launch({ executablePath: headlessShellPath(), args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage()
    const deadline = Date.now() + 180_000
    for (;;) {
      try {
        await page.goto(devUrl, { timeout: 60_000 })
        await page.locator('html[data-hydrated="true"]').waitFor({ timeout: 30_000 })
        return
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`The dev server at ${devUrl} never served a page that hydrated: ${String(error)}`)
      }
    }
  } finally {
    await browser.close()
  }
}
