import { randomBytes } from 'node:crypto'
import { expect, type Locator, type Page } from '@playwright/test'
import { type ResendConfirmationContext, resendConfirmationMachine } from '../../machines/resendConfirmation.machine'
import { resendConfirmationSampleEvents, resendConfirmationSampleInputs } from '../../machines/resendConfirmation.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { formatCountdown } from '../../src/domain/account'
import { UNREACHABLE_MESSAGE } from '../../src/domain/authErrors'
import { openAuth } from '../e2e/support'
import { emailSignUp, fillSignUpForm, USER_PASSWORD } from '../support/sessions'
import { authErrorResponse, defineDriver, holdRequests, type PathContext } from './driver'

/**
 * 'Resend email' for the confirmation e-mail, where /auth offers it: on 'Check your email' right after a sign-up made
 * in the page (justSent: the countdown starts at once), and on sign-in's 'Confirm your email first' for an account
 * made unconfirmed through the API. The resend request is held until the path says how it ends (the server allows
 * one mail a minute per address, so its answers are given here); the countdown is the page's own one-second timer.
 * A countdown the path starts (a sent mail, a 429) runs on the page's clock, paused as the answer is given and moved
 * on a second per tick: the sample 429's countdown is 2 s, and on a busy machine its last second passed in real time
 * before the check of 'still counting down' could see it.
 */
const env = e2eEnv()
const resends = holdRequests((url) => url.origin === env.backendUrl && url.pathname === '/auth/v1/resend')
const SENT = (email: string) => `A new confirmation link is on its way to ${email}.`
const RATE_LIMITED = 'For security, we send at most one email a minute. The button works again when the countdown ends.'
const UNEXPECTED = 'We could not send the email. Please try again in a moment.'

/** The panel that holds the resend button: after sign-up or on sign-in. */
const panel = (page: Page, justSent: boolean) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: justSent ? 'Check your email' : 'Confirm your email first' }) })
const button = (page: Page, c: ResendConfirmationContext) =>
  panel(page, c.justSent).getByRole('button', { name: /^(Resend email|Resend confirmation e-mail|Sending\.\.\.)$/ })
const countdown = (page: Page, c: ResendConfirmationContext) => panel(page, c.justSent).getByTestId('resend-countdown')

async function expectOutcome(scope: Locator, c: ResendConfirmationContext, email: string) {
  const status = scope.getByRole('status')
  if (c.outcome === 'sent') await expect(status).toHaveText(SENT(email))
  else if (c.outcome === 'rateLimited') await expect(status).toHaveText(RATE_LIMITED)
  else await expect(status).toHaveText('')
  const alert = scope.getByRole('alert')
  if (c.outcome === 'network') await expect(alert).toHaveText(UNREACHABLE_MESSAGE)
  else if (c.outcome === 'unexpected') await expect(alert).toHaveText(UNEXPECTED)
  else await expect(alert).toHaveCount(0)
}

const shown = async (page: Page, c: ResendConfirmationContext) => {
  const text = (await countdown(page, c).textContent()) ?? ''
  const match = /(\d+):(\d\d)$/.exec(text)
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}

/** Pauses the page's clock just before an answer that starts a countdown, so only the path's ticks move it. */
async function pauseForCountdown(page: Page, ctx: PathContext) {
  // pauseAt only jumps forward, and the page's clock runs in real time until then: a moment ahead, more when the
  // machine is so busy that the moment has passed by the time the call arrives. No countdown runs yet to skip.
  for (const ahead of [300, 2000, 10_000]) {
    try {
      await page.clock.pauseAt(Date.now() + ahead)
      ctx.data.clockPaused = true
      return
    } catch (error) {
      if (!/to the past/.test(String(error))) throw error
    }
  }
  throw new Error('The page clock could not be paused')
}

export const driver = defineDriver({
  name: 'resendConfirmation',
  flow: 'resend the confirmation e-mail (/auth)',
  machine: resendConfirmationMachine,
  sampleEvents: resendConfirmationSampleEvents,
  sampleInputs: resendConfirmationSampleInputs,
  async start(page, ctx) {
    const input = ctx.path.input as { justSent: boolean }
    await resends.install(page)
    // Runs in step with real time until a countdown is paused (pauseForCountdown).
    await page.clock.install()
    if (input.justSent) {
      // A sign-up in the page: the confirmation e-mail has just gone.
      const email = `resend-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@sunrise-care.co.uk`
      ctx.data.email = email
      await openAuth(page, '/auth?mode=signup')
      const form = page.getByRole('form', { name: 'Create your account' })
      await fillSignUpForm(form, email)
      await form.getByRole('button', { name: 'Create account' }).click()
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible({ timeout: 15_000 })
    } else {
      // An account never confirmed, signing in: the page asks to confirm first.
      const { email } = await emailSignUp()
      ctx.data.email = email
      await openAuth(page)
      const signIn = page.getByRole('form', { name: 'Sign in' })
      await signIn.getByLabel('Work email', { exact: true }).fill(email)
      await signIn.getByLabel('Password', { exact: true }).fill(USER_PASSWORD)
      await signIn.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect(page.getByRole('heading', { name: 'Confirm your email first' })).toBeVisible({ timeout: 15_000 })
    }
  },
  events: {
    RESEND: (page, _event, ctx) => button(page, ctx.view.context).click(),
    'xstate.done.actor.resend': async (page, _event, ctx) => {
      const route = await resends.next(page)
      await pauseForCountdown(page, ctx)
      await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: '{}' })
    },
    'xstate.error.actor.resend': async (page, event, ctx) => {
      const error = event.error as { code?: string; status?: number; message: string }
      const route = await resends.next(page)
      if (error.code === 'network') return route.abort('internetdisconnected')
      if (error.status === 429) await pauseForCountdown(page, ctx)
      await route.fulfill(authErrorResponse(error.status ?? 400, error.code ?? 'unexpected_failure', error.message))
    },
    // A second of the countdown: the paused clock moved on by one, or (after a sign-up) real time.
    'xstate.after.tick.resendConfirmation.coolingDown': async (page, _event, ctx) => {
      const c = ctx.view.context as ResendConfirmationContext
      if (ctx.data.clockPaused) await page.clock.runFor(1000)
      if (c.secondsLeft <= 1) {
        await expect(button(page, c)).toBeEnabled({ timeout: 5000 })
        // The countdown is over: the page's timers run in real time again (supabase-js has its own).
        if (ctx.data.clockPaused) await page.clock.resume()
        ctx.data.clockPaused = false
        return
      }
      await expect.poll(() => shown(page, c), { timeout: 5000 }).toBeLessThanOrEqual(c.secondsLeft - 1)
    },
  },
  states: {
    'resendConfirmation.ready': async (page, view, ctx) => {
      const c = view.context as ResendConfirmationContext
      await expect(button(page, c)).toHaveText(c.justSent ? 'Resend email' : 'Resend confirmation e-mail')
      await expect(button(page, c)).toBeEnabled()
      await expect(countdown(page, c)).toHaveCount(0)
      await expectOutcome(panel(page, c.justSent), c, ctx.data.email as string)
      expect(resends.pending(page)).toBe(0)
    },
    'resendConfirmation.sending': async (page, view) => {
      const c = view.context as ResendConfirmationContext
      await expect(button(page, c)).toHaveText('Sending...')
      await expect(button(page, c)).toBeDisabled()
      await resends.expectPending(page)
    },
    'resendConfirmation.coolingDown': async (page, view, ctx) => {
      const c = view.context as ResendConfirmationContext
      await expect(button(page, c)).toBeDisabled()
      await expect(button(page, c)).not.toHaveText('Sending...')
      // The page's own timer runs on: it shows this second, or (a moment later) the next.
      const now = [formatCountdown(c.secondsLeft), formatCountdown(c.secondsLeft - 1)].map((t) => `You can resend in ${t}`)
      await expect(countdown(page, c)).toHaveText(new RegExp(`^(${now.join('|')})$`))
      await expectOutcome(panel(page, c.justSent), c, ctx.data.email as string)
    },
  },
  // A dropped connection is reported by the browser itself.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
