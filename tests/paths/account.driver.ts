import { expect, type Page, } from '@playwright/test'
import { type AccountContext, accountMachine } from '../../machines/account.machine'
import { accountSampleEvents, accountSampleInput } from '../../machines/account.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { ACCOUNT_DETAILS_MESSAGES, ACCOUNT_MESSAGES } from '../../src/domain/account'
import { waitForHydration } from '../e2e/support'
import { changeField, defineDriver, holdRequests, type PathContext } from './driver'
import { signedInStart, signOutEndings } from './users'
import { account } from '../support/pages/account'
import { toast } from '../support/pages/shell'

/**
 * /account for a real onboarded account (its stored session put into the page; the session machine knows the user
 * before the page machine starts). Reading the own users row (GET), saving the details (PATCH) and signing out
 * (POST /logout) are held at the network until the path says how they end. Without a session, or when it ends in
 * another tab, the signed-in layout leaves for /auth: the session machine's paths (session.driver.ts) show that.
 */
const env = e2eEnv()
const { details, saveButton, signOutButton, heading } = account
const rows = `${env.backendUrl}/rest/v1/users?**`
const reads = holdRequests(rows, 'GET')
const saves = holdRequests(rows, 'PATCH')
const logouts = holdRequests(`${env.backendUrl}/auth/v1/logout**`)

const FIELD_LABELS = { firstName: 'First name', lastName: 'Last name', phone: 'Phone (optional)' } as const

type User = Awaited<ReturnType<typeof signedInStart>>

/** The page shows the loaded account: its details form, what was saved, no alert other than the save failure. */
async function expectReady(page: Page, c: AccountContext, ctx: PathContext) {
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByText(`Signed in as ${(ctx.data.user as User).email}`)).toBeVisible()
  await expect(page.getByTestId('loading-screen')).toHaveCount(0)
  if (c.profile) await expect(page.getByText(c.profile.companyName, { exact: true })).toBeVisible()
  for (const [field, label] of Object.entries(FIELD_LABELS)) {
    await expect(details(page).getByLabel(label, { exact: true })).toHaveValue(c.draft[field as keyof typeof FIELD_LABELS])
  }
  for (const [problem, message] of Object.entries(ACCOUNT_DETAILS_MESSAGES)) {
    if (c.problem === problem) await expect(details(page).getByText(message)).toBeVisible()
    else await expect(details(page).getByText(message)).toHaveCount(0)
  }
  const failed = details(page).getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.saveFailed })
  if (c.saveFailed) await expect(failed).toBeVisible()
  else await expect(failed).toHaveCount(0)
  await expect(signOutButton(page)).toHaveText('Sign out')
  await expect(signOutButton(page)).toBeEnabled()
}

export const driver = defineDriver({
  name: 'account',
  flow: 'account page (/account)',
  machine: accountMachine,
  sampleEvents: accountSampleEvents,
  sampleInputs: [accountSampleInput],
  phone: true,
  async start(page, ctx) {
    await signedInStart(page, ctx, [reads, saves, logouts])
    // A failed read is retried by supabase-js on the page's clock (1, 2 and 4 s apart): run forward by the path.
    if (ctx.events.some((e) => e.type === 'xstate.error.actor.loadAccount')) await page.clock.install()
    await page.goto('/account')
    await waitForHydration(page)
  },
  events: {
    FIELD_CHANGED: (page, event) => changeField(details(page).getByLabel(FIELD_LABELS[event.field as keyof typeof FIELD_LABELS], { exact: true }), event.value as string),
    SAVE: (page) => saveButton(page).click(),
    RETRY: (page) => page.getByRole('button', { name: 'Try again' }).click(),
    RUN_SETUP_AGAIN: (page) => page.getByRole('button', { name: 'Run setup again' }).click(),
    SIGN_OUT: (page) => signOutButton(page).click(),
    'xstate.done.actor.loadAccount': async (page) => (await reads.next(page)).continue(),
    // The read fails at the network; supabase-js tries it three more times (1, 2 and 4 s apart) before it gives up.
    // Those waits are the page's timers: the clock (installed in start) is moved past them instead of waited out.
    'xstate.error.actor.loadAccount': async (page) => {
      const holdAgain = await reads.answerAll(page, (route) => route.abort('internetdisconnected'))
      const alert = page.getByRole('alert')
      await expect
        .poll(
          async () => {
            if ((await alert.allTextContents()).some((text) => text.trim() === ACCOUNT_MESSAGES.loadFailed)) return true
            await page.clock.fastForward(1000)
            return false
          },
          { timeout: 20_000, intervals: [100] },
        )
        .toBe(true)
      await expect(alert).toHaveText(ACCOUNT_MESSAGES.loadFailed)
      holdAgain()
    },
    'xstate.done.actor.saveDetails': async (page) => (await saves.next(page)).continue(),
    'xstate.error.actor.saveDetails': async (page) => (await saves.next(page)).abort('internetdisconnected'),
    ...signOutEndings(logouts),
  },
  states: {
    'account.loading': async (page) => {
      await expect(page).toHaveURL(/\/account$/)
      await expect(heading(page)).toBeVisible()
      await expect(page.getByRole('status', { name: 'Loading your workspace' })).toBeVisible()
      await expect(page.getByRole('alert')).toHaveCount(0)
      await expect(details(page)).toHaveCount(0)
    },
    'account.loadFailed': async (page) => {
      await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.loadFailed)
      await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled()
      await expect(page.getByTestId('loading-screen')).toHaveCount(0)
      await expect(details(page)).toHaveCount(0)
    },
    'account.ready.editing': async (page, view, ctx) => {
      await expectReady(page, view.context, ctx)
      await expect(saveButton(page)).toHaveText('Save details')
      await expect(saveButton(page)).toBeEnabled()
      await expect(details(page).getByRole('status')).toHaveText('')
    },
    'account.ready.saving': async (page, view, ctx) => {
      await expectReady(page, view.context, ctx)
      await expect(saveButton(page)).toHaveText('Saving...')
      await expect(saveButton(page)).toBeDisabled()
      await expect(details(page).getByLabel('First name', { exact: true })).toHaveAttribute('readonly', '')
    },
    'account.ready.saved': async (page, view, ctx) => {
      await expectReady(page, view.context, ctx)
      await expect(saveButton(page)).toHaveText('Save details')
      await expect(saveButton(page)).toBeEnabled()
      await expect(details(page).getByRole('status')).toHaveText('Saved')
      // A save that sent something is also announced; an unchanged form is only marked saved.
      const sent = ctx.events.slice(0, ctx.step + 1).some((e) => e.type === 'xstate.done.actor.saveDetails')
      if (sent) await expect(toast(page, ACCOUNT_MESSAGES.saved)).toBeVisible()
      else await expect(toast(page, ACCOUNT_MESSAGES.saved)).toHaveCount(0)
    },
    'account.signingOut': async (page) => {
      await expect(signOutButton(page)).toHaveText('Signing out...')
      await expect(signOutButton(page)).toBeDisabled()
      await expect(page.getByRole('button', { name: 'Run setup again' })).toBeDisabled()
    },
    'account.leavingForSetup': async (page) => {
      await expect(page).toHaveURL(/\/onboarding\/setup$/)
      await expect(heading(page)).toHaveCount(0)
    },
    'account.leftSignedOut': async (page, _view, ctx) => {
      const last = ctx.events[ctx.step]
      const revoked = last?.type === 'xstate.done.actor.signOut' && (last.output as { revoked: boolean }).revoked
      await expect(page).toHaveURL(/\/$/)
      const shown = toast(page, ACCOUNT_MESSAGES.signedOut)
      await expect(shown).toBeVisible()
      if (revoked) await expect(shown).not.toContainText(ACCOUNT_MESSAGES.signOutOffline)
      else await expect(shown).toContainText(ACCOUNT_MESSAGES.signOutOffline)
    },
  },
  // Held requests that are dropped on purpose are reported by the browser.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
