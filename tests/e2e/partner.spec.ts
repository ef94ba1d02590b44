import { expect, type Page, test } from '@playwright/test'
import { config } from '../../src/config'
import { parseMailto } from '../../src/domain/mailto'
import { waitForHydration, watchConsole } from './support'

/** /lms-partner, /roi-calculator and /partner-apply: the partner programme pages. */

async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

test.describe('/roi-calculator', () => {
  const result = (page: Page, key: string) => page.getByTestId(`roi-${key}`).locator('dd')

  test('shows the default figures and recomputes as you type', async ({ page }) => {
    await open(page, '/roi-calculator')
    await expect(page.getByLabel('Active learners')).toHaveValue('150')
    await expect(page.getByLabel('Hours saved per learner per month')).toHaveValue('6')
    await expect(page.getByLabel('Average staff cost per hour (£)')).toHaveValue('26')
    await expect(page.getByLabel('Course margin (%)')).toHaveValue('45')
    await expect(result(page, 'adminSavingsPerMonth')).toHaveText('£23,400')
    await expect(result(page, 'courseProfitPerMonth')).toHaveText('£4,050')
    await expect(result(page, 'totalPerMonth')).toHaveText('£27,450')
    await expect(result(page, 'totalPerYear')).toHaveText('£329,400')

    // Type character by character: each keystroke recomputes (2 -> 20 -> 200 learners).
    await page.getByLabel('Active learners').fill('')
    await page.getByLabel('Active learners').pressSequentially('2')
    await expect(result(page, 'adminSavingsPerMonth')).toHaveText('£312')
    await page.getByLabel('Active learners').pressSequentially('00')
    await expect(result(page, 'adminSavingsPerMonth')).toHaveText('£31,200')
    await expect(result(page, 'courseProfitPerMonth')).toHaveText('£5,400')
    await expect(result(page, 'totalPerMonth')).toHaveText('£36,600')
    await expect(result(page, 'totalPerYear')).toHaveText('£439,200')

    await page.getByLabel('Course margin (%)').fill('33')
    await expect(page.getByTestId('roi-per-learner')).toHaveText('Course profit per learner: £19.80 a month.')
    await expect(result(page, 'courseProfitPerMonth')).toHaveText('£3,960')
  })

  test('empty or negative input shows a clear message instead of NaN or a negative figure', async ({ page }) => {
    await open(page, '/roi-calculator')
    await page.getByLabel('Active learners').fill('')
    await expect(page.getByText('Enter the number of active learners.')).toBeVisible()
    await expect(page.getByLabel('Active learners')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByTestId('roi-notice')).toBeVisible()
    await expect(result(page, 'totalPerYear')).toHaveText('—')

    await page.getByLabel('Active learners').fill('150')
    await page.getByLabel('Average staff cost per hour (£)').fill('-5')
    await expect(page.getByText('Staff cost can’t be negative.')).toBeVisible()
    await expect(result(page, 'adminSavingsPerMonth')).toHaveText('—')
    const text = await page.getByRole('main').textContent()
    expect(text).not.toMatch(/NaN|-£|£-/)

    await page.getByLabel('Average staff cost per hour (£)').fill('26')
    await expect(page.getByTestId('roi-notice')).toHaveCount(0)
    await expect(result(page, 'totalPerYear')).toHaveText('£329,400')
  })
})

test.describe('/lms-partner', () => {
  test('the ROI preview slider changes the figures from the keyboard', async ({ page }) => {
    await open(page, '/lms-partner')
    const slider = page.getByRole('slider', { name: 'Learners on your platform' })
    await expect(slider).toHaveValue('100')
    await expect(slider).toHaveAttribute('aria-valuetext', '100 learners')
    const figures = page.locator('#partner-value dl')
    await expect(figures).toContainText('Admin savings per month£90')
    await expect(figures).toContainText('Total per year£31,080')

    await slider.focus()
    await page.keyboard.press('ArrowRight')
    await expect(slider).toHaveValue('110')
    await expect(figures).toContainText('Course profit per month£2,750')
    await expect(figures).toContainText('Total per month£2,840')
    await expect(figures).toContainText('Total per year£34,080')

    await page.keyboard.press('End')
    await expect(slider).toHaveAttribute('aria-valuetext', '1,000 learners')
    await expect(figures).toContainText('Total per month£25,090')
    await page.keyboard.press('Home')
    await expect(slider).toHaveValue('10')
    await expect(figures).toContainText('Course profit per month£250')
  })

  test('audience tabs: providers by default, arrow keys move between them', async ({ page }) => {
    await open(page, '/lms-partner')
    const tabs = page.getByRole('tablist', { name: 'Partner types' })
    const providers = tabs.getByRole('tab', { name: 'Training providers' })
    await expect(providers).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel')).toContainText('For training providers')
    await providers.focus()
    await page.keyboard.press('ArrowRight')
    await expect(tabs.getByRole('tab', { name: 'Consultancies' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel')).toContainText('For consultancies')
    await page.keyboard.press('ArrowRight')
    await expect(tabs.getByRole('tab', { name: 'Associations & MSPs' })).toBeFocused()
    await expect(page.getByRole('tabpanel')).toContainText('For associations and managed-service providers')
  })

  test('five FAQs in a single collapsible accordion, and FAQ structured data', async ({ page }) => {
    await open(page, '/lms-partner')
    const faq = page.locator('section[aria-labelledby="partner-faq-title"]')
    const triggers = faq.getByRole('button')
    await expect(triggers).toHaveCount(5)
    await triggers.nth(0).click()
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'true')
    await expect(faq.getByText('Training providers, consultancies, associations and managed-service providers')).toBeVisible()
    await triggers.nth(1).press('Enter')
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'true')
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'false')
    await triggers.nth(1).click()
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'false')

    const faqLd = await page.locator('script[type="application/ld+json"]').evaluateAll((nodes) =>
      nodes.map((n) => JSON.parse(n.textContent ?? '{}')).find((b) => b['@type'] === 'FAQPage'),
    )
    expect(faqLd.mainEntity).toHaveLength(5)
  })

  test('pricing snapshot: Entry, Partner (most popular) and Enterprise, without prices', async ({ page }) => {
    await open(page, '/lms-partner')
    await expect(page.getByTestId('plan-Entry')).toContainText('Shared LMS')
    await expect(page.getByTestId('plan-Partner')).toContainText('Most popular')
    await expect(page.getByTestId('plan-Partner')).toContainText('Branded LMS plus accreditation')
    await expect(page.getByTestId('plan-Enterprise')).toContainText('Plus custom course development')
    // Each card on its own: an array expectation matches an ordered subset, so a price on one card would pass.
    const cards = page.locator('[data-testid^="plan-"]')
    await expect(cards).toHaveCount(3)
    for (const card of await cards.all()) await expect(card).not.toContainText(/[£$€]|\bGBP\b/)
  })

  for (const [name, path, heading] of [
    ['Join Our Partner Network', '/partner-apply', 'Apply to become a partner'],
    ['Calculate Partner Value', '/roi-calculator', 'Partner ROI calculator'],
  ] as const) {
    test(`floating bar: '${name}' loads ${path} in full`, async ({ page }) => {
      await open(page, '/lms-partner')
      // A marker on window survives client-side navigation but not a full page load.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
      const link = page.getByRole('navigation', { name: 'Partner actions' }).getByRole('link', { name })
      await expect(link).toHaveAttribute('href', path)
      const loaded = page.waitForEvent('load')
      await link.click()
      await loaded
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBeUndefined()
    })
  }
})

test.describe('/partner-apply', () => {
  const field = (page: Page, label: string) => page.getByRole('main').getByLabel(label, { exact: true })
  const summary = (page: Page) => field(page, 'Generated summary')

  test('summary, chips and persona regenerate as you type', async ({ page }) => {
    await open(page, '/partner-apply')
    await expect(field(page, 'Sector')).toHaveValue('Care')
    await expect(field(page, 'Approximate staff')).toHaveValue('50')
    await expect(field(page, 'Sites')).toHaveValue('1')
    await expect(field(page, 'Email')).toHaveAttribute('type', 'email')
    await expect(page.getByTestId('persona')).toContainText('care-mid-size')

    await field(page, 'Full name').fill('Ada Lovelace')
    await field(page, 'Company').fill('Engines Ltd')
    await expect(summary(page)).toHaveValue(/Full name: Ada Lovelace/)
    await expect(summary(page)).toHaveValue(/Company: Engines Ltd/)

    await field(page, 'Sector').fill('Further Education')
    await expect(page.getByTestId('persona')).toContainText('multi-site')
    await expect(summary(page)).toHaveValue(/Persona: multi-site/)
    await field(page, 'Sector').fill('Construction')
    await expect(page.getByTestId('persona')).toContainText('niche-provider')
    await field(page, 'Sector').fill('Domiciliary CARE and education')
    await expect(page.getByTestId('persona')).toContainText('care-mid-size')

    const chips = page.getByRole('list', { name: 'Highlights' }).getByRole('listitem')
    await field(page, 'Sites').fill('4')
    await field(page, 'Approximate staff').fill('200')
    await expect(chips).toContainText(['Mid-size care provider', 'Sector: Domiciliary CARE and education', '~200 staff', '4 sites', 'Multi-site rollout', '~50 staff per site'])
    await field(page, 'Notes (optional)').fill('Hello')
    await expect(chips.last()).toHaveText('Notes included')
  })

  test('an empty sites value shows a clear message and disables the actions; nothing typed is lost', async ({ page }) => {
    await open(page, '/partner-apply')
    await field(page, 'Company').fill('Keep Me Ltd')
    await field(page, 'Sites').fill('')
    await expect(page.getByText('Number of sites must be at least 1.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Email application' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Copy summary' })).toBeDisabled()
    await expect(field(page, 'Company')).toHaveValue('Keep Me Ltd')
    await field(page, 'Sites').fill('2')
    await expect(page.getByText('Number of sites must be at least 1.')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Email application' })).toBeVisible()
  })

  test('the mailto link decodes to exactly the subject and the summary', async ({ page }) => {
    await open(page, '/partner-apply')
    const company = 'Acme & "Sons" ? #1 100% 🎓'
    await field(page, 'Full name').fill('Zoë O’Brien')
    await field(page, 'Company').fill(company)
    await field(page, 'Notes (optional)').fill('Line one & two\nLine "three" = 3?\n🚀 done')
    const href = await page.getByRole('link', { name: 'Email application' }).getAttribute('href')
    const parts = parseMailto(href!)
    expect(parts.to).toBe(config.partnerEmail)
    expect(parts.subject).toBe(`Partner Application — ${company}`)
    expect(parts.body).toBe(await summary(page).inputValue())
    expect(parts.body).toContain('Notes:\nLine one & two\nLine "three" = 3?\n🚀 done')

    await field(page, 'Company').fill('')
    const fallback = parseMailto((await page.getByRole('link', { name: 'Email application' }).getAttribute('href'))!)
    expect(fallback.subject).toBe('Partner Application — Company')
  })

  test('copy summary puts the summary on the clipboard and confirms it', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    await open(page, '/partner-apply')
    await field(page, 'Company').fill('Clipboard Co')
    await page.getByRole('button', { name: 'Copy summary' }).click()
    await expect(page.getByText('Application summary copied')).toBeVisible()
    await expect(page.getByText('Paste it into an email or the contact form.')).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(await summary(page).inputValue())
    expect(copied).toContain('Company: Clipboard Co')
  })

})

test('the prerendered HTML already shows the default figures and summary (no JavaScript needed)', async ({ request }) => {
  const html = async (path: string) => (await request.get(path)).text()
  const roi = await html('/roi-calculator')
  for (const figure of ['£23,400', '£4,050', '£27,450', '£329,400']) expect(roi).toContain(figure)
  const partner = await html('/lms-partner')
  for (const text of ['£90', '£2,500', '£2,590', '£31,080', 'Join Our Partner Network', 'Calculate Partner Value']) expect(partner).toContain(text)
  const apply = await html('/partner-apply')
  expect(apply).toContain('care-mid-size')
  expect(apply).toContain('subject=Partner%20Application%20%E2%80%94%20Company')
})

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 740 },
]) {
  test.describe(`${viewport.name} (${viewport.width}px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    for (const path of ['/lms-partner', '/roi-calculator', '/partner-apply']) {
      // axe runs on every route at 1280 and 390 px in routes.spec.ts.
      test(`${path} hydrates cleanly and its content does not overflow`, async ({ page, baseURL }) => {
        const problems = watchConsole(page, baseURL!)
        await open(page, path)
        // Our content never needs sideways scrolling (the comparison table scrolls inside its own region).
        // Measured on <main>: the shared site header is outside these pages' scope.
        const overflow = await page.getByRole('main').evaluate((main) => main.scrollWidth - main.clientWidth)
        expect(overflow).toBeLessThanOrEqual(0)
        expect(problems).toEqual([])
      })
    }
  })
}
