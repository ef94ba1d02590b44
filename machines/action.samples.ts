import type { AnyEventObject } from 'xstate'
import { ACTION_MESSAGES, type ActionRecord } from '../src/domain/actions'

/**
 * Samples of an admin reassigning an action (machines/action.machine.ts spreads them into actionSampleEvents): the
 * sample organisation's action (Refresh safeguarding training, owned by Olu Owner, due 9 December 2030) given to
 * Vic Verifier with a later due date. Self-contained (the machine's module imports this one).
 */
const ACTION_ID = '00000000-0000-4000-8000-0000000000d1'
const VIC = { userId: '00000000-0000-4000-8000-0000000000a3', name: 'Vic Verifier' }

/** The action after the reassignment: in progress, Vic's, due 15 January 2031. */
export const actionSampleReassigned: ActionRecord = {
  id: ACTION_ID,
  assessmentId: '00000000-0000-4000-8000-0000000000c1',
  itemId: 'cqc-saf-2024/safe/safeguarding',
  title: 'Refresh safeguarding training',
  ownerId: VIC.userId,
  ownerName: VIC.name,
  dueOn: '2031-01-15',
  status: 'in_progress',
  version: 3,
  doneNote: null,
  rejectionReason: null,
  verifiedByName: null,
  verificationNote: null,
  verificationUrl: null,
  daysOverdue: 0,
}

export const actionReassignSampleEvents = [
  { type: 'OPEN_REASSIGN', actionId: ACTION_ID },
  { type: 'OWNER_CHOSEN', value: VIC.userId },
  { type: 'DUE_CHANGED', value: '2031-01-15' },
  { type: 'SUBMIT_REASSIGN' },
  { type: 'xstate.done.actor.reassignAction', output: actionSampleReassigned },
  { type: 'xstate.error.actor.reassignAction', error: { code: 'action_conflict', message: ACTION_MESSAGES.conflict('Olu Owner') } },
  { type: 'xstate.error.actor.reassignAction', error: { code: 'owner_not_member', message: 'The owner must be a member of your organisation.' } },
] as const satisfies readonly AnyEventObject[]
