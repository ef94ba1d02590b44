import { randomBytes } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { type SignupContext, signupMachine } from '../../machines/signup.machine'
import { signupSampleEvents, signupSampleInput } from '../../machines/signup.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import type { SignupField } from '../../src/domain/signup'
import { openAuth } from '../e2e/support'
import { authErrorResponse, changeField, defineDriver, expectStepToasts, holdRequests, recordShown, wordedByPage } from './driver'
import { supabaseChunkName } from './users'
import { auth } from '../support/pages/auth'

/**
 * Sign-up on /auth?mode=signup. The auth sign-up and the complete-user-signup function are held until the path says
 * how they end: a success goes on to the real server (always with a fresh address in place of the typed one, so
 * parallel tests never meet), the server's refusals are answered here, and a failed download of supabase-js is the
 * "chunk failed to load". The clipboard is the page's own, with its writes held until the path grants or denies them.
 */
const env = e2eEnv()
const signups = holdRequests((url) => url.origin === env.backendUrl && url.pathname === '/auth/v1/signup')
const completes = holdRequests((url) => url.origin === env.backendUrl && url.pathname === '/functions/v1/complete-user-signup')
const chunk = holdRequests((url) => url.origin === env.siteUrl && url.pathname === `/assets/${supabaseChunkName()}`, null)
const CORS = { 'access-control-allow-origin': '*' }

const LABELS: Record<SignupField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Work email',
  password: 'Password',
  company: 'Company',
  phone: 'Phone',
  sector: 'Sector',
  staffCount: 'Number of staff',
}
// The optional field's label says so after its name.
const field = (page: Page, name: SignupField) =>
  name === 'staffCount' ? form(page).getByLabel(/^Number of staff/) : form(page).getByLabel(LABELS[name], { exact: true })
const { form, submit, copyPassword: copyButton } = auth.signUp
const checkEmail = (page: Page) => page.getByRole('heading', { name: 'Check your email' })
const clipboardWrites = (page: Page) => page.evaluate(() => (window as unknown as { __clip?: { pending: unknown[] } }).__clip?.pending.length ?? 0)

async function expectValues(page: Page, c: SignupContext) {
  for (const name of Object.keys(LABELS) as SignupField[]) await expect(field(page, name)).toHaveValue(c.values[name])
}

/**
 * The form is on screen to be checked: not once the page is leaving, nor in the second before (confirmed, whose own
 * 1 s timer takes the page on; fresh7 found the copy button gone mid-check as it did on a busy machine). What
 * confirmed shows is checked from the page's record (its toast).
 */
const onForm = (active: string[]) => !active.includes('signup.form.redirecting') && !active.includes('signup.form.confirmed')

export const driver = defineDriver({
  name: 'signup',
  flow: 'sign-up (/auth?mode=signup)',
  machine: signupMachine,
  sampleEvents: signupSampleEvents,
  sampleInputs: [signupSampleInput],
  phone: true,
  unreachable: {
    events: [
      {
        match: (e) => e.type === 'xstate.error.actor.completeSignup' && (e as { error?: unknown }).error instanceof Error,
        reason:
          'The completeSignup actor turns every outcome of the function call into a setup failure (functions-js reports network and HTTP failures as its error; supabase-js is already downloaded by the sign-up before it): nothing else can be thrown',
      },
    ],
    transitions: {
      'signup.form.completing --xstate.error.actor.completeSignup[1]--> signup.form.editing':
        'Only a thrown error other than a setup failure takes it, and the completeSignup actor never throws one (see the event above)',
    },
  },
  async start(page) {
    // The page's clipboard: writes wait until the path grants or denies them.
    await page.addInitScript(() => {
      const clip = { pending: [] as Array<{ resolve: () => void; reject: (e: unknown) => void }> }
      ;(window as unknown as { __clip: typeof clip }).__clip = clip
      if (!navigator.clipboard) return
      Object.defineProperty(navigator.clipboard, 'writeText', {
        configurable: true,
        value: () => new Promise<void>((resolve, reject) => clip.pending.push({ resolve, reject })),
      })
    })
    await recordShown(page)
    for (const h of [signups, completes, chunk]) await h.install(page)
    await openAuth(page, '/auth?mode=signup')
  },
  events: {
    FIELD_CHANGED: async (page, event) => {
      const name = event.field as SignupField
      if (name === 'sector') await field(page, name).selectOption(event.value as string)
      else await changeField(field(page, name), event.value as string)
    },
    SUBMIT: async (page, _event, ctx) => {
      // supabase-js downloads on the first sign-up; it arrives unless this step's path fails it.
      const next = ctx.events[ctx.step + 1] as { type: string; error?: unknown } | undefined
      if (!(next?.type === 'xstate.error.actor.signUp' && next.error instanceof Error)) await chunk.releaseAll(page)
      await submit(page).click()
    },
    COPY_PASSWORD: (page) => copyButton(page).click(),
    START_OVER: (page) => page.getByRole('button', { name: 'Use a different email' }).click(),
    'xstate.done.actor.signUp': async (page, event, ctx) => {
      const output = event.output as { userId: string | null; emailConfirmed: boolean }
      const route = await signups.next(page)
      if (!output.userId) return route.fulfill({ status: 200, contentType: 'application/json', headers: CORS, body: '{}' })
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>
      const email = `signup-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@sunrise-care.co.uk`
      ctx.data.email = email
      const response = await route.fetch({ postData: JSON.stringify({ ...body, email }) })
      const json = (await response.json()) as Record<string, unknown> & { user?: Record<string, unknown> }
      if (output.emailConfirmed) {
        const at = new Date().toISOString()
        json.email_confirmed_at = at
        if (json.user) json.user.email_confirmed_at = at
      }
      await route.fulfill({ response, json })
    },
    'xstate.error.actor.signUp': async (page, event) => {
      const error = event.error as { message: string }
      if (error instanceof Error) {
        await (await chunk.next(page)).abort('internetdisconnected')
        await chunk.releaseAll(page)
        return
      }
      const code = /already registered/i.test(error.message) ? 'user_already_exists' : 'weak_password'
      await (await signups.next(page)).fulfill(authErrorResponse(422, code, error.message))
    },
    'xstate.done.actor.completeSignup': async (page, event, ctx) => {
      const route = await completes.next(page)
      if ((event.output as { success: boolean }).success) {
        // The function checks the address against the account: the one the sign-up really used.
        const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>
        return route.continue({ postData: JSON.stringify({ ...body, email: ctx.data.email }) })
      }
      await route.fulfill({ status: 200, contentType: 'application/json', headers: CORS, body: JSON.stringify({ success: false }) })
    },
    'xstate.error.actor.completeSignup': async (page, event) => {
      const error = event.error as { message: string }
      await (await completes.next(page)).fulfill({ status: 400, contentType: 'application/json', headers: CORS, body: JSON.stringify({ error: error.message }) })
    },
    'xstate.done.actor.copyPassword': (page) =>
      page.evaluate(() => (window as unknown as { __clip: { pending: Array<{ resolve: () => void }> } }).__clip.pending.shift()?.resolve()),
    'xstate.error.actor.copyPassword': (page) =>
      page.evaluate(() =>
        (window as unknown as { __clip: { pending: Array<{ reject: (e: unknown) => void }> } }).__clip.pending
          .shift()
          ?.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      ),
    // The page's own timers (1 s redirect, 2 s copy confirmation).
    'xstate.after.redirectDelay.signup.form.confirmed': (page) => page.waitForURL((url) => url.pathname !== '/auth', { timeout: 5000 }),
    'xstate.after.copiedDelay.signup.copy.copied': (page) => expect(copyButton(page)).toHaveText('Copy password', { timeout: 5000 }),
  },
  states: {
    'signup.form.editing': async (page, view, ctx) => {
      await expect(submit(page)).toHaveText('Create account')
      await expect(submit(page)).toBeEnabled()
      await expect(checkEmail(page)).toHaveCount(0)
      await expectValues(page, view.context)
      expect(signups.pending(page) + completes.pending(page), 'no request is under way').toBe(0)
      await expectStepToasts(page, signupMachine, ctx, wordedByPage(ctx.events[ctx.step]))
      expect(new URL(page.url()).pathname).toBe('/auth')
    },
    'signup.form.submitting': async (page) => {
      await expect(submit(page)).toHaveText('Creating account...')
      await expect(submit(page)).toBeDisabled()
      await expect.poll(() => signups.pending(page) + chunk.pending(page)).toBeGreaterThan(0)
      expect(completes.pending(page)).toBe(0)
    },
    'signup.form.completing': async (page) => {
      await expect(submit(page)).toHaveText('Creating account...')
      await expect(submit(page)).toBeDisabled()
      await completes.expectPending(page)
      expect(signups.pending(page)).toBe(0)
    },
    'signup.form.confirmed': async (page, _view, ctx) => {
      // The page leaves a second later (its own timer): the toast counts when it was shown, even if the check
      // comes after the page has gone on a busy machine.
      await expectStepToasts(page, signupMachine, ctx, false, true)
      if (new URL(page.url()).pathname === '/auth') await expect(checkEmail(page)).toHaveCount(0)
    },
    'signup.form.redirecting': async (page) => {
      await expect(page).toHaveURL((url) => url.pathname !== '/auth')
    },
    'signup.form.awaitingEmail': async (page, view, ctx) => {
      await expect(checkEmail(page)).toBeVisible()
      await expect(page.getByRole('main')).toContainText(`We've sent a confirmation link to ${(view.context as SignupContext).sentTo}`)
      await expect(submit(page)).toBeEnabled()
      // The form below is cleared.
      await expectValues(page, view.context)
      await expectStepToasts(page, signupMachine, ctx)
    },
    'signup.copy.idle': async (page, view) => {
      if (!onForm(view.active)) return
      await expect(copyButton(page)).toHaveText('Copy password')
      // The whole form (the copy action with it) is disabled while the account is being created.
      const busy = view.active.includes('signup.form.submitting') || view.active.includes('signup.form.completing')
      if ((view.context as SignupContext).values.password && !busy) await expect(copyButton(page)).toBeEnabled()
      else await expect(copyButton(page)).toBeDisabled()
      expect(await clipboardWrites(page)).toBe(0)
    },
    'signup.copy.copying': async (page) => {
      await expect(copyButton(page)).toHaveText('Copy password')
      await expect.poll(() => clipboardWrites(page)).toBe(1)
    },
    'signup.copy.copied': async (page) => {
      await expect(copyButton(page)).toHaveText('Password copied!')
      expect(await clipboardWrites(page)).toBe(0)
    },
  },
  // A dropped connection (and the failed download of supabase-js) is reported by the browser itself.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
