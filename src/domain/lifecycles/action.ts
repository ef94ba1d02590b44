/**
 * The action lifecycle (issue 30 item 2), written once. The SQL (20261126100000_actions_audit.sql: the status check,
 * the trigger's moves, move_action's rules; 20261128120000_action_lifecycle.sql: reassign_action and the overdue
 * rule) and machines/action.machine.ts are checked against this table by tests.
 *
 *   open --start--> in_progress --submit--> awaiting_verification --verify--> closed
 *                        ^                            |
 *                        +----------- reject ---------+
 *
 * Who: the owner or an admin starts and submits; a reviewer (someone other than the owner, or the admin when alone
 * in the organisation) verifies or rejects. An admin reassigns an action that is not closed (owner, due date).
 */
import { defineLifecycle, isFinalStatus, type Lifecycle, stepsAllowed } from '../lifecycle'
import type { TeamRole } from '../team'

export const ACTION_STATUSES = ['open', 'in_progress', 'awaiting_verification', 'closed'] as const
export type ActionStatus = (typeof ACTION_STATUSES)[number]
export const ACTION_STEPS = ['start', 'submit', 'verify', 'reject'] as const
export type ActionStep = (typeof ACTION_STEPS)[number]
export const ACTION_ROLES = ['owner', 'admin', 'reviewer'] as const
/** What a person is to an action: its owner, an admin of the organisation, a reviewer of it (all that apply). */
export type ActionRole = (typeof ACTION_ROLES)[number]

export const ACTION_LIFECYCLE: Lifecycle<ActionStatus, ActionStep, ActionRole> = defineLifecycle<ActionStatus, ActionStep, ActionRole>({
  name: 'action',
  statuses: ACTION_STATUSES,
  initial: 'open',
  final: ['closed'],
  steps: ACTION_STEPS,
  roles: ACTION_ROLES,
  labels: {
    open: 'Open',
    in_progress: 'In progress',
    awaiting_verification: 'Awaiting verification',
    closed: 'Closed',
  },
  transitions: [
    { step: 'start', from: 'open', to: 'in_progress', by: ['owner', 'admin'] },
    { step: 'submit', from: 'in_progress', to: 'awaiting_verification', by: ['owner', 'admin'] },
    { step: 'verify', from: 'awaiting_verification', to: 'closed', by: ['reviewer'] },
    { step: 'reject', from: 'awaiting_verification', to: 'in_progress', by: ['reviewer'] },
  ],
})

/** The one set of status labels: the item panel, the pack and the history. */
export const STATUS_LABELS: Readonly<Record<ActionStatus, string>> = ACTION_LIFECYCLE.labels

/** What each step's button says. */
export const STEP_LABELS: Readonly<Record<ActionStep, string>> = {
  start: 'Start work',
  submit: 'Send for verification',
  verify: 'Verify and close',
  reject: 'Not fixed yet',
}

/** Changes that keep the status: an admin reassigns (owner, due date) an action that is not closed. */
export const ACTION_CHANGES: Readonly<Record<'reassign', { readonly while: readonly ActionStatus[]; readonly by: readonly ActionRole[] }>> = {
  reassign: { while: ['open', 'in_progress', 'awaiting_verification'], by: ['admin'] },
}

export interface ActionViewer {
  readonly userId: string
  readonly role: TeamRole
}

/**
 * The roles this person has on an action owned by `ownerId` (null: its owner's account is gone, so nobody is its
 * owner), in an organisation of `memberCount` members.
 */
export function actionRoles(ownerId: string | null, me: ActionViewer, memberCount: number): ActionRole[] {
  const roles: ActionRole[] = []
  if (me.userId === ownerId) roles.push('owner')
  if (me.role === 'admin') roles.push('admin')
  if (me.userId !== ownerId || (memberCount === 1 && me.role === 'admin')) roles.push('reviewer')
  return roles
}

/** The steps this person may take on this action now (the table, for their roles). */
export function actionSteps(action: { readonly status: ActionStatus; readonly ownerId: string | null }, me: ActionViewer, memberCount: number): ActionStep[] {
  return stepsAllowed(ACTION_LIFECYCLE, action.status, actionRoles(action.ownerId, me, memberCount))
}

/** Whether this person may reassign this action (owner, due date). */
export function mayReassign(action: { readonly status: ActionStatus; readonly ownerId: string | null }, me: ActionViewer, memberCount: number): boolean {
  const roles = actionRoles(action.ownerId, me, memberCount)
  return ACTION_CHANGES.reassign.while.includes(action.status) && ACTION_CHANGES.reassign.by.some((r) => roles.includes(r))
}

/**
 * The one rule for "overdue": an action that is not closed and whose due date is before today (UK calendar dates,
 * YYYY-MM-DD; today from ukDate in ../frameworks/review.ts). SQL mirrors it as private.action_overdue (the test
 * compares both on the same dates).
 */
export function isOverdue(action: { readonly status: ActionStatus; readonly dueOn: string }, today: string): boolean {
  return !isFinalStatus(ACTION_LIFECYCLE, action.status) && action.dueOn < today
}
