import { describe, expect, it } from 'vitest'
import { ACTION_LIFECYCLE, actionRoles, actionSteps, isOverdue, mayReassign, STATUS_LABELS } from './action'

const OWNER = 'u-owner'
const member = (userId: string) => ({ userId, role: 'member' as const })
const admin = (userId: string) => ({ userId, role: 'admin' as const })
const action = (status: (typeof ACTION_LIFECYCLE.statuses)[number]) => ({ status, ownerId: OWNER })

describe('the action lifecycle', () => {
  it('is the table of issue 30: open → in progress → awaiting verification → closed, and back on a rejection', () => {
    expect(ACTION_LIFECYCLE.transitions.map((t) => `${t.from} --${t.step}--> ${t.to} by ${t.by.join('|')}`)).toEqual([
      'open --start--> in_progress by owner|admin',
      'in_progress --submit--> awaiting_verification by owner|admin',
      'awaiting_verification --verify--> closed by reviewer',
      'awaiting_verification --reject--> in_progress by reviewer',
    ])
    expect(ACTION_LIFECYCLE.initial).toBe('open')
    expect(ACTION_LIFECYCLE.final).toEqual(['closed'])
    expect(STATUS_LABELS).toEqual({ open: 'Open', in_progress: 'In progress', awaiting_verification: 'Awaiting verification', closed: 'Closed' })
  })

  it('a person is the owner, an admin and a reviewer as it applies; the owner reviews only as the admin alone', () => {
    expect(actionRoles(OWNER, member(OWNER), 3)).toEqual(['owner'])
    expect(actionRoles(OWNER, admin(OWNER), 3)).toEqual(['owner', 'admin'])
    expect(actionRoles(OWNER, admin(OWNER), 1)).toEqual(['owner', 'admin', 'reviewer'])
    expect(actionRoles(OWNER, member(OWNER), 1)).toEqual(['owner'])
    expect(actionRoles(OWNER, admin('u-admin'), 3)).toEqual(['admin', 'reviewer'])
    expect(actionRoles(OWNER, member('u-other'), 3)).toEqual(['reviewer'])
  })

  it('the steps each person may take from each status', () => {
    expect(actionSteps(action('open'), member(OWNER), 3)).toEqual(['start'])
    expect(actionSteps(action('open'), admin('u-admin'), 3)).toEqual(['start'])
    expect(actionSteps(action('open'), member('u-other'), 3)).toEqual([])
    expect(actionSteps(action('in_progress'), member(OWNER), 3)).toEqual(['submit'])
    expect(actionSteps(action('in_progress'), member('u-other'), 3)).toEqual([])
    expect(actionSteps(action('awaiting_verification'), member('u-other'), 3)).toEqual(['verify', 'reject'])
    expect(actionSteps(action('awaiting_verification'), admin('u-admin'), 3)).toEqual(['verify', 'reject'])
    expect(actionSteps(action('awaiting_verification'), member(OWNER), 3)).toEqual([])
    expect(actionSteps(action('awaiting_verification'), admin(OWNER), 2)).toEqual([])
    expect(actionSteps(action('awaiting_verification'), admin(OWNER), 1)).toEqual(['verify', 'reject'])
    expect(actionSteps(action('closed'), admin('u-admin'), 3)).toEqual([])
  })

  it('an admin reassigns any action that is not closed; nobody else does', () => {
    for (const status of ['open', 'in_progress', 'awaiting_verification'] as const) {
      expect(mayReassign(action(status), admin('u-admin'), 3)).toBe(true)
      expect(mayReassign(action(status), admin(OWNER), 3)).toBe(true)
      expect(mayReassign(action(status), member(OWNER), 3)).toBe(false)
      expect(mayReassign(action(status), member('u-other'), 3)).toBe(false)
    }
    expect(mayReassign(action('closed'), admin('u-admin'), 3)).toBe(false)
  })

  it('overdue: not closed and due before today (UK dates); due today is not overdue', () => {
    const today = '2026-11-25'
    expect(isOverdue({ status: 'open', dueOn: '2026-11-24' }, today)).toBe(true)
    expect(isOverdue({ status: 'awaiting_verification', dueOn: '2025-12-31' }, today)).toBe(true)
    expect(isOverdue({ status: 'in_progress', dueOn: today }, today)).toBe(false)
    expect(isOverdue({ status: 'open', dueOn: '2026-11-26' }, today)).toBe(false)
    expect(isOverdue({ status: 'closed', dueOn: '2026-11-24' }, today)).toBe(false)
  })
})
