import { expect, type Page } from '@playwright/test'
import { signInMachine, type SignInContext } from '../../machines/signIn.machine'
import { signInSampleEvents } from '../../machines/signIn.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { SIGN_IN_FIELD_MESSAGES, SIGN_IN_MESSAGES } from '../../src/domain/account'
import { openAuth } from '../e2e/support'
import { emailSignUp, returningUser, USER_PASSWORD } from '../support/sessions'
import { authErrorResponse, changeField, defineDriver, holdRequests } from './driver'
import { auth } from '../support/pages/auth'

/**
 * Sign-in on /auth. The password grant is held at the network until the path says how it ends: a wrong address or
 * password and an unconfirmed account are the real server's answers (the request goes on with that account's
 * credentials); success signs a real account in; 429, a banned account and a dropped connection are answered here.
 */
const grants = holdRequests(`${e2eEnv().backendUrl}/auth/v1/token?grant_type=password`)

/** Lets the held grant go on to the real server as this account. */
async function continueAs(page: Page, email: string, password: string) {
  const route = await grants.next(page)
  await route.continue({ postData: JSON.stringify({ ...JSON.parse(route.request().postData() ?? '{}'), email, password }) })
}

async function expectForm(page: Page, c: SignInContext) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Confirm your email first' })).toHaveCount(0)
  await expect(button(page)).toHaveText('Sign in')
  await expect(button(page)).toBeEnabled()
  await expect(field(page, 'Work email')).toHaveValue(c.values.email)
  await expect(field(page, 'Password')).toHaveValue(c.values.password)
  const alert = page.getByTestId('sign-in-error')
  if (c.failure) await expect(alert).toContainText(SIGN_IN_MESSAGES[c.failure])
  else await expect(alert).toHaveCount(0)
  for (const [problem, message] of Object.entries(SIGN_IN_FIELD_MESSAGES)) {
    if (c.problem === problem) await expect(page.getByText(message)).toBeVisible()
    else await expect(page.getByText(message)).toHaveCount(0)
  }
}

const button = auth.signIn.submit
const field = (page: Page, label: 'Work email' | 'Password') => page.getByLabel(label, { exact: true })

export const driver = defineDriver({
  name: 'signIn',
  flow: 'sign-in (/auth)',
  machine: signInMachine,
  sampleEvents: signInSampleEvents,
  phone: true,
  async start(page, ctx) {
    const types = ctx.events.map((e) => e.type === 'xstate.error.actor.signIn' ? (e as unknown as { error: { code: string } }).error.code : e.type)
    if (types.includes('xstate.done.actor.signIn')) ctx.data.user = await returningUser()
    if (types.includes('email_not_confirmed')) ctx.data.unconfirmed = (await emailSignUp()).email
    await grants.install(page)
    await openAuth(page)
  },
  events: {
    FIELD_CHANGED: (page, event) => changeField(field(page, event.field === 'email' ? 'Work email' : 'Password'), event.value as string),
    SUBMIT: (page) => button(page).click(),
    'xstate.done.actor.signIn': async (page, _event, ctx) => {
      const user = ctx.data.user as { email: string; password: string }
      await continueAs(page, user.email, user.password)
    },
    'xstate.error.actor.signIn': async (page, event, ctx) => {
      const { code, status, message } = event.error as { code: string; status?: number; message: string }
      if (code === 'invalid_credentials') return (await grants.next(page)).continue() // no such account: the server says so
      if (code === 'email_not_confirmed') return continueAs(page, ctx.data.unconfirmed as string, USER_PASSWORD)
      if (code === 'network') return (await grants.next(page)).abort('internetdisconnected')
      await (await grants.next(page)).fulfill(authErrorResponse(status ?? 400, code, message))
    },
  },
  states: {
    'signIn.editing': (page, view) => expectForm(page, view.context),
    'signIn.signingIn': async (page) => {
      await expect(button(page)).toHaveText('Signing in...')
      await expect(button(page)).toBeDisabled()
    },
    'signIn.unconfirmed': async (page, view) => {
      await expect(page.getByRole('heading', { name: 'Confirm your email first' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Resend confirmation e-mail' })).toBeVisible()
      await expect(page.getByRole('main')).toContainText(`${view.context.values.email.trim()} is not confirmed yet`)
      // The form stays, ready for another try; no failure message competes with the notice.
      await expect(button(page)).toBeEnabled()
      await expect(page.getByTestId('sign-in-error')).toHaveCount(0)
    },
    'signIn.signedIn': async (page) => {
      // Handed over to the onboarding gate, signed in.
      await expect(page).toHaveURL(/\/onboarding(\/setup)?$/)
      expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('-auth-token')))).toBe(true)
    },
  },
  // A dropped connection is reported by the browser itself.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
