import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, type Route, test } from '@playwright/test'
import { type AnyEventObject, type AnyStateMachine, createActor, fromPromise, SimulatedClock } from 'xstate'
import {
  type ConfirmationContext,
  emailConfirmationMachine,
  emailConfirmationSampleEvents,
  emailConfirmationSampleInput,
} from '../../machines/emailConfirmation.machine'
import { e2eEnv } from '../../scripts/e2e-env'
import type { Toast } from '../../src/domain/signup'
import { emailSignUp, emailUser, signInPage } from '../support/sessions'
import { authErrorResponse, defineDriver, type PathContext } from './driver'

/**
 * Arrival at /auth from a mailed link. The page opens with its script held, so it shows what the server rendered
 * (idle); ARRIVED lets the script run, and the app reads the URL the path opened. supabase-js (a lazy chunk) is held
 * too, so the actor states (exchanging the code, setting the session, checking it) stay on screen until the path
 * says how they end: real codes and sessions come from accounts made through the API, failures are the server's
 * answers given here or a dropped connection.
 */
const env = e2eEnv()

// ------------------------------------------------------------------------------------------------------------
// Helpers shared by the sign-up and resend drivers.

/** Requests held at the network, by page, with a look at what is waiting (the held request is a sign of its state). */
export function hold(match: (url: URL) => boolean, method?: string) {
  const held = new WeakMap<Page, Route[]>()
  const waiting = new WeakMap<Page, Array<(route: Route) => void>>()
  return {
    async install(page: Page) {
      held.set(page, [])
      waiting.set(page, [])
      await page.route(
        (url) => match(url),
        async (route) => {
          if (method && route.request().method() !== method) return route.fallback()
          const next = waiting.get(page)?.shift()
          if (next) next(route)
          else held.get(page)?.push(route)
        },
      )
    },
    next(page: Page): Promise<Route> {
      const queued = held.get(page)?.shift()
      if (queued) return Promise.resolve(queued)
      return new Promise((resolve) => waiting.get(page)?.push(resolve))
    },
    /** Lets every held request go on (and the ones still to come). */
    async releaseAll(page: Page) {
      const routes = held.get(page)?.splice(0) ?? []
      for (const route of routes) await route.continue()
      waiting.get(page)?.push(function pass(route) {
        void route.continue()
        waiting.get(page)?.push(pass)
      })
    },
    pending: (page: Page) => held.get(page)?.length ?? 0,
    /** Waits until the page has asked (a request is held). */
    async expectPending(page: Page) {
      await expect.poll(() => held.get(page)?.length ?? 0).toBeGreaterThan(0)
    },
  }
}

const assets = join(process.cwd(), env.dist, 'client/assets')
let chunkName: string | undefined
/** The lazily loaded supabase-js chunk of this build. */
export function supabaseChunk(): string {
  chunkName ??= readdirSync(assets).find((f) => f.endsWith('.js') && readFileSync(join(assets, f), 'utf8').includes('GoTrueClient'))
  if (!chunkName) throw new Error(`No supabase-js chunk in ${assets}: build the site with DIST=${env.dist}`)
  return chunkName
}

const isAuth = (url: URL, path: string) => url.origin === env.backendUrl && url.pathname === `/auth/v1/${path}`

/** The toasts the machine raises on the path's step (its notify actions, replayed on a copy of the machine). */
export function stepToasts(machine: AnyStateMachine, input: unknown, events: readonly AnyEventObject[], step: number): Toast[] {
  if (step < 0) return []
  const toasts: Toast[] = []
  let recording = false
  const stubs = Object.fromEntries(Object.keys(machine.implementations.actors ?? {}).map((n) => [n, fromPromise(() => new Promise(() => {}))]))
  const actor = createActor(
    machine.provide({ actions: { notify: (_: unknown, toast: Toast) => void (recording && toasts.push(toast)) } as never, actors: stubs }),
    { input: input as never, clock: new SimulatedClock() },
  )
  actor.subscribe({ error: () => {} })
  actor.start()
  for (const [i, event] of events.entries()) {
    if (i > step) break
    recording = i === step
    actor.send(event)
  }
  actor.stop()
  return toasts
}

const seenToasts = new WeakMap<Page, string[]>()
/**
 * Records the text of every toast the page shows (for states the page leaves on its own a second later, whose
 * check may come after the page has gone on a busy machine).
 */
export async function recordToasts(page: Page) {
  seenToasts.set(page, [])
  await page.exposeBinding('__toastSeen', (_source, text: string) => void seenToasts.get(page)?.push(text))
  await page.addInitScript(() => {
    const seen = new Set<string>()
    new MutationObserver(() => {
      for (const t of document.querySelectorAll('[data-sonner-toast]')) {
        const text = t.textContent ?? ''
        if (text && !seen.has(text)) {
          seen.add(text)
          void (window as unknown as { __toastSeen: (text: string) => Promise<void> }).__toastSeen(text)
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

/**
 * The step's toasts are on screen: title, and the description unless the page words the failure itself. With
 * `seen`, a toast the page showed counts even when the page has left since (see recordToasts).
 */
export async function expectStepToasts(page: Page, machine: AnyStateMachine, ctx: PathContext, wordedByPage = false, seen = false) {
  for (const toast of stepToasts(machine, ctx.path.input, ctx.events, ctx.step)) {
    const words = [toast.title, ...(!wordedByPage && toast.description ? [toast.description] : [])]
    if (seen) {
      await expect.poll(() => (seenToasts.get(page) ?? []).some((text) => words.every((w) => text.includes(w))), { message: `toast ${toast.title}` }).toBe(true)
      continue
    }
    let shown = page.locator('[data-sonner-toast]').filter({ hasText: toast.title })
    if (words[1]) shown = shown.filter({ hasText: words[1] })
    await expect(shown.first()).toBeVisible()
  }
}

/** Still on /auth, or gone to the app (only these states lead there, a second after they begin). */
export const stillHere = (page: Page) => new URL(page.url()).pathname === '/auth'

/** A failure the page meets as a real dropped connection or a thrown error words itself (not the sample's text). */
export const wordedByPage = (event: AnyEventObject | undefined) => {
  const error = (event as { error?: unknown } | undefined)?.error
  return error instanceof Error || (error as { code?: string } | undefined)?.code === 'network'
}

// ------------------------------------------------------------------------------------------------------------

const entry = hold((url) => url.origin === env.siteUrl && /^\/assets\/index-[\w-]+\.js$/.test(url.pathname))
const chunk = hold((url) => url.origin === env.siteUrl && url.pathname === `/assets/${supabaseChunk()}`)
const exchanges = hold((url) => isAuth(url, 'token') && url.searchParams.get('grant_type') === 'pkce', 'POST')
const refreshes = hold((url) => isAuth(url, 'token') && url.searchParams.get('grant_type') === 'refresh_token', 'POST')
const users = hold((url) => isAuth(url, 'user'), 'GET')
const resends = hold((url) => isAuth(url, 'resend'), 'POST')

const LINK_INVALID = 'This confirmation link has expired or was already used'
const ARRIVAL_TITLES = /^(Email confirmed!|Email verified!|Your email is confirmed|We could not confirm your email|This confirmation link has expired or was already used)$/
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 2, name })
const resendButton = (page: Page) => page.getByRole('button', { name: /^(Send a new confirmation email|Sending\.\.\.)$/ })
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
export async function leaveForApp(page: Page) {
  await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 5000 })
}

/** An arrival panel that shows only on the sign-up side of /auth (type=signup); elsewhere the toast says it. */
const signupSide = (c: ConfirmationContext) => c.params.mode === 'signup' || c.params.type === 'signup'

export const driver = defineDriver({
  name: 'emailConfirmation',
  flow: 'arrival from the confirmation e-mail (/auth)',
  machine: emailConfirmationMachine,
  sampleEvents: emailConfirmationSampleEvents,
  sampleInputs: [emailConfirmationSampleInput],
  async start(page, ctx) {
    // Accounts made through the API and a page load held open: more than the default on a busy 2-core machine.
    test.info().setTimeout(45_000)
    const arrived = ctx.events[0] as unknown as { params: Record<string, string> }
    const params = { ...arrived.params }
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
    } else if (ctx.events.some((e) => e.type === 'xstate.error.actor.getSession')) {
      // A stored session past its time: supabase-js must refresh it, and the server refuses.
      const expired = { access_token: unsignedJwt(), refresh_token: 'path-test-refresh', expires_at: Math.floor(Date.now() / 1000) - 60, expires_in: 3600, token_type: 'bearer', user: { id: '00000000-0000-4000-8000-000000000009' } }
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), { key: STORAGE_KEY, value: JSON.stringify(expired) })
    }
    await recordToasts(page)
    for (const h of [entry, chunk, exchanges, refreshes, users, resends]) await h.install(page)
    // GoTrue sends tokens to the sign-up's redirect (/auth?type=signup), in the fragment; the machine routes tokens
    // before the type, so the arrival is the same, and the page shows its panels on the sign-up side.
    if (params.access_token) params.type ??= 'signup'
    const fragment = new URLSearchParams()
    const query = new URLSearchParams()
    for (const [k, v] of Object.entries(params)) (k === 'access_token' || k === 'refresh_token' ? fragment : query).set(k, v)
    const url = `/auth${query.size ? `?${query}` : ''}${fragment.size ? `#${fragment}` : ''}`
    ctx.data.url = url
    // The server's page, its script held: nothing has run yet.
    await page.goto(url, { waitUntil: 'domcontentloaded' })
  },
  events: {
    ARRIVED: async (page) => {
      await entry.releaseAll(page)
      // Hydration on a busy machine can take longer than one assertion's wait.
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 })
    },
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
    'xstate.done.actor.getSession': (page) => chunk.releaseAll(page),
    'xstate.error.actor.getSession': async (page) => {
      await chunk.releaseAll(page)
      await (await refreshes.next(page)).fulfill(authErrorResponse(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'))
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
    'emailConfirmation.idle': async (page) => {
      // The prerendered page: every form of /auth, no script has run, no arrival read.
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
      await expect(page.locator('[data-auth-panel="signup"] h1')).toHaveText('Create your account')
      await expect(page.locator('[data-auth-panel="signin"] h1')).toHaveText('Sign in')
      await expect(heading(page, ARRIVAL_TITLES)).toHaveCount(0)
    },
    'emailConfirmation.none': async (page, view, ctx) => {
      await expectForm(page, view.context)
      expect(chunk.pending(page) + refreshes.pending(page), 'nothing is being checked').toBe(0)
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
      expect(new URL(page.url()).search).toBe(new URL(ctx.data.url as string, ctx.baseURL).search)
    },
    'emailConfirmation.checkingSession': async (page, view) => {
      await expectForm(page, view.context)
      await chunk.expectPending(page)
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
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
      await expect.poll(() => chunk.pending(page) + users.pending(page)).toBeGreaterThan(0)
    },
    // The page leaves a second after these two (its own timer): on a busy machine the check may come later, so
    // the toast counts when it was shown, and what is on screen is checked while the page is still here.
    'emailConfirmation.verified': async (page, view, ctx) => {
      await expectStepToasts(page, emailConfirmationMachine, ctx, false, true)
      if (signupSide(view.context) && stillHere(page)) await expect(heading(page, 'Email verified!')).toBeAttached()
    },
    'emailConfirmation.confirmed': async (page, view, ctx) => {
      await expectStepToasts(page, emailConfirmationMachine, ctx, false, true)
      // The single-use code and the tokens are gone from the address bar.
      expect(page.url()).not.toMatch(/code=|access_token/)
      if (signupSide(view.context) && stillHere(page)) await expect(heading(page, 'Email confirmed!')).toBeAttached()
    },
    'emailConfirmation.redirecting': async (page) => {
      // Taken to the app (the local setup wizard; signed out, it sends on to the home page).
      await expect(page).toHaveURL((url) => url.pathname !== '/auth')
    },
    'emailConfirmation.confirmedElsewhere': async (page) => {
      await expect(heading(page, 'Your email is confirmed')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Go to the app' })).toBeVisible()
      expect(page.url()).not.toContain('code=')
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
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
