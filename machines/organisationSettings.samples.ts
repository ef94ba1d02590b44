import type { AnyEventObject } from 'xstate'
import { draftOf, hasProblems, type OrganisationSettings, sameDraft, settingsProblems } from '../src/domain/organisationSettings'
import type { OrganisationSettingsContext, OrganisationSettingsInput } from './organisationSettings.machine'

/** machines/organisationSettings.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

/** An admin's view of the settings as get_organisation_settings reads them. */
export const SETTINGS_SAMPLE_ADMIN: OrganisationSettings = {
  organisationId: '00000000-0000-4000-8000-0000000000f1',
  organisationName: 'Sunrise Care',
  role: 'admin',
  regulators: ['cqc'],
  sector: 'care',
  frequency: 'monthly',
  remindersDefault: true,
  version: 3,
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedByName: 'Ada Lovelace',
  admins: ['Ada Lovelace'],
}

/** A member's view: the same settings, read-only, and who can change them. */
export const SETTINGS_SAMPLE_MEMBER: OrganisationSettings = { ...SETTINGS_SAMPLE_ADMIN, role: 'member', admins: ['Ada Lovelace', 'Grace Hopper'] }

/** What the save answers: CQC and Ofsted, reviewed weekly, reminders off by default. */
export const SETTINGS_SAMPLE_SAVED: OrganisationSettings = {
  ...SETTINGS_SAMPLE_ADMIN,
  regulators: ['cqc', 'ofsted'],
  frequency: 'weekly',
  remindersDefault: false,
  version: 4,
  updatedAt: '2026-11-27T09:30:00.000Z',
}

/** What another admin saved meanwhile: daily reviews. */
export const SETTINGS_SAMPLE_THEIRS: OrganisationSettings = {
  ...SETTINGS_SAMPLE_ADMIN,
  frequency: 'daily',
  version: 4,
  updatedAt: '2026-11-27T09:00:00.000Z',
  updatedByName: 'Grace Hopper',
  admins: ['Ada Lovelace', 'Grace Hopper'],
}

export const organisationSettingsSampleInput: OrganisationSettingsInput = {
  user: { userId: '00000000-0000-4000-8000-000000000001', email: 'ada@sunrise-care.co.uk' },
}

const network = { code: 'network', message: "We couldn't reach the server. Check your connection and try again." }

export const organisationSettingsSampleEvents = [
  { type: 'SETTING_CHANGED', change: { field: 'regulator', regulator: 'ofsted' } },
  { type: 'SETTING_CHANGED', change: { field: 'regulator', regulator: 'cqc' } },
  { type: 'SETTING_CHANGED', change: { field: 'sector', sector: '' } },
  { type: 'SETTING_CHANGED', change: { field: 'frequency', frequency: 'weekly' } },
  { type: 'SETTING_CHANGED', change: { field: 'remindersDefault', on: false } },
  { type: 'SAVE' },
  { type: 'RETRY' },
  { type: 'KEEP_MINE' },
  { type: 'USE_THEIRS' },
  { type: 'xstate.done.actor.loadSettings', output: SETTINGS_SAMPLE_ADMIN },
  { type: 'xstate.done.actor.loadSettings', output: SETTINGS_SAMPLE_MEMBER },
  { type: 'xstate.error.actor.loadSettings', error: { code: 'not_member', message: 'You are not a member of an organisation.' } },
  { type: 'xstate.error.actor.loadSettings', error: network },
  { type: 'xstate.done.actor.saveSettings', output: SETTINGS_SAMPLE_SAVED },
  { type: 'xstate.error.actor.saveSettings', error: { code: 'settings_conflict', message: 'changed by Grace Hopper — review and try again' } },
  { type: 'xstate.error.actor.saveSettings', error: { code: 'not_admin', message: 'Only an admin of your organisation can change its settings.' } },
  { type: 'xstate.error.actor.saveSettings', error: network },
  { type: 'xstate.done.actor.reloadSettings', output: SETTINGS_SAMPLE_THEIRS },
  { type: 'xstate.error.actor.reloadSettings', error: network },
] as const satisfies readonly AnyEventObject[]

/**
 * Bounded state: which fields have problems, whether the form would pass the rules and differs from the settings, the
 * failure and the role.
 */
export function organisationSettingsSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as OrganisationSettingsContext
  return JSON.stringify({
    v: s.value,
    p: Object.keys(c.problems).sort(),
    valid: !hasProblems(settingsProblems(c.draft)),
    changed: c.settings ? !sameDraft(c.draft, draftOf(c.settings)) : null,
    f: c.failure?.code ?? null,
    r: c.settings?.role ?? null,
    theirs: c.settings?.updatedByName ?? null,
  })
}
