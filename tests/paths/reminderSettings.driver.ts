import { expect, type Page } from '@playwright/test'
import { type ReminderSettingsContext, reminderSettingsMachine } from '../../machines/reminderSettings.machine'
import { reminderSettingsSampleEvents, reminderSettingsSampleInput } from '../../machines/reminderSettings.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { REMINDER_MESSAGES } from '../../src/domain/reminders'
import { waitForHydration } from '../e2e/support'
import { admin } from '../support/sessions'
import { account } from '../support/pages/account'
import { toast } from '../support/pages/shell'
import { answer } from './assessmentReplies'
import { defineDriver, holdRequests, type PathContext } from './driver'
import { signedInStart } from './users'

/**
 * /account's review reminders switch, for a real onboarded account. Reading the person's own reminder_preferences
 * row (GET) and saving it (PATCH) are held at the network until the path says how they end: a load that succeeds
 * reads the real row (set to the path's setting first), a save goes to the real backend, which stores it (checked
 * in the database). A failed read is a server error (500, which supabase-js does not retry); a failed save a
 * dropped connection.
 */
const env = e2eEnv()
const rows = `${env.backendUrl}/rest/v1/reminder_preferences?**`
const reads = holdRequests(rows, 'GET')
const saves = holdRequests(rows, 'PATCH')
const { reminders, remindersSwitch } = account

type User = Awaited<ReturnType<typeof signedInStart>>
const userOf = (ctx: PathContext) => ctx.data.user as User

async function storedMuted(ctx: PathContext): Promise<boolean> {
  const { data, error } = await admin.from('reminder_preferences').select('review_reminders_muted').eq('id', userOf(ctx).id).single()
  expect(error).toBeNull()
  return (data as { review_reminders_muted: boolean }).review_reminders_muted
}

/** The switch as the context has it: checked when the reminders are on; nothing else in the card is an alert. */
async function expectSwitch(page: Page, c: ReminderSettingsContext) {
  await expect(remindersSwitch(page)).toHaveAttribute('aria-checked', c.muted ? 'false' : 'true')
  const failed = reminders(page).getByRole('alert')
  if (c.saveFailed) await expect(failed).toHaveText(REMINDER_MESSAGES.saveFailed)
  else await expect(failed).toHaveCount(0)
}

export const driver = defineDriver({
  name: 'reminderSettings',
  flow: 'review reminders switch (/account)',
  machine: reminderSettingsMachine,
  sampleEvents: reminderSettingsSampleEvents,
  sampleInputs: [reminderSettingsSampleInput],
  phone: true,
  async start(page, ctx) {
    await signedInStart(page, ctx, [reads, saves])
    await page.goto('/account')
    await waitForHydration(page)
    await expect(page.getByText(`Signed in as ${userOf(ctx).email}`)).toBeVisible()
  },
  events: {
    // From the keyboard: the switch is a button, toggled with Space (a click is the same event).
    TOGGLE: (page) => remindersSwitch(page).press('Space'),
    RETRY: (page) => reminders(page).getByRole('button', { name: 'Try again' }).click(),
    'xstate.done.actor.loadReminderSetting': async (page, event, ctx) => {
      const { error } = await admin.from('reminder_preferences').update({ review_reminders_muted: event.output as boolean }).eq('id', userOf(ctx).id)
      expect(error).toBeNull()
      await (await reads.next(page)).continue()
    },
    'xstate.error.actor.loadReminderSetting': async (page) =>
      answer(await reads.next(page), { code: 'XX000', message: 'internal error', details: null, hint: null }, 500),
    'xstate.done.actor.saveReminderSetting': async (page) => (await saves.next(page)).continue(),
    'xstate.error.actor.saveReminderSetting': async (page) => (await saves.next(page)).abort('internetdisconnected'),
  },
  states: {
    'reminderSettings.loading': async (page) => {
      await expect(reminders(page).getByRole('status')).toHaveText(REMINDER_MESSAGES.loading)
      await expect(reminders(page)).toHaveAttribute('aria-busy', 'true')
      await expect(remindersSwitch(page)).toHaveCount(0)
      await expect(reminders(page).getByRole('alert')).toHaveCount(0)
    },
    'reminderSettings.loadFailed': async (page) => {
      await expect(reminders(page).getByRole('alert')).toHaveText(REMINDER_MESSAGES.loadFailed)
      await expect(reminders(page).getByRole('button', { name: 'Try again' })).toBeEnabled()
      await expect(remindersSwitch(page)).toHaveCount(0)
    },
    'reminderSettings.ready.idle': async (page, view, ctx) => {
      const c = view.context as ReminderSettingsContext
      await expectSwitch(page, c)
      await expect(remindersSwitch(page)).toHaveAttribute('aria-disabled', 'false')
      await expect(reminders(page)).toHaveAttribute('aria-busy', 'false')
      await expect(reminders(page).getByText(c.muted ? REMINDER_MESSAGES.off : REMINDER_MESSAGES.on)).toBeVisible()
      // What the page shows is what the database holds.
      await expect.poll(() => storedMuted(ctx)).toBe(c.muted)
      const last = ctx.events[ctx.step]
      if (last?.type === 'xstate.done.actor.saveReminderSetting') {
        await expect(toast(page, c.muted ? REMINDER_MESSAGES.savedOff : REMINDER_MESSAGES.savedOn)).toBeVisible()
      }
    },
    'reminderSettings.ready.saving': async (page, view) => {
      await expectSwitch(page, view.context as ReminderSettingsContext)
      await expect(remindersSwitch(page)).toHaveAttribute('aria-disabled', 'true')
      await expect(reminders(page)).toHaveAttribute('aria-busy', 'true')
      await expect(reminders(page).getByText('Saving...')).toBeVisible()
    },
  },
  // Held requests that are dropped or failed on purpose are reported by the browser.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
