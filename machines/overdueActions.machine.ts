import { assign, fromPromise, setup } from 'xstate'
import { errorOf } from './actorEvents'
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
    assignActions: assign((_, params: { actions: readonly ActionRecord[] }) => ({ actions: params.actions, refusal: null })),
    assignRefusal: assign({ refusal: ({ event }) => asAssessmentFailure(errorOf(event)) }),
  },
  actors: {
    /** rpc list_actions(p_overdue_only => true). */
    loadOverdue: fromPromise<readonly ActionRecord[], Record<string, never>>(() => Promise.reject(new Error('loadOverdue not provided'))),
  },
  guards: {
    hasOverdue: (_, params: { actions: readonly ActionRecord[] }) => params.actions.length > 0,
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
          {
            guard: { type: 'hasOverdue', params: ({ event }) => ({ actions: event.output }) },
            target: 'shown',
            actions: { type: 'assignActions', params: ({ event }) => ({ actions: event.output }) },
          },
          { target: 'none', actions: { type: 'assignActions', params: ({ event }) => ({ actions: event.output }) } },
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
