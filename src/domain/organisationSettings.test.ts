import { describe, expect, it } from 'vitest'
import {
  draftOf,
  hasProblems,
  lastChanged,
  listNames,
  orderedRegulators,
  parseSettings,
  SETTINGS_MESSAGES,
  sameDraft,
  settingsFailure,
  settingsProblems,
  toggleRegulator,
} from './organisationSettings'

const row = {
  organisation_id: 'o-1',
  organisation_name: 'Sunrise Care',
  role: 'admin',
  regulators: ['ofsted', 'cqc', 'nope', 3],
  sector: 'care',
  review_frequency: 'weekly',
  review_reminders_default: false,
  version: 2,
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by_name: 'Ada Lovelace',
  admins: ['Ada Lovelace', '', 7],
}

describe('the organisation’s settings', () => {
  it('reads the server’s reply, keeping only what it knows', () => {
    expect(parseSettings(row)).toEqual({
      organisationId: 'o-1', organisationName: 'Sunrise Care', role: 'admin', regulators: ['cqc', 'ofsted'], sector: 'care',
      frequency: 'weekly', remindersDefault: false, version: 2, updatedAt: '2026-11-20T10:00:00.000Z', updatedByName: 'Ada Lovelace', admins: ['Ada Lovelace'],
    })
    expect(parseSettings({ ...row, role: 'owner' })).toBeNull()
    expect(parseSettings({ ...row, organisation_id: ' ' })).toBeNull()
    expect(parseSettings(null)).toBeNull()
    expect(parseSettings('x')).toBeNull()
    expect(parseSettings({ organisation_id: 'o', role: 'member' })).toEqual({
      organisationId: 'o', organisationName: '', role: 'member', regulators: [], sector: null, frequency: null, remindersDefault: true,
      version: 0, updatedAt: null, updatedByName: null, admins: [],
    })
    for (const version of [-1, 1.5, '3']) expect(parseSettings({ ...row, version })!.version).toBe(0)
    expect(parseSettings({ ...row, sector: 'retail', review_frequency: 'hourly' })).toMatchObject({ sector: null, frequency: null })
  })

  it('checks a draft by the wizard’s rules, one problem a field, in the server’s words', () => {
    const good = { regulators: ['cqc'] as const, sector: 'care' as const, frequency: 'monthly' as const, remindersDefault: true }
    expect(settingsProblems(good)).toEqual({})
    expect(hasProblems(settingsProblems(good))).toBe(false)
    expect(settingsProblems({ regulators: [], sector: '', frequency: '', remindersDefault: true })).toEqual({
      regulators: SETTINGS_MESSAGES.regulatorsRequired, sector: SETTINGS_MESSAGES.sectorRequired, frequency: SETTINGS_MESSAGES.frequencyRequired,
    })
    expect(settingsProblems({ ...good, regulators: ['cqc', 'fsa'] as never, sector: 'retail' as never, frequency: 'hourly' as never })).toEqual({
      regulators: SETTINGS_MESSAGES.unknownRegulator, sector: SETTINGS_MESSAGES.invalidSector, frequency: SETTINGS_MESSAGES.invalidFrequency,
    })
    expect(hasProblems({ sector: 'x' })).toBe(true)
  })

  it('compares and changes drafts, regulators always in the wizard’s order', () => {
    const settings = parseSettings(row)!
    const draft = draftOf(settings)
    expect(draft).toEqual({ regulators: ['cqc', 'ofsted'], sector: 'care', frequency: 'weekly', remindersDefault: false })
    expect(draftOf({ ...settings, sector: null, frequency: null })).toMatchObject({ sector: '', frequency: '' })
    expect(sameDraft(draft, { ...draft, regulators: ['ofsted', 'cqc'] })).toBe(true)
    for (const change of [{ regulators: ['cqc'] }, { sector: 'education' }, { frequency: 'daily' }, { remindersDefault: true }] as const) {
      expect(sameDraft(draft, { ...draft, ...change })).toBe(false)
    }
    expect(toggleRegulator(draft, 'rsh').regulators).toEqual(['cqc', 'ofsted', 'rsh'])
    expect(toggleRegulator(draft, 'cqc').regulators).toEqual(['ofsted'])
    expect(toggleRegulator({ ...draft, regulators: ['rsh'] }, 'bsr').regulators).toEqual(['bsr', 'rsh'])
    expect(orderedRegulators(['rsh', 'x', 'cqc', 'cqc'])).toEqual(['cqc', 'rsh'])
  })

  it('turns a refusal into what the page says: a conflict names who saved, from the details', () => {
    expect(settingsFailure({ hint: 'settings_conflict', message: 'changed by Someone Else — review and try again', details: '{"changed_by":"Grace Hopper","version":4}' })).toEqual({
      code: 'settings_conflict', message: 'changed by Grace Hopper — review and try again',
    })
    for (const details of ['not json', '{}', '{"changed_by":" "}', null]) {
      expect(settingsFailure({ hint: 'settings_conflict', details }).message).toBe('changed by another admin — review and try again')
    }
    expect(settingsFailure({ hint: 'not_admin', message: 'x' })).toEqual({ code: 'not_admin', message: SETTINGS_MESSAGES.notAdmin })
    expect(settingsFailure({ hint: 'not_member', message: 'x' })).toEqual({ code: 'not_member', message: SETTINGS_MESSAGES.notMember })
    expect(settingsFailure({ message: 'TypeError: Failed to fetch' })).toEqual({ code: 'network', message: SETTINGS_MESSAGES.saveFailed })
    expect(settingsFailure({ code: '22023', hint: 'sector_required', message: 'Choose your sector.' })).toEqual({ code: 'sector_required', message: 'Choose your sector.' })
    expect(settingsFailure({ code: 'XX000', message: ' ' })).toEqual({ code: 'XX000', message: SETTINGS_MESSAGES.saveFailed })
    expect(settingsFailure({})).toEqual({ code: 'unknown', message: SETTINGS_MESSAGES.saveFailed })
  })

  it('says who changed them last, and lists names', () => {
    expect(lastChanged({ updatedAt: '2026-11-20T23:30:00.000Z', updatedByName: 'Ada Lovelace' })).toBe('Last changed by Ada Lovelace on 20 November 2026')
    expect(lastChanged({ updatedAt: '2026-06-30T23:30:00.000Z', updatedByName: null })).toBe('Last changed on 1 July 2026')
    expect(lastChanged({ updatedAt: null, updatedByName: 'Ada' })).toBeNull()
    expect(lastChanged({ updatedAt: 'not a date', updatedByName: 'Ada' })).toBeNull()
    expect([listNames([]), listNames(['Ada']), listNames(['Ada', 'Grace']), listNames(['Ada', 'Grace', 'Alan'])]).toEqual(['', 'Ada', 'Ada and Grace', 'Ada, Grace and Alan'])
    expect(SETTINGS_MESSAGES.readOnly([])).toBe('Only an admin of your organisation can change these settings.')
    expect(SETTINGS_MESSAGES.readOnly(['Ada', 'Grace'])).toBe('Only an admin of your organisation can change these settings: Ada and Grace.')
  })
})
