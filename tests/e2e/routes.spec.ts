import { expect, test } from '@playwright/test'
import { loadFaqs } from '../../src/content/faqs'
import { config } from '../../src/config'
import { SECTORS, sectorPath } from '../../src/domain/sectors'
import { fullTitle, structuredData } from '../../src/seo/head'
import { absoluteUrl } from '../../src/seo/jsonld'
import { PAGES } from '../../src/seo/pages'
import { axeViolationsAtBothWidths, collectViolations, decodeEntities, parseHead, waitForHydration, watchConsole } from './support'

const SECTOR_PATHS = new Set<string>(SECTORS.map((sector) => sectorPath(sector)))

for (const page of PAGES) {
  test.describe(`route ${page.path}`, () => {
    test('prerendered HTML carries the head data, JSON-LD and content without JavaScript', async ({ request }) => {
      const res = await request.get(page.path)
      expect(res.status()).toBe(200)
      const head = parseHead(await res.text())
      expect(decodeEntities(head.title)).toBe(fullTitle(page))
      expect(decodeEntities(head.description)).toBe(page.description)
      expect(decodeEntities(head.h1)).toBe(page.heading)
      const noindex = 'noindex' in page && page.noindex
      expect(head.robots).toBe(noindex ? 'noindex,nofollow' : 'index,follow')
      if (noindex) expect(head.canonical).toBeUndefined()
      else expect(head.canonical).toBe(absoluteUrl('canonicalPath' in page ? page.canonicalPath : page.path))
      expect(decodeEntities(head.ogTitle)).toBe(fullTitle(page))
      expect(head.ogImage).toBe(`${config.siteUrl}/og-image.png`)
      expect(head.twitterCard).toBe('summary_large_image')
      const expected = structuredData(page, 'faqs' in page && page.faqs ? await loadFaqs(page.faqs) : undefined).map((b) => b['@type'])
      expect(head.jsonLd.map((b) => b['@type'])).toEqual(expected)
      const crumbs = head.jsonLd.find((b) => b['@type'] === 'BreadcrumbList')
      if (!noindex) {
        expect(crumbs.itemListElement[0].name).toBe('Home')
        expect(crumbs.itemListElement).toHaveLength(page.path.split('/').filter(Boolean).length + 1)
      }
    })

    const axeHere = !SECTOR_PATHS.has(page.path)
    const title = axeHere
      ? 'hydrates without console errors or CSP violations and has no axe violation at 1280 or 390 px'
      : 'hydrates without console errors or CSP violations (axe at both widths: landing.spec.ts)'
    test(title, async ({ page: p, baseURL }) => {
      // Two full axe runs on long pages: room for a busy machine.
      test.setTimeout(60_000)
      const problems = watchConsole(p, baseURL!)
      const cspViolations = await collectViolations(p)
      await p.goto(page.path)
      await waitForHydration(p)
      if ('signedIn' in page && page.signedIn) {
        // Signed-in pages send a visitor without a session home (spec section 2), or to sign-in (/account);
        // tests/e2e/onboarding.spec.ts runs axe on them signed in, at both widths.
        await expect(p).toHaveURL(`${baseURL}${'signedOutTo' in page ? page.signedOutTo : '/'}`)
      } else {
        await expect(p.getByRole('heading', { level: 1 })).toHaveText(page.heading)
        // The sector pages get the same two axe runs in landing.spec.ts, after their sections are checked.
        if (axeHere) expect(await axeViolationsAtBothWidths(p)).toEqual([])
      }
      await expect(p.getByRole('main')).toHaveCount(1)
      expect(problems).toEqual([])
      expect(await cspViolations(), 'CSP violations').toEqual([])
    })
  })
}

test('an unknown path shows the not-found page with status 404 and noindex', async ({ page, request }) => {
  const res = await request.get('/no-such-page-here')
  expect(res.status()).toBe(404)
  const head = parseHead(await res.text())
  expect(head.robots).toBe('noindex,nofollow')
  await page.goto('/no-such-page-here')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
  expect(await axeViolationsAtBothWidths(page)).toEqual([])
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('client-side navigation replaces the head tags', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Roadmap' }).click()
  await expect(page).toHaveURL(/\/roadmap$/)
  await expect(page).toHaveTitle(`Roadmap | ${config.brand}`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${config.siteUrl}/roadmap`)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /ML pipelines/)
})

test('sector pages force the dark theme; static pages are light', async ({ page }) => {
  await page.goto('/education')
  await expect(page.locator('[data-theme]').first()).toHaveAttribute('data-theme', 'dark')
  await page.goto('/about')
  await expect(page.locator('[data-theme]').first()).toHaveAttribute('data-theme', 'light')
})

test('the landing page has the #pricing and #qcs-migration anchors', async ({ page }) => {
  await page.goto('/#pricing')
  await expect(page.locator('#pricing')).toBeVisible()
  await expect(page.locator('#qcs-migration')).toHaveCount(1)
})

test('the footer has every link of the spec, the video channel and the Reduce Motion switch', async ({ page }) => {
  await page.goto('/about')
  const footer = page.getByRole('contentinfo')
  for (const path of ['/features', '/integrations', '/api', '/security', '/ai-ethics', '/roadmap', '/changelog', '/about', '/careers', '/press', '/partners', '/contact', '/privacy', '/terms', '/cookies']) {
    await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(1)
  }
  await expect(footer.locator(`a[href="${config.videoChannelUrl}"]`)).toHaveAttribute('target', '_blank')
  await expect(footer.getByRole('switch', { name: 'Reduce Motion' })).toBeVisible()
})

test('Reduce Motion: toggling sets the root class, stores the setting and survives a reload', async ({ page }) => {
  await page.goto('/about')
  await waitForHydration(page)
  const toggle = page.getByRole('switch', { name: 'Reduce Motion' })
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  // The actor starts after hydration and then announces its initial state ({ reduce: false }); on a busy machine
  // that can come after this listener is in place, so the click's event is the last one, not the first.
  await page.evaluate(() => {
    const w = window as unknown as { __motionEvents: unknown[] }
    w.__motionEvents = []
    window.addEventListener('reducemotionchange', (e) => w.__motionEvents.push((e as CustomEvent).detail))
  })
  await toggle.click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { __motionEvents: unknown[] }).__motionEvents.at(-1))).toEqual({ reduce: true })
  await expect(page.locator('html')).toHaveClass(/reduce-motion/)
  expect(await page.evaluate(() => localStorage.getItem('reduceMotion'))).toBe('true')
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('switch', { name: 'Reduce Motion' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.locator('html')).toHaveClass(/reduce-motion/)
})

test('Reduce Motion follows the system setting when nothing is stored', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' })
  const page = await context.newPage()
  await page.goto('/about')
  await waitForHydration(page)
  await expect(page.getByRole('switch', { name: 'Reduce Motion' })).toHaveAttribute('aria-checked', 'true')
  await context.close()
})

test('with the system asking for less motion, turning the switch off brings animations back', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' })
  const page = await context.newPage()
  await page.goto('/about')
  await waitForHydration(page)
  // A probe element with an animation: the global rules decide whether it runs.
  const probeAnimation = () =>
    page.evaluate(() => {
      const el = document.createElement('div')
      el.style.animation = 'probe 1s infinite'
      document.body.append(el)
      const name = getComputedStyle(el).animationName
      el.remove()
      return name
    })
  const toggle = page.getByRole('switch', { name: 'Reduce Motion' })
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  expect(await probeAnimation()).toBe('none')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  expect(await probeAnimation()).toBe('probe')
  // The stored choice still wins after a reload.
  await page.reload()
  await waitForHydration(page)
  // false is also what the server renders, so wait for the machine (started after hydration) to apply it.
  await expect.poll(probeAnimation).toBe('probe')
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  expect(await probeAnimation()).toBe('none')
  await context.close()
})

test('Back goes back in history, or to / when the page was opened directly', async ({ page }) => {
  await page.goto('/about')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Press' }).click()
  await expect(page).toHaveURL(/\/press$/)
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Careers' }).click()
  await expect(page).toHaveURL(/\/careers$/)
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/press$/)
})

test('header: Start Free goes to sign-up, Book Demo opens the booking page in a new tab, sector tabs navigate', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/auth?mode=signup')
  const demo = header.getByRole('link', { name: /Book Demo/ })
  await expect(demo).toHaveAttribute('href', config.bookingUrl)
  await expect(demo).toHaveAttribute('target', '_blank')
  await header.getByRole('navigation', { name: 'Sectors' }).getByRole('link', { name: 'Housing' }).click()
  await expect(page).toHaveURL(/\/housing$/)
  await expect(page).toHaveTitle(/Regulator of Social Housing/)
})

test('mobile: the sector tabs become a menu', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto('/education')
  await waitForHydration(page)
  await expect(page.getByRole('navigation', { name: 'Sectors' })).toBeHidden()
  const menu = page.getByRole('button', { name: /sector menu/ })
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await page.getByRole('link', { name: 'Construction' }).click()
  await expect(page).toHaveURL(/\/construction$/)
  await context.close()
})

test('sitemap.xml lists the indexable pages and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const page of PAGES) {
    const listed = sitemap.includes(`<loc>${config.siteUrl}${page.path === '/' ? '/' : page.path}</loc>`)
    const indexable = !('noindex' in page && page.noindex) && !('canonicalPath' in page)
    expect(listed, page.path).toBe(indexable)
  }
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${config.siteUrl}/sitemap.xml`)
})

test('no page scrolls sideways on a 360 px phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  const page = await context.newPage()
  for (const path of ['/about', '/', '/contact', '/auth']) {
    await page.goto(path)
    await waitForHydration(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, path).toBeLessThanOrEqual(0)
  }
  await context.close()
})

test('FAQ answers are in the prerendered HTML, and static files survive prerendering', async ({ request }) => {
  const faqPages = await Promise.all(PAGES.flatMap((p) => ('faqs' in p && p.faqs ? [loadFaqs(p.faqs).then((faqs) => ({ path: p.path, faqs }))] : [])))
  expect(faqPages.length).toBeGreaterThan(0)
  for (const page of faqPages) {
    const html = decodeEntities(await (await request.get(page.path)).text())
    for (const faq of page.faqs) expect(html, page.path).toContain(faq.answer)
  }
  for (const file of ['/logo.png', '/og-image.png']) {
    const res = await request.get(file)
    expect(res.headers()['content-type'], file).toBe('image/png')
    expect([...(await res.body()).subarray(0, 4)], file).toEqual([0x89, 0x50, 0x4e, 0x47])
  }
})

test('/flows is not a production page without its flag: 404 and noindex', async ({ request }) => {
  const res = await request.get('/flows')
  expect(res.status()).toBe(404)
  expect(parseHead(await res.text()).robots).toBe('noindex,nofollow')
})
