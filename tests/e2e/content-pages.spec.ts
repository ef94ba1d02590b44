import { expect, type Page, test } from '@playwright/test'
import { config } from '../../src/config'
import { changelog } from '../../src/content/changelog'
import { careComplianceFaqs } from '../../src/content/careComplianceFaqs'
import { INTEGRATIONS } from '../../src/content/integrations'
import { roadmap } from '../../src/content/roadmap'
import { parseMailto } from '../../src/domain/mailto'
import { parseHead, waitForHydration, watchConsole } from './support'

const CONTENT_PAGES = [
  '/care-compliance-software',
  '/care-management-software',
  '/cqc-compliance-software',
  '/features',
  '/integrations',
  '/api',
  '/security',
  '/ai-ethics',
  '/roadmap',
  '/changelog',
  '/about',
  '/careers',
  '/press',
  '/partners',
  '/privacy',
  '/terms',
  '/cookies',
] as const

const enGB = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })

/**
 * Elements of the main content that stick out past the viewport's right edge and so make the page scroll
 * sideways; content clipped by its own scroll box (a code sample) does not count.
 */
function overflowingInMain(page: Page) {
  return page.evaluate(() => {
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a.tagName !== 'MAIN'; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true
      }
      return false
    }
    return [...document.querySelectorAll('main *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(el))
      .map((el) => `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').slice(0, 40)}`)
  })
}

async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

test.describe('FAQ accordion on /care-compliance-software', () => {
  test('single mode: opening one closes the other, and the open one collapses', async ({ page }) => {
    await open(page, '/care-compliance-software')
    const faq = page.getByRole('region', { name: 'Frequently asked questions' })
    const first = faq.getByRole('button', { name: careComplianceFaqs[0]!.question })
    const second = faq.getByRole('button', { name: careComplianceFaqs[1]!.question })
    await expect(first).toHaveAttribute('aria-expanded', 'false')
    await expect(faq.getByText(careComplianceFaqs[0]!.answer)).toBeHidden()

    await first.click()
    await expect(first).toHaveAttribute('aria-expanded', 'true')
    await expect(faq.getByText(careComplianceFaqs[0]!.answer)).toBeVisible()

    await second.click()
    await expect(second).toHaveAttribute('aria-expanded', 'true')
    await expect(first).toHaveAttribute('aria-expanded', 'false')
    await expect(faq.getByText(careComplianceFaqs[1]!.answer)).toBeVisible()
    await expect(faq.getByText(careComplianceFaqs[0]!.answer)).toBeHidden()

    await second.click()
    await expect(second).toHaveAttribute('aria-expanded', 'false')
    await expect(faq.getByText(careComplianceFaqs[1]!.answer)).toBeHidden()
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(0)
  })

  test('keyboard: Enter and Space toggle, arrows, Home and End move between questions', async ({ page }) => {
    await open(page, '/care-compliance-software')
    const faq = page.getByRole('region', { name: 'Frequently asked questions' })
    const triggers = faq.getByRole('button')
    await expect(triggers).toHaveCount(careComplianceFaqs.length)
    await triggers.first().focus()
    await page.keyboard.press('Enter')
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('ArrowDown')
    await expect(triggers.nth(1)).toBeFocused()
    await page.keyboard.press('Space')
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'true')
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('End')
    await expect(triggers.last()).toBeFocused()
    await page.keyboard.press('Home')
    await expect(triggers.first()).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(triggers.last()).toBeFocused()
    await triggers.nth(1).focus()
    await page.keyboard.press('Enter')
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(0)
  })

  test('the accordion and the FAQPage structured data list the same questions and answers', async ({ page, request }) => {
    const head = parseHead(await (await request.get('/care-compliance-software')).text())
    const faqLd = head.jsonLd.find((b) => b['@type'] === 'FAQPage')
    const fromLd = faqLd.mainEntity.map((q: { name: string; acceptedAnswer: { text: string } }) => [q.name, q.acceptedAnswer.text])
    expect(fromLd).toEqual(careComplianceFaqs.map((f) => [f.question, f.answer]))
    expect(head.jsonLd.map((b) => b['@type'])).toContain('Article')

    await open(page, '/care-compliance-software')
    const triggers = page.getByRole('region', { name: 'Frequently asked questions' }).getByRole('button')
    await expect(triggers).toHaveText(fromLd.map(([q]: string[]) => q))
  })
})

test.describe('legal pages', () => {
  const LEGAL = [
    { path: '/privacy', sections: 11 },
    { path: '/terms', sections: 13 },
    { path: '/cookies', sections: 5 },
  ]
  for (const { path, sections } of LEGAL) {
    test(`${path}: ${sections} sections, a contents list, and today's effective date`, async ({ page, baseURL }) => {
      const problems = watchConsole(page, baseURL!)
      await open(page, path)
      const main = page.getByRole('main')
      await expect(main.locator('section > h2')).toHaveCount(sections)
      await expect(main.getByRole('navigation', { name: 'Contents' }).getByRole('link')).toHaveCount(sections)
      const effective = main.locator('time').first()
      await expect(effective).toHaveText(enGB(new Date()))
      await expect(effective).toHaveAttribute('data-source', 'browser')
      expect(problems).toEqual([])
    })
  }

  test('the effective date follows the browser clock, not the build date', async ({ page, baseURL }) => {
    const problems = watchConsole(page, baseURL!)
    await page.clock.setFixedTime(new Date(2031, 2, 5, 10, 0))
    await open(page, '/terms')
    const effective = page.getByRole('main').locator('time').first()
    await expect(effective).toHaveText('5 March 2031')
    await expect(effective).toHaveAttribute('datetime', '2031-03-05')
    expect(problems).toEqual([])
  })

  test('the prerendered HTML already carries a date for readers without JavaScript', async ({ request }) => {
    const html = await (await request.get('/privacy')).text()
    expect(html).toMatch(/Effective date:<\/strong> <time dateTime="\d{4}-\d{2}-\d{2}"[^>]*>\d{1,2} [A-Z][a-z]+ \d{4}<\/time>/)
  })

  test('terms: liability cap and 30-day cure period', async ({ page }) => {
    await open(page, '/terms')
    const main = page.getByRole('main')
    await expect(main.getByText(/limited to the fees you paid in the preceding 12 months/)).toBeVisible()
    await expect(main.getByText(/fails to remedy it within 30 days of written notice/)).toBeVisible()
  })

  test('privacy: UK GDPR, Data Protection Act 2018 and the ICO', async ({ page }) => {
    await open(page, '/privacy')
    const main = page.getByRole('main')
    await expect(main.getByText(/UK General Data Protection Regulation \(UK GDPR\) and the Data Protection Act 2018/)).toBeVisible()
    await expect(main.getByText(/Information Commissioner’s Office \(ICO\)/)).toBeVisible()
  })
})

test.describe('key content', () => {
  test('/cqc-compliance-software: the five key questions, each with what inspectors look for and how we help', async ({ page }) => {
    await open(page, '/cqc-compliance-software')
    const main = page.getByRole('main')
    await expect(main.locator('section > h2')).toHaveText(['Safe', 'Effective', 'Caring', 'Responsive', 'Well-led'])
    await expect(main.getByRole('heading', { name: 'What inspectors look for', level: 3 })).toHaveCount(5)
    await expect(main.getByRole('heading', { name: `How ${config.brand} helps`, level: 3 })).toHaveCount(5)
  })

  test('/care-management-software: features, testimonials and three pricing cards', async ({ page }) => {
    await open(page, '/care-management-software')
    const plans = page.getByRole('list', { name: 'Pricing plans' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) })
    await expect(plans).toHaveCount(3)
    await expect(plans.nth(0)).toContainText('Starter')
    await expect(plans.nth(0)).toContainText('Free')
    await expect(plans.nth(0)).toContainText('up to 3 staff')
    await expect(plans.nth(1)).toContainText('Professional')
    await expect(plans.nth(1)).toContainText('£29 a month')
    await expect(plans.nth(2)).toContainText('Enterprise')
    await expect(plans.nth(2)).toContainText('Custom')
    await expect(plans.nth(0).getByRole('link')).toHaveAttribute('href', '/auth?mode=signup')
    await expect(plans.nth(2).getByRole('link')).toHaveAttribute('href', '/#pricing')
    await expect(page.locator('blockquote')).not.toHaveCount(0)
    await expect(page.getByRole('list', { name: 'Features' }).getByRole('listitem')).toHaveCount(8)
  })

  test('/roadmap: Q1, Q2 and Q3 with the spec items and a sign-up button', async ({ page }) => {
    await open(page, '/roadmap')
    const cards = page.getByRole('list', { name: 'Quarterly roadmap' }).locator(':scope > li')
    await expect(cards).toHaveCount(3)
    for (const [i, q] of roadmap.entries()) {
      await expect(cards.nth(i)).toContainText(q.quarter)
      for (const item of q.items) await expect(cards.nth(i)).toContainText(item.title)
    }
    for (const item of ['ML pipelines', 'Data labeling', 'Feature store', 'Model monitoring', 'Real-time inference APIs', 'Vector search', 'Automated retraining', 'Predictive risk scoring', 'Explainable anomaly detection']) {
      await expect(page.getByRole('main')).toContainText(item)
    }
    const signup = page.getByRole('main').getByRole('link', { name: 'Start Free' })
    await expect(signup).toHaveAttribute('href', '/auth?mode=signup')
    await signup.click()
    await expect(page).toHaveURL(/\/auth\?mode=signup$/)
  })

  test('/changelog: the three dated entries as <time datetime>, newest first', async ({ page }) => {
    await open(page, '/changelog')
    const times = page.getByRole('main').locator('article time')
    await expect(times).toHaveCount(3)
    expect(await times.evaluateAll((els) => els.map((e) => e.getAttribute('datetime')))).toEqual(['2025-06-01', '2025-05-20', '2025-05-01'])
    await expect(times).toHaveText(['1 June 2025', '20 May 2025', '1 May 2025'])
    expect(changelog).toHaveLength(3)
  })

  test('/integrations: the seven integrations as ready to connect', async ({ page }) => {
    await page.route(`${new URL(config.logoServiceUrl).origin}/**`, (route) => route.abort('internetdisconnected'))
    await open(page, '/integrations')
    const list = page.getByRole('list', { name: 'Ready-to-connect integrations' })
    await expect(list.getByRole('listitem')).toHaveCount(7)
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(INTEGRATIONS.map((i) => i.name))
    await expect(list.getByText('Ready to connect')).toHaveCount(7)
    // With the logo service unreachable, every tile falls back to its initials in the same 40 x 40 box instead
    // of a broken image.
    await expect(list.locator('[data-logo="fallback"]')).toHaveCount(INTEGRATIONS.length)
    await expect(list.locator('img')).toHaveCount(0)
    const first = list.locator('[data-logo]').first()
    await expect(first).toHaveText(INTEGRATIONS[0]!.initials)
    expect(await first.evaluate((el) => [el.clientWidth, el.clientHeight])).toEqual([40, 40])
  })

  test('/security: the trust claims', async ({ page }) => {
    await open(page, '/security')
    const claims = page.getByRole('list', { name: 'Security commitments' })
    for (const claim of ['256-bit encryption at rest', 'TLS 1.2+ in transit', 'GDPR compliant', 'ISO 27001 ready', 'Hosted on AWS']) {
      await expect(claims.getByRole('heading', { name: claim })).toBeVisible()
    }
  })

  test('/ai-ethics: purpose, the five principles, uses, oversight and commitment', async ({ page }) => {
    await open(page, '/ai-ethics')
    const main = page.getByRole('main')
    await expect(main.locator('section > h2')).toHaveText(['Purpose', 'Our five principles', 'Acceptable uses', 'Prohibited uses', 'Oversight and review', 'Our commitment'])
    await expect(main.getByRole('list', { name: 'Principles' }).getByRole('heading')).toHaveText(['Transparency', 'Accountability', 'Fairness', 'Privacy', 'Safety'])
    await expect(main).toContainText('never replaces human judgement')
  })

  test('/api: the three quick-start steps with code samples that scroll inside their box on mobile', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } })
    const page = await context.newPage()
    await open(page, '/api')
    const main = page.getByRole('main')
    await expect(main.locator('section > h2')).toHaveText(['1. Generate an API key', '2. Authenticate with the Authorization header', '3. Test your connection with /v1/health', 'Next steps'])
    await expect(main.locator('pre code').filter({ hasText: 'Authorization: Bearer' })).not.toHaveCount(0)
    const curl = main.locator('pre').filter({ hasText: 'curl' })
    await expect(curl).toContainText('/v1/health')
    // The long lines scroll inside the <pre>, which takes keyboard focus; the page itself does not scroll sideways.
    expect(await curl.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    expect(await overflowingInMain(page)).toEqual([])
    await curl.focus()
    await expect(curl).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => curl.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    await context.close()
  })

  test('/about: three values and a link to /contact', async ({ page }) => {
    await open(page, '/about')
    await expect(page.getByRole('list', { name: 'Values' }).getByRole('heading')).toHaveText(['Customer-obsessed', 'Outcome-driven', 'Secure by default'])
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
  })

  test('/careers: two remote roles, each with an apply link to /contact', async ({ page }) => {
    await open(page, '/careers')
    const roles = page.getByRole('list', { name: 'Open roles' }).locator(':scope > li')
    await expect(roles).toHaveCount(2)
    await expect(roles.getByRole('heading', { level: 3 })).toHaveText(['Senior full-stack engineer', 'Product designer'])
    await expect(roles.nth(0)).toContainText('Remote')
    await expect(roles.nth(1)).toContainText('Remote')
    for (const name of ['Apply for the Senior full-stack engineer role', 'Apply for the Product designer role']) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', '/contact')
    }
  })

  test('/press: media contact and brand guidelines', async ({ page }) => {
    await open(page, '/press')
    const contact = page.getByRole('region', { name: 'Media contact' }).getByRole('link', { name: config.pressEmail })
    expect(parseMailto((await contact.getAttribute('href'))!).to).toBe(config.pressEmail)
    await expect(page.getByRole('region', { name: 'Brand guidelines' }).getByRole('heading', { level: 3 })).toHaveCount(4)
  })

  test('/partners: an apply link to /contact', async ({ page }) => {
    await open(page, '/partners')
    await expect(page.getByRole('main').getByRole('link', { name: 'Apply to partner' })).toHaveAttribute('href', '/contact')
  })
})

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  // axe runs on every route at both widths in routes.spec.ts.
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    for (const path of CONTENT_PAGES) {
      test(`${path} has no console errors and no sideways scroll`, async ({ page, baseURL }) => {
        const problems = watchConsole(page, baseURL!)
        await open(page, path)
        expect(await overflowingInMain(page)).toEqual([])
        expect(problems).toEqual([])
      })
    }
  })
}
