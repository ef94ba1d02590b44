import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { config } from '../../src/config'
import { allMessages } from '../backend/helpers'
import { confirmationLink, emailSignUp, fillSignUpForm, signInPage, USER_PASSWORD } from '../support/sessions'
import { axeViolations, openAuth, waitForHydration, watchConsole } from './support'
import { toast } from '../support/pages/shell'
import { recordShown, seenToast } from '../paths/driver'

/**
 * /auth end to end: the built site in Chromium against the local backend (fresh in-memory database) and
 * its mail catcher. Every test uses its own e-mail address, so tests run in parallel safely.
 */
const env = e2eEnv()
const WORK_EMAIL_MESSAGE = 'Please use your work email. Personal providers (e.g., Gmail, Yahoo, AOL) are not accepted.'

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@sunrise-care.co.uk`

/** Sign up through the auth API directly (PKCE when asked), as another browser would have. */
async function apiSignUp(email: string, pkce: boolean) {
  const verifier = randomBytes(32).toString('base64url')
  const body = {
    email,
    password: USER_PASSWORD,
    data: { first_name: 'Api', last_name: 'User', company_name: 'Sunrise Care', sector: 'care' },
    ...(pkce
      ? { code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 's256' }
      : {}),
  }
  const redirect = encodeURIComponent(`${env.siteUrl}/auth?type=signup`)
  const res = await fetch(`${env.backendUrl}/auth/v1/signup?redirect_to=${redirect}`, {
    method: 'POST',
    headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  return confirmationLink(email)
}

/** /auth's sign-up form, once the page has read its address (openAuth). */
const openSignUp = (page: Page) => openAuth(page, '/auth?mode=signup')

async function fillForm(page: Page, email: string) {
  await fillSignUpForm(page, email)
  await page.getByLabel('Number of staff').fill('12')
}


/** The app's address, where a confirmed or verified person is sent. */
const atApp = (url: URL) => url.pathname.replace(/\/$/, '') === config.appUrl.replace(/\/$/, '')

test('a new user signs up, confirms from the e-mail and is taken to the app 1 second later', async ({ page, baseURL }) => {
  // A whole journey (the form, an axe check, sign-up, the mailed link, the timed redirect): more than the default
  // 30 s on a busy 2-core machine. The redirect's own timing is measured by the page's clock below.
  test.setTimeout(60_000)
  const problems = watchConsole(page, baseURL!)
  const email = uniqueEmail('new')
  await openSignUp(page)
  await expect(page).toHaveTitle(`Sign in | ${config.brand}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account')
  const progress = page.getByRole('progressbar')
  await expect(progress).toHaveAttribute('aria-valuenow', '0')
  await expect(page.getByTestId('signup-progress')).toHaveText('0 of 7 completed')
  await expect(page.getByLabel('Phone', { exact: true })).toHaveAttribute('placeholder', '07700 900123')
  await expect(page.getByLabel('Plan', { exact: true })).toBeDisabled()
  await expect(page.getByText("We'll enable the paid plan for eligible accounts.")).toBeVisible()

  await page.getByLabel('Password', { exact: true }).fill('abc')
  await expect(page.getByText(/Password must be more than 6 characters/)).toBeVisible()
  await fillForm(page, email)
  await expect(page.getByText(/Password must be more than 6 characters/)).toHaveCount(0)
  await expect(page.getByTestId('signup-progress')).toHaveText('7 of 7 completed')
  await expect(progress).toHaveAttribute('aria-valuenow', '7')
  // Seven required fields and the optional staff count carry the green tick.
  await expect(page.getByTestId('field-complete')).toHaveCount(8)
  expect(await axeViolations(page)).toEqual([])

  // Hold the sign-up request briefly so the busy label can be seen.
  await page.route(`${env.backendUrl}/auth/v1/signup*`, async (route) => {
    await new Promise((r) => setTimeout(r, 300))
    await route.continue()
  })
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expect(toast(page, 'Account created!')).toBeVisible()

  // The page's own clock says when 'Email confirmed!' appeared (an observer in the page) and when the redirect
  // started (the next document's timeOrigin is the start of its navigation). Measured here instead, the wait would
  // include how late this runner's polling saw the heading, which on a busy machine made the test flaky.
  await page.addInitScript(() => {
    if (!location.pathname.startsWith('/auth')) return
    const seen = () => [...document.querySelectorAll('h1, h2, h3')].some((h) => h.textContent?.trim() === 'Email confirmed!')
    const observer = new MutationObserver(() => {
      if (!seen()) return
      sessionStorage.setItem('test:confirmedShownAt', String(performance.timeOrigin + performance.now()))
      observer.disconnect()
    })
    observer.observe(document, { childList: true, subtree: true, characterData: true })
  })
  // The toast and the heading are on screen for the second before the redirect: recorded in the page, so a runner
  // polling late on a busy machine cannot miss them (as it did in CI, looking after the page had left).
  await recordShown(page)
  const link = await confirmationLink(email)
  await page.goto(link)
  await page.waitForURL(atApp, { timeout: 15_000 })
  // The toast was shown on /auth, and the single-use code was gone from the address bar by then. (The heading's
  // observer above runs on /auth only, so the timing below also fails if the heading never showed.)
  const confirmed = seenToast(page, 'Email confirmed!')
  expect(confirmed?.url).toMatch(/\/auth(\?|$)/)
  expect(confirmed?.url).not.toContain('code=')
  const waited = await page.evaluate(() => performance.timeOrigin - Number(sessionStorage.getItem('test:confirmedShownAt')))
  expect(waited).toBeGreaterThan(600)
  expect(waited).toBeLessThan(3_000)
  expect(problems).toEqual([])
})

test('a gmail.com address gets the inline message and no account is created', async ({ page, baseURL }) => {
  const problems = watchConsole(page, baseURL!)
  const signups: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/auth/v1/signup')) signups.push(r.url())
  })
  await openSignUp(page)
  await fillForm(page, 'ada.lovelace@GMail.com ')
  await expect(page.getByText(WORK_EMAIL_MESSAGE, { exact: true })).toBeVisible()
  await expect(page.getByLabel('Work email', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('signup-progress')).toHaveText('6 of 7 completed')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(toast(page, 'Work email required')).toContainText('Please use your company email (no Gmail, Yahoo, AOL, etc.).')
  // Nothing typed is lost, and nothing was sent.
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Ada')
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(USER_PASSWORD)
  expect(signups).toEqual([])
  const mails = await allMessages(env.mailUrl)
  expect(mails.some((m) => m.to.some((t) => /gmail\.com/i.test(t)))).toBe(false)
  expect(problems).toEqual([])
})

test('with the backend down the user gets Sign up failed or Unexpected error, never a blank page', async ({ page, baseURL }) => {
  const problems = watchConsole(page, baseURL!)
  await page.route(`${env.backendUrl}/**`, (route) => route.abort('connectionrefused'))
  await openSignUp(page)
  await fillForm(page, uniqueEmail('down'))
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(toast(page, 'Sign up failed').or(toast(page, 'Unexpected error'))).toBeVisible()
  await expect(toast(page, 'Sign up failed')).toContainText("We couldn't reach the server.")
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account')
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Sunrise Care')
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled()
  // supabase-js itself logs the refused request ('TypeError: Failed to fetch'); nothing else may go wrong.
  expect(problems.filter((p) => !/^error: TypeError: Failed to fetch/.test(p))).toEqual([])
})

test('a link opened in another browser says the e-mail is confirmed; opened again it offers a new e-mail', async ({ page }) => {
  const email = uniqueEmail('elsewhere')
  const link = await apiSignUp(email, true)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Your email is confirmed' })).toBeVisible()
  await expect(
    page.getByText('Your email is confirmed. Open the link in the browser where you signed up, or sign in from the app.'),
  ).toBeVisible()
  expect(page.url()).not.toContain('code=')
  expect(await axeViolations(page)).toEqual([])

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'This confirmation link has expired or was already used' })).toBeVisible()
  expect(page.url()).not.toContain('error_code')
  expect(await axeViolations(page)).toEqual([])
  await page.getByLabel('Email you signed up with').fill(uniqueEmail('unknown'))
  await page.getByRole('button', { name: 'Send a new confirmation email' }).click()
  await expect(toast(page, 'Confirmation email sent')).toBeVisible()
})

test('a confirmation cut off by the network succeeds on Try again in the browser that signed up', async ({ page }) => {
  const signup = await emailSignUp()
  await signInPage(page, signup)
  let attempts = 0
  await page.route(
    (url) => url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'pkce',
    (route) => (++attempts === 1 ? route.abort('internetdisconnected') : route.continue()),
  )
  await recordShown(page)
  await page.goto(signup.link)
  await expect(page.getByRole('heading', { name: 'We could not confirm your email' })).toBeVisible()
  // supabase-js dropped its code verifier with the failed request; the page put it back, so the same code works.
  await page.getByRole('button', { name: 'Try again' }).click()
  await page.waitForURL(atApp, { timeout: 15_000 })
  expect(seenToast(page, 'Email confirmed!')).toBeDefined()
  expect(attempts).toBe(2)
})

test('tokens in the fragment (implicit flow) set the session and say Email confirmed!', async ({ page }) => {
  const email = uniqueEmail('implicit')
  const link = await apiSignUp(email, false)
  await recordShown(page)
  await page.goto(link)
  await page.waitForURL(atApp, { timeout: 15_000 })
  // The tokens were gone from the address bar by the time the page said so.
  const confirmed = seenToast(page, 'Email confirmed!')
  expect(confirmed?.url).toMatch(/\/auth/)
  expect(confirmed?.url).not.toContain('access_token')
})

test('verified=true says Email verified! and redirects', async ({ page }) => {
  // The toast is on screen for the second before the redirect; recorded by an observer in the page, so a runner
  // polling late on a busy machine cannot miss it.
  await recordShown(page)
  await page.goto('/auth?verified=true')
  await page.waitForURL(atApp, { timeout: 15_000 })
  expect(seenToast(page, 'Email verified!')).toBeDefined()
})

test('copy password shows Password copied! for 2 seconds', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openSignUp(page)
  await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD)
  await page.getByRole('button', { name: 'Copy password' }).click()
  await expect(page.getByRole('button', { name: 'Password copied!' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(USER_PASSWORD)
  await expect(page.getByRole('button', { name: 'Copy password' })).toBeVisible({ timeout: 3_000 })
})

test('marketing pages do not download supabase-js; /auth loads it only when a flow needs it', async ({ page }) => {
  // The build's scripts that carry supabase-js, found in the built files: a response's body can no longer be read
  // once the page has navigated away, so the check goes by which of these files the page fetched.
  const assets = join(env.dist, 'client/assets')
  const supabaseFiles = new Set(
    readdirSync(assets)
      .filter((f) => f.endsWith('.js') && readFileSync(join(assets, f), 'utf8').includes('GoTrueClient'))
      .map((f) => `/assets/${f}`),
  )
  expect(supabaseFiles.size, 'supabase-js in the build').toBeGreaterThan(0)
  const fetched: string[] = []
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') fetched.push(new URL(r.url()).pathname)
  })
  const supabaseLoaded = () => fetched.some((path) => supabaseFiles.has(path))
  await page.goto('/')
  await waitForHydration(page)
  expect(supabaseLoaded()).toBe(false)
  // /auth without a confirmation to handle waits until the user submits.
  await openSignUp(page)
  await page.getByLabel('First name', { exact: true }).fill('Ada')
  expect(supabaseLoaded()).toBe(false)
  await fillForm(page, uniqueEmail('lazy'))
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  expect(supabaseLoaded()).toBe(true)
})
