import { afterAll, beforeAll, describe, test } from 'vitest'
import { e2eEnv } from '../../scripts/e2e-env'
import { type EngineBrowser, type EngineDriver, type EngineName, PHONE } from './driver'
import { launchFirefox } from './firefox'
import { checkRoute, FLOWS, ROUTES } from './steps'
import { launchWebKit } from './webkit'

const launchers: Record<EngineName, (siteUrl: string) => Promise<EngineBrowser>> = { firefox: launchFirefox, webkit: launchWebKit }

/**
 * The whole suite in one engine: a describe block named after the engine, so a failure reads
 * `webkit > referral form: ...`. Tests run one after another in one browser; each flow gets a fresh page.
 */
export function engineSuite(engine: EngineName) {
  describe(engine, () => {
    let browser: EngineBrowser | undefined
    const opened = () => {
      if (!browser) throw new Error(`${engine} did not start (see the first failure)`)
      return browser
    }
    beforeAll(async () => {
      browser = await launchers[engine](e2eEnv().siteUrl)
      console.log(`${engine}: ${browser.version}`)
    }, 180_000)
    afterAll(async () => {
      await browser?.close()
    }, 60_000)

    describe('public routes', () => {
      // One page for all routes (they change no storage), at phone width.
      let page: EngineDriver | undefined
      beforeAll(async () => {
        page = await opened().newPage()
        await page.setViewport(PHONE.width, PHONE.height)
      }, 60_000)
      afterAll(async () => {
        await page?.close()
      })
      for (const route of ROUTES) test(route.name, () => checkRoute(page!, route.entry), 60_000)
    })

    describe('flows', () => {
      for (const flow of FLOWS) {
        test(
          flow.name,
          async () => {
            const page = await opened().newPage()
            try {
              await flow.run({ page, browser: opened() })
            } finally {
              await page.close()
            }
          },
          flow.timeout ?? 90_000,
        )
      }
    })
  })
}
