import { assign, fromPromise, setup } from 'xstate'
import type { ActionRecord } from '../src/domain/actions'
import { type AssessmentFailure, asAssessmentFailure } from '../src/domain/assessments'

/**
 * The dashboard's overdue actions (issue 30 item 2), on /app's overview: loading reads the organisation's actions
 * that are not closed and were due before today in the UK (rpc list_actions with p_overdue_only; the server decides
 * "today", Europe/London), longest overdue first -> shown (the list, or "No action is overdue."); a failed read ->
 * failed with Try again (RETRY). Each row opens its item.
 */
export interface OverdueContext {
  actions: readonly ActionRecord[]
  refusal: AssessmentFailure | null
}

export type OverdueEvent =
  | { type: 'RETRY' }
  | { type: 'xstate.done.actor.loadOverdue'; output: readonly ActionRecord[] }
  | { type: 'xstate.error.actor.loadOverdue'; error: unknown }

export const overdueActionsMachine = setup({
  types: {
    context: {} as OverdueContext,
    events: {} as OverdueEvent,
  },
  actions: {
    assignActions: assign({ actions: ({ event }) => (event as unknown as { output: readonly ActionRecord[] }).output, refusal: null }),
    assignRefusal: assign({ refusal: ({ event }) => asAssessmentFailure((event as { error?: unknown }).error) }),
  },
  actors: {
    /** rpc list_actions(p_overdue_only => true). */
    loadOverdue: fromPromise<readonly ActionRecord[], Record<string, never>>(() => Promise.reject(new Error('loadOverdue not provided'))),
  },
  guards: {
    hasOverdue: ({ event }) => (event as unknown as { output: readonly ActionRecord[] }).output.length > 0,
  },
}).createMachine({
  id: 'overdueActions',
  context: { actions: [], refusal: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadOverdue',
        src: 'loadOverdue',
        input: () => ({}),
        onDone: [
          { guard: 'hasOverdue', target: 'shown', actions: 'assignActions' },
          { target: 'none', actions: 'assignActions' },
        ],
        onError: { target: 'failed', actions: 'assignRefusal' },
      },
    },
    shown: {},
    none: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
})
