import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { OrganisationSettings } from '../src/domain/organisationSettings'
import { organisationSettingsMachine, type SaveSettingsInput } from './organisationSettings.machine'
import {
  organisationSettingsSampleEvents,
  organisationSettingsSampleInput,
  organisationSettingsSerializeState,
  SETTINGS_SAMPLE_ADMIN,
  SETTINGS_SAMPLE_MEMBER,
  SETTINGS_SAMPLE_SAVED,
  SETTINGS_SAMPLE_THEIRS,
} from './organisationSettings.samples'
import { planPaths, uncovered } from './testing/tours'

const failure = (code: string, message = `refused: ${code}`) => ({ code, message })

function run(opts: { load?: () => Promise<OrganisationSettings>; reload?: () => Promise<OrganisationSettings>; save?: (input: SaveSettingsInput) => Promise<OrganisationSettings> } = {}) {
  const saves: SaveSettingsInput[] = []
  const loads: unknown[] = []
  let notified = 0
  const actor = createActor(
    organisationSettingsMachine.provide({
      actions: { notifySaved: () => void notified++ },
      actors: {
        loadSettings: fromPromise(async ({ input }) => {
          loads.push(input)
          return (opts.load ?? (async () => SETTINGS_SAMPLE_ADMIN))()
        }),
        reloadSettings: fromPromise(async () => (opts.reload ?? (async () => SETTINGS_SAMPLE_THEIRS))()),
        saveSettings: fromPromise(async ({ input }: { input: SaveSettingsInput }) => {
          saves.push(input)
          return (opts.save ?? (async () => SETTINGS_SAMPLE_SAVED))(input)
        }),
      },
    }),
    { input: organisationSettingsSampleInput },
  ).start()
  return { actor, saves, loads, notified: () => notified }
}

const editing = { ready: 'editing' } as const

describe('the organisation settings page', () => {
  it('loads the settings: an admin edits them, a member reads them', async () => {
    const admin = run()
    expect(admin.actor.getSnapshot().hasTag('loading')).toBe(true)
    await waitFor(admin.actor, (s) => s.matches(editing))
    expect(admin.loads).toEqual([{ userId: organisationSettingsSampleInput.user.userId }])
    expect(admin.actor.getSnapshot().context.draft).toEqual({ regulators: ['cqc'], sector: 'care', frequency: 'monthly', remindersDefault: true })
    const member = run({ load: async () => SETTINGS_SAMPLE_MEMBER })
    await waitFor(member.actor, (s) => s.matches('readOnly'))
    expect(member.actor.getSnapshot().can({ type: 'SAVE' })).toBe(false)
    expect(member.actor.getSnapshot().can({ type: 'SETTING_CHANGED', change: { field: 'sector', sector: 'education' } })).toBe(false)
  })

  it('a person in no organisation is told so; a failed load offers Try again', async () => {
    const none = run({ load: () => Promise.reject(failure('not_member')) })
    await waitFor(none.actor, (s) => s.matches('notMember'))
    expect(none.actor.getSnapshot().can({ type: 'RETRY' })).toBe(false)
    let n = 0
    const flaky = run({ load: async () => (n++ === 0 ? Promise.reject(failure('network')) : SETTINGS_SAMPLE_ADMIN) })
    await waitFor(flaky.actor, (s) => s.matches('loadFailed'))
    flaky.actor.send({ type: 'RETRY' })
    await waitFor(flaky.actor, (s) => s.matches(editing))
  })

  it('says each problem at its field, clears it when that field changes, and sends nothing until they are fixed', async () => {
    const { actor, saves } = run()
    await waitFor(actor, (s) => s.matches(editing))
    actor.send({ type: 'SETTING_CHANGED', change: { field: 'regulator', regulator: 'cqc' } })
    actor.send({ type: 'SETTING_CHANGED', change: { field: 'sector', sector: '' } })
    actor.send({ type: 'SAVE' })
    expect(actor.getSnapshot().matches(editing)).toBe(true)
    expect(actor.getSnapshot().context.problems).toEqual({ regulators: 'Choose at least one regulator.', sector: 'Choose your sector.' })
    // The reminder default has no rule: changing it clears nothing.
    actor.send({ type: 'SETTING_CHANGED', change: { field: 'remindersDefault', on: false } })
    expect(Object.keys(actor.getSnapshot().context.problems)).toEqual(['regulators', 'sector'])
    actor.send({ type: 'SETTING_CHANGED', change: { field: 'regulator', regulator: 'ofsted' } })
    expect(actor.getSnapshot().context.problems).toEqual({ sector: 'Choose your sector.' })
    actor.send({ type: 'SETTING_CHANGED', change: { field: 'sector', sector: 'education' } })
    expect(actor.getSnapshot().context.problems).toEqual({})
    actor.send({ type: 'SETTING_CHANGED', change: { field: 'frequency', frequency: '' } })
    actor.send({ type: 'SAVE' })
    expect(actor.getSnapshot().context.problems).toEqual({ frequency: 'Choose how often ratings are reviewed.' })
    expect(saves).toEqual([])
  })

  it('saves the draft with the version it was made from, then says so; nothing changed is saved without a request', async () => {
    const { actor, saves, notified } = run()
    await waitFor(actor, (s) => s.matches(editing))
    actor.send({ type: 'SAVE' })
    expect(actor.getSnapshot().matches({ ready: 'saved' })).toBe(true)
    expect([saves, notified()]).toEqual([[], 0])
    actor.send({ type: 'SETTING_CHANGED', change: { field: 'regulator', regulator: 'ofsted' } })
    actor.send({ type: 'SETTING_CHANGED', change: { field: 'frequency', frequency: 'weekly' } })
    actor.send({ type: 'SETTING_CHANGED', change: { field: 'remindersDefault', on: false } })
    actor.send({ type: 'SAVE' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'SETTING_CHANGED', change: { field: 'sector', sector: 'care' } })).toBe(false)
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }) && s.context.settings?.version === 4)
    expect(saves).toEqual([{ draft: { regulators: ['cqc', 'ofsted'], sector: 'care', frequency: 'weekly', remindersDefault: false }, expectedVersion: 3 }])
    expect(notified()).toBe(1)
    expect(actor.getSnapshot().context.draft).toEqual({ regulators: ['cqc', 'ofsted'], sector: 'care', frequency: 'weekly', remindersDefault: false })
    // Saved, then changed again: editing.
    actor.send({ type: 'SETTING_CHANGED', change: { field: 'sector', sector: 'education' } })
    expect(actor.getSnapshot().matches(editing)).toBe(true)
  })

  it('a failed save keeps what was chosen and says why; a demoted admin sees the settings read-only', async () => {
    const dropped = run({ save: () => Promise.reject(failure('network', 'offline')) })
    await waitFor(dropped.actor, (s) => s.matches(editing))
    dropped.actor.send({ type: 'SETTING_CHANGED', change: { field: 'frequency', frequency: 'daily' } })
    dropped.actor.send({ type: 'SAVE' })
    await waitFor(dropped.actor, (s) => s.matches(editing) && s.context.failure !== null)
    expect(dropped.actor.getSnapshot().context).toMatchObject({ failure: { code: 'network', message: 'offline' }, draft: { frequency: 'daily' } })
    // The next save clears the old failure before it is sent.
    dropped.actor.send({ type: 'SAVE' })
    expect(dropped.actor.getSnapshot().context.failure).toBeNull()

    const demoted = run({ save: () => Promise.reject(failure('not_admin', 'Only an admin of your organisation can change its settings.')) })
    await waitFor(demoted.actor, (s) => s.matches(editing))
    demoted.actor.send({ type: 'SETTING_CHANGED', change: { field: 'frequency', frequency: 'daily' } })
    demoted.actor.send({ type: 'SAVE' })
    await waitFor(demoted.actor, (s) => s.matches('readOnly'))
    expect(demoted.actor.getSnapshot().context).toMatchObject({ settings: { role: 'member' }, failure: { code: 'not_admin' } })
  })

  it('another admin saved meanwhile: their settings beside these; keep mine saves over theirs, use theirs takes them', async () => {
    let n = 0
    const { actor, saves } = run({
      save: async () => (n++ === 0 ? Promise.reject(failure('settings_conflict', 'changed by Grace Hopper — review and try again')) : { ...SETTINGS_SAMPLE_SAVED, version: 5 }),
    })
    await waitFor(actor, (s) => s.matches(editing))
    actor.send({ type: 'SETTING_CHANGED', change: { field: 'frequency', frequency: 'weekly' } })
    actor.send({ type: 'SAVE' })
    await waitFor(actor, (s) => s.matches({ ready: { conflict: 'deciding' } }))
    expect(actor.getSnapshot().context).toMatchObject({ settings: { updatedByName: 'Grace Hopper', frequency: 'daily', version: 4 }, draft: { frequency: 'weekly' }, failure: { code: 'settings_conflict' } })
    actor.send({ type: 'KEEP_MINE' })
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }))
    expect(saves.map((s) => [s.expectedVersion, s.draft.frequency])).toEqual([[3, 'weekly'], [4, 'weekly']])

    const other = run({ save: () => Promise.reject(failure('settings_conflict')) })
    await waitFor(other.actor, (s) => s.matches(editing))
    other.actor.send({ type: 'SETTING_CHANGED', change: { field: 'frequency', frequency: 'weekly' } })
    other.actor.send({ type: 'SAVE' })
    await waitFor(other.actor, (s) => s.matches({ ready: { conflict: 'deciding' } }))
    other.actor.send({ type: 'USE_THEIRS' })
    expect(other.actor.getSnapshot().matches(editing)).toBe(true)
    expect(other.actor.getSnapshot().context).toMatchObject({ draft: { frequency: 'daily' }, failure: null, problems: {} })
  })

  it('a failed read of the other admin’s settings offers Try again', async () => {
    let n = 0
    const { actor } = run({
      save: () => Promise.reject(failure('settings_conflict')),
      reload: async () => (n++ === 0 ? Promise.reject(failure('network')) : SETTINGS_SAMPLE_THEIRS),
    })
    await waitFor(actor, (s) => s.matches(editing))
    actor.send({ type: 'SETTING_CHANGED', change: { field: 'frequency', frequency: 'weekly' } })
    actor.send({ type: 'SAVE' })
    await waitFor(actor, (s) => s.matches({ ready: { conflict: 'reloadFailed' } }))
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches({ ready: { conflict: 'deciding' } }))
  })

  it('its samples reach every state and transition', () => {
    const paths = planPaths(organisationSettingsMachine, {
      events: organisationSettingsSampleEvents,
      inputs: [organisationSettingsSampleInput],
      serializeState: organisationSettingsSerializeState,
    })
    expect(uncovered(organisationSettingsMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
