import { describe, expect, it } from 'vitest'
import { NOTE_MAX_LENGTH, URL_MAX_LENGTH } from './assessments'
import {
  ACTION_MESSAGES,
  type ActionRecord,
  type AuditEvent,
  actionFailure,
  auditLine,
  auditWhen,
  membersOf,
  parseAction,
  parseActions,
  type ItemActivity,
  mayReassignIn,
  mayTake,
  parseAuditEvents,
  raiseProblem,
  reassignProblem,
  stepProblem,
  ukToday,
} from './actions'

const OWNER = 'u-owner'
const ADMIN = 'u-admin'
const OTHER = 'u-other'
const action = (status: ActionRecord['status']): ActionRecord => ({
  id: 'a1', assessmentId: 's1', itemId: 'cqc-saf-2024/safe/safeguarding', title: 'Fix it', ownerId: OWNER, ownerName: 'Olu', dueOn: '2026-12-01',
  status, version: 1, doneNote: null, rejectionReason: null, verifiedByName: null, verificationNote: null, verificationUrl: null, daysOverdue: 0,
})
const member = (userId: string) => ({ userId, role: 'member' as const })
const admin = (userId: string) => ({ userId, role: 'admin' as const })

describe('who may take which step (the action lifecycle, for the people of the item)', () => {
  const activity = (a: ActionRecord, me: ItemActivity['me'], members = 3): ItemActivity => ({
    actions: [a],
    members: [OWNER, ADMIN, OTHER].slice(0, members).map((userId) => ({ userId, name: userId })),
    me,
    history: [],
  })

  it('the owner or an admin starts and submits; others may not', () => {
    expect(mayTake(activity(action('open'), member(OWNER)), 'a1', 'start')).toBe(true)
    expect(mayTake(activity(action('open'), admin(ADMIN)), 'a1', 'start')).toBe(true)
    expect(mayTake(activity(action('open'), member(OTHER)), 'a1', 'start')).toBe(false)
    expect(mayTake(activity(action('in_progress'), member(OWNER)), 'a1', 'submit')).toBe(true)
    expect(mayTake(activity(action('in_progress'), member(OTHER)), 'a1', 'submit')).toBe(false)
    expect(mayTake(activity(action('open'), member(OWNER)), 'a1', 'submit')).toBe(false)
  })

  it('someone other than the owner reviews; the owner only when alone and admin; an unknown action takes nothing', () => {
    expect(mayTake(activity(action('awaiting_verification'), member(OTHER)), 'a1', 'verify')).toBe(true)
    expect(mayTake(activity(action('awaiting_verification'), member(OWNER)), 'a1', 'reject')).toBe(false)
    expect(mayTake(activity(action('awaiting_verification'), admin(OWNER), 1), 'a1', 'verify')).toBe(true)
    expect(mayTake(activity(action('awaiting_verification'), member(OTHER)), 'a2', 'verify')).toBe(false)
  })

  it('an admin reassigns an action that is not closed; a member, a closed or an unknown action, never', () => {
    expect(mayReassignIn(activity(action('awaiting_verification'), admin(ADMIN)), 'a1')).toBe(true)
    expect(mayReassignIn(activity(action('open'), member(OWNER)), 'a1')).toBe(false)
    expect(mayReassignIn(activity(action('closed'), admin(ADMIN)), 'a1')).toBe(false)
    expect(mayReassignIn(activity(action('open'), admin(ADMIN)), 'a2')).toBe(false)
  })
})

describe('the reassign form', () => {
  const members = [OWNER, ADMIN, OTHER]
  const current = { ownerId: OWNER, dueOn: '2026-11-20' }
  const today = '2026-11-25'

  it('asks for a member, a real date not in the past unless unchanged, and a change, in the form\'s order', () => {
    expect(reassignProblem({ ownerId: '', dueOn: 'x' }, current, members, today)).toBe(ACTION_MESSAGES.ownerRequired)
    expect(reassignProblem({ ownerId: 'u-stranger', dueOn: '2026-12-01' }, current, members, today)).toBe(ACTION_MESSAGES.ownerRequired)
    expect(reassignProblem({ ownerId: OTHER, dueOn: '' }, current, members, today)).toBe(ACTION_MESSAGES.dueRequired)
    expect(reassignProblem({ ownerId: OTHER, dueOn: '2026-02-30' }, current, members, today)).toBe(ACTION_MESSAGES.dueRequired)
    expect(reassignProblem({ ownerId: OTHER, dueOn: '2026-11-24' }, current, members, today)).toBe(ACTION_MESSAGES.dueInPast)
    expect(reassignProblem(current, current, members, today)).toBe(ACTION_MESSAGES.nothingChanged)
  })

  it('takes a new owner with the date kept (even a past one), a new date from today on, or both', () => {
    expect(reassignProblem({ ownerId: OTHER, dueOn: '2026-11-20' }, current, members, today)).toBeNull()
    expect(reassignProblem({ ownerId: OWNER, dueOn: today }, current, members, today)).toBeNull()
    expect(reassignProblem({ ownerId: ADMIN, dueOn: '2027-01-31' }, current, members, today)).toBeNull()
  })
})

describe('the raise form', () => {
  const members = [OWNER, ADMIN]
  const ok = { title: 'Fix it', ownerId: OWNER, dueOn: '2026-11-25' }
  it('says the first problem in the order of the form', () => {
    expect(raiseProblem({ title: '  ', ownerId: '', dueOn: '' }, members, '2026-11-25')).toBe(ACTION_MESSAGES.titleRequired)
    expect(raiseProblem({ ...ok, title: 'x'.repeat(201) }, members, '2026-11-25')).toBe(ACTION_MESSAGES.titleTooLong)
    expect(raiseProblem({ ...ok, title: 'x'.repeat(200) }, members, '2026-11-25')).toBeNull()
    expect(raiseProblem({ ...ok, ownerId: '' }, members, '2026-11-25')).toBe(ACTION_MESSAGES.ownerRequired)
    expect(raiseProblem({ ...ok, ownerId: OTHER }, members, '2026-11-25')).toBe(ACTION_MESSAGES.ownerRequired)
    expect(raiseProblem({ ...ok, dueOn: '' }, members, '2026-11-25')).toBe(ACTION_MESSAGES.dueRequired)
    expect(raiseProblem({ ...ok, dueOn: '2026-11-24' }, members, '2026-11-25')).toBe(ACTION_MESSAGES.dueInPast)
    expect(raiseProblem(ok, members, '2026-11-25')).toBeNull()
  })

  it('a due date is a whole calendar date, nothing before or after it', () => {
    expect(raiseProblem({ ...ok, dueOn: 'x2026-11-25' }, members, '2026-11-25')).toBe(ACTION_MESSAGES.dueRequired)
    expect(raiseProblem({ ...ok, dueOn: '2026-11-25x' }, members, '2026-11-25')).toBe(ACTION_MESSAGES.dueRequired)
    expect(raiseProblem({ ...ok, dueOn: '2026-11-26' }, members, '2026-11-25')).toBeNull()
  })

  it('today is the UK calendar date', () => {
    expect(ukToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01')
    expect(ukToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31')
  })
})

describe('a step’s note', () => {
  it('submit and reject need a note; verify needs a note or a valid link', () => {
    expect(stepProblem('start', { note: '', url: '' })).toBeNull()
    expect(stepProblem('submit', { note: ' ', url: '' })).toBe(ACTION_MESSAGES.doneNoteRequired)
    expect(stepProblem('reject', { note: '', url: '' })).toBe(ACTION_MESSAGES.reasonRequired)
    expect(stepProblem('verify', { note: '', url: '' })).toBe(ACTION_MESSAGES.evidenceRequired)
    expect(stepProblem('verify', { note: '', url: 'intranet/x' })).toBe(ACTION_MESSAGES.badUrl)
    expect(stepProblem('verify', { note: '', url: 'https://intranet.example/x' })).toBeNull()
    expect(stepProblem('verify', { note: 'Seen', url: '' })).toBeNull()
    expect(stepProblem('submit', { note: 'x'.repeat(4001), url: '' })).toBe(ACTION_MESSAGES.noteTooLong)
  })

  it('a note may be as long as the limit, not longer', () => {
    expect(stepProblem('reject', { note: 'x'.repeat(NOTE_MAX_LENGTH), url: '' })).toBeNull()
    expect(stepProblem('reject', { note: 'x'.repeat(NOTE_MAX_LENGTH + 1), url: '' })).toBe(ACTION_MESSAGES.noteTooLong)
  })

  it('a verification link is a whole http(s) link without spaces, up to the limit; only verify reads it', () => {
    const link = (length: number) => `https://x.example/${'a'.repeat(length - 'https://x.example/'.length)}`
    expect(stepProblem('verify', { note: '', url: '  https://x.example/a  ' })).toBeNull()
    expect(stepProblem('verify', { note: '', url: 'http://x.example/a' })).toBeNull()
    expect(stepProblem('verify', { note: '', url: 'see https://x.example/a' })).toBe(ACTION_MESSAGES.badUrl)
    expect(stepProblem('verify', { note: '', url: 'https://x.example/a b' })).toBe(ACTION_MESSAGES.badUrl)
    expect(stepProblem('verify', { note: 'Seen', url: 'register.pdf' })).toBe(ACTION_MESSAGES.badUrl)
    expect(stepProblem('verify', { note: '', url: link(URL_MAX_LENGTH) })).toBeNull()
    expect(stepProblem('verify', { note: '', url: link(URL_MAX_LENGTH + 1) })).toBe(ACTION_MESSAGES.badUrl)
    expect(stepProblem('submit', { note: 'Done', url: 'register.pdf' })).toBeNull()
    expect(stepProblem('reject', { note: 'Not yet', url: 'register.pdf' })).toBeNull()
  })
})

describe('what the server sends', () => {
  it('parses actions and drops malformed rows', () => {
    const row = { id: 'a1', assessment_id: 's', item_id: 'i', title: 'T', owner_id: 'o', owner_name: 'Olu', due_on: '2026-12-01', status: 'in_progress', version: 2, days_overdue: 3 }
    expect(parseAction(row)).toMatchObject({ id: 'a1', status: 'in_progress', version: 2, ownerName: 'Olu', daysOverdue: 3, doneNote: null })
    expect(parseActions([row, { ...row, status: 'lost' }, null, { ...row, version: '2' }])).toHaveLength(1)
    expect(parseActions('nope')).toEqual([])
  })

  it('reads every field of an action, with defaults for what is missing', () => {
    const row = {
      id: 'a1', assessment_id: 's1', item_id: 'i1', title: 'T', owner_id: 'o', owner_name: 'Olu', due_on: '2026-12-01', status: 'closed', version: 4,
      done_note: 'Booked', rejection_reason: 'Short', verified_by_name: 'Vic', verification_note: 'Seen', verification_url: 'https://x.example/a', days_overdue: 2,
    }
    expect(parseAction(row)).toEqual({
      id: 'a1', assessmentId: 's1', itemId: 'i1', title: 'T', ownerId: 'o', ownerName: 'Olu', dueOn: '2026-12-01', status: 'closed', version: 4,
      doneNote: 'Booked', rejectionReason: 'Short', verifiedByName: 'Vic', verificationNote: 'Seen', verificationUrl: 'https://x.example/a', daysOverdue: 2,
    })
    const bare = { id: 'a1', title: 'T', owner_id: 'o', due_on: '2026-12-01', status: 'open', version: 1, done_note: '', days_overdue: '2' }
    expect(parseAction(bare)).toMatchObject({ assessmentId: '', itemId: '', ownerName: 'someone who has left', doneNote: null, daysOverdue: 0 })
  })

  it('drops an action without an id, title, due date, known status or numeric version', () => {
    const row = { id: 'a1', title: 'T', owner_id: 'o', due_on: '2026-12-01', status: 'open', version: 1 }
    expect(parseAction(row)).not.toBeNull()
    for (const bad of [{ id: '' }, { title: '' }, { title: 5 }, { due_on: '' }, { status: 'lost' }, { status: 1 }, { version: '1' }]) {
      expect(parseAction({ ...row, ...bad })).toBeNull()
    }
    expect(parseAction(null)).toBeNull()
    expect(parseAction('a1')).toBeNull()
  })

  it('keeps a closed action whose owner\'s account is gone, named as the server recorded them', () => {
    const row = { id: 'a1', title: 'T', owner_id: null, owner_name: 'Bob Tester', due_on: '2026-12-01', status: 'closed', version: 4, verified_by_name: 'Carol Tester' }
    expect(parseAction(row)).toMatchObject({ ownerId: null, ownerName: 'Bob Tester', verifiedByName: 'Carol Tester', status: 'closed' })
  })

  it('says to whom an action was handed and why', () => {
    const event = (detail: Record<string, unknown>): AuditEvent => ({ id: 9, at: '2026-11-28T10:00:00Z', actorName: null, kind: 'action_changed', detail: { title: 'Fix it', ...detail } })
    expect(auditLine(event({ owner_name: 'Alice Tester', previous_owner_name: 'Bob Tester', reason: 'owner_left' }))).toBe('Action handed to Alice Tester: Fix it (Bob Tester left the organisation)')
    expect(auditLine(event({ owner_name: 'Alice Tester', previous_owner_name: 'Bob Tester' }))).toBe('Action handed to Alice Tester: Fix it (Bob Tester was the owner)')
    expect(auditLine(event({ owner_name: 'Alice Tester' }))).toBe('Action handed to Alice Tester: Fix it')
    expect(auditLine(event({ due_on: '2026-12-24' }))).toBe('Due date changed to 24 December 2026: Fix it')
    expect(auditWhen(event({}))).toMatch(/^InspectReady, 28 November 2026 at 10:00$/)
  })

  it('drops malformed history rows and keeps a missing detail empty', () => {
    const row = { id: 1, at: '2026-11-25T09:30:00Z', actor_name: '', kind: 'reviewed', detail: { rating: '3' } }
    expect(parseAuditEvents([row])).toEqual([{ id: 1, at: '2026-11-25T09:30:00Z', actorName: null, kind: 'reviewed', detail: { rating: '3' } }])
    const kept = parseAuditEvents([
      null,
      'row',
      { ...row, id: '1' },
      { ...row, at: '' },
      { ...row, kind: 5 },
      { ...row, kind: 'forged' },
      { ...row, id: 2, detail: null },
      { ...row, id: 3, detail: 'rated' },
    ])
    expect(kept.map((e) => [e.id, e.detail])).toEqual([
      [2, {}],
      [3, {}],
    ])
    expect(parseAuditEvents('nope')).toEqual([])
    expect(parseAuditEvents({ 0: row })).toEqual([])
  })

  it('lists the organisation\'s members for the owner picker', () => {
    const team = {
      organisationName: 'Acme Care', plan: 'team', seats: { limit: 5, used: 2, available: 3 }, me: { userId: ADMIN, role: 'admin' as const }, invitations: [],
      members: [
        { userId: ADMIN, role: 'admin' as const, email: 'ada@acme.example', name: 'Ada' },
        { userId: OWNER, role: 'member' as const, email: 'olu@acme.example', name: 'olu@acme.example' },
      ],
    }
    expect(membersOf(team)).toEqual([
      { userId: ADMIN, name: 'Ada' },
      { userId: OWNER, name: 'olu@acme.example' },
    ])
  })

  it('a conflict is worded as the spec says; other refusals keep the server\'s sentence', () => {
    expect(actionFailure({ hint: 'action_conflict', message: 'changed by Vic — review and try again', code: 'PT409' })).toEqual({ code: 'action_conflict', message: 'changed by Vic — review and try again' })
    expect(actionFailure({ hint: 'due_in_past', message: 'The due date cannot be in the past.', code: '22023' })).toEqual({ code: 'due_in_past', message: 'The due date cannot be in the past.' })
  })

  it('a conflict whose sentence names nobody is put down to someone else', () => {
    const someoneElse = { code: 'action_conflict', message: 'changed by someone else — review and try again' }
    expect(actionFailure({ hint: 'action_conflict', message: 'version mismatch', code: 'PT409' })).toEqual(someoneElse)
    expect(actionFailure({ hint: 'action_conflict', code: 'PT409' })).toEqual(someoneElse)
    expect(actionFailure({ hint: 'action_conflict', message: 'Oh, changed by Vic — review and try again', code: 'PT409' })).toEqual(someoneElse)
    expect(actionFailure({ hint: 'action_conflict', message: 'changed by Vic — review and try again later', code: 'PT409' })).toEqual(someoneElse)
  })

  it('says each history event in words, with who and when', () => {
    const [rated, raised, closed, rejected, removed] = parseAuditEvents([
      { id: 1, at: '2026-11-25T09:30:00Z', actor_name: 'Ada', kind: 'rated', detail: { rating: '2', label: 'Some shortfalls' } },
      { id: 2, at: '2026-11-25T09:31:00Z', actor_name: 'Ada', kind: 'action_raised', detail: { title: 'Fix it', owner_name: 'Olu', due_on: '2026-12-01' } },
      { id: 3, at: '2026-11-25T09:32:00Z', actor_name: 'Vic', kind: 'action_closed', detail: { title: 'Fix it', verification_note: 'Seen', verification_url: 'https://x.example/a' } },
      { id: 4, at: '2026-11-25T09:33:00Z', actor_name: 'Vic', kind: 'action_rejected', detail: { title: 'Fix it', reason: 'Not yet' } },
      { id: 5, at: '2026-11-25T09:34:00Z', actor_name: null, kind: 'evidence_removed', detail: { url: 'https://x.example/b' } },
      { id: 6, at: '2026-11-25T09:35:00Z', actor_name: 'Ada', kind: 'forged', detail: {} },
    ])
    expect(auditLine(rated!)).toBe('Rated Some shortfalls')
    expect(auditLine(raised!)).toBe('Action raised: Fix it (owner Olu, due 1 December 2026)')
    expect(auditLine(closed!)).toBe('Verified and closed: Fix it. Seen (https://x.example/a)')
    expect(auditLine(rejected!)).toBe('Not verified, back in progress: Fix it. Not yet')
    expect(auditLine(removed!)).toBe('Evidence removed: https://x.example/b')
    // A file's events carry its name (supabase/migrations/20261126300000_evidence_files_audit.sql), never its path.
    const [fileAdded, fileRemoved] = parseAuditEvents([
      { id: 7, at: '2026-11-25T09:36:00Z', actor_name: 'Mia', kind: 'evidence_added', detail: { kind: 'file', file_name: 'Safeguarding policy.pdf', content_type: 'application/pdf', file_size: 99 } },
      { id: 8, at: '2026-11-25T09:37:00Z', actor_name: 'Mia', kind: 'evidence_removed', detail: { kind: 'file', file_name: 'Safeguarding policy.pdf' } },
    ])
    expect(auditLine(fileAdded!)).toBe('Evidence added: Safeguarding policy.pdf')
    expect(auditLine(fileRemoved!)).toBe('Evidence removed: Safeguarding policy.pdf')
    expect(auditWhen(rated!)).toBe('Ada, 25 November 2026 at 09:30')
    expect(auditWhen(removed!)).toBe('InspectReady, 25 November 2026 at 09:34')
  })

  it('says every kind of history event, with what is missing left out', () => {
    const line = (kind: AuditEvent['kind'], detail: Record<string, unknown>) => auditLine({ id: 1, at: '2026-11-25T09:30:00Z', actorName: 'Ada', kind, detail })
    expect(line('rated', { rating: '2' })).toBe('Rated 2')
    expect(line('reviewed', { rating: '3', label: 'Good' })).toBe('Reviewed: Good')
    expect(line('reviewed', { rating: '3' })).toBe('Reviewed: 3')
    expect(line('evidence_added', { note: 'Rota', url: 'https://x.example/a' })).toBe('Evidence added: Rota')
    expect(line('evidence_added', { url: 'https://x.example/a' })).toBe('Evidence added: https://x.example/a')
    expect(line('evidence_added', { kind: 'file', file_name: 'rota.pdf', content_type: 'application/pdf' })).toBe('Evidence added: rota.pdf')
    expect(line('evidence_removed', { note: 'Rota', file_name: 'rota.pdf' })).toBe('Evidence removed: Rota')
    expect(line('evidence_removed', { url: 'https://x.example/a', file_name: 'rota.pdf' })).toBe('Evidence removed: https://x.example/a')
    expect(line('evidence_removed', { file_name: 'rota.pdf' })).toBe('Evidence removed: rota.pdf')
    expect(line('action_raised', { title: 'Fix it', due_on: '2026-12-01' })).toBe('Action raised: Fix it (owner a member, due 1 December 2026)')
    expect(line('action_started', { title: 'Fix it' })).toBe('Action started: Fix it')
    expect(line('action_submitted', { title: 'Fix it', done_note: 'Booked' })).toBe('Sent for verification: Fix it. Done: Booked')
    expect(line('action_submitted', { title: 'Fix it' })).toBe('Sent for verification: Fix it')
    expect(line('action_closed', { title: 'Fix it' })).toBe('Verified and closed: Fix it')
    expect(line('action_closed', { title: 'Fix it', verification_url: 'https://x.example/a' })).toBe('Verified and closed: Fix it (https://x.example/a)')
    expect(line('action_changed', { title: 'Fix it' })).toBe('Action changed: Fix it')
    expect(line('action_changed', { title: 'Fix it', due_on: '2027-01-15' })).toBe('Due date changed to 15 January 2027: Fix it')
    expect(line('action_changed', { title: 'Fix it', owner_id: 'u2', owner_name: 'Vic', previous_owner_name: 'Olu', due_on: '2027-01-15' })).toBe(
      'Action handed to Vic: Fix it (Olu was the owner); due date changed to 15 January 2027',
    )
    expect(line('action_changed', { title: 'Fix it', owner_id: 'u2', due_on: '2027-01-15' })).toBe('Due date changed to 15 January 2027: Fix it')
    expect(line('action_changed', { title: 5 })).toBe('Action changed: ')
  })

  it('an unreadable time is left out of who and when', () => {
    expect(auditWhen({ id: 1, at: 'not a date', actorName: 'Ada', kind: 'rated', detail: {} })).toBe('Ada, not a date')
  })
})
