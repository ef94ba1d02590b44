/**
 * Actions on an item rated below good, and the item's audit trail (issue 30 items 2 and 4): the rows as the page
 * reads them, the raise and reassign forms' validation (valibot) and what the history says. Who may take which step,
 * the statuses and their labels, and what "overdue" means are the action lifecycle's (./lifecycles/action.ts: one
 * table, which the SQL and the machine are checked against). Pure: no network, no React.
 */
import * as v from 'valibot'
import { type AssessmentFailure, assessmentFailure, longDate, longUkDate, NOTE_MAX_LENGTH, URL_MAX_LENGTH } from './assessments'
import { parseIsoDate } from './dates'
import { ukDate } from './frameworks/review'
import { isStatusOf } from './lifecycle'
import { ACTION_LIFECYCLE, type ActionStatus, type ActionStep, actionSteps, mayReassign } from './lifecycles/action'
import type { Team, TeamRole } from './team'

export { ACTION_STEPS, type ActionStatus, type ActionStep, isOverdue, STATUS_LABELS, STEP_LABELS } from './lifecycles/action'

export interface ActionRecord {
  readonly id: string
  readonly assessmentId: string
  readonly itemId: string
  readonly title: string
  /** Null once the owner's account is deleted (a closed action keeps its owner's name; an open one is handed over). */
  readonly ownerId: string | null
  readonly ownerName: string
  readonly dueOn: string
  readonly status: ActionStatus
  readonly version: number
  readonly doneNote: string | null
  readonly rejectionReason: string | null
  readonly verifiedByName: string | null
  readonly verificationNote: string | null
  readonly verificationUrl: string | null
  readonly daysOverdue: number
}

export type AuditKind =
  | 'rated'
  | 'reviewed'
  | 'evidence_added'
  | 'evidence_removed'
  | 'action_raised'
  | 'action_started'
  | 'action_submitted'
  | 'action_closed'
  | 'action_rejected'
  | 'action_changed'

export interface AuditEvent {
  readonly id: number
  readonly at: string
  readonly actorName: string | null
  readonly kind: AuditKind
  readonly detail: Readonly<Record<string, unknown>>
}

export interface ActionMember {
  readonly userId: string
  readonly name: string
}

/** What the item's actions section shows: its actions, the organisation's members, who is looking, the history. */
export interface ItemActivity {
  readonly actions: readonly ActionRecord[]
  readonly members: readonly ActionMember[]
  readonly me: { readonly userId: string; readonly role: TeamRole }
  readonly history: readonly AuditEvent[]
}

export const TITLE_MAX_LENGTH = 200

export const ACTION_MESSAGES = {
  loadFailed: "We couldn't load this item's actions and history. Check your connection and try again.",
  titleRequired: 'Say what is to be done.',
  titleTooLong: `Keep it to ${TITLE_MAX_LENGTH} characters.`,
  ownerRequired: 'Choose who owns this action.',
  dueRequired: 'Choose a due date.',
  dueInPast: 'The due date cannot be in the past.',
  doneNoteRequired: 'Say what was done before sending it for verification.',
  evidenceRequired: 'Closing needs verification evidence: a note or a link.',
  reasonRequired: 'Say why the fix is not verified.',
  noteTooLong: `Keep a note to ${NOTE_MAX_LENGTH} characters.`,
  badUrl: 'Enter a link that starts with https:// or http://.',
  raised: (title: string) => `Action raised: ${title}`,
  moved: (step: ActionStep, title: string) =>
    step === 'start' ? `Started: ${title}` : step === 'submit' ? `Sent for verification: ${title}` : step === 'verify' ? `Verified and closed: ${title}` : `Sent back: ${title}`,
  conflict: (name: string) => `changed by ${name} — review and try again`,
  reassigned: (title: string) => `Reassigned: ${title}`,
  nothingChanged: 'Choose another owner or due date first.',
  noOverdue: 'No action is overdue.',
  overdueLoadFailed: "We couldn't load your overdue actions. Check your connection and try again.",
} as const

// Parsing what the server sends. Anything malformed is dropped, never a crash.

const str = (x: unknown): string | null => (typeof x === 'string' && x !== '' ? x : null)
const KINDS: readonly string[] = [
  'rated', 'reviewed', 'evidence_added', 'evidence_removed', 'action_raised', 'action_started', 'action_submitted', 'action_closed', 'action_rejected', 'action_changed',
]

export function parseAction(row: unknown): ActionRecord | null {
  if (typeof row !== 'object' || row === null) return null
  const r = row as Record<string, unknown>
  const id = str(r.id)
  const status: ActionStatus | null = isStatusOf(ACTION_LIFECYCLE, r.status) ? r.status : null
  if (!id || !status || !str(r.title) || !str(r.due_on) || typeof r.version !== 'number') return null
  return {
    id,
    assessmentId: str(r.assessment_id) ?? '',
    itemId: str(r.item_id) ?? '',
    title: str(r.title)!,
    ownerId: str(r.owner_id),
    ownerName: str(r.owner_name) ?? 'someone who has left',
    dueOn: str(r.due_on)!,
    status,
    version: r.version,
    doneNote: str(r.done_note),
    rejectionReason: str(r.rejection_reason),
    verifiedByName: str(r.verified_by_name),
    verificationNote: str(r.verification_note),
    verificationUrl: str(r.verification_url),
    daysOverdue: typeof r.days_overdue === 'number' ? r.days_overdue : 0,
  }
}

export const parseActions = (rows: unknown): ActionRecord[] =>
  Array.isArray(rows) ? rows.map(parseAction).filter((a): a is ActionRecord => a !== null) : []

export function parseAuditEvents(rows: unknown): AuditEvent[] {
  if (!Array.isArray(rows)) return []
  return rows.flatMap((row) => {
    if (typeof row !== 'object' || row === null) return []
    const r = row as Record<string, unknown>
    if (typeof r.id !== 'number' || !str(r.at) || typeof r.kind !== 'string' || !KINDS.includes(r.kind)) return []
    const detail = typeof r.detail === 'object' && r.detail !== null ? (r.detail as Record<string, unknown>) : {}
    return [{ id: r.id, at: str(r.at)!, actorName: str(r.actor_name), kind: r.kind as AuditKind, detail }]
  })
}

/** The organisation's members as the owner picker lists them (name, else e-mail). */
export function membersOf(team: Team): ActionMember[] {
  return team.members.map((m) => ({ userId: m.userId, name: m.name }))
}

// Who may do what: the lifecycle's table for this person's roles, so the page offers only what will work.

/** Is this step one the lifecycle lets this person take on this action now? */
export const mayTake = (activity: ItemActivity, actionId: string, step: ActionStep): boolean => {
  const action = activity.actions.find((a) => a.id === actionId)
  return !!action && actionSteps(action, activity.me, activity.members.length).includes(step)
}

/** May this person reassign this action (an admin, while it is not closed)? */
export const mayReassignIn = (activity: ItemActivity, actionId: string): boolean => {
  const action = activity.actions.find((a) => a.id === actionId)
  return !!action && mayReassign(action, activity.me, activity.members.length)
}

/** Today's date in the UK (Europe/London), YYYY-MM-DD: what "overdue" and "not in the past" are measured against. */
export const ukToday = (now: Date): string => ukDate(now)

// The raise form.

export interface RaiseDraft {
  readonly title: string
  readonly ownerId: string
  readonly dueOn: string
}

export const EMPTY_RAISE: RaiseDraft = { title: '', ownerId: '', dueOn: '' }

/** The raise form's rules for these members on this UK day: the first problem, in the form's order, or null. */
export function raiseProblem(draft: RaiseDraft, memberIds: readonly string[], today: string): string | null {
  const schema = v.object({
    title: v.pipe(v.string(), v.trim(), v.minLength(1, ACTION_MESSAGES.titleRequired), v.maxLength(TITLE_MAX_LENGTH, ACTION_MESSAGES.titleTooLong)),
    ownerId: v.pipe(v.string(), v.picklist([...memberIds], ACTION_MESSAGES.ownerRequired)),
    dueOn: v.pipe(
      v.string(),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, ACTION_MESSAGES.dueRequired),
      v.check((d) => d >= today, ACTION_MESSAGES.dueInPast),
    ),
  })
  const result = v.safeParse(schema, draft, { abortEarly: true })
  return result.success ? null : (result.issues[0]?.message ?? ACTION_MESSAGES.titleRequired)
}

// The reassign form: an admin gives an action another owner or due date.

export interface ReassignDraft {
  readonly ownerId: string
  readonly dueOn: string
}

/**
 * The reassign form's rules: the owner a member, the due date a real calendar date not before today (UK) unless it
 * is the action's own, and something changed. The first problem, in the form's order, or null.
 */
export function reassignProblem(draft: ReassignDraft, action: { readonly ownerId: string | null; readonly dueOn: string }, memberIds: readonly string[], today: string): string | null {
  const schema = v.object({
    ownerId: v.pipe(v.string(), v.picklist([...memberIds], ACTION_MESSAGES.ownerRequired)),
    dueOn: v.pipe(
      v.string(),
      v.check(isCalendarDate, ACTION_MESSAGES.dueRequired),
      v.check((d) => d === action.dueOn || d >= today, ACTION_MESSAGES.dueInPast),
    ),
  })
  const result = v.safeParse(schema, draft, { abortEarly: true })
  if (!result.success) return result.issues[0]?.message ?? ACTION_MESSAGES.ownerRequired
  return draft.ownerId === action.ownerId && draft.dueOn === action.dueOn ? ACTION_MESSAGES.nothingChanged : null
}

/** YYYY-MM-DD naming a day that exists (2026-02-30 does not). */
const isCalendarDate = (text: string): boolean => parseIsoDate(text) !== undefined

// A step's note (what was done; the verification's note and link; the reason).

export interface StepDraft {
  readonly note: string
  readonly url: string
}

export const EMPTY_STEP: StepDraft = { note: '', url: '' }

export function stepProblem(step: ActionStep, draft: StepDraft): string | null {
  const note = draft.note.trim()
  const url = draft.url.trim()
  if (note.length > NOTE_MAX_LENGTH) return ACTION_MESSAGES.noteTooLong
  if (step === 'verify' && url && (url.length > URL_MAX_LENGTH || !/^https?:\/\/\S+$/.test(url))) return ACTION_MESSAGES.badUrl
  if (step === 'submit' && !note) return ACTION_MESSAGES.doneNoteRequired
  if (step === 'reject' && !note) return ACTION_MESSAGES.reasonRequired
  if (step === 'verify' && !note && !url) return ACTION_MESSAGES.evidenceRequired
  return null
}

// Failures: the server's sentence, with the conflict in the spec's words.

export function actionFailure(error: { message?: string; hint?: string | null; code?: string; details?: string | null }): AssessmentFailure {
  if (error.hint === 'action_conflict') {
    const name = /^changed by (.+) — review and try again$/.exec(error.message ?? '')?.[1] ?? 'someone else'
    return { code: 'action_conflict', message: ACTION_MESSAGES.conflict(name) }
  }
  return assessmentFailure(error)
}

// What the history says, one line per event.

const text = (x: unknown): string => (typeof x === 'string' ? x : '')

/** Why an action changed hands: its owner left the organisation (removed, left, or their account was deleted). */
const handOverReason = (d: Readonly<Record<string, unknown>>): string =>
  d.previous_owner_name ? ` (${text(d.previous_owner_name)}${d.reason === 'owner_left' ? ' left the organisation' : ' was the owner'})` : ''

export function auditLine(e: AuditEvent): string {
  const d = e.detail
  const title = text(d.title)
  switch (e.kind) {
    case 'rated':
      return `Rated ${text(d.label) || text(d.rating)}`
    case 'reviewed':
      return `Reviewed: ${text(d.label) || text(d.rating)}`
    case 'evidence_added':
      return `Evidence added: ${text(d.note) || text(d.url) || text(d.file_name)}`
    case 'evidence_removed':
      return `Evidence removed: ${text(d.note) || text(d.url) || text(d.file_name)}`
    case 'action_raised':
      return `Action raised: ${title} (owner ${text(d.owner_name) || 'a member'}, due ${longDate(text(d.due_on))})`
    case 'action_started':
      return `Action started: ${title}`
    case 'action_submitted':
      return `Sent for verification: ${title}${d.done_note ? `. Done: ${text(d.done_note)}` : ''}`
    case 'action_closed':
      return `Verified and closed: ${title}${d.verification_note ? `. ${text(d.verification_note)}` : ''}${d.verification_url ? ` (${text(d.verification_url)})` : ''}`
    case 'action_rejected':
      return `Not verified, back in progress: ${title}. ${text(d.reason)}`
    default:
      return changedLine(d, title)
  }
}

/**
 * An action changed without a step: handed to someone else (by an admin, or because its owner left: 'Action handed
 * to Vic Verifier: Title (Olu Owner was the owner)'), given another due date ('Due date changed to 15 January 2031:
 * Title'), or both ('…; due date changed to 15 January 2031').
 */
function changedLine(d: AuditEvent['detail'], title: string): string {
  const due = d.due_on ? `due date changed to ${longDate(text(d.due_on))}` : ''
  if (d.owner_name) return `Action handed to ${text(d.owner_name)}: ${title}${handOverReason(d)}${due ? `; ${due}` : ''}`
  return due ? `D${due.slice(1)}: ${title}` : `Action changed: ${title}`
}

/** 'Bob Tester, 25 November 2026 at 09:30'. */
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' })
export function auditWhen(e: AuditEvent): string {
  const at = new Date(e.at)
  const time = Number.isNaN(at.getTime()) ? '' : ` at ${timeFormat.format(at)}`
  return `${e.actorName ?? 'InspectReady'}, ${longUkDate(e.at)}${time}`
}
