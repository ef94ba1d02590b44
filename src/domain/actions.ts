/**
 * Actions on an item rated below good, and the item's audit trail (issue 30 items 2 and 4): the rows as the page
 * reads them, who may take which step (the same rules supabase/migrations/20261126100000_actions_audit.sql
 * enforces), the raise form's validation (valibot) and what the history says. Pure: no network, no React.
 */
import * as v from 'valibot'
import { type AssessmentFailure, assessmentFailure, longDate, longUkDate, NOTE_MAX_LENGTH, URL_MAX_LENGTH } from './assessments'
import type { Team, TeamRole } from './team'

export type ActionStatus = 'open' | 'in_progress' | 'awaiting_verification' | 'closed'
export type ActionStep = 'start' | 'submit' | 'verify' | 'reject'
export const ACTION_STEPS: readonly ActionStep[] = ['start', 'submit', 'verify', 'reject']

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

export const STATUS_LABELS: Readonly<Record<ActionStatus, string>> = {
  open: 'Open',
  in_progress: 'In progress',
  awaiting_verification: 'Awaiting verification',
  closed: 'Closed',
}

export const STEP_LABELS: Readonly<Record<ActionStep, string>> = {
  start: 'Start work',
  submit: 'Send for verification',
  verify: 'Verify and close',
  reject: 'Not fixed yet',
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
  noOverdue: 'No action is overdue.',
  overdueLoadFailed: "We couldn't load your overdue actions. Check your connection and try again.",
} as const

// Parsing what the server sends. Anything malformed is dropped, never a crash.

const str = (x: unknown): string | null => (typeof x === 'string' && x !== '' ? x : null)
const STATUSES: readonly string[] = ['open', 'in_progress', 'awaiting_verification', 'closed']
const KINDS: readonly string[] = [
  'rated', 'reviewed', 'evidence_added', 'evidence_removed', 'action_raised', 'action_started', 'action_submitted', 'action_closed', 'action_rejected', 'action_changed',
]

export function parseAction(row: unknown): ActionRecord | null {
  if (typeof row !== 'object' || row === null) return null
  const r = row as Record<string, unknown>
  const id = str(r.id)
  const status = typeof r.status === 'string' && STATUSES.includes(r.status) ? (r.status as ActionStatus) : null
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

// Who may do what (the server's rules, so the page offers only the buttons that will work).

/** The steps this person may take on this action now: the owner or an admin starts and submits; someone other than
 * the owner verifies or rejects, or the admin when alone in the organisation. */
export function stepsFor(action: ActionRecord, me: ItemActivity['me'], memberCount: number): ActionStep[] {
  const ownerOrAdmin = me.userId === action.ownerId || me.role === 'admin'
  const reviewer = me.userId !== action.ownerId || (memberCount === 1 && me.role === 'admin')
  switch (action.status) {
    case 'open':
      return ownerOrAdmin ? ['start'] : []
    case 'in_progress':
      return ownerOrAdmin ? ['submit'] : []
    case 'awaiting_verification':
      return reviewer ? ['verify', 'reject'] : []
    default:
      return []
  }
}

/** Is this step one of those this person may take on this action? */
export const mayTake = (activity: ItemActivity, actionId: string, step: ActionStep): boolean => {
  const action = activity.actions.find((a) => a.id === actionId)
  return !!action && stepsFor(action, activity.me, activity.members.length).includes(step)
}

// The UK calendar date (Europe/London): what "overdue" and "not in the past" are measured against.

const ukFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })
export const ukToday = (now: Date): string => ukFormat.format(now)

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
      return d.owner_name ? `Action handed to ${text(d.owner_name)}: ${title}${handOverReason(d)}` : `Action changed: ${title}`
  }
}

/** 'Bob Tester, 25 November 2026 at 09:30'. */
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' })
export function auditWhen(e: AuditEvent): string {
  const at = new Date(e.at)
  const time = Number.isNaN(at.getTime()) ? '' : ` at ${timeFormat.format(at)}`
  return `${e.actorName ?? 'InspectReady'}, ${longUkDate(e.at)}${time}`
}
