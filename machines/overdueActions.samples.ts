import type { AnyEventObject } from 'xstate'
import type { ActionRecord } from '../src/domain/actions'

/** machines/overdueActions.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

// Samples (the paths and the tests): one action three days overdue.

export const overdueActionsSampleAction: ActionRecord = {
  id: '00000000-0000-4000-8000-0000000000d2',
  assessmentId: '00000000-0000-4000-8000-0000000000c1',
  itemId: 'cqc-saf-2024/safe/safeguarding',
  title: 'Name a safeguarding lead',
  ownerId: '00000000-0000-4000-8000-0000000000a2',
  ownerName: 'Olu Owner',
  dueOn: '2026-11-22',
  status: 'in_progress',
  version: 2,
  doneNote: null,
  rejectionReason: null,
  verifiedByName: null,
  verificationNote: null,
  verificationUrl: null,
  daysOverdue: 3,
}

export const overdueActionsSampleEvents = [
  { type: 'RETRY' },
  { type: 'xstate.done.actor.loadOverdue', output: [overdueActionsSampleAction] },
  { type: 'xstate.done.actor.loadOverdue', output: [] },
  { type: 'xstate.error.actor.loadOverdue', error: { code: 'network', message: "We couldn't reach the server. Check your connection and try again." } },
] as const satisfies readonly AnyEventObject[]
