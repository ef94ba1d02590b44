import { expect, type Page, test } from '@playwright/test'
import { config } from '../../src/config'
import { ESSENTIAL_COURSES } from '../../src/content/courses'
import { INTEGRATIONS } from '../../src/content/integrations'
import { SECTOR_CONTENT, SHARED_FEATURE_ROWS } from '../../src/content/sectors'
import { TESTIMONIALS } from '../../src/content/testimonials'
import { SECTORS, type Sector } from '../../src/domain/sectors'
import { fullTitle } from '../../src/seo/head'
import { pageEntry } from '../../src/seo/pages'
import { axeViolations, waitForHydration, watchConsole } from './support'

/** Sections of a sector landing page, in the spec's order (section 2). */
const SECTION_ORDER = [
  'hero',
  'preloaded-courses',
  'sector-features',
  'dashboard-preview',
  'essential-courses',
  'log-builder',
  'see-in-action',
  'qcs-migration',
  'plans-comparison',
  'courses-strip',
  'pricing',
  'integrations',
  'testimonials',
  'final-cta',
]

const WIDTHS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const

async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

for (const sector of SECTORS) {
  const content = SECTOR_CONTENT[sector]
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    test(`/${sector} at ${name} width: every section in order, the calls to action, axe clean`, async ({ page, baseURL }) => {
      // The longest pages, checked with every axe rule: on a busy 2-core CI runner one took over 30 s.
      test.setTimeout(60_000)
      await page.setViewportSize(viewport)
      const problems = watchConsole(page, baseURL!)
      await open(page, `/${sector}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.headline)
      await expect(page.locator('[data-theme]').first()).toHaveAttribute('data-theme', 'dark')
      expect(await page.locator('main [data-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-section')))).toEqual(SECTION_ORDER)
      await expect(page.locator('#qcs-migration')).toHaveCount(1)
      await expect(page.locator('#pricing')).toHaveCount(1)
      for (const course of ESSENTIAL_COURSES[sector]) {
        await expect(page.locator('[data-section="essential-courses"]').getByText(course.title, { exact: true })).toBeVisible()
      }
      await expect(page.getByTestId('real-results').getByText(content.stats[0].label)).toBeVisible()

      const youth = page.getByRole('link', { name: /Refer a young person/ })
      if (content.youthProgramme) {
        await expect(youth.first()).toBeVisible()
        await expect(youth.first()).toHaveAttribute('href', '/contact?service=ready4life')
        await expect(youth.first()).toHaveAttribute('target', '_blank')
      } else {
        await expect(youth).toHaveCount(0)
      }

      const mobileCta = page.getByRole('link', { name: `Book a ${content.label} Demo (opens in a new tab)` })
      const floating = page.getByRole('navigation', { name: 'Get started' })
      if (name === 'mobile') {
        await expect(mobileCta).toBeVisible()
        await expect(mobileCta).toBeInViewport()
        await expect(mobileCta).toHaveAttribute('href', config.bookingUrl)
        await expect(floating).toBeHidden()
      } else {
        await expect(mobileCta).toBeHidden()
        await expect(floating.getByRole('link', { name: 'Join Outstanding Providers' })).toHaveAttribute('href', '/auth?mode=signup')
        const book = floating.getByRole('link', { name: 'Book Demo (opens in a new tab)' })
        await expect(book).toHaveAttribute('target', '_blank')
        await expect(book).toHaveAttribute('rel', 'noopener noreferrer')
        await expect(floating).toBeInViewport()
      }
      expect(await axeViolations(page)).toEqual([])
      // The bottom of the page: the sticky bar stops above the footer instead of covering it.
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      const bar = await page.locator('main > div > div').last().boundingBox()
      const footer = await page.getByRole('contentinfo').boundingBox()
      expect(bar!.y + bar!.height).toBeLessThanOrEqual(footer!.y + 1)
      expect(problems).toEqual([])
    })
  }
}

test('the root is the care tab, and the #pricing and #qcs-migration anchors scroll to their sections', async ({ page }) => {
  await open(page, '/#pricing')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SECTOR_CONTENT.care.headline)
  await expect(page.getByRole('navigation', { name: 'Sectors' }).getByRole('link', { name: 'Care' })).toHaveAttribute('aria-current', 'page')
  await expect(page.locator('#pricing')).toBeInViewport()
  await open(page, '/housing#qcs-migration')
  await expect(page.locator('#qcs-migration h2')).toBeInViewport()
  await expect(page.locator('#pricing')).toContainText('Free forever for up to 3 staff members')
  await expect(page.locator('[data-plan="free"]')).toContainText('£0')
})

test('the feature table toggles, and resets when the sector tab changes (client-side, head updated)', async ({ page }) => {
  await page.setViewportSize(WIDTHS.desktop)
  await open(page, '/care')
  const table = page.getByTestId('feature-table')
  const rows = table.locator('tbody tr')
  const toggle = table.getByRole('button', { name: 'Learn more' })
  await expect(rows).toHaveCount(SECTOR_CONTENT.care.featureRows.length)
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(rows).toHaveCount(SECTOR_CONTENT.care.featureRows.length + SHARED_FEATURE_ROWS.length)
  await expect(table.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true')
  await table.getByRole('button', { name: 'Show less' }).click()
  await expect(rows).toHaveCount(SECTOR_CONTENT.care.featureRows.length)
  await table.getByRole('button', { name: 'Learn more' }).click()
  await expect(rows).toHaveCount(14)

  // A marker on window survives only a client-side navigation.
  await page.evaluate(() => {
    ;(window as unknown as { __noReload: boolean }).__noReload = true
  })
  await page.getByRole('navigation', { name: 'Sectors' }).getByRole('link', { name: 'Education' }).click()
  await expect(page).toHaveURL(/\/education$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SECTOR_CONTENT.education.headline)
  await expect(page).toHaveTitle(fullTitle(pageEntry('/education')))
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
  await expect(table).toHaveAttribute('data-state', 'short')
  await expect(rows).toHaveCount(SECTOR_CONTENT.education.featureRows.length)
  await expect(table.getByRole('button', { name: 'Learn more' })).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('link', { name: /Refer a young person/ }).first()).toBeVisible()
  await page.getByRole('navigation', { name: 'Sectors' }).getByRole('link', { name: 'Housing' }).click()
  await expect(page).toHaveURL(/\/housing$/)
  await expect(page.getByRole('link', { name: /Refer a young person/ })).toHaveCount(0)
})

test('the feature table and carousel machines load after hydration; a click before that is not lost', async ({ page }) => {
  // Hold the lazily loaded machines chunk until the click has happened.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const requested: string[] = []
  await page.route(/\/assets\/landingActors-[^/]+\.js$/, async (route) => {
    requested.push(route.request().url())
    await held
    await route.continue()
  })
  await page.setViewportSize(WIDTHS.desktop)
  await open(page, '/housing')
  const table = page.getByTestId('feature-table')
  const rows = table.locator('tbody tr')
  // The page is hydrated and interactive, its first-load scripts did not include the machines, and the
  // sections show what the server rendered.
  await expect.poll(() => requested.length).toBe(1)
  expect(await (await page.request.get('/housing')).text()).not.toContain('landingActors')
  await expect(table).toHaveAttribute('data-state', 'short')
  await expect(page.getByTestId('carousel')).toHaveAttribute('data-state', 'waiting')
  await table.getByRole('button', { name: 'Learn more' }).click()
  await expect(rows).toHaveCount(SECTOR_CONTENT.housing.featureRows.length)

  release()
  await expect(table).toHaveAttribute('data-state', 'extended')
  await expect(rows).toHaveCount(SECTOR_CONTENT.housing.featureRows.length + SHARED_FEATURE_ROWS.length)
  await expect(page.getByTestId('carousel')).toHaveAttribute('data-state', /moving|still/)
})

test('on mobile the feature table is a list of cards with the same toggle', async ({ page }) => {
  await page.setViewportSize(WIDTHS.mobile)
  await open(page, '/construction')
  const table = page.getByTestId('feature-table')
  await expect(table.locator('table')).toBeHidden()
  const cards = table.locator('ul > li')
  await expect(cards).toHaveCount(4)
  await expect(cards.first()).toBeVisible()
  await table.getByRole('button', { name: 'Learn more' }).click()
  await expect(cards).toHaveCount(13)
})

test('the carousel loops with a transform animation, slows on hover and pauses when the tab is hidden', async ({ page }) => {
  await page.setViewportSize(WIDTHS.desktop)
  await open(page, '/education')
  const carousel = page.getByTestId('carousel')
  await expect(carousel).toHaveAttribute('data-state', 'moving')
  const track = carousel.locator('ul')
  const anim = () =>
    track.evaluate((el) =>
      el.getAnimations().map((a) => ({
        rate: a.playbackRate,
        state: a.playState,
        duration: a.effect?.getTiming().duration,
        props: (a.effect as KeyframeEffect).getKeyframes().flatMap((k) => Object.keys(k).filter((p) => !['offset', 'easing', 'composite', 'computedOffset'].includes(p))),
      })),
    )
  expect(await anim()).toEqual([{ rate: 1, state: 'running', duration: 120_000, props: ['transform', 'transform'] }])
  // Readable list: six people, duplicates hidden from assistive technology.
  await expect(track.locator('li:not([aria-hidden])')).toHaveCount(TESTIMONIALS.length)
  await expect(track.locator('li[aria-hidden="true"]')).toHaveCount(TESTIMONIALS.length)
  await expect(page.getByRole('list', { name: 'Trusted by outstanding providers' }).getByRole('listitem')).toHaveCount(6)
  await expect(track.locator('li:not([aria-hidden])').first()).toContainText('Rated 5 out of 5')
  await expect(track.locator('li:not([aria-hidden])').first()).toContainText(TESTIMONIALS[2]!.name)

  await carousel.scrollIntoViewIfNeeded()
  await carousel.hover()
  await expect.poll(async () => (await anim())[0]?.rate).toBeCloseTo(120 / 300, 5)
  await page.mouse.move(5, 5)
  await expect.poll(async () => (await anim())[0]?.rate).toBe(1)

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect(carousel).toHaveAttribute('data-state', 'paused')
  expect((await anim())[0]?.state).toBe('paused')
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect(carousel).toHaveAttribute('data-state', 'moving')
  expect((await anim())[0]?.state).toBe('running')
})

test('the carousel is static under reduced motion, and with the footer switch', async ({ page, baseURL }) => {
  const problems = watchConsole(page, baseURL!)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await open(page, '/housing')
  const carousel = page.getByTestId('carousel')
  await expect(carousel).toHaveAttribute('data-state', 'still')
  const track = carousel.locator('ul')
  expect(await track.evaluate((el) => el.getAnimations().length)).toBe(0)
  await expect(track.locator('li')).toHaveCount(TESTIMONIALS.length)
  await expect(track.locator('li[aria-hidden]')).toHaveCount(0)
  // Every card is visible on the page without motion.
  for (const t of TESTIMONIALS) await expect(track.getByText(t.name)).toBeVisible()

  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await expect(carousel).toHaveAttribute('data-state', 'moving')
  await page.getByRole('switch', { name: /Reduce Motion/i }).click()
  await expect(carousel).toHaveAttribute('data-state', 'still')
  expect(await track.evaluate((el) => el.getAnimations().length)).toBe(0)
  // Hydrating with reduced motion (server rendered the moving layout) logs no mismatch.
  expect(problems).toEqual([])
})

test('the ROI preview shows en-GB pound figures and follows the slider', async ({ page }) => {
  await open(page, '/care')
  const roi = page.getByTestId('roi-preview')
  const slider = roi.getByRole('slider', { name: /Learners/ })
  await expect(slider).toHaveAttribute('min', '10')
  await expect(slider).toHaveAttribute('max', '1000')
  await expect(slider).toHaveAttribute('step', '10')
  await expect(slider).toHaveValue('100')
  const figure = (label: string) => roi.locator(`[data-figure="${label}"]`)
  await expect(figure('Admin savings per month')).toHaveText('£90')
  await expect(figure('Course profit per month')).toHaveText('£2,500')
  await expect(figure('Total per month')).toHaveText('£2,590')
  await expect(figure('Total per year')).toHaveText('£31,080')
  await slider.focus()
  await page.keyboard.press('End')
  await expect(figure('Total per year')).toHaveText('£301,080')
  await page.keyboard.press('Home')
  await expect(figure('Course profit per month')).toHaveText('£250')
  await page.keyboard.press('ArrowRight')
  await expect(figure('Total per month')).toHaveText('£590')
})

test('integration logos fall back to initials without shifting the layout', async ({ page, baseURL }) => {
  const problems = watchConsole(page, baseURL!)
  // The logo service unreachable, whatever the network of the machine running the tests.
  await page.route(`${new URL(config.logoServiceUrl).origin}/**`, (route) => route.abort('internetdisconnected'))
  await open(page, '/construction')
  const tiles = page.getByTestId('integration-tile')
  await expect(tiles).toHaveCount(INTEGRATIONS.length)
  const box = tiles.first().locator('[data-logo]')
  const before = await tiles.first().boundingBox()
  await tiles.last().scrollIntoViewIfNeeded()
  // Every logo request fails, so the initials stay.
  await expect(page.locator('[data-logo="fallback"]')).toHaveCount(INTEGRATIONS.length)
  await expect(box).toHaveText(INTEGRATIONS[0]!.initials)
  const after = await tiles.first().boundingBox()
  expect(after!.height).toBe(before!.height)
  expect(await box.evaluate((el) => [el.clientWidth, el.clientHeight])).toEqual([40, 40])
  for (const p of INTEGRATIONS) await expect(tiles.filter({ hasText: p.name })).toHaveCount(1)
  expect(problems).toEqual([])
})

test('the prerendered HTML has the hero and its heading without JavaScript', async ({ request }) => {
  for (const sector of SECTORS satisfies readonly Sector[]) {
    const html = await (await request.get(`/${sector}`)).text()
    expect(html).toContain('data-section="hero"')
    expect(html).toContain(SECTOR_CONTENT[sector].bullets[0])
    expect(html).toMatch(/<img[^>]+loading="lazy"/)
    expect(html).toMatch(/<img[^>]+width="40"[^>]+height="40"|<img[^>]+height="40"[^>]+width="40"/)
  }
})

test('no layout shift while the page loads and hydrates, at desktop and mobile widths', async ({ page }) => {
  for (const viewport of Object.values(WIDTHS)) {
    await page.setViewportSize(viewport)
    await open(page, '/care')
    // Let logos fail, the reduce-motion machine settle and the carousel start.
    await expect(page.getByTestId('carousel')).toHaveAttribute('data-state', 'moving')
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) total += e.value
          }).observe({ type: 'layout-shift', buffered: true })
          setTimeout(() => resolve(total), 500)
        }),
    )
    expect(shift).toBeLessThan(0.01)
  }
})
