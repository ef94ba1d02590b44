import { expect, type Page, type Route } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { type OrganisationSettingsContext, organisationSettingsMachine, type SettingChange } from '../../machines/organisationSettings.machine'
import { organisationSettingsSampleEvents, organisationSettingsSampleInput } from '../../machines/organisationSettings.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { REGULATORS } from '../../src/domain/onboarding'
import {
  FREQUENCY_LABELS,
  lastChanged,
  type OrganisationSettings,
  regulatorName,
  SETTINGS_MESSAGES,
  sectorName,
} from '../../src/domain/organisationSettings'
import { waitForHydration } from '../e2e/support'
import { settings } from '../support/pages/settings'
import { toast } from '../support/pages/shell'
import { answer } from './assessmentReplies'
import { defineDriver, holdRequests, type StateView } from './driver'
import { signedInStart } from './users'

/**
 * /settings, the organisation's settings, for a real signed-in account (the session is real, so the signed-in
 * layout and the header work as for anyone). Its calls (rpc get_organisation_settings, for the first read and the
 * read after a conflict, and rpc update_organisation_settings) are held at the network and answered by the path
 * with the sample of the event, as PostgREST sends them; a refusal as PostgREST sends the function's exception
 * (the conflict with the other admin's name in `details`), a dropped connection as one. The server's own rules
 * (members read, admins write, the checks in the browser's words, the conflict, the audit trail) are proven by
 * tests/backend/organisationSettings.sql.test.ts.
 */
const env = e2eEnv()
const rpc = (name: string) => (url: URL) => url.origin === env.backendUrl && url.pathname === `/rest/v1/rpc/${name}`
const reads = holdRequests(rpc('get_organisation_settings'), 'POST')
const saves = holdRequests(rpc('update_organisation_settings'), 'POST')

type Failure = { code: string; message: string }
const outputOf = (event: AnyEventObject) => (event as unknown as { output: OrganisationSettings }).output
const failureOf = (event: AnyEventObject) => (event as unknown as { error: Failure }).error

/** The settings as get_organisation_settings sends them. */
const settingsRow = (s: OrganisationSettings) => ({
  organisation_id: s.organisationId,
  organisation_name: s.organisationName,
  role: s.role,
  regulators: s.regulators,
  sector: s.sector,
  review_frequency: s.frequency,
  review_reminders_default: s.remindersDefault,
  version: s.version,
  updated_at: s.updatedAt,
  updated_by_name: s.updatedByName,
  admins: s.admins,
})

const STATUS: Record<string, number> = { settings_conflict: 409, not_admin: 403, not_member: 403 }

/** A refusal as PostgREST sends the function's exception; a dropped connection as one. */
function refuse(route: Route, failure: Failure) {
  if (failure.code === 'network') return route.abort('internetdisconnected')
  const status = STATUS[failure.code] ?? 400
  const details = failure.code === 'settings_conflict' ? JSON.stringify({ version: 4, changed_by: 'Grace Hopper', changed_at: '2026-11-27T09:00:00.000Z' }) : null
  return answer(route, { code: `PT${status}`, message: failure.message, hint: failure.code, details }, status)
}

/** What the page says about a failed save: a dropped connection in its own words, a refusal as the server said it. */
const failureText = (f: Failure) => (f.code === 'network' ? SETTINGS_MESSAGES.saveFailed : f.message)

async function change(page: Page, c: SettingChange): Promise<void> {
  switch (c.field) {
    case 'regulator':
      return settings.regulator(page, regulatorName(c.regulator)).press('Space')
    case 'sector':
      await settings.sector(page).selectOption(c.sector)
      return
    case 'frequency':
      if (c.frequency) await settings.frequency(page, FREQUENCY_LABELS[c.frequency]).check()
      return
    case 'remindersDefault':
      return settings.remindersDefault(page).setChecked(c.on)
  }
}

/** The form shows the draft, each problem at its field, and the failure of the last save if any. */
async function expectForm(page: Page, c: OrganisationSettingsContext, busy: boolean) {
  const form = settings.form(page)
  await expect(form).toBeVisible()
  for (const r of REGULATORS) {
    const box = settings.regulator(page, regulatorName(r))
    if (c.draft.regulators.includes(r)) await expect(box).toBeChecked()
    else await expect(box).not.toBeChecked()
    if (busy) await expect(box).toBeDisabled()
    else await expect(box).toBeEnabled()
  }
  await expect(settings.sector(page)).toHaveValue(c.draft.sector)
  for (const [f, label] of Object.entries(FREQUENCY_LABELS)) {
    if (c.draft.frequency === f) await expect(settings.frequency(page, label)).toBeChecked()
    else await expect(settings.frequency(page, label)).not.toBeChecked()
  }
  if (c.draft.remindersDefault) await expect(settings.remindersDefault(page)).toBeChecked()
  else await expect(settings.remindersDefault(page)).not.toBeChecked()
  const problems = Object.values(c.problems)
  for (const p of problems) await expect(form.getByText(p, { exact: true })).toBeVisible()
  const alerts = [...(problems.length ? [SETTINGS_MESSAGES.fixProblems] : []), ...(c.failure ? [failureText(c.failure)] : [])]
  await expect(settings.alert(page)).toHaveText(alerts)
  await expect(settings.save(page)).toHaveText(busy ? 'Saving...' : 'Save settings')
  await expect(settings.conflict(page)).toHaveCount(0)
}

export const driver = defineDriver({
  name: 'organisationSettings',
  flow: 'organisation settings (/settings)',
  machine: organisationSettingsMachine,
  sampleEvents: organisationSettingsSampleEvents,
  sampleInputs: [organisationSettingsSampleInput],
  phone: true,
  async start(page, ctx) {
    await signedInStart(page, ctx, [reads, saves])
    await page.goto('/settings')
    await waitForHydration(page)
    await expect(settings.heading(page)).toBeVisible()
  },
  events: {
    SETTING_CHANGED: (page, event) => change(page, (event as unknown as { change: SettingChange }).change),
    // From the keyboard: Enter on the button submits the form.
    SAVE: (page) => settings.save(page).press('Enter'),
    RETRY: (page) => page.getByRole('main').getByRole('button', { name: 'Try again' }).click(),
    KEEP_MINE: (page) => settings.conflict(page).getByRole('button', { name: 'Save mine' }).click(),
    USE_THEIRS: (page) => settings.conflict(page).getByRole('button', { name: 'Use theirs' }).click(),
    'xstate.done.actor.loadSettings': async (page, event) => answer(await reads.next(page), settingsRow(outputOf(event))),
    'xstate.error.actor.loadSettings': async (page, event) => refuse(await reads.next(page), failureOf(event)),
    'xstate.done.actor.reloadSettings': async (page, event) => answer(await reads.next(page), settingsRow(outputOf(event))),
    'xstate.error.actor.reloadSettings': async (page, event) => refuse(await reads.next(page), failureOf(event)),
    'xstate.done.actor.saveSettings': async (page, event) => answer(await saves.next(page), settingsRow(outputOf(event))),
    'xstate.error.actor.saveSettings': async (page, event) => refuse(await saves.next(page), failureOf(event)),
  },
  states: {
    'organisationSettings.loading': async (page) => {
      await expect(settings.loading(page)).toBeVisible()
      await expect(settings.form(page)).toHaveCount(0)
      await expect(settings.alert(page)).toHaveCount(0)
    },
    'organisationSettings.loadFailed': async (page) => {
      await expect(settings.alert(page)).toHaveText(SETTINGS_MESSAGES.loadFailed)
      await expect(page.getByRole('main').getByRole('button', { name: 'Try again' })).toBeEnabled()
      await expect(settings.form(page)).toHaveCount(0)
    },
    'organisationSettings.notMember': async (page) => {
      await expect(settings.alert(page)).toHaveText(SETTINGS_MESSAGES.notMember)
      await expect(page.getByRole('main').getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account')
      await expect(settings.form(page)).toHaveCount(0)
    },
    'organisationSettings.readOnly': async (page, view: StateView<OrganisationSettingsContext>) => {
      const c = view.context
      const s = c.settings!
      const facts = settings.facts(page, s.organisationName)
      await expect(facts).toBeVisible()
      await expect(facts).toContainText(`Regulators${s.regulators.map(regulatorName).join(', ')}`)
      await expect(facts).toContainText(`Sector${sectorName(s.sector)}`)
      await expect(facts).toContainText(`Review frequency${s.frequency ? FREQUENCY_LABELS[s.frequency] : 'Not chosen'}`)
      await expect(page.getByRole('main')).toContainText(SETTINGS_MESSAGES.readOnly(s.admins))
      await expect(page.getByRole('main')).toContainText(lastChanged(s)!)
      await expect(settings.form(page)).toHaveCount(0)
      await expect(settings.save(page)).toHaveCount(0)
      await expect(settings.alert(page)).toHaveText(c.failure ? [c.failure.message] : [])
    },
    'organisationSettings.ready.editing': async (page, view: StateView<OrganisationSettingsContext>) => {
      await expectForm(page, view.context, false)
      await expect(page.getByRole('main').getByRole('status')).toHaveText('')
    },
    'organisationSettings.ready.saving': async (page, view: StateView<OrganisationSettingsContext>) => {
      await expectForm(page, view.context, true)
      await expect(settings.save(page)).toHaveAttribute('aria-busy', 'true')
    },
    'organisationSettings.ready.saved': async (page, view: StateView<OrganisationSettingsContext>, ctx) => {
      await expectForm(page, view.context, false)
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: SETTINGS_MESSAGES.saved })).toBeVisible()
      if (ctx.events[ctx.step]?.type === 'xstate.done.actor.saveSettings') await expect(toast(page, SETTINGS_MESSAGES.saved)).toBeVisible()
    },
    'organisationSettings.ready.conflict.reloading': async (page, view: StateView<OrganisationSettingsContext>) => {
      await expect(settings.conflict(page)).toHaveAttribute('aria-busy', 'true')
      await expect(settings.conflict(page).getByRole('alert')).toHaveText(view.context.failure!.message)
      await expect(settings.conflict(page).getByText('Loading their settings...')).toBeVisible()
      await expect(settings.form(page)).toHaveCount(0)
    },
    'organisationSettings.ready.conflict.reloadFailed': async (page) => {
      await expect(settings.conflict(page).getByRole('alert')).toHaveText(SETTINGS_MESSAGES.conflictReloadFailed)
      await expect(settings.conflict(page).getByRole('button', { name: 'Try again' })).toBeEnabled()
      await expect(settings.conflict(page).getByRole('button', { name: 'Save mine' })).toHaveCount(0)
    },
    'organisationSettings.ready.conflict.deciding': async (page, view: StateView<OrganisationSettingsContext>) => {
      const c = view.context
      const conflict = settings.conflict(page)
      await expect(conflict).toHaveAttribute('aria-busy', 'false')
      await expect(conflict.getByRole('alert')).toHaveText(c.failure!.message)
      await expect(conflict.getByRole('heading', { name: `Saved by ${c.settings!.updatedByName}` })).toBeVisible()
      const theirs = conflict.getByRole('region', { name: `Saved by ${c.settings!.updatedByName}` })
      const mine = conflict.getByRole('region', { name: 'Your changes', exact: true })
      await expect(theirs).toContainText(`Review frequency${c.settings!.frequency ? FREQUENCY_LABELS[c.settings!.frequency] : 'Not chosen'}`)
      await expect(mine).toContainText(`Review frequency${c.draft.frequency ? FREQUENCY_LABELS[c.draft.frequency] : 'Not chosen'}`)
      await expect(mine).toContainText(`Regulators${c.draft.regulators.map(regulatorName).join(', ') || 'None chosen'}`)
      await expect(conflict.getByRole('button', { name: 'Save mine' })).toBeEnabled()
      await expect(conflict.getByRole('button', { name: 'Use theirs' })).toBeEnabled()
      await expect(settings.form(page)).toHaveCount(0)
    },
  },
  // Held requests that are dropped or refused on purpose are reported by the browser.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
