import { createClient } from '@supabase/supabase-js'
import { expect, type Page, test } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import WebSocket from 'ws'
import { onboardingGateMachine } from '../../machines/onboardingGate.machine'
import { onboardingGateSampleEvents } from '../../machines/onboardingGate.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { LOCAL_ANON_KEY } from '../../supabase/local/keys'
import { admin, signInPage, ssoUser } from '../support/sessions'
import { defineDriver, holdRequests } from './driver'
import { signOutEndings, signOutInAnotherTab } from './users'
import { gate } from '../support/pages/onboarding'
import { hydrated, toast } from '../support/pages/shell'

/**
 * The /onboarding gate. The prerendered page is `arriving` until the app's entry script runs: the path holds that
 * script, and ARRIVED is letting it run (with the URL the path arrives with). Each path signs in a new Google SSO
 * user whose stored access token has expired, so reading the session needs a token refresh that the path holds
 * and ends: the real server refreshes it (its e-mail rewritten to a consumer address where the path says so, as
 * the backend refuses consumer sign-ups); a revoked refresh token, which the server refuses, leaves no session; a
 * An SSO return carries `?code=`: the code exchange is held too, and succeeds with a real code from the local SSO
 * stand-in (its session arriving already expired, as on a device whose clock runs ahead, so the session's read
 * after it is held like the others). The session is read by the one session machine, which the gate asks once it
 * needs to know. The completion status, the sign-out (asked of the session) and the dialog's save are held as well.
 */
const env = e2eEnv()
const ws = { transport: WebSocket as never }
const { loading, dialog } = gate
const refreshUrl = `${env.backendUrl}/auth/v1/token?grant_type=refresh_token`
const refreshes = holdRequests(refreshUrl)
const exchanges = holdRequests(`${env.backendUrl}/auth/v1/token?grant_type=pkce`)
const statuses = holdRequests(`${env.backendUrl}/rest/v1/rpc/get_profile_completion_status`)
const signOuts = holdRequests(/\/auth\/v1\/logout/)


type Output = Record<string, unknown> | null | undefined
const outputOf = (e: AnyEventObject) => (e as { output?: Output }).output
const find = (events: readonly AnyEventObject[], type: string) => events.filter((e) => e.type === type)

async function storedSession(page: Page): Promise<{ expires_at: number } | null> {
  const raw = await page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((k) => k.endsWith('-auth-token'))
    return key ? window.localStorage.getItem(key) : null
  })
  return raw ? (JSON.parse(raw) as { expires_at: number }) : null
}

/** A PKCE code verifier for this browser and, when wanted, a real code the local SSO stand-in issued for it. */
async function ssoReturn(withCode: boolean): Promise<{ verifier: [string, string]; code?: string }> {
  const store = new Map<string, string>()
  const sb = createClient(env.backendUrl, LOCAL_ANON_KEY, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    },
    realtime: ws,
  })
  const { data, error } = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: `${env.siteUrl}/onboarding`, skipBrowserRedirect: true } })
  expect(error).toBeNull()
  const verifier = [...store.entries()].find(([k]) => k.endsWith('-code-verifier')) as [string, string]
  if (!withCode) return { verifier }
  const authorize = new URL(data.url!)
  const form = new URLSearchParams({
    provider: 'google',
    redirect_to: authorize.searchParams.get('redirect_to') ?? `${env.siteUrl}/onboarding`,
    code_challenge: authorize.searchParams.get('code_challenge') ?? '',
    code_challenge_method: authorize.searchParams.get('code_challenge_method') ?? 's256',
    email: `sso-gate-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@sunrise-care.co.uk`,
    name: 'Grace Hopper',
  })
  const res = await fetch(`${env.backendUrl}/auth/v1/authorize`, { method: 'POST', body: form, redirect: 'manual' })
  expect(res.status).toBe(303)
  return { verifier, code: new URL(res.headers.get('location')!).searchParams.get('code')! }
}

async function expectLoading(page: Page) {
  await expect(hydrated(page)).toHaveCount(1)
  await expect(loading(page)).toBeVisible()
  await expect(dialog(page)).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'Redirecting...' })).toHaveCount(0)
}

async function expectHome(page: Page) {
  await expect(page).toHaveURL(`${env.siteUrl}/`)
  await expect(dialog(page)).toHaveCount(0)
  await expect(toast(page, 'Account setup complete!')).toHaveCount(0)
}

const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name)

/**
 * The address the gate sent the page to on /auth. /auth shows the provider's error and then takes it out of the
 * address bar (ssoSignIn's clearUrl), so polling page.url() for it raced that (the path was flaky): the page itself
 * records every address the router pushes or replaces (recordNavigations), and the first /auth one is read here.
 */
async function sentToAuth(page: Page): Promise<URL> {
  const first = async () => {
    const urls = await page.evaluate(() => (window as unknown as { __navigations?: string[] }).__navigations ?? [])
    return urls.map((u) => new URL(u)).find((u) => u.pathname.replace(/\/$/, '') === '/auth')
  }
  await expect.poll(async () => (await first())?.href ?? null).not.toBeNull()
  return (await first())!
}

/** Keeps every address the page's router moves to (history.pushState and replaceState) in window.__navigations. */
function recordNavigations() {
  const urls: string[] = []
  ;(window as unknown as { __navigations: string[] }).__navigations = urls
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history)
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args)
      urls.push(location.href)
    }
  }
}

export const driver = defineDriver({
  name: 'onboardingGate',
  flow: 'onboarding gate (/onboarding)',
  machine: onboardingGateMachine,
  sampleEvents: onboardingGateSampleEvents,
  async start(page, ctx) {
    test.setTimeout(60_000)
    const events = ctx.events
    const arrived = (events[0] as { params?: Record<string, string> }).params ?? {}
    const user = arrived.code ? null : await ssoUser('google')
    const statusOutputs = find(events, 'xstate.done.actor.getCompletionStatus').map(outputOf)
    if (user && statusOutputs.some((o) => o?.signup_method === 'sso' && o.onboarding_completed === true)) {
      // An SSO user who finished the wizard but never gave company and staff.
      const { error } = await admin.from('users').update({ onboarding_completed_at: new Date().toISOString() }).eq('id', user.id)
      expect(error).toBeNull()
    }
    await page.addInitScript(recordNavigations)
    // An SSO return: the code verifier this browser stored when it left for the provider.
    if (arrived.code) {
      const sso = await ssoReturn(find(events, 'xstate.done.actor.exchangeCode').length > 0)
      ctx.data.code = sso.code
      await page.addInitScript(([k, v]) => window.localStorage.setItem(k, v), sso.verifier)
    }
    // Someone coming back from the provider has no session yet; anyone else arrives signed in.
    if (user) await signInPage(page, user, { expired: true })
    await refreshes.install(page)
    await exchanges.install(page)
    await statuses.install(page)
    await signOuts.install(page)
    ctx.data.statusRequested = false
    page.on('request', (r) => {
      if (r.url().includes('/rest/v1/rpc/get_profile_completion_status')) ctx.data.statusRequested = true
    })
    // The app's entry script waits until ARRIVED: until then the page is the prerendered one.
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    ctx.data.release = release
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    const query = new URLSearchParams(arrived).toString()
    await page.goto(`/onboarding${query ? `?${query}` : ''}`, { waitUntil: 'domcontentloaded' })
  },
  events: {
    ARRIVED: async (page, _e, ctx) => {
      ;(ctx.data.release as () => void)()
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 }) // a busy machine is slow to start the app
    },
    // The session ends in another tab (the gate's own sign-out is the session's, and no SIGNED_OUT).
    SIGNED_OUT: (page) => signOutInAnotherTab(page),
    'xstate.done.actor.exchangeCode': async (page, _e, ctx) => {
      const route = await exchanges.next(page)
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>
      const response = await route.fetch({ postData: JSON.stringify({ ...body, auth_code: ctx.data.code }) })
      const session = (await response.json()) as Record<string, unknown>
      await route.fulfill({ response, json: { ...session, expires_at: Math.floor(Date.now() / 1000) - 60 } })
    },
    // A code this server never issued ('c0de'): the server refuses it.
    'xstate.error.actor.exchangeCode': async (page) => (await exchanges.next(page)).continue(),
    'xstate.done.actor.getSession': async (page, e) => {
      const output = outputOf(e) as { email?: string } | null
      const route = await refreshes.next(page)
      if (output == null) return route.continue({ postData: JSON.stringify({ refresh_token: 'revoked-path-token' }) })
      if (output.email?.endsWith('@gmail.com')) {
        const response = await route.fetch()
        const session = (await response.json()) as { user: Record<string, unknown> }
        return route.fulfill({ response, json: { ...session, user: { ...session.user, email: output.email } } })
      }
      await route.continue()
    },
    ...signOutEndings(signOuts),
    'xstate.done.actor.getCompletionStatus': async (page, e) => {
      const output = outputOf(e)!
      const route = await statuses.next(page)
      // The SSO user's own status is what the server says; an e-mail sign-up's is answered here.
      if (output.signup_method === 'sso') return route.continue()
      await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, json: output })
    },
    'xstate.error.actor.getCompletionStatus': async (page) => (await statuses.next(page)).abort('internetdisconnected'),
    'xstate.done.actor.ssoProfile': async (page, e) => {
      if ((outputOf(e) as { saved?: boolean }).saved) {
        await dialog(page).getByLabel('Company name').fill('Sunrise Care')
        await dialog(page).getByLabel('Number of staff').fill('12')
        await dialog(page).getByRole('button', { name: 'Continue' }).click()
      } else await dialog(page).getByRole('button', { name: 'Close' }).click()
    },
  },
  states: {
    'onboardingGate.arriving': async (page) => {
      await expect(page).toHaveURL(/\/onboarding(\?|$)/)
      await expect(loading(page)).toBeVisible()
      await expect(hydrated(page)).toHaveCount(0)
    },
    'onboardingGate.exchangingCode': async (page, view) => {
      await expectLoading(page)
      expect(searchParam(page, 'code')).toBe(view.context.params.code)
    },
    'onboardingGate.checkingSession': async (page, _view, ctx) => {
      await expectLoading(page)
      await expect(page).toHaveURL(`${env.siteUrl}/onboarding`)
      expect(ctx.data.statusRequested).toBe(false)
    },
    'onboardingGate.signedIn.checkingStatus': async (page, _view, ctx) => {
      await expectLoading(page)
      await expect(page).toHaveURL(`${env.siteUrl}/onboarding`)
      await expect.poll(() => ctx.data.statusRequested).toBe(true)
    },
    'onboardingGate.rejectingConsumerEmail': async (page) => {
      await expect(toast(page, 'Please use a company email').first()).toContainText('Consumer email addresses are not allowed.')
      await expect(page).toHaveURL(`${env.siteUrl}/onboarding`)
      await expect(loading(page)).toHaveCount(0)
    },
    'onboardingGate.consumerEmailRejected': async (page) => {
      await expect(page).toHaveURL(`${env.siteUrl}/auth?mode=signup`)
      await expect(toast(page, 'Account setup complete!')).toHaveCount(0)
    },
    'onboardingGate.providerError': async (page, view) => {
      const sent = await sentToAuth(page)
      expect(sent.searchParams.get('sso_error')).toBe(view.context.params.error)
      expect(sent.searchParams.get('sso_error_description')).toBe(view.context.params.error_description)
      await expect(page.getByTestId('sso-error')).toBeVisible()
    },
    'onboardingGate.exchangeFailed': async (page) => {
      expect((await sentToAuth(page)).searchParams.get('sso_error')).toBe('exchange_failed')
      await expect(page.getByTestId('sso-error')).toBeVisible()
    },
    'onboardingGate.signedIn.ssoProfile': async (page) => {
      await expect(dialog(page)).toBeVisible()
      await expect(dialog(page)).toContainText('You signed in with Google.')
      await expect(loading(page)).toHaveCount(0)
      await expect(page).toHaveURL(`${env.siteUrl}/onboarding`)
    },
    'onboardingGate.setupNeeded': async (page) => {
      await expect(page).toHaveURL(`${env.siteUrl}/onboarding/setup`)
      await expect(dialog(page)).toHaveCount(0)
      await expect(toast(page, 'Account setup complete!')).toHaveCount(0)
    },
    'onboardingGate.complete': async (page) => {
      await expect(toast(page, 'Account setup complete!').first()).toBeVisible()
      await expect(page).toHaveURL(`${env.siteUrl}/app`)
      await expect(dialog(page)).toHaveCount(0)
    },
    'onboardingGate.dismissed': async (page) => {
      await expectHome(page)
      // Still signed in: only the dialog was closed.
      const session = await storedSession(page)
      expect(session?.expires_at ?? 0).toBeGreaterThan(Date.now() / 1000)
    },
    'onboardingGate.signedOut': async (page) => {
      await expectHome(page)
      // No usable session: none stored.
      expect(await storedSession(page)).toBeNull()
    },
  },
  // Dropped connections, a failing auth server and a revoked refresh token are reported by the browser and supabase-js.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch|AuthRetryableFetchError|AuthApiError: Invalid Refresh Token/,
})
