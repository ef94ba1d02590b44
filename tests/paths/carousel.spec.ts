import { expect, type Page, test } from '@playwright/test'
import { CAROUSEL_LOOP_MS } from '../../machines/carousel.machine'
import { type CarouselModelEvent, carouselPaths } from './carousel.model'
import { pathTests, waitForHydration } from './support'

test.use({ reducedMotion: 'no-preference' })

const carousel = (page: Page) => page.getByTestId('carousel')
/** Playback rates of the track's running animations (1 = one loop in 120 s; slowed = 120/300). */
const rates = (page: Page) =>
  carousel(page)
    .locator('ul')
    .evaluate((el) => el.getAnimations().filter((a) => a.playState !== 'idle').map((a) => a.playbackRate))

async function expectMoving(page: Page, rate: number) {
  await expect(carousel(page)).toHaveAttribute('data-state', 'moving')
  await expect.poll(() => rates(page)).toEqual([rate])
}

pathTests<CarouselModelEvent>(carouselPaths, {
  start: async (page) => {
    await page.goto('/')
    await waitForHydration(page)
  },
  events: {
    HOVER_STARTED: (page) => carousel(page).hover(),
    HOVER_ENDED: (page) => page.mouse.move(1, 1),
    MOTION_PREFERENCE_CHANGED: (page, event) => page.emulateMedia({ reducedMotion: event.reduce ? 'reduce' : 'no-preference' }),
  },
  states: {
    'moving.normal': (page) => expectMoving(page, 1),
    'moving.slowed': (page) => expectMoving(page, CAROUSEL_LOOP_MS.normal / CAROUSEL_LOOP_MS.hovered),
    still: async (page) => {
      await expect(carousel(page)).toHaveAttribute('data-state', 'still')
      await expect.poll(() => rates(page)).toEqual([])
    },
  },
})
