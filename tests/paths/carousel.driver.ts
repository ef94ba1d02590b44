import { expect, type Page, test } from '@playwright/test'
import { CAROUSEL_LOOP_MS, carouselMachine } from '../../machines/carousel.machine'
import { carouselSampleEvents } from '../../machines/carousel.samples'
import { TESTIMONIALS } from '../../src/content/testimonials'
import { waitForHydration } from '../e2e/support'
import { defineDriver, holdRequests } from './driver'
import { landing } from '../support/pages/landing'

/**
 * The landing page's testimonials carousel (on /). Its machine starts after hydration, when the chunk with it
 * (landingActors) arrives: that download is held at the network, so the page starts in `waiting` as the server
 * rendered it; the path's first motion preference is the browser's setting when the chunk is let through (the
 * view then reports it). Motion preference is the emulated prefers-reduced-motion (the footer switch's machine
 * follows it while nothing is stored), a hidden tab is the page's visibilityState turning 'hidden' with its
 * visibilitychange event (headless Chromium never hides a tab), hover is the mouse over the carousel.
 */
const actorsChunk = holdRequests(/\/assets\/landingActors-[^/]*\.js(\?.*)?$/, 'GET')
const { carousel, carouselTrack: track } = landing

interface Motion {
  state: string
  rate: number
}
/** The track's animations (idle ones are gone): play state and playback rate (1 = one loop in 120 s). */
const animations = (page: Page) =>
  track(page).evaluate((el) =>
    el
      .getAnimations()
      .filter((a) => a.playState !== 'idle')
      .map((a): Motion => ({ state: a.playState, rate: a.playbackRate })),
  )

/** Animation changes land within a frame or two: poll often. */
const quick = { intervals: [50, 100, 200] }

/** The list with its aria-hidden copy (the loop), or the static list alone. */
async function expectCopies(page: Page, copied: boolean) {
  await expect(track(page).locator('li:not([aria-hidden])')).toHaveCount(TESTIMONIALS.length)
  await expect(track(page).locator('li[aria-hidden="true"]')).toHaveCount(copied ? TESTIMONIALS.length : 0)
}

async function expectMoving(page: Page, rate: number) {
  await expect(carousel(page)).toHaveAttribute('data-state', 'moving')
  await expect.poll(() => animations(page), quick).toEqual([{ state: 'running', rate }])
  await expectCopies(page, true)
}

async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)
}

export const driver = defineDriver({
  name: 'carousel',
  flow: 'testimonials carousel (landing page)',
  machine: carouselMachine,
  sampleEvents: carouselSampleEvents,
  async start(page, ctx) {
    // The tour is long (up to 14 steps, each checked): a loaded machine needs more than the default 30 s for it.
    test.info().setTimeout(Math.max(test.info().timeout, 30_000 + 2_000 * ctx.events.length))
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await actorsChunk.install(page)
    await page.goto('/')
    await waitForHydration(page)
  },
  events: {
    MOTION_PREFERENCE_CHANGED: async (page, event, ctx) => {
      await page.emulateMedia({ reducedMotion: event.reduce ? 'reduce' : 'no-preference' })
      if (ctx.data.loaded) return
      // The footer switch's provider has taken the setting (its root class) before the machine arrives.
      await expect(page.locator('html')).toHaveClass(event.reduce ? /(^|\s)reduce-motion(\s|$)/ : /^(?!.*(^|\s)reduce-motion(\s|$))/)
      await (await actorsChunk.next(page)).continue()
      ctx.data.loaded = true
    },
    VISIBILITY_CHANGED: (page, event) => setHidden(page, event.hidden as boolean),
    HOVER_STARTED: (page) => carousel(page).hover(),
    HOVER_ENDED: (page) => page.mouse.move(1, 1),
  },
  states: {
    'carousel.waiting': async (page) => {
      // As the server rendered it: the loop's copy is there, nothing moves yet.
      await expect(carousel(page)).toHaveAttribute('data-state', 'waiting')
      expect(await animations(page)).toEqual([])
      await expectCopies(page, true)
    },
    'carousel.still': async (page) => {
      await expect(carousel(page)).toHaveAttribute('data-state', 'still')
      await expect.poll(() => animations(page), quick).toEqual([])
      await expectCopies(page, false)
    },
    'carousel.paused': async (page) => {
      // Held where it was (or not started at all when the tab was hidden before anything moved).
      await expect(carousel(page)).toHaveAttribute('data-state', 'paused')
      await expect.poll(async () => (await animations(page)).filter((a) => a.state !== 'paused'), quick).toEqual([])
      await expectCopies(page, true)
    },
    'carousel.moving.normal': (page) => expectMoving(page, 1),
    'carousel.moving.slowed': (page) => expectMoving(page, CAROUSEL_LOOP_MS.normal / CAROUSEL_LOOP_MS.hovered),
  },
})
