import { expect, type Page } from '@playwright/test'
import { type ReduceMotionContext, reduceMotionMachine } from '../../machines/reduceMotion.machine'
import { reduceMotionSampleEvents, reduceMotionSampleInputs } from '../../machines/reduceMotion.samples'
import { STORAGE_KEY } from '../../src/ui/reduceMotionSetting'
import { waitForHydration } from '../e2e/support'
import { defineDriver } from './driver'
import { footer } from '../support/pages/shell'

/**
 * The footer's Reduce Motion switch (on /about). The system setting is the browser's emulated
 * prefers-reduced-motion; a stored choice changed elsewhere is another tab of the same browser writing or removing
 * the `reduceMotion` key (the page hears the storage event). A sample input's stored choice is in localStorage
 * before the page loads.
 */
const toggle = footer.reduceMotion
const stored = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)

async function expectStored(page: Page, c: ReduceMotionContext) {
  await expect.poll(() => stored(page)).toBe(c.stored === null ? null : String(c.stored))
}

export const driver = defineDriver({
  name: 'reduceMotion',
  flow: 'reduce motion (footer switch)',
  machine: reduceMotionMachine,
  sampleEvents: reduceMotionSampleEvents,
  sampleInputs: reduceMotionSampleInputs,
  async start(page, ctx) {
    const input = ctx.view.context as ReduceMotionContext
    await page.emulateMedia({ reducedMotion: input.system ? 'reduce' : 'no-preference' })
    if (input.stored !== null) {
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [STORAGE_KEY, String(input.stored)] as const)
    }
    await page.goto('/about')
    await waitForHydration(page)
  },
  events: {
    TOGGLE: (page) => toggle(page).click(),
    SYSTEM_PREFERENCE_CHANGED: (page, event) => page.emulateMedia({ reducedMotion: event.reduce ? 'reduce' : 'no-preference' }),
    // Another tab of the same site stores or clears the choice.
    STORED_SETTING_CHANGED: async (page, event) => {
      const other = await page.context().newPage()
      await other.goto('/robots.txt')
      await other.evaluate(
        ([key, value]) => (value === null ? window.localStorage.removeItem(key) : window.localStorage.setItem(key, value)),
        [STORAGE_KEY, event.value === null ? null : String(event.value)] as const,
      )
      await other.close()
    },
  },
  states: {
    'reduceMotion.full': async (page, view) => {
      await expect(toggle(page)).toHaveAttribute('aria-checked', 'false')
      await expect(page.locator('html')).not.toHaveClass(/(^|\s)reduce-motion(\s|$)/)
      // A stored choice runs the machine, whose class lifts the CSS rule of the system's query.
      if (view.context.stored !== null) await expect(page.locator('html')).toHaveClass(/(^|\s)allow-motion(\s|$)/)
      await expectStored(page, view.context)
    },
    'reduceMotion.reduced': async (page, view) => {
      await expect(toggle(page)).toHaveAttribute('aria-checked', 'true')
      await expect(page.locator('html')).toHaveClass(/(^|\s)reduce-motion(\s|$)/)
      await expect(page.locator('html')).not.toHaveClass(/(^|\s)allow-motion(\s|$)/)
      await expectStored(page, view.context)
    },
  },
})
