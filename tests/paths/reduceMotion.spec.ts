import { expect, test } from '@playwright/test'
import { type ReduceMotionModelEvent, reduceMotionPaths } from './reduceMotion.model'
import { pathTests, waitForHydration } from './support'

test.use({ reducedMotion: 'no-preference' })

const toggle = (page: import('@playwright/test').Page) => page.getByRole('contentinfo').getByRole('switch', { name: 'Reduce Motion' })

pathTests<ReduceMotionModelEvent>(reduceMotionPaths, {
  start: async (page) => {
    await page.goto('/about')
    await waitForHydration(page)
  },
  events: {
    TOGGLE: (page) => toggle(page).click(),
    SYSTEM_PREFERENCE_CHANGED: (page, event) => page.emulateMedia({ reducedMotion: event.reduce ? 'reduce' : 'no-preference' }),
    RELOAD: async (page) => {
      await page.reload()
      await waitForHydration(page)
    },
  },
  states: {
    full: async (page) => {
      await expect(toggle(page)).toHaveAttribute('aria-checked', 'false')
      await expect(page.locator('html')).not.toHaveClass(/reduce-motion/)
    },
    reduced: async (page) => {
      await expect(toggle(page)).toHaveAttribute('aria-checked', 'true')
      await expect(page.locator('html')).toHaveClass(/reduce-motion/)
    },
  },
})
