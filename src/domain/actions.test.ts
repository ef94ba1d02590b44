import { describe, expect, it } from 'vitest'
import {
  ACTION_MESSAGES,
  type ActionRecord,
  actionFailure,
  auditLine,
  auditWhen,
  parseAction,
  parseActions,
  parseAuditEvents,
  raiseProblem,
  stepProblem,
  stepsFor,
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

describe('who may take which step', () => {
  it('the owner or an admin starts and submits; others may not', () => {
    expect(stepsFor(action('open'), member(OWNER), 3)).toEqual(['start'])
    expect(stepsFor(action('open'), admin(ADMIN), 3)).toEqual(['start'])
    expect(stepsFor(action('open'), member(OTHER), 3)).toEqual([])
    expect(stepsFor(action('in_progress'), member(OWNER), 3)).toEqual(['submit'])
    expect(stepsFor(action('in_progress'), admin(ADMIN), 3)).toEqual(['submit'])
    expect(stepsFor(action('in_progress'), member(OTHER), 3)).toEqual([])
  })

  it('someone other than the owner reviews; the owner only when alone and admin; nobody moves a closed action', () => {
    expect(stepsFor(action('awaiting_verification'), member(OTHER), 3)).toEqual(['verify', 'reject'])
    expect(stepsFor(action('awaiting_verification'), admin(ADMIN), 3)).toEqual(['verify', 'reject'])
    expect(stepsFor(action('awaiting_verification'), member(OWNER), 3)).toEqual([])
    expect(stepsFor(action('awaiting_verification'), admin(OWNER), 2)).toEqual([])
    expect(stepsFor(action('awaiting_verification'), admin(OWNER), 1)).toEqual(['verify', 'reject'])
    expect(stepsFor(action('awaiting_verification'), member(OWNER), 1)).toEqual([])
    expect(stepsFor(action('closed'), admin(ADMIN), 3)).toEqual([])
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
})

describe('what the server sends', () => {
  it('parses actions and drops malformed rows', () => {
    const row = { id: 'a1', assessment_id: 's', item_id: 'i', title: 'T', owner_id: 'o', owner_name: 'Olu', due_on: '2026-12-01', status: 'in_progress', version: 2, days_overdue: 3 }
    expect(parseAction(row)).toMatchObject({ id: 'a1', status: 'in_progress', version: 2, ownerName: 'Olu', daysOverdue: 3, doneNote: null })
    expect(parseActions([row, { ...row, status: 'lost' }, null, { ...row, version: '2' }])).toHaveLength(1)
    expect(parseActions('nope')).toEqual([])
  })

  it('a conflict is worded as the spec says; other refusals keep the server\'s sentence', () => {
    expect(actionFailure({ hint: 'action_conflict', message: 'changed by Vic — review and try again', code: 'PT409' })).toEqual({ code: 'action_conflict', message: 'changed by Vic — review and try again' })
    expect(actionFailure({ hint: 'due_in_past', message: 'The due date cannot be in the past.', code: '22023' })).toEqual({ code: 'due_in_past', message: 'The due date cannot be in the past.' })
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
})
