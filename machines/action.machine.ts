import { type AnyEventObject, assertEvent, assign, fromPromise, setup } from 'xstate'
import { errorOf } from './actorEvents'
import {
  ACTION_MESSAGES,
  type ActionRecord,
  type ActionStep,
  EMPTY_RAISE,
  EMPTY_STEP,
  type ItemActivity,
  mayReassignIn,
  mayTake,
  type RaiseDraft,
  type ReassignDraft,
  raiseProblem,
  reassignProblem,
  type StepDraft,
  stepProblem,
} from '../src/domain/actions'
import { type AssessmentFailure, asAssessmentFailure } from '../src/domain/assessments'

/**
 * An item's actions and history (issue 30 items 2 and 4), in the item panel of /app under the rating form. loading
 * reads the item's actions, the organisation's members and the item's audit trail together (a failed read ->
 * loadFailed with Try again). In ready:
 *
 * - an item rated below good (CQC 1–2, Ofsted needs attention or urgent improvement or safeguarding not met,
 *   partly or not compliant) can raise an action: OPEN_RAISE opens the form (title, owner from the members, due
 *   date), SUBMIT_RAISE checks it in the browser (src/domain/actions.ts raiseProblem: valibot) and raises it
 *   (raising: rpc raise_action), CANCEL closes it;
 * - each action's card offers the steps this person may take (the action lifecycle's table,
 *   src/domain/lifecycles/action.ts: the owner or an admin starts and sends it for verification; someone other
 *   than the owner verifies or sends it back; the admin when alone). CHOOSE_STEP 'start' moves it at once; the
 *   other steps open a short form (what was done; the verification's note or link; the reason) confirmed with
 *   CONFIRM_STEP (moving: rpc move_action from the version last read);
 * - an admin reassigns an action that is not closed: OPEN_REASSIGN opens the form with its owner and due date,
 *   OWNER_CHOSEN and DUE_CHANGED change them, SUBMIT_REASSIGN checks them in the browser (reassignProblem: a member,
 *   a real date not in the past unless unchanged, something changed) and saves them (applyingReassignment: rpc
 *   reassign_action from the version last read, recorded in the history), CANCEL closes it.
 *
 * After each change the item's activity is read again (reloading), so the cards and the history show what the
 * server has. A change made meanwhile by someone else is refused ("changed by <name> — review and try again"): the
 * activity is read again and the refusal stays on show. The page remounts this machine when the item's rating or
 * evidence changes, so `belowGood` and the history follow the rating form.
 */
export interface ActionInput {
  assessmentId: string
  itemId: string
  /** The item is rated below good (so it can raise an action). */
  belowGood: boolean
  /** Today in the UK (YYYY-MM-DD): a new action's due date may not be before it. */
  today: string
}

export interface Stepping {
  actionId: string
  step: ActionStep
}

export interface Reassigning {
  actionId: string
  draft: ReassignDraft
}

export interface ActionContext extends ActionInput {
  activity: ItemActivity | null
  raise: RaiseDraft
  /** The action being reassigned and its new owner and due date, or null. */
  reassign: Reassigning | null
  stepping: Stepping | null
  stepDraft: StepDraft
  /** What stops the form from being sent (our words), or null. */
  problem: string | null
  /** Why the server refused the last request, or null. */
  refusal: AssessmentFailure | null
  /** What the last change did (a polite live region), or null. */
  notice: string | null
}

export type ActionEvent =
  | { type: 'RETRY' }
  | { type: 'OPEN_RAISE' }
  | { type: 'TITLE_CHANGED'; value: string }
  | { type: 'OWNER_CHOSEN'; value: string }
  | { type: 'DUE_CHANGED'; value: string }
  | { type: 'SUBMIT_RAISE' }
  | { type: 'CANCEL' }
  | { type: 'CHOOSE_STEP'; actionId: string; step: ActionStep }
  | { type: 'STEP_NOTE_CHANGED'; value: string }
  | { type: 'STEP_URL_CHANGED'; value: string }
  | { type: 'CONFIRM_STEP' }
  | { type: 'OPEN_REASSIGN'; actionId: string }
  | { type: 'SUBMIT_REASSIGN' }
  | { type: 'xstate.done.actor.loadActivity'; output: ItemActivity }
  | { type: 'xstate.error.actor.loadActivity'; error: unknown }
  | { type: 'xstate.done.actor.raiseAction'; output: ActionRecord }
  | { type: 'xstate.error.actor.raiseAction'; error: unknown }
  | { type: 'xstate.done.actor.moveAction'; output: ActionRecord }
  | { type: 'xstate.error.actor.moveAction'; error: unknown }
  | { type: 'xstate.done.actor.reassignAction'; output: ActionRecord }
  | { type: 'xstate.error.actor.reassignAction'; error: unknown }

const refusalOf = (event: AnyEventObject) => asAssessmentFailure(errorOf(event))
const memberIds = (c: ActionContext) => c.activity?.members.map((m) => m.userId) ?? []
const actionOf = (c: ActionContext) => c.activity?.actions.find((a) => a.id === c.stepping?.actionId)
const reassignedOf = (c: ActionContext) => c.activity?.actions.find((a) => a.id === c.reassign?.actionId)
/** What stops the reassign form from being saved, or null. */
const reassignProblemOf = (c: ActionContext): string | null => {
  const action = reassignedOf(c)
  return c.reassign && action ? reassignProblem(c.reassign.draft, action, memberIds(c), c.today) : ACTION_MESSAGES.ownerRequired
}

export const actionMachine = setup({
  types: {
    context: {} as ActionContext,
    events: {} as ActionEvent,
    input: {} as ActionInput,
  },
  actions: {
    assignActivity: assign({
      activity: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.loadActivity')
        return event.output
      },
    }),
    assignLoadRefusal: assign({ refusal: ({ event }) => refusalOf(event) }),
    clearRefusal: assign({ refusal: null }),
    openRaise: assign({ raise: EMPTY_RAISE, problem: null, refusal: null, notice: null }),
    assignTitle: assign({
      raise: ({ context, event }) => {
        assertEvent(event, 'TITLE_CHANGED')
        return { ...context.raise, title: event.value }
      },
      problem: null,
    }),
    assignOwner: assign({
      raise: ({ context, event }) => {
        assertEvent(event, 'OWNER_CHOSEN')
        return { ...context.raise, ownerId: event.value }
      },
      problem: null,
    }),
    assignDue: assign({
      raise: ({ context, event }) => {
        assertEvent(event, 'DUE_CHANGED')
        return { ...context.raise, dueOn: event.value }
      },
      problem: null,
    }),
    assignRaiseProblem: assign({ problem: ({ context }) => raiseProblem(context.raise, memberIds(context), context.today) }),
    assignStepping: assign({
      stepping: ({ event }) => {
        assertEvent(event, 'CHOOSE_STEP')
        return { actionId: event.actionId, step: event.step }
      },
      stepDraft: EMPTY_STEP,
      problem: null,
      refusal: null,
      notice: null,
    }),
    assignStepNote: assign({
      stepDraft: ({ context, event }) => {
        assertEvent(event, 'STEP_NOTE_CHANGED')
        return { ...context.stepDraft, note: event.value }
      },
      problem: null,
    }),
    assignStepUrl: assign({
      stepDraft: ({ context, event }) => {
        assertEvent(event, 'STEP_URL_CHANGED')
        return { ...context.stepDraft, url: event.value }
      },
      problem: null,
    }),
    assignStepProblem: assign({ problem: ({ context }) => (context.stepping ? stepProblem(context.stepping.step, context.stepDraft) : null) }),
    openReassign: assign(({ context, event }) => {
      assertEvent(event, 'OPEN_REASSIGN')
      const action = context.activity?.actions.find((a) => a.id === event.actionId)
      return { reassign: { actionId: event.actionId, draft: { ownerId: action?.ownerId ?? '', dueOn: action?.dueOn ?? '' } }, problem: null, refusal: null, notice: null }
    }),
    assignReassignOwner: assign({
      reassign: ({ context, event }) => {
        assertEvent(event, 'OWNER_CHOSEN')
        return context.reassign && { ...context.reassign, draft: { ...context.reassign.draft, ownerId: event.value } }
      },
      problem: null,
    }),
    assignReassignDue: assign({
      reassign: ({ context, event }) => {
        assertEvent(event, 'DUE_CHANGED')
        return context.reassign && { ...context.reassign, draft: { ...context.reassign.draft, dueOn: event.value } }
      },
      problem: null,
    }),
    assignReassignProblem: assign({ problem: ({ context }) => reassignProblemOf(context) }),
    assignReassigned: assign({
      notice: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.reassignAction')
        return ACTION_MESSAGES.reassigned(event.output.title)
      },
      reassign: null,
    }),
    closeForms: assign({ stepping: null, stepDraft: EMPTY_STEP, raise: EMPTY_RAISE, reassign: null, problem: null }),
    startSave: assign({ refusal: null, notice: null, problem: null }),
    assignRefusal: assign({ refusal: ({ event }) => refusalOf(event) }),
    assignRaised: assign({
      notice: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.raiseAction')
        return ACTION_MESSAGES.raised(event.output.title)
      },
      raise: EMPTY_RAISE,
    }),
    assignMoved: assign({
      notice: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.moveAction')
        return ACTION_MESSAGES.moved(context.stepping?.step ?? 'start', event.output.title)
      },
      stepping: null,
      stepDraft: EMPTY_STEP,
    }),
  },
  actors: {
    /** rpc list_actions, rpc get_team and the item's audit_events, together. */
    loadActivity: fromPromise<ItemActivity, { assessmentId: string; itemId: string }>(() => Promise.reject(new Error('loadActivity not provided'))),
    /** rpc raise_action. */
    raiseAction: fromPromise<ActionRecord, { assessmentId: string; itemId: string; title: string; ownerId: string; dueOn: string }>(() =>
      Promise.reject(new Error('raiseAction not provided')),
    ),
    /** rpc move_action from the version last read. */
    moveAction: fromPromise<ActionRecord, { actionId: string; step: ActionStep; expectedVersion: number; note: string; url: string }>(() =>
      Promise.reject(new Error('moveAction not provided')),
    ),
    /** rpc reassign_action from the version last read. */
    reassignAction: fromPromise<ActionRecord, { actionId: string; ownerId: string; dueOn: string; expectedVersion: number }>(() =>
      Promise.reject(new Error('reassignAction not provided')),
    ),
  },
  guards: {
    /** Only an item rated below good raises an action. */
    canRaise: ({ context }) => context.belowGood && !!context.activity,
    isRaiseValid: ({ context }) => raiseProblem(context.raise, memberIds(context), context.today) === null,
    /** 'start' needs no note: it moves at once. */
    isStartAllowed: ({ context, event }) => {
      assertEvent(event, 'CHOOSE_STEP')
      return event.step === 'start' && !!context.activity && mayTake(context.activity, event.actionId, 'start')
    },
    isStepAllowed: ({ context, event }) => {
      assertEvent(event, 'CHOOSE_STEP')
      return event.step !== 'start' && !!context.activity && mayTake(context.activity, event.actionId, event.step)
    },
    isStepValid: ({ context }) => !!context.stepping && stepProblem(context.stepping.step, context.stepDraft) === null,
    isConflict: ({ event }) => refusalOf(event).code === 'action_conflict',
    isStarting: ({ context }) => context.stepping?.step === 'start',
    /** Only a verification takes a link. */
    isVerifying: ({ context }) => context.stepping?.step === 'verify',
    /** An admin, on an action that is not closed. */
    isReassignAllowed: ({ context, event }) => {
      assertEvent(event, 'OPEN_REASSIGN')
      return !!context.activity && mayReassignIn(context.activity, event.actionId)
    },
    isReassignValid: ({ context }) => reassignProblemOf(context) === null,
  },
}).createMachine({
  id: 'action',
  context: ({ input }) => ({ ...input, activity: null, raise: EMPTY_RAISE, reassign: null, stepping: null, stepDraft: EMPTY_STEP, problem: null, refusal: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadActivity',
        src: 'loadActivity',
        input: ({ context }) => ({ assessmentId: context.assessmentId, itemId: context.itemId }),
        onDone: { target: 'ready', actions: ['assignActivity', 'clearRefusal'] },
        onError: { target: 'loadFailed', actions: 'assignLoadRefusal' },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            OPEN_RAISE: { guard: 'canRaise', target: 'raising', actions: 'openRaise' },
            CHOOSE_STEP: [
              { guard: 'isStartAllowed', target: '#action.moving', actions: ['assignStepping', 'startSave'] },
              { guard: 'isStepAllowed', target: 'stepping', actions: 'assignStepping' },
            ],
            OPEN_REASSIGN: { guard: 'isReassignAllowed', target: 'reassigning', actions: 'openReassign' },
          },
        },
        raising: {
          tags: ['raising'],
          on: {
            TITLE_CHANGED: { actions: 'assignTitle' },
            OWNER_CHOSEN: { actions: 'assignOwner' },
            DUE_CHANGED: { actions: 'assignDue' },
            SUBMIT_RAISE: [{ guard: 'isRaiseValid', target: '#action.saving', actions: 'startSave' }, { actions: 'assignRaiseProblem' }],
            CANCEL: { target: 'idle', actions: 'closeForms' },
          },
        },
        stepping: {
          tags: ['stepping'],
          on: {
            STEP_NOTE_CHANGED: { actions: 'assignStepNote' },
            STEP_URL_CHANGED: { guard: 'isVerifying', actions: 'assignStepUrl' },
            CONFIRM_STEP: [{ guard: 'isStepValid', target: '#action.moving', actions: 'startSave' }, { actions: 'assignStepProblem' }],
            CANCEL: { target: 'idle', actions: 'closeForms' },
          },
        },
        reassigning: {
          tags: ['reassigning'],
          on: {
            OWNER_CHOSEN: { actions: 'assignReassignOwner' },
            DUE_CHANGED: { actions: 'assignReassignDue' },
            SUBMIT_REASSIGN: [{ guard: 'isReassignValid', target: '#action.applyingReassignment', actions: 'startSave' }, { actions: 'assignReassignProblem' }],
            CANCEL: { target: 'idle', actions: 'closeForms' },
          },
        },
      },
    },
    saving: {
      tags: ['busy', 'raising'],
      invoke: {
        id: 'raiseAction',
        src: 'raiseAction',
        input: ({ context }) => ({ assessmentId: context.assessmentId, itemId: context.itemId, ...context.raise }),
        onDone: { target: 'reloading', actions: 'assignRaised' },
        onError: { target: 'ready.raising', actions: 'assignRefusal' },
      },
    },
    moving: {
      tags: ['busy', 'stepping'],
      invoke: {
        id: 'moveAction',
        src: 'moveAction',
        input: ({ context }) => ({
          actionId: context.stepping?.actionId ?? '',
          step: context.stepping?.step ?? 'start',
          expectedVersion: actionOf(context)?.version ?? 0,
          note: context.stepDraft.note,
          url: context.stepDraft.url,
        }),
        onDone: { target: 'reloading', actions: 'assignMoved' },
        onError: [
          { guard: 'isConflict', target: 'reloading', actions: ['assignRefusal', 'closeForms'] },
          { guard: 'isStarting', target: 'ready.idle', actions: ['assignRefusal', 'closeForms'] },
          { target: 'ready.stepping', actions: 'assignRefusal' },
        ],
      },
    },
    applyingReassignment: {
      tags: ['busy', 'reassigning'],
      invoke: {
        id: 'reassignAction',
        src: 'reassignAction',
        input: ({ context }) => ({
          actionId: context.reassign?.actionId ?? '',
          ownerId: context.reassign?.draft.ownerId ?? '',
          dueOn: context.reassign?.draft.dueOn ?? '',
          expectedVersion: reassignedOf(context)?.version ?? 0,
        }),
        onDone: { target: 'reloading', actions: 'assignReassigned' },
        onError: [
          { guard: 'isConflict', target: 'reloading', actions: ['assignRefusal', 'closeForms'] },
          { target: 'ready.reassigning', actions: 'assignRefusal' },
        ],
      },
    },
    /** After a change (or a conflict): the item's actions and history read again; a refusal stays on show. */
    reloading: {
      tags: ['busy'],
      invoke: {
        id: 'loadActivity',
        src: 'loadActivity',
        input: ({ context }) => ({ assessmentId: context.assessmentId, itemId: context.itemId }),
        onDone: { target: 'ready', actions: 'assignActivity' },
        onError: { target: 'ready', actions: 'assignRefusal' },
      },
    },
  },
})
