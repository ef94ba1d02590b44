/**
 * The organisation's settings (issue 39, item 1): its regulators (which decide the frameworks it assesses itself
 * against), its sector, how often a rating falls due for review, and whether members get the review reminder
 * digest unless they turn it off. They belong to the organisation (supabase/migrations/20261128110000): every
 * member's dashboard and every reminder use them; admins change them on /settings (and through the setup wizard);
 * members read them.
 *
 * The rules are the wizard's (a regulator at least, a sector, a frequency) and the database checks them again with
 * the same words (private.checked_settings; tests/backend/organisationSettings.sql.test.ts compares them).
 * Pure: no backend, no browser.
 */
import * as v from 'valibot'
import type { AssessmentFailure } from './assessments'
import { FREQUENCIES, type Frequency, REGULATOR_INFO, REGULATORS, type Regulator, SECTOR_OPTIONS } from './onboarding'
import { isSector, type Sector } from './sectors'

export type SettingsRole = 'admin' | 'member'

/** The settings as the server holds them, with what the page says about them. */
export interface OrganisationSettings {
  readonly organisationId: string
  readonly organisationName: string
  /** The reader's role in the organisation: only an admin changes the settings. */
  readonly role: SettingsRole
  readonly regulators: readonly Regulator[]
  readonly sector: Sector | null
  readonly frequency: Frequency | null
  readonly remindersDefault: boolean
  /** Counts the changes: a save names the version it was made from (no lost update). */
  readonly version: number
  readonly updatedAt: string | null
  readonly updatedByName: string | null
  /** The admins' names: who can change the settings. */
  readonly admins: readonly string[]
}

/** What the admin's form holds. */
export interface SettingsDraft {
  readonly regulators: readonly Regulator[]
  readonly sector: Sector | ''
  readonly frequency: Frequency | ''
  readonly remindersDefault: boolean
}

export type SettingsField = 'regulators' | 'sector' | 'frequency'
export type SettingsProblems = Partial<Record<SettingsField, string>>

export const SETTINGS_MESSAGES = {
  loading: 'Loading your organisation’s settings',
  loadFailed: "We couldn't load your organisation's settings. Check your connection and try again.",
  notMember: 'You are not a member of an organisation yet. Accept an invitation, or run setup to create one.',
  saveFailed: "Your settings were not saved. Check your connection and try again: what you chose is still here.",
  saved: 'Organisation settings saved',
  unchanged: 'Nothing to save: these are the settings already.',
  regulatorsRequired: 'Choose at least one regulator.',
  unknownRegulator: 'Choose regulators from CQC, Ofsted, BSR and RSH.',
  sectorRequired: 'Choose your sector.',
  invalidSector: 'Choose a sector from Care & Health, Education, Housing and Construction.',
  frequencyRequired: 'Choose how often ratings are reviewed.',
  invalidFrequency: 'Choose daily, weekly or monthly reviews.',
  fixProblems: 'Check the settings marked below.',
  conflict: (name: string) => `changed by ${name} — review and try again`,
  conflictHelp: 'Their settings are shown beside yours. Save yours to replace them, or use theirs.',
  conflictReloadFailed: "We couldn't load the settings another admin saved. Check your connection and try again.",
  notAdmin: 'Only an admin of your organisation can change its settings.',
  readOnly: (admins: readonly string[]) =>
    admins.length === 0 ? 'Only an admin of your organisation can change these settings.' : `Only an admin of your organisation can change these settings: ${listNames(admins)}.`,
  admins: (admins: readonly string[]) => `Admins change these settings: ${listNames(admins)}.`,
  resync: 'Changing the regulators changes the frameworks your organisation assesses itself against: a framework dropped is archived with its answers, and comes back with them if chosen again.',
} as const

/** The server's reason (hint) for a refusal of a field, and the field it is about. */
export const FIELD_OF_REFUSAL: Readonly<Record<string, SettingsField>> = {
  regulators_required: 'regulators',
  unknown_regulator: 'regulators',
  sector_required: 'sector',
  invalid_sector: 'sector',
  frequency_required: 'frequency',
  invalid_frequency: 'frequency',
}

/** 'Ada', 'Ada and Grace', 'Ada, Grace and Alan'. */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

export const FREQUENCY_LABELS: Record<Frequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' }
export const sectorName = (sector: Sector | null): string => SECTOR_OPTIONS.find((s) => s.id === sector)?.name ?? 'Not chosen'
export const regulatorName = (r: Regulator): string => REGULATOR_INFO[r].name

/** The browser's check, the same rules and words as private.checked_settings. */
const DraftSchema = v.object({
  regulators: v.pipe(
    v.array(v.string()),
    v.minLength(1, SETTINGS_MESSAGES.regulatorsRequired),
    v.check((list) => list.every((r) => (REGULATORS as readonly string[]).includes(r)), SETTINGS_MESSAGES.unknownRegulator),
  ),
  sector: v.pipe(v.string(), v.nonEmpty(SETTINGS_MESSAGES.sectorRequired), v.check((s: string) => isSector(s), SETTINGS_MESSAGES.invalidSector)),
  frequency: v.pipe(
    v.string(),
    v.nonEmpty(SETTINGS_MESSAGES.frequencyRequired),
    v.check((f) => (FREQUENCIES as readonly string[]).includes(f), SETTINGS_MESSAGES.invalidFrequency),
  ),
  remindersDefault: v.boolean(),
})

/** Each field's first problem, or none. */
export function settingsProblems(draft: SettingsDraft): SettingsProblems {
  const result = v.safeParse(DraftSchema, draft, { abortPipeEarly: true })
  if (result.success) return {}
  const problems: SettingsProblems = {}
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key
    if ((field === 'regulators' || field === 'sector' || field === 'frequency') && !problems[field]) problems[field] = issue.message
  }
  return problems
}

export const hasProblems = (problems: SettingsProblems): boolean => Object.keys(problems).length > 0

export function draftOf(settings: OrganisationSettings): SettingsDraft {
  return { regulators: [...settings.regulators], sector: settings.sector ?? '', frequency: settings.frequency ?? '', remindersDefault: settings.remindersDefault }
}

/** Regulators in the wizard's order, without repeats. */
export function orderedRegulators(list: readonly string[]): Regulator[] {
  return REGULATORS.filter((r) => list.includes(r))
}

export function sameDraft(a: SettingsDraft, b: SettingsDraft): boolean {
  return (
    orderedRegulators(a.regulators).join() === orderedRegulators(b.regulators).join() &&
    a.sector === b.sector &&
    a.frequency === b.frequency &&
    a.remindersDefault === b.remindersDefault
  )
}

/** The draft with a regulator chosen or no longer chosen. */
export function toggleRegulator(draft: SettingsDraft, regulator: Regulator): SettingsDraft {
  const chosen = draft.regulators.includes(regulator)
  return { ...draft, regulators: orderedRegulators(chosen ? draft.regulators.filter((r) => r !== regulator) : [...draft.regulators, regulator]) }
}

const text = (x: unknown): string | null => (typeof x === 'string' && x.trim() !== '' ? x : null)

/** get_organisation_settings's (and update_organisation_settings's) reply; null when it is not one. */
export function parseSettings(row: unknown): OrganisationSettings | null {
  if (typeof row !== 'object' || row === null) return null
  const r = row as Record<string, unknown>
  const organisationId = text(r.organisation_id)
  if (!organisationId || (r.role !== 'admin' && r.role !== 'member')) return null
  const frequency = (FREQUENCIES as readonly unknown[]).includes(r.review_frequency) ? (r.review_frequency as Frequency) : null
  return {
    organisationId,
    organisationName: text(r.organisation_name) ?? '',
    role: r.role,
    regulators: orderedRegulators(Array.isArray(r.regulators) ? r.regulators.filter((x): x is string => typeof x === 'string') : []),
    sector: isSector(r.sector) ? r.sector : null,
    frequency,
    remindersDefault: r.review_reminders_default !== false,
    version: typeof r.version === 'number' && Number.isInteger(r.version) && r.version >= 0 ? r.version : 0,
    updatedAt: text(r.updated_at),
    updatedByName: text(r.updated_by_name),
    admins: Array.isArray(r.admins) ? r.admins.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [],
  }
}

/**
 * A refusal of the settings' RPCs as the page says it. A conflict names who saved meanwhile, read from the
 * server's `details` ({version, changed_by, changed_at}), never parsed out of its sentence.
 */
export function settingsFailure(error: { message?: string; hint?: string | null; code?: string; details?: string | null }): AssessmentFailure {
  if (error.hint === 'settings_conflict') {
    let name: unknown
    try {
      name = (JSON.parse(error.details ?? '{}') as { changed_by?: unknown }).changed_by
    } catch {}
    return { code: 'settings_conflict', message: SETTINGS_MESSAGES.conflict(typeof name === 'string' && name.trim() ? name : 'another admin') }
  }
  if (error.hint === 'not_admin') return { code: 'not_admin', message: SETTINGS_MESSAGES.notAdmin }
  if (error.hint === 'not_member') return { code: 'not_member', message: SETTINGS_MESSAGES.notMember }
  if (!error.code && /fetch|network|load failed/i.test(error.message ?? '')) return { code: 'network', message: SETTINGS_MESSAGES.saveFailed }
  return { code: error.hint ?? error.code ?? 'unknown', message: error.message?.trim() || SETTINGS_MESSAGES.saveFailed }
}

/** 'Last changed by Ada Lovelace on 27 November 2026', or nothing when never changed. */
export function lastChanged(settings: Pick<OrganisationSettings, 'updatedAt' | 'updatedByName'>): string | null {
  if (!settings.updatedAt) return null
  const day = new Date(settings.updatedAt)
  if (Number.isNaN(day.getTime())) return null
  const date = day.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })
  return settings.updatedByName ? `Last changed by ${settings.updatedByName} on ${date}` : `Last changed on ${date}`
}
