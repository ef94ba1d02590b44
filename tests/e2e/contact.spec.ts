import { createClient } from '@supabase/supabase-js'
import { expect, type Page, test } from '@playwright/test'
import WebSocket from 'ws'
import { e2eEnv } from '../../scripts/e2e-env'
import { config } from '../../src/config'
import { parseMailto } from '../../src/domain/mailto'
import { type LocalSupabase, startLocalSupabase } from '../../supabase/local/index'
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import { allMessages } from '../backend/helpers'
import { axeViolations, recordMailtoLaunches, waitForHydration, watchConsole } from './support'

/**
 * /contact against the local backend (supabase/local): stored in contact_referrals, delivered to the mail
 * catcher, the honeypot, the rate limit, and the mail fallback when the backend cannot be reached.
 */
const env = e2eEnv()
const FUNCTION_URL = `${env.backendUrl}/functions/v1/send-contact`
const RECIPIENT = 'referrals@inspectready.co.uk' // the backend's CONTACT_RECIPIENT (supabase/local/index.ts)
// Node 20 has no global WebSocket; supabase-js needs one for its (unused) realtime client.
const admin = createClient(env.backendUrl, LOCAL_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as never },
})

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
/** Quotes, ampersands, emoji (with a skin tone and a ZWJ family), line breaks, and mailto-special characters. */
const trickyMessage = (id: string) =>
  `Ref ${id}: "Sam" & 'Alex' need support 😀👍🏽👨‍👩‍👧\nSecond line: a+b=c?d#e 100%\n\nAfter a blank line <tag> ; , / \\ end`

async function referralRows(message: string) {
  const { data, error } = await admin
    .from('contact_referrals')
    .select('name,email,message,recipient,subject,service,status')
    .eq('message', message)
  expect(error).toBeNull()
  return data ?? []
}

async function open(page: Page, query = '') {
  await page.goto(`/contact${query}`)
  await waitForHydration(page)
  // The button stays disabled until the form is hydrated (a native submit would put the fields in the URL).
  await expect(page.getByRole('button', { name: 'Send referral' })).toBeEnabled()
}

async function fill(page: Page, values: { name: string; email: string; message: string }) {
  await page.getByLabel('Your name').fill(values.name)
  await page.getByLabel('Organisation email').fill(values.email)
  await page.getByLabel('Referral details').fill(values.message)
}

const submitButton = (page: Page) => page.getByRole('button', { name: /Send referral|Sending referral/ })

test('a Ready4Life referral is sent, stored, delivered with the right subject and body, and the form is cleared', async ({ page, baseURL }) => {
  const problems = watchConsole(page, baseURL!)
  const id = unique()
  const values = { name: `Jane Smith ${id}`, email: `jane.${id}@care-home.org.uk`, message: trickyMessage(id) }
  await open(page, '?service=ready4life')
  await expect(page.getByRole('heading', { name: 'About Ready4Life' })).toBeVisible()
  await expect(page.getByRole('complementary').getByText(/young people aged 10–25/)).toBeVisible()
  await fill(page, values)

  // Hold the request so the sending state can be seen, then let it through.
  let release!: () => void
  const held = new Promise<void>((r) => {
    release = r
  })
  let sentBody: Record<string, unknown> | undefined
  await page.route(FUNCTION_URL, async (route) => {
    if (route.request().method() === 'POST') {
      sentBody = route.request().postDataJSON()
      await held
    }
    await route.continue()
  })
  const reply = page.waitForResponse((res) => res.url() === FUNCTION_URL && res.request().method() === 'POST')
  await submitButton(page).click()
  await expect(page.getByRole('button', { name: 'Sending referral...' })).toBeDisabled()
  release()
  // Answered by supabase/functions/send-contact/index.ts on Deno, as deployed (supabase/local/functions.ts).
  expect((await reply).headers()['x-local-functions-runtime']).toMatch(/^deno\/\d/)

  await expect(page.getByText('Message sent')).toBeVisible()
  await expect(page.getByText("Thank you for your referral. We'll be in touch shortly.")).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send referral' })).toBeEnabled()
  await expect(page.getByLabel('Your name')).toHaveValue('')
  await expect(page.getByLabel('Organisation email')).toHaveValue('')
  await expect(page.getByLabel('Referral details')).toHaveValue('')

  const subject = `Referral from Ready4Life ${values.name}`
  expect(sentBody).toEqual({ ...values, to: config.referralEmail, hpt: '', subject, service: 'ready4life' })

  expect(await referralRows(values.message)).toEqual([
    { ...values, recipient: config.referralEmail, subject, service: 'ready4life', status: 'delivered' },
  ])
  const mail = (await allMessages(env.mailUrl)).find((m) => m.subject === subject)
  expect(mail).toBeDefined()
  expect(mail!.to).toEqual([RECIPIENT])
  // The body the mailto fallback uses, plus the service line the outbox adds.
  expect(mail!.text).toBe(`${values.message}\n\nFrom: ${values.name} <${values.email}>\nService: ready4life`)
  expect(problems).toEqual([])
})

test('with the backend unreachable the fallback opens the mail client, shows an exact mailto link and keeps every field', async ({ page, baseURL }) => {
  const launched = await recordMailtoLaunches(page)
  const problems = watchConsole(page, baseURL!)
  const id = unique()
  const values = { name: `Zoë O'Neil & Co ${id}`, email: `zoe.${id}@school.org.uk`, message: trickyMessage(id) }
  await open(page)
  await page.route(FUNCTION_URL, (route) => route.abort('internetdisconnected'))
  await fill(page, values)
  await submitButton(page).click()

  await expect(page.getByText('Opening mail client')).toBeVisible()
  await expect(page.getByText(`If it didn't open, email ${config.referralEmail}`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send referral' })).toBeEnabled()
  await expect(page.getByLabel('Your name')).toHaveValue(values.name)
  await expect(page.getByLabel('Organisation email')).toHaveValue(values.email)
  await expect(page.getByLabel('Referral details')).toHaveValue(values.message)
  await expect(page.getByTestId('contact-fallback')).toContainText('We could not reach our server')
  expect(await axeViolations(page)).toEqual([])

  const href = await page.getByRole('link', { name: 'Email this referral' }).getAttribute('href')
  expect(parseMailto(href!)).toEqual({
    to: config.referralEmail,
    subject: `Referral from ${config.brand} ${values.name}`,
    body: `${values.message}\n\nFrom: ${values.name} <${values.email}>`,
  })
  // The mail client was opened with the same subject and body (Chromium normalises ' to %27 in the URL).
  await expect.poll(() => launched.length).toBe(1)
  expect(parseMailto(launched[0]!)).toEqual(parseMailto(href!))
  expect(await referralRows(values.message)).toEqual([])
  expect(problems).toEqual([])
})

test('a filled honeypot gets the success answer, is stored as spam and never reaches the mail catcher', async ({ page }) => {
  const id = unique()
  const values = { name: `Bot ${id}`, email: `bot.${id}@spam-example.org`, message: `Buy now ${id}` }
  await open(page)
  const honeypot = page.locator('input[name="hpt"]')
  await expect(honeypot).toHaveAttribute('tabindex', '-1')
  await expect(honeypot).toHaveAttribute('autocomplete', 'off')
  await expect(honeypot).not.toHaveAttribute('required')
  await expect(page.locator('[aria-hidden="true"]:has(input[name="hpt"])')).toHaveCount(1)
  await expect(honeypot).not.toBeInViewport()
  // People tabbing through the form go from the details straight to the button.
  await page.getByLabel('Referral details').focus()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Send referral' })).toBeFocused()

  await fill(page, values)
  await honeypot.fill('http://spam.example')
  await submitButton(page).click()
  await expect(page.getByText('Message sent')).toBeVisible()
  const rows = await referralRows(values.message)
  expect(rows.map((r) => r.status)).toEqual(['spam'])
  expect((await allMessages(env.mailUrl)).filter((m) => m.text.includes(id) || m.subject.includes(id))).toEqual([])
})

test.describe('rate limit', () => {
  // Its own backend with a limit of 3, so exhausting it takes three calls and never touches the shared one
  // (whose limit playwright.config.ts sets high for every other suite).
  const LIMIT = 3
  let limitedBackend: LocalSupabase | undefined
  test.describe.configure({ timeout: 90_000 })
  test.beforeAll(async () => {
    limitedBackend = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', siteUrl: env.siteUrl, contactRateLimit: LIMIT })
  })
  test.afterAll(async () => {
    await limitedBackend?.stop()
  })

  test('past the limit the function answers 429 with a clear message, and the page takes the fallback', async ({ page, request }) => {
    const backend = limitedBackend!
    const url = `${backend.url}/functions/v1/send-contact`
    const client = '10.77.0.1' // the backend hashes X-Forwarded-For to tell clients apart
    const headers = { authorization: `Bearer ${LOCAL_ANON_KEY}`, apikey: LOCAL_ANON_KEY, 'x-forwarded-for': client }
    const referral = (n: number) => ({ name: 'Limit', email: 'limit@care.org.uk', message: `limit ${n}`, to: config.referralEmail, hpt: '', subject: 'Referral from InspectReady Limit' })
    for (let n = 1; n <= LIMIT; n++) expect((await request.post(url, { headers, data: referral(n) })).status()).toBe(200)
    const limited = await request.post(url, { headers, data: referral(LIMIT + 1) })
    expect(limited.status()).toBe(429)
    expect(await limited.json()).toEqual({ success: false, error: 'Too many referrals from this address; try again in 10 minutes' })
    // Another client is not affected.
    expect((await request.post(url, { headers: { ...headers, 'x-forwarded-for': '10.77.0.2' }, data: referral(9) })).status()).toBe(200)

    // The browser, sent to that backend as the same client, gets the fallback with the reason and keeps what was typed.
    const problems = watchConsole(page, env.siteUrl)
    const id = unique()
    const values = { name: `Rate ${id}`, email: `rate.${id}@care.org.uk`, message: trickyMessage(id) }
    await open(page)
    await page.route(FUNCTION_URL, async (route) => {
      const response = await route.fetch({ url, headers: { ...route.request().headers(), 'x-forwarded-for': client } })
      await route.fulfill({ response })
    })
    await fill(page, values)
    await submitButton(page).click()
    await expect(page.getByText('Opening mail client')).toBeVisible()
    await expect(page.getByTestId('contact-fallback')).toContainText('Too many referrals have been sent from your connection in the last 10 minutes')
    await expect(page.getByLabel('Referral details')).toHaveValue(values.message)
    const href = await page.getByRole('link', { name: 'Email this referral' }).getAttribute('href')
    expect(parseMailto(href!).body).toBe(`${values.message}\n\nFrom: ${values.name} <${values.email}>`)
    const stored = await backend.db.query<{ n: number }>('select count(*)::int as n from public.contact_referrals')
    expect(stored.rows[0]!.n).toBe(LIMIT + 1)
    expect(problems).toEqual([])
  })
})

test('validation: clear per-field errors, the first invalid field focused, nothing sent', async ({ page }) => {
  let calls = 0
  await page.route(FUNCTION_URL, (route) => {
    calls++
    return route.continue()
  })
  await open(page)
  await submitButton(page).click()
  await expect(page.getByText('Enter your name')).toBeVisible()
  await expect(page.getByText('Enter your organisation email')).toBeVisible()
  await expect(page.getByText('Enter the referral details')).toBeVisible()
  await expect(page.getByLabel('Your name')).toBeFocused()
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Organisation email')).toHaveAttribute('type', 'email')

  await page.getByLabel('Your name').fill('Jane')
  await expect(page.getByText('Enter your name')).toHaveCount(0)
  await page.getByLabel('Organisation email').fill('jane-at-care')
  await page.getByLabel('Referral details').fill('Details')
  await submitButton(page).click()
  await expect(page.getByText('Enter an email address in the correct format, like name@organisation.org')).toBeVisible()
  await expect(page.getByLabel('Organisation email')).toBeFocused()
  expect(calls).toBe(0)
})

test('?service= is validated: unknown values give the default programme; Ready4Life hydrates cleanly and is accessible', async ({ page, baseURL }) => {
  const problems = watchConsole(page, baseURL!)
  await open(page, '?service=bogus')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us')
  await expect(page.getByTestId('referral-programme')).toHaveText('General enquiry')
  await page.getByRole('link', { name: 'Make a Ready4Life referral' }).click()
  await expect(page).toHaveURL(/\/contact\?service=ready4life$/)
  await expect(page.getByTestId('referral-programme')).toHaveText('Ready4Life referral')
  await expect(page.getByRole('heading', { name: 'About Ready4Life' })).toBeVisible()

  // A phone-sized first load: the programme arriving after mount must not move anything on screen.
  await page.setViewportSize({ width: 390, height: 844 })
  await open(page, '?service=ready4life')
  await expect(page.getByRole('heading', { name: 'About Ready4Life' })).toBeVisible()
  const layoutShift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!e.hadRecentInput) sum += e.value
          }
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(sum), 200)
      }),
  )
  expect(layoutShift).toBeLessThan(0.01)
  for (const subject of ['English', 'Maths', 'Technology', 'Creative arts', 'Business', 'Science and engineering', 'Trades']) {
    await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^${subject}$`) })).toHaveCount(1)
  }
  expect(await axeViolations(page)).toEqual([])
  expect(problems).toEqual([])
})
