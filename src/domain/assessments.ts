/**
 * The signed-in home's self-assessment (issue 29) as plain data: an organisation's open assessments with their
 * assessed items and evidence, as the one embedded select returns them
 * (`assessments?select=*,assessment_items(*,assessment_evidence(*))&archived_at=is.null`), parsed into shapes the
 * machines hold; evidence drafts and their validation; the messages; and the bridge to the scoring rules
 * (./frameworks/), which take an `AssessmentState`.
 *
 * Pure: no backend, no browser. src/backend/assessments.ts reads and writes; machines/home.machine.ts and
 * machines/assessItem.machine.ts hold these shapes.
 */
import { FRAMEWORKS } from './frameworks/registry'
import { findItem, isOnScale } from './frameworks/items'
import type { NextStep } from './frameworks/nextStep'
import { type ReviewFrequency, reviewStatus, ukDate } from './frameworks/review'
import type { AssessmentState, FrameworkVersion, RatingsByItem } from './frameworks/types'
import type { EvidenceKind } from './lifecycles/evidence'
import { isStatusOf } from './lifecycle'
import { ITEM_LIFECYCLE, type ItemStatus } from './lifecycles/item'
import { FREQUENCIES } from './onboarding'

export { type ItemProgress, type ItemStatus, itemProgress, PROGRESS_LABELS } from './lifecycles/item'

export interface EvidenceRecord {
  readonly id: string
  readonly kind: EvidenceKind
  readonly note: string | null
  readonly url: string | null
  readonly createdAt: string
  /** Who added it, as the server recorded it (migration 20261126200000); null when not known. */
  readonly createdByName: string | null
  /** A file (issue 30): where it is in the evidence bucket, its own name, size and the type found in its bytes. */
  readonly file?: EvidenceFile
}

export interface EvidenceFile {
  readonly path: string
  readonly name: string
  readonly size: number
  readonly contentType: string
  readonly createdBy: string | null
}

/** One assessed item: a row of assessment_items with its evidence. An item without a row is not started. */
export interface ItemRecord {
  readonly itemId: string
  readonly status: ItemStatus
  readonly rating: string | null
  readonly evidenceCategory: string | null
  readonly ratedBy: string | null
  /** Who rated it, as the server recorded it in the row (migration 20261126200000); null when not rated. */
  readonly ratedByName: string | null
  readonly ratedAt: string | null
  readonly reviewedAt: string | null
  /** How many ratings the item has had: a rating names the version it was made from (no lost update). */
  readonly version: number
  readonly evidence: readonly EvidenceRecord[]
}

export interface AssessmentRecord {
  readonly id: string
  readonly organisationId: string
  readonly frameworkId: string
  readonly versionId: string
  readonly conditions: Readonly<Record<string, boolean>>
  /** Item id → its record; items not started have none. */
  readonly items: Readonly<Record<string, ItemRecord>>
}

/**
 * The organisation's settings (its admin's setup answers, or its settings page: migration 20261128110000), which
 * decide the frameworks (./frameworks/selection.ts) and review dates for every member alike.
 */
export interface SetupAnswers {
  readonly selectedRegulators: readonly string[]
  readonly sector: string | null
  readonly frequency: ReviewFrequency | null
}

export interface Dashboard {
  readonly answers: SetupAnswers
  /** The open assessments, in the order of the regulators (CQC, Ofsted, BSR, RSH). */
  readonly assessments: readonly AssessmentRecord[]
}

/** A piece of evidence typed into the item view, not yet saved. */
export interface EvidenceDraft {
  readonly note: string
  readonly url: string
}

export const EMPTY_DRAFT: EvidenceDraft = { note: '', url: '' }

export const NOTE_MAX_LENGTH = 4000
export const URL_MAX_LENGTH = 2000

export const ASSESSMENT_MESSAGES = {
  loadFailed: "We couldn't load your self-assessment. Check your connection and try again.",
  empty: 'You have no self-assessment yet. Start one against the frameworks of the regulators you chose in setup.',
  noFrameworks: 'Choose your regulators in setup first: your self-assessment follows their frameworks.',
  conflict: (name: string) => `changed by ${name} — review and try again`,
  evidenceRequired: 'Add evidence (a note, a link or a file) before rating.',
  /** The item panel with no evidence at all, and with files only (the files are listed below it). */
  noEvidence: 'No evidence yet: add a note, a link or a file before rating.',
  filesOnly: (count: number) => (count === 1 ? 'The file below is the evidence so far.' : `The ${count} files below are the evidence so far.`),
  ratingRequired: 'Choose a rating.',
  categoryRequired: 'Choose the category of the evidence this rating rests on.',
  noteTooLong: `Keep a note to ${NOTE_MAX_LENGTH} characters.`,
  badUrl: 'Enter a link that starts with https:// or http://.',
  evidenceEmpty: 'Write a note or paste a link first.',
  evidenceAdded: 'Evidence added',
  rated: (name: string, label: string) => `${name} rated ${label}`,
  reviewed: (name: string, label: string) => `${name} reviewed: ${label}`,
  oursScale: 'This scale is ours: the regulator publishes no self-assessment scale.',
} as const

// Parsing the rows PostgREST returns. Anything malformed is dropped (an item of an unknown framework, a bad
// status), never a crash: the page shows what it can read.

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

function parseEvidence(row: unknown): EvidenceRecord | null {
  if (typeof row !== 'object' || row === null) return null
  const r = row as Record<string, unknown>
  const id = str(r.id)
  const kind: EvidenceRecord['kind'] | null = r.kind === 'note' || r.kind === 'link' || r.kind === 'file' ? r.kind : null
  if (!id || !kind) return null
  const base: EvidenceRecord = { id, kind, note: str(r.note), url: str(r.url), createdAt: str(r.created_at) ?? '', createdByName: str(r.created_by_name) }
  if (kind !== 'file') return base
  const path = str(r.storage_path)
  const name = str(r.file_name)
  const contentType = str(r.content_type)
  if (!path || !name || !contentType || typeof r.file_size !== 'number') return null
  return { ...base, file: { path, name, size: r.file_size, contentType, createdBy: str(r.created_by) } }
}

export function parseItemRow(row: unknown): ItemRecord | null {
  if (typeof row !== 'object' || row === null) return null
  const r = row as Record<string, unknown>
  const itemId = str(r.item_id)
  const status: ItemStatus | null = isStatusOf(ITEM_LIFECYCLE, r.status) && r.status !== 'not-started' ? r.status : null
  if (!itemId || !status || !FRAMEWORKS.locate(itemId)) return null
  const evidenceRows = Array.isArray(r.assessment_evidence) ? r.assessment_evidence : Array.isArray(r.evidence) ? r.evidence : []
  const evidence = evidenceRows
    .map(parseEvidence)
    .filter((e): e is EvidenceRecord => e !== null)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
  return {
    itemId,
    status,
    rating: str(r.rating),
    evidenceCategory: str(r.evidence_category),
    ratedBy: str(r.rated_by),
    ratedByName: str(r.rated_by_name),
    ratedAt: str(r.rated_at),
    reviewedAt: str(r.reviewed_at),
    version: typeof r.version === 'number' && Number.isInteger(r.version) && r.version >= 0 ? r.version : 0,
    evidence,
  }
}

const REGULATOR_ORDER = ['cqc', 'ofsted', 'bsr', 'rsh']

export function parseAssessmentRows(rows: unknown): AssessmentRecord[] {
  if (!Array.isArray(rows)) return []
  const out: AssessmentRecord[] = []
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue
    const r = row as Record<string, unknown>
    const id = str(r.id)
    const organisationId = str(r.organisation_id)
    const versionId = str(r.framework_version_id)
    const version = versionId ? FRAMEWORKS.version(versionId) : undefined
    if (!id || !organisationId || !version) continue
    const conditions: Record<string, boolean> = {}
    if (typeof r.conditions === 'object' && r.conditions !== null)
      for (const [k, v] of Object.entries(r.conditions)) if (typeof v === 'boolean') conditions[k] = v
    const items: Record<string, ItemRecord> = {}
    for (const itemRow of Array.isArray(r.assessment_items) ? r.assessment_items : []) {
      const item = parseItemRow(itemRow)
      if (item && findItem(version, item.itemId)) items[item.itemId] = item
    }
    out.push({ id, organisationId, frameworkId: version.frameworkId, versionId: version.id, conditions, items })
  }
  const rank = (a: AssessmentRecord) => REGULATOR_ORDER.indexOf(FRAMEWORKS.version(a.versionId)!.regulator)
  return out.sort((a, b) => rank(a) - rank(b))
}

/** The organisation's settings (organisations row, migration 20261128110000) as the dashboard uses them. */
export function parseSetupAnswers(row: unknown): SetupAnswers {
  const r = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>
  const frequency = (FREQUENCIES as readonly unknown[]).includes(r.review_frequency) ? (r.review_frequency as ReviewFrequency) : null
  const selectedRegulators = Array.isArray(r.selected_regulators) ? r.selected_regulators.filter((x): x is string => typeof x === 'string') : []
  return { selectedRegulators, sector: str(r.sector), frequency }
}

/**
 * The dashboard's one request: the reader's organisation (0 rows for a person in none) with its settings and its open
 * assessments embedded (`organisations?select=…,assessments(…)&assessments.archived_at=is.null`).
 */
export function parseDashboard(rows: unknown): Dashboard {
  const organisation = Array.isArray(rows) ? rows[0] : null
  const assessments = typeof organisation === 'object' && organisation !== null ? (organisation as { assessments?: unknown }).assessments : []
  return { answers: parseSetupAnswers(organisation), assessments: parseAssessmentRows(assessments) }
}

// The bridge to the rules.

export function versionOf(assessment: AssessmentRecord): FrameworkVersion {
  const version = FRAMEWORKS.version(assessment.versionId)
  if (!version) throw new Error(`Unknown framework version ${assessment.versionId}`)
  return version
}

/** The assessment as the scoring rules read it: each rated item's latest rating, and the conditions. */
export function assessmentState(assessment: AssessmentRecord): AssessmentState {
  const ratings: Record<string, RatingsByItem[string]> = {}
  for (const item of Object.values(assessment.items)) {
    if (item.rating && item.ratedAt) ratings[item.itemId] = { value: item.rating, ratedAt: item.ratedAt, evidenceCategory: item.evidenceCategory }
  }
  return { ratings, conditions: assessment.conditions }
}

/** An item whose rating has fallen due (on its due date or after it) for review, by the wizard's frequency. */
export function isDueForReview(item: ItemRecord | null | undefined, frequency: ReviewFrequency | null, now: Date): boolean {
  if (!item?.ratedAt || item.status === 'in-progress' || !frequency) return false
  return reviewStatus(item.ratedAt, frequency, now) !== 'current'
}

/** The assessment with one item replaced (after a rating or new evidence). */
export function withItem(assessments: readonly AssessmentRecord[], assessmentId: string, item: ItemRecord): AssessmentRecord[] {
  return assessments.map((a) => (a.id === assessmentId ? { ...a, items: { ...a.items, [item.itemId]: item } } : a))
}

// Evidence drafts.

export type DraftProblem = 'noteTooLong' | 'badUrl' | 'evidenceEmpty'

const URL_PATTERN = /^https?:\/\/[^\s]+$/

/** What is wrong with a draft, or null when it can be saved (a note, a link, or both). */
export function draftProblem(draft: EvidenceDraft): DraftProblem | null {
  const note = draft.note.trim()
  const url = draft.url.trim()
  if (!note && !url) return 'evidenceEmpty'
  if (note.length > NOTE_MAX_LENGTH) return 'noteTooLong'
  if (url && (url.length > URL_MAX_LENGTH || !URL_PATTERN.test(url))) return 'badUrl'
  return null
}

export const isDraftEmpty = (draft: EvidenceDraft): boolean => !draft.note.trim() && !draft.url.trim()

/** A valid draft as rate_item's and the insert's evidence: a link (with the note saying what it is) or a note. */
export function draftEvidence(draft: EvidenceDraft): { kind: 'note' | 'link'; note: string | null; url: string | null } {
  const note = draft.note.trim() || null
  const url = draft.url.trim() || null
  return url ? { kind: 'link', note, url } : { kind: 'note', note, url: null }
}

/** Whether the value is a point of this item's scale. */
export const isRatingOnScale = (versionId: string, itemId: string, value: string): boolean => {
  const version = FRAMEWORKS.version(versionId)
  return !!version && isOnScale(version, itemId, value)
}

/** Whether this framework version records an evidence category with each rating (CQC). */
export const needsEvidenceCategory = (versionId: string): boolean => (FRAMEWORKS.version(versionId)?.evidenceCategories.length ?? 0) > 0

/** A refusal as the page reads it: the server's reason (PostgREST's hint) and its sentence. */
export interface AssessmentFailure {
  readonly code: string
  readonly message: string
}

/** Our words for a refusal the server sent without a sentence, or a dropped connection. */
const FALLBACK_MESSAGES: Readonly<Record<string, string>> = {
  network: "We couldn't reach the server. Check your connection and try again.",
  not_authenticated: 'Your session has ended. Sign in again.',
  not_member: 'You are not a member of an organisation.',
}

/** A failure with the server's sentence, else ours for its code, else a generic one. */
export function failure(code: string | null | undefined, message: string | undefined): AssessmentFailure {
  const c = code || 'unknown'
  return { code: c, message: message?.trim() || FALLBACK_MESSAGES[c] || 'Something went wrong. Please try again.' }
}

/** Any thrown value as a failure: an unexpected exception reads as a dropped connection. */
export function asAssessmentFailure(error: unknown): AssessmentFailure {
  const e = error as Partial<AssessmentFailure> | null
  return typeof e === 'object' && e !== null && typeof e.code === 'string' && typeof e.message === 'string' ? { code: e.code, message: e.message } : failure('network', undefined)
}

/** Our words for a refusal the server sent without a sentence; the conflict's sentence is the spec's. */
export function assessmentFailure(error: { message?: string; hint?: string | null; code?: string; details?: string | null }): AssessmentFailure {
  if (error.hint === 'rating_conflict') {
    const name = /^changed by (.+) — review and try again$/.exec(error.message ?? '')?.[1] ?? 'someone else'
    return { code: 'rating_conflict', message: ASSESSMENT_MESSAGES.conflict(name) }
  }
  if (error.hint === 'evidence_required') return { code: 'evidence_required', message: ASSESSMENT_MESSAGES.evidenceRequired }
  if (!error.code && /fetch|network|load failed/i.test(error.message ?? '')) return failure('network', undefined)
  if (error.code === '42501' || error.code === 'PGRST301') return failure('not_authenticated', undefined)
  return failure(error.hint ?? error.code, error.message)
}

export const isConflict = (failure: AssessmentFailure): boolean => failure.code === 'rating_conflict'

// What the dashboard says.

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** '2026-11-27' → '27 November 2026'. */
export function longDate(calendarDate: string): string {
  const date = new Date(`${calendarDate}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? calendarDate : dateFormat.format(date)
}

/** An instant as its UK calendar date, long: '27 November 2026'. */
export const longUkDate = (instant: string): string => longDate(ukDateOf(instant))

/** 'Rated by Ada Lovelace, 20 November 2026' (the UK date of the rating); without a name, 'Rated 20 November 2026'. */
export const ratedLine = (name: string | null, ratedAt: string): string => (name ? `Rated by ${name}, ${longUkDate(ratedAt)}` : `Rated ${longUkDate(ratedAt)}`)

/** 'Added by Ada Lovelace, 19 November 2026' for a piece of evidence; without a name, 'Added 19 November 2026'. */
export const addedLine = (name: string | null, createdAt: string): string =>
  createdAt ? (name ? `Added by ${name}, ${longUkDate(createdAt)}` : `Added ${longUkDate(createdAt)}`) : name ? `Added by ${name}` : 'Added'

function ukDateOf(instant: string): string {
  try {
    return ukDate(instant)
  } catch {
    return instant
  }
}

export interface StepText {
  /** The sentence saying what to do. */
  readonly text: string
  /** The item to open for it, when there is one. */
  readonly itemId: string | null
  readonly versionId: string | null
}

function itemName(versionId: string, itemId: string): string {
  const version = FRAMEWORKS.version(versionId)
  return (version && findItem(version, itemId)?.name) || itemId
}

function pointLabel(versionId: string, itemId: string, value: string): string {
  const version = FRAMEWORKS.version(versionId)
  const item = version && findItem(version, itemId)
  return (version && item && version.scales.find((s) => s.id === item.scaleId)?.points.find((p) => p.value === value)?.label) || value
}

/** The one next thing to do (./frameworks/nextStep.ts) in words. */
export function nextStepText(step: NextStep): StepText {
  const none = { itemId: null, versionId: null }
  switch (step.kind) {
    case 'choose-frameworks':
      return { text: ASSESSMENT_MESSAGES.noFrameworks, ...none }
    case 'up-to-date':
      return {
        text: step.nextReviewOn ? `Everything is rated and up to date. The next review falls due on ${longDate(step.nextReviewOn)}.` : 'Everything is rated and up to date.',
        ...none,
      }
    default: {
      const name = itemName(step.versionId, step.itemId)
      const at = { itemId: step.itemId, versionId: step.versionId }
      switch (step.kind) {
        case 'fix-safeguarding':
          return { text: `Put safeguarding right first: ${name} is rated ${pointLabel(step.versionId, step.itemId, 'not-met')}.`, ...at }
        case 'address-shortfall':
          return { text: `Address the shortfall in ${name}, rated ${pointLabel(step.versionId, step.itemId, step.value)}.`, ...at }
        case 'review-overdue':
          return { text: `Review ${name}: its review was due on ${longDate(step.dueOn)}.`, ...at }
        case 'rate':
          return { text: `Rate ${name}.`, ...at }
        case 'review-due':
          return { text: `Review ${name}: its review is due today.`, ...at }
        case 'improve':
          return { text: `Improve ${name}, rated ${pointLabel(step.versionId, step.itemId, step.value)}.`, ...at }
      }
    }
  }
}
