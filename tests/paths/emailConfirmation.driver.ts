import { expect, type Page, test } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { type ConfirmationContext, type ConfirmationInput, emailConfirmationMachine } from '../../machines/emailConfirmation.machine'
import { emailConfirmationSampleEvents, emailConfirmationSampleInputs } from '../../machines/emailConfirmation.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { emailSignUp, emailUser, signInPage } from '../support/sessions'
import { authErrorResponse, defineDriver, expectStepToasts, holdRequests, recordShown, seenHeading, seenToast, wordedByPage } from './driver'
import { sessionChunkName, supabaseChunkName } from './users'
import { auth } from '../support/pages/auth'
import { toast } from '../support/pages/shell'

/**
 * Arrival at /auth from a mailed link: the page (the authPage machine) reads the URL the path opened and invokes
 * this flow with it (the path's input). supabase-js (a lazy chunk) is held, so the actor states (exchanging the code,
 * setting the session, checking it) stay on screen until the path says how they end: real codes and sessions come from accounts made through the API, failures are the server's
 * answers given here or a dropped connection.
 */
const env = e2eEnv()

const isAuth = (url: URL, path: string) => url.origin === env.backendUrl && url.pathname === `/auth/v1/${path}`

/** Still on /auth, or gone to the app (only these states lead there, a second after they begin). */

const chunk = holdRequests((url) => url.origin === env.siteUrl && url.pathname === `/assets/${supabaseChunkName()}`, null)
// Without a stored session the session is known from the stored key alone: the session actor's download is the wait.
const sessionChunk = holdRequests((url) => url.origin === env.siteUrl && url.pathname === `/assets/${sessionChunkName()}`, null)
const exchanges = holdRequests((url) => isAuth(url, 'token') && url.searchParams.get('grant_type') === 'pkce')
const refreshes = holdRequests((url) => isAuth(url, 'token') && url.searchParams.get('grant_type') === 'refresh_token')
const users = holdRequests((url) => isAuth(url, 'user'), 'GET')
const resends = holdRequests((url) => isAuth(url, 'resend'))

const LINK_INVALID = 'This confirmation link has expired or was already used'
const ARRIVAL_TITLES = /^(Email confirmed!|Email verified!|Your email is confirmed|We could not confirm your email|This confirmation link has expired or was already used)$/
const resendButton = auth.confirmation.resendButton
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 2, name })
const STORAGE_KEY = 'sb-127-auth-token'

/** A JWT supabase-js can read (it checks the shape and expiry); the server is what rejects it. */
function unsignedJwt() {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '00000000-0000-4000-8000-000000000009', exp: Math.floor(Date.now() / 1000) + 3600, role: 'authenticated' })}.c2ln`
}

const withError = (events: readonly AnyEventObject[], type: string) =>
  events.find((e) => e.type === type) as (AnyEventObject & { error?: { code?: string; message?: string } }) | undefined

/** What the page's state check expects: the form of the mode the URL asked for, and no arrival panel. */
async function expectForm(page: Page, c: ConfirmationContext) {
  await expect(heading(page, ARRIVAL_TITLES)).toHaveCount(0)
  if (c.params.mode === 'signup' || c.params.type === 'signup') {
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled()
  } else {
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  }
}

/** The redirect's second passes (real time: the page's own timer): the page leaves for the app. */
async function leaveForApp(page: Page) {
  await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 5000 })
}

/** An arrival panel that shows only on the sign-up side of /auth (type=signup); elsewhere the toast says it. */
const signupSide = (c: ConfirmationContext) => c.params.mode === 'signup' || c.params.type === 'signup'

export const driver = defineDriver({
  name: 'emailConfirmation',
  flow: 'arrival from the confirmation e-mail (/auth)',
  machine: emailConfirmationMachine,
  sampleEvents: emailConfirmationSampleEvents,
  sampleInputs: emailConfirmationSampleInputs,
  async start(page, ctx) {
    // Accounts made through the API: more than the default on a busy 2-core machine.
    test.info().setTimeout(45_000)
    const params: Record<string, string> = { ...((ctx.path.input as ConfirmationInput).params as Record<string, string>) }
    const exchange = withError(ctx.events, 'xstate.error.actor.exchangeCode')
    if (ctx.events.some((e) => e.type === 'xstate.done.actor.exchangeCode')) {
      // A real code, opened in the browser that signed up (its code verifier is in the page's storage).
      const signup = await emailSignUp()
      await signInPage(page, signup)
      const verified = await fetch(signup.link, { redirect: 'manual' })
      params.code = new URL(verified.headers.get('location') ?? '').searchParams.get('code') ?? ''
    } else if (params.code && exchange?.error?.code !== 'pkce_code_verifier_not_found') {
      // Some code verifier is here, so supabase-js asks the server (whose answer the path decides).
      // (supabase-js stores JSON, and ignores anything else as corrupt)
      await page.addInitScript((key) => localStorage.setItem(`${key}-code-verifier`, JSON.stringify('path-test-verifier')), STORAGE_KEY)
    }
    if (params.access_token) {
      if (ctx.events.some((e) => e.type === 'xstate.done.actor.setSession')) {
        const user = await emailUser()
        const session = JSON.parse(user.store.get(STORAGE_KEY) ?? '{}') as { access_token: string; refresh_token: string }
        params.access_token = session.access_token
        params.refresh_token = session.refresh_token
      } else {
        params.access_token = unsignedJwt()
        params.refresh_token = 'path-test-refresh'
      }
    }
    if (ctx.events.some((e) => e.type === 'xstate.done.actor.getSession' && (e.output as { hasSession: boolean }).hasSession)) {
      await signInPage(page, await emailUser())
    }
    await recordShown(page)
    for (const h of [chunk, sessionChunk, exchanges, refreshes, users, resends]) await h.install(page)
    // GoTrue sends tokens to the sign-up's redirect (/auth?type=signup), in the fragment; the machine routes tokens
    // before the type, so the arrival is the same, and the page shows its panels on the sign-up side.
    if (params.access_token) params.type ??= 'signup'
    const fragment = new URLSearchParams()
    const query = new URLSearchParams()
    for (const [k, v] of Object.entries(params)) (k === 'access_token' || k === 'refresh_token' ? fragment : query).set(k, v)
    const url = `/auth${query.size ? `?${query}` : ''}${fragment.size ? `#${fragment}` : ''}`
    ctx.data.url = url
    await page.goto(url, { waitUntil: 'domcontentloaded' })
    // Hydration on a busy machine can take longer than one assertion's wait.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 })
  },
  events: {
    RESEND_REQUESTED: async (page, event) => {
      await page.getByLabel('Email you signed up with').fill(event.email as string)
      await resendButton(page).click()
    },
    RETRY: (page) => page.getByRole('button', { name: 'Try again' }).click(),
    'xstate.done.actor.exchangeCode': async (page) => {
      await chunk.releaseAll(page)
      await (await exchanges.next(page)).continue()
    },
    'xstate.error.actor.exchangeCode': async (page, event) => {
      await chunk.releaseAll(page)
      const error = event.error as { code?: string; message: string }
      if (error.code === 'pkce_code_verifier_not_found') return // no verifier here: supabase-js says so without asking
      const route = await exchanges.next(page)
      if (!error.code) return route.abort('internetdisconnected')
      await route.fulfill(authErrorResponse(404, error.code, error.message))
    },
    'xstate.done.actor.setSession': async (page) => {
      await chunk.releaseAll(page)
      await (await users.next(page)).continue()
    },
    'xstate.error.actor.setSession': async (page, event) => {
      const error = event.error as { code?: string; message: string }
      // A thrown error (not the server's answer): supabase-js itself could not be downloaded.
      if (error instanceof Error) return (await chunk.next(page)).abort('internetdisconnected')
      await chunk.releaseAll(page)
      await (await users.next(page)).fulfill(authErrorResponse(401, error.code ?? 'bad_jwt', error.message))
    },
    'xstate.done.actor.getSession': async (page) => {
      await sessionChunk.releaseAll(page)
      await chunk.releaseAll(page)
    },
    'xstate.done.actor.resendConfirmation': async (page) => {
      await chunk.releaseAll(page)
      await (await resends.next(page)).fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: '{}' })
    },
    'xstate.error.actor.resendConfirmation': async (page, event) => {
      await chunk.releaseAll(page)
      const error = event.error as { message: string }
      await (await resends.next(page)).fulfill(authErrorResponse(429, 'over_email_send_rate_limit', error.message))
    },
    // The real 1-second redirect to the app: the page asks for the app, and the held page load goes on.
    'xstate.after.redirectDelay.emailConfirmation.confirmed': (page) => leaveForApp(page),
    'xstate.after.redirectDelay.emailConfirmation.verified': (page) => leaveForApp(page),
  },
  states: {
    'emailConfirmation.none': async (page, view, ctx) => {
      await expectForm(page, view.context)
      expect(chunk.pending(page) + sessionChunk.pending(page) + refreshes.pending(page), 'nothing is being checked').toBe(0)
      await expect(toast(page)).toHaveCount(0)
      expect(new URL(page.url()).search).toBe(new URL(ctx.data.url as string, ctx.baseURL).search)
    },
    'emailConfirmation.checkingSession': async (page, view) => {
      await expectForm(page, view.context)
      await expect.poll(() => chunk.pending(page) + sessionChunk.pending(page)).toBeGreaterThan(0)
    },
    'emailConfirmation.exchangingCode': async (page, _view, ctx) => {
      await expect(page.getByRole('status').filter({ hasText: 'Confirming your email...' })).toBeVisible()
      await expect(heading(page, ARRIVAL_TITLES)).toHaveCount(0)
      await expect.poll(() => chunk.pending(page) + exchanges.pending(page)).toBeGreaterThan(0)
      await expectStepToasts(page, emailConfirmationMachine, ctx)
    },
    'emailConfirmation.settingSession': async (page, view) => {
      if (signupSide(view.context)) await expect(page.getByRole('status').filter({ hasText: 'Confirming your email...' })).toBeVisible()
      await expect(heading(page, ARRIVAL_TITLES)).toHaveCount(0)
      await expect(toast(page)).toHaveCount(0)
      await expect.poll(() => chunk.pending(page) + users.pending(page)).toBeGreaterThan(0)
    },
    // The page leaves a second after these two (its own timer): on a busy machine the check may come later, so
    // the toast counts when it was shown, and what is on screen is checked while the page is still here.
    'emailConfirmation.verified': async (page, view, ctx) => {
      await expectStepToasts(page, emailConfirmationMachine, ctx, false, true)
      if (signupSide(view.context)) await expect.poll(() => seenHeading(page, 'Email verified!')?.url).toMatch(/\/auth/)
    },
    'emailConfirmation.confirmed': async (page, view, ctx) => {
      await expectStepToasts(page, emailConfirmationMachine, ctx, false, true)
      // The single-use code and the tokens were gone from the address bar when the page said so.
      const shown = seenToast(page, 'Email confirmed!')
      expect(shown?.url).toMatch(/\/auth/)
      expect(shown?.url).not.toMatch(/code=|access_token/)
      if (signupSide(view.context)) await expect.poll(() => seenHeading(page, 'Email confirmed!')?.url).toMatch(/\/auth/)
    },
    'emailConfirmation.redirecting': async (page) => {
      // Taken to the app (the local setup wizard; signed out, it sends on to the home page).
      await expect(page).toHaveURL((url) => url.pathname !== '/auth')
    },
    'emailConfirmation.confirmedElsewhere': async (page) => {
      await expect(heading(page, 'Your email is confirmed')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Go to the app' })).toBeVisible()
      expect(page.url()).not.toContain('code=')
      await expect(toast(page)).toHaveCount(0)
    },
    'emailConfirmation.failed': async (page, _view, ctx) => {
      await expect(heading(page, 'We could not confirm your email')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled()
      await expectStepToasts(page, emailConfirmationMachine, ctx, wordedByPage(ctx.events[ctx.step]))
    },
    'emailConfirmation.linkInvalid': async (page, _view, ctx) => {
      await expect(heading(page, LINK_INVALID)).toBeVisible()
      await expect(resendButton(page)).toHaveText('Send a new confirmation email')
      await expect(resendButton(page)).toBeEnabled()
      await expect(page.getByRole('status').filter({ hasText: 'Check the inbox of' })).toHaveCount(0)
      expect(page.url()).not.toMatch(/error_code|code=|access_token/)
      await expectStepToasts(page, emailConfirmationMachine, ctx)
    },
    'emailConfirmation.resending': async (page) => {
      await expect(heading(page, LINK_INVALID)).toBeVisible()
      await expect(resendButton(page)).toHaveText('Sending...')
      await expect(resendButton(page)).toBeDisabled()
      await expect.poll(() => chunk.pending(page) + resends.pending(page)).toBeGreaterThan(0)
    },
    'emailConfirmation.resent': async (page, view, ctx) => {
      await expect(heading(page, LINK_INVALID)).toBeVisible()
      await expect(resendButton(page)).toBeEnabled()
      await expect(page.getByRole('status').filter({ hasText: `Check the inbox of ${view.context.email} for the new link.` })).toBeVisible()
      await expectStepToasts(page, emailConfirmationMachine, ctx)
    },
  },
  // A dropped connection is reported by the browser itself.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
