import { createClient } from '@supabase/supabase-js'
import { expect, type Page, type Route, test } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import WebSocket from 'ws'
import {
  type PasswordResetContext,
  type PasswordResetInput,
  passwordResetMachine,
  type ResetArrival,
} from '../../machines/passwordReset.machine'
import { passwordResetSampleEvents, passwordResetSampleInputs } from '../../machines/passwordReset.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { sessionStorageKey } from '../../src/backend/storedSession'
import { NEW_PASSWORD_MESSAGES, RESET_MESSAGES } from '../../src/domain/account'
import { LOCAL_ANON_KEY } from '../../supabase/local/keys'
import { messagesTo } from '../backend/helpers'
import { waitForHydration } from '../e2e/support'
import { ssoUser } from '../support/sessions'
import { supabaseChunkName } from './users'
import { authErrorResponse, changeField, defineDriver, holdRequests, type PathContext } from './driver'
import { auth } from '../support/pages/auth'

/**
 * Forgotten password on /auth, the flow the page invokes in its reset form with what the URL said (the path's
 * input: the reset form, or a mailed link). Recovery links are real where the path needs them to work: a real account asks for a link (PKCE from "this browser", whose code verifier is put
 * into the page, or a token-hash link), and the mailed link is opened. The backend calls are held until the path
 * says how they end: the real server's answer where it gives that outcome (a used code, an unknown token hash, a
 * working link), an answer made here otherwise (429s, weak or same password, a lost session, a 500), or a dropped
 * connection. A missing code verifier fails inside supabase-js before any request, so there the supabase-js
 * download is what is held.
 */
const env = e2eEnv()
const STORAGE_KEY = sessionStorageKey(env.backendUrl)
const recovers = holdRequests(`${env.backendUrl}/auth/v1/recover**`)
const exchanges = holdRequests(`${env.backendUrl}/auth/v1/token?grant_type=pkce`)
const verifies = holdRequests(`${env.backendUrl}/auth/v1/verify`)
const updates = holdRequests(`${env.backendUrl}/auth/v1/user`, 'PUT')

const { main } = auth
const { checking, requestForm, passwordForm } = auth.reset
const h2 = (page: Page, name: string) => main(page).getByRole('heading', { level: 2, name, exact: true })
const STEP_TITLES = ['Check your email', 'Choose a new password', 'Password updated', 'This reset link cannot be used', 'We could not check your reset link']
const REQUEST_FIELD = { missingEmail: 'Enter the email address you sign in with.', invalidEmail: 'Enter a valid email address, like name@organisation.co.uk.' }
const FAILURE_TEXT = {
  rateLimited: RESET_MESSAGES.requestRateLimited,
  network: RESET_MESSAGES.network,
  unexpected: RESET_MESSAGES.unexpected,
  weakPassword: RESET_MESSAGES.weakPassword,
  samePassword: RESET_MESSAGES.samePassword,
} as const

const errorOf = (event: AnyEventObject) => event.error as { code: string; message: string; status?: number }

/** Recovery links for a real account: PKCE (with the verifier this browser would keep) or a token hash. */
async function recoveryLink(pkce: boolean): Promise<{ link: string; verifier?: [string, string] }> {
  const user = await ssoUser()
  const session = [...user.store.entries()].find(([k]) => k.endsWith('-auth-token'))?.[1] ?? '{}'
  const email = (JSON.parse(session) as { user: { email: string } }).user.email
  const store = new Map<string, string>()
  const client = createClient(env.backendUrl, LOCAL_ANON_KEY, {
    auth: {
      flowType: pkce ? 'pkce' : 'implicit',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    },
    realtime: { transport: WebSocket as never },
  })
  const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: `${env.siteUrl}/auth?type=recovery` })
  expect(error).toBeNull()
  let link: string | undefined
  await expect
    .poll(async () => {
      link = (await messagesTo(env.mailUrl, email)).find((m) => m.subject === 'Reset your password')?.links.find((l) => l.includes('/auth/v1/verify'))
      return link
    })
    .toBeTruthy()
  const verifier = [...store.entries()].find(([k]) => k.endsWith('-code-verifier'))
  return { link: link as string, verifier }
}

/** The address the path opens: the mailed link (a working one when the path needs it), or /auth with the params. */
function addressOf(params: ResetArrival, ctx: PathContext): string {
  if (params.code && ctx.data.link) return ctx.data.link as string
  if (params.token_hash && ctx.data.tokenHash) return `/auth?type=recovery&token_hash=${ctx.data.tokenHash}`
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined) as [string, string][]).toString()
  return `/auth${search ? `?${search}` : ''}`
}

async function expectRequestForm(page: Page, c: PasswordResetContext, sending: boolean) {
  await expect(requestForm(page)).toBeVisible()
  await expect(requestForm(page).getByLabel('Work email', { exact: true })).toHaveValue(c.email)
  const button = requestForm(page).getByRole('button', { name: /^(Send reset link|Sending\.\.\.)$/ })
  await expect(button).toHaveText(sending ? 'Sending...' : 'Send reset link')
  if (sending) await expect(button).toBeDisabled()
  else await expect(button).toBeEnabled()
  for (const [problem, message] of Object.entries(REQUEST_FIELD)) {
    if (c.requestProblem === problem) await expect(requestForm(page).getByText(message)).toBeVisible()
    else await expect(requestForm(page).getByText(message)).toHaveCount(0)
  }
  const alert = requestForm(page).locator(':scope > p[role="alert"]')
  if (c.failure && !sending) await expect(alert).toHaveText(FAILURE_TEXT[c.failure])
  else await expect(alert).toHaveCount(0)
  for (const title of STEP_TITLES) await expect(h2(page, title)).toHaveCount(0)
}

async function expectPasswordForm(page: Page, c: PasswordResetContext, updating: boolean) {
  await expect(h2(page, 'Choose a new password')).toBeVisible()
  await expect(page).toHaveURL(/\/auth\?mode=reset$/)
  const form = passwordForm(page)
  await expect(form.getByLabel('New password', { exact: true })).toHaveValue(c.values.password)
  await expect(form.getByLabel('Repeat the new password', { exact: true })).toHaveValue(c.values.repeat)
  const button = form.getByRole('button', { name: /^(Save new password|Saving\.\.\.)$/ })
  await expect(button).toHaveText(updating ? 'Saving...' : 'Save new password')
  if (updating) await expect(button).toBeDisabled()
  else await expect(button).toBeEnabled()
  for (const [problem, message] of Object.entries(NEW_PASSWORD_MESSAGES)) {
    if (c.passwordProblem === problem) await expect(form.getByText(message, { exact: true })).toBeVisible()
    else await expect(form.getByText(message, { exact: true })).toHaveCount(0)
  }
  const alert = form.locator(':scope > p[role="alert"]')
  if (c.failure && !updating) await expect(alert).toHaveText(FAILURE_TEXT[c.failure])
  else await expect(alert).toHaveCount(0)
}

export const driver = defineDriver({
  name: 'passwordReset',
  flow: 'password reset (/auth)',
  machine: passwordResetMachine,
  sampleEvents: passwordResetSampleEvents,
  sampleInputs: passwordResetSampleInputs,
  phone: true,
  async start(page, ctx) {
    test.setTimeout(90_000)
    const { params } = ctx.path.input as PasswordResetInput
    const types = ctx.events.map((e) => e.type)
    const codeWorks = types.includes('xstate.done.actor.exchangeCode')
    if (codeWorks) {
      const { link, verifier } = await recoveryLink(true)
      ctx.data.link = link
      if (verifier) await page.addInitScript(([k, v]) => window.localStorage.setItem(k, v), verifier)
    } else if (params.code) {
      const next = ctx.events[0]
      if (next && errorOf(next).code === 'pkce_code_verifier_not_found') {
        // Opened in another browser: no verifier here, and supabase-js fails before sending anything.
        const chunk = supabaseChunkName()
        ctx.data.chunk = new Promise<Route>((resolve) => void page.route(`**/assets/${chunk}`, (route) => resolve(route)))
      } else {
        // This browser asked for a link, but this code is not (or no longer) the server's.
        // (supabase-js stores every value as JSON.)
        await page.addInitScript(
          (k) => window.localStorage.setItem(`${k}-code-verifier`, JSON.stringify('a-verifier-for-another-code/PASSWORD_RECOVERY')),
          STORAGE_KEY,
        )
      }
    }
    if (types.includes('xstate.done.actor.verifyToken')) {
      const { link } = await recoveryLink(false)
      ctx.data.tokenHash = new URL(link).searchParams.get('token')
    }
    await recovers.install(page)
    await exchanges.install(page)
    await verifies.install(page)
    await updates.install(page)
    await page.goto(addressOf(params, ctx))
    await waitForHydration(page)
  },
  events: {
    EMAIL_CHANGED: (page, event) => changeField(requestForm(page).getByLabel('Work email', { exact: true }), event.value as string),
    PASSWORD_CHANGED: (page, event) =>
      changeField(passwordForm(page).getByLabel(event.field === 'password' ? 'New password' : 'Repeat the new password', { exact: true }), event.value as string),
    SUBMIT: async (page, _event, ctx) => {
      const form = JSON.stringify(ctx.view.value).includes('choosingPassword') ? passwordForm(page) : requestForm(page)
      await form.getByRole('button', { name: /^(Send reset link|Save new password)$/ }).click()
    },
    REQUEST_NEW_LINK: (page) => main(page).getByRole('button', { name: /^(Send another link|Send a new link)$/ }).click(),
    RETRY: (page) => main(page).getByRole('button', { name: 'Try again' }).click(),
    // The same 'Check your email' for any address: answered here (the real endpoint's per-client limit is shared by
    // every test of the run).
    'xstate.done.actor.requestReset': async (page) =>
      (await recovers.next(page)).fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: '{}' }),
    'xstate.error.actor.requestReset': async (page, event) => end(await recovers.next(page), event),
    'xstate.done.actor.exchangeCode': async (page) => (await exchanges.next(page)).continue(),
    'xstate.error.actor.exchangeCode': async (page, event, ctx) => {
      const { code } = errorOf(event)
      if (code === 'pkce_code_verifier_not_found') return (await (ctx.data.chunk as Promise<Route>)).continue()
      if (code === 'flow_state_not_found') return (await exchanges.next(page)).continue() // the server does not know the code
      await end(await exchanges.next(page), event)
    },
    'xstate.done.actor.verifyToken': async (page) => (await verifies.next(page)).continue(),
    'xstate.error.actor.verifyToken': async (page, event) => {
      if (errorOf(event).code === 'otp_expired') return (await verifies.next(page)).continue() // an unknown token hash
      await end(await verifies.next(page), event)
    },
    'xstate.done.actor.updatePassword': async (page) => (await updates.next(page)).continue(),
    'xstate.error.actor.updatePassword': async (page, event) => end(await updates.next(page), event),
    // 'Password updated' shows for a second, then the onboarding gate takes over.
    'xstate.after.onwardDelay.passwordReset.updated': (page) => page.waitForURL(/\/(onboarding|account)/),
  },
  states: {
    'passwordReset.requesting.editing': (page, view) => expectRequestForm(page, view.context, false),
    'passwordReset.requesting.sending': (page, view) => expectRequestForm(page, view.context, true),
    'passwordReset.emailSent': async (page, view) => {
      const c = view.context as PasswordResetContext
      await expect(h2(page, 'Check your email')).toBeFocused()
      await expect(main(page)).toContainText(`If an account exists for ${c.sentTo}`)
      const wait = main(page).getByText(/For security, you can ask for another link in \d+ seconds\./)
      if (c.waitSeconds) await expect(wait).toHaveText(new RegExp(RESET_MESSAGES.nextLinkIn(c.waitSeconds).replace(/\./g, '\\.')))
      else await expect(wait).toHaveCount(0)
      await expect(requestForm(page)).toHaveCount(0)
    },
    'passwordReset.exchangingCode': async (page) => {
      await expect(checking(page)).toBeVisible()
      expect(new URL(page.url()).searchParams.get('code')).toBeTruthy()
    },
    'passwordReset.verifyingToken': async (page) => {
      await expect(checking(page)).toBeVisible()
      expect(new URL(page.url()).searchParams.get('token_hash')).toBeTruthy()
    },
    'passwordReset.failed': async (page) => {
      await expect(h2(page, 'We could not check your reset link')).toBeFocused()
      await expect(main(page)).toContainText(RESET_MESSAGES.network)
      await expect(main(page).getByRole('button', { name: 'Try again' })).toBeEnabled()
      await expect(checking(page)).toHaveCount(0)
    },
    'passwordReset.linkInvalid': async (page, view) => {
      const c = view.context as PasswordResetContext
      await expect(h2(page, 'This reset link cannot be used')).toBeFocused()
      await expect(main(page)).toContainText(c.linkProblem === 'otherBrowser' ? RESET_MESSAGES.linkOtherBrowser : RESET_MESSAGES.linkExpired)
      await expect(main(page).getByRole('button', { name: 'Send a new link' })).toBeEnabled()
      await expect(page).toHaveURL(/\/auth\?mode=reset$/)
    },
    'passwordReset.choosingPassword.editing': (page, view) => expectPasswordForm(page, view.context, false),
    'passwordReset.choosingPassword.updating': (page, view) => expectPasswordForm(page, view.context, true),
    'passwordReset.updated': async (page) => {
      await expect(h2(page, 'Password updated')).toBeVisible()
    },
    'passwordReset.signedIn': async (page) => {
      await expect(page).toHaveURL(/\/(onboarding|account)/)
      expect(await page.evaluate((k) => window.localStorage.getItem(k), STORAGE_KEY)).not.toBeNull()
    },
  },
  // Requests dropped on purpose, and answers with an error status, are reported by the browser.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})

/** Ends a held auth request as the sample error says: dropped (network) or answered with GoTrue's error. */
async function end(route: Route, event: AnyEventObject) {
  const { code, status, message } = errorOf(event)
  if (code === 'network') return route.abort('internetdisconnected')
  await route.fulfill(authErrorResponse(status ?? 400, code, message))
}
