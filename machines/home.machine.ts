import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { errorOf } from './actorEvents'
import {
  asAssessmentFailure,
  type AssessmentFailure,
  type AssessmentRecord,
  type Dashboard,
  isDueForReview,
  type ItemRecord,
  withItem,
} from '../src/domain/assessments'
import { findItem } from '../src/domain/frameworks/items'
import { FRAMEWORKS } from '../src/domain/frameworks/registry'
import { frameworkTrace } from '../src/domain/frameworks/trace'
import { frameworksFor } from '../src/domain/frameworks/selection'
import { type AssessItemInput, assessItemForm, type ItemChanged } from './assessItem.machine'
import type { SessionUser } from './session.machine'

/**
 * /app, the signed-in home (issue 29): the organisation's self-assessment against each framework it chose (the setup
 * wizard's regulators; its sector when none is chosen). loading reads the dashboard (every open assessment with its
 * items and their evidence in one request, beside the person's setup answers); a failed read -> loadFailed with Try
 * again. No open assessment -> empty, where START begins one per chosen framework (starting: rpc
 * sync_assessments, which also reopens archived ones with their answers); when setup chose none, START is not
 * taken and the page points to setup.
 *
 * shown.overview is the dashboard (completion, each key question's or area's rating by the regulator's method,
 * what is due for review, the one next thing: all computed by the view from the context with src/domain rules).
 * OPEN_ITEM opens an item of an open assessment (shown.item), which invokes the item's own machine
 * (machines/assessItem.machine.ts) with the item as read and whether its review has fallen due on `today`; each
 * item it saves comes back as ITEM_CHANGED and updates the dashboard; CLOSE_ITEM returns to the overview.
 *
 * Traceability: shown.overview and shown.item carry `meta.frameworkTrace` (src/domain/frameworks/trace.ts): the
 * overview shows every item of the open assessments' versions, the open item is `context.open.itemId`.
 */
export interface HomeInput {
  user: SessionUser
  /** The time the page opened (ISO 8601): what "due for review" is computed against. */
  now: string
}

export interface OpenItem {
  assessmentId: string
  itemId: string
}

export interface HomeContext extends HomeInput {
  dashboard: Dashboard | null
  /** The item open in shown.item (kept after closing, so the page can put focus back on it), or null. */
  open: OpenItem | null
  /** Why the load or the start was refused, or null. */
  refusal: AssessmentFailure | null
}

export type HomeEvent =
  | ItemChanged
  | { type: 'RETRY' }
  | { type: 'START' }
  | { type: 'OPEN_ITEM'; assessmentId: string; itemId: string }
  | { type: 'CLOSE_ITEM' }
  | { type: 'xstate.done.actor.loadDashboard'; output: Dashboard }
  | { type: 'xstate.error.actor.loadDashboard'; error: unknown }
  | { type: 'xstate.done.actor.syncAssessments'; output: Dashboard }
  | { type: 'xstate.error.actor.syncAssessments'; error: unknown }

/** The dashboard an actor read (loadDashboard, syncAssessments), as guard and action params. */
const dashboardParams = ({ event }: { event: { output: Dashboard } }) => ({ dashboard: event.output })

/** The frameworks the setup answers choose (regulators, else the sector's). */
export const chosenFrameworkIds = (dashboard: Dashboard | null): string[] =>
  dashboard ? frameworksFor({ selectedRegulators: dashboard.answers.selectedRegulators, sector: dashboard.answers.sector }).map((v) => v.frameworkId) : []

const assessmentOf = (context: HomeContext, id: string | undefined): AssessmentRecord | undefined => context.dashboard?.assessments.find((a) => a.id === id)

/** What the open item's machine starts with. */
export function openItemInput(context: HomeContext): AssessItemInput {
  const assessment = assessmentOf(context, context.open?.assessmentId)
  const itemId = context.open?.itemId ?? ''
  const item: ItemRecord | null = assessment?.items[itemId] ?? null
  return {
    assessment: { id: assessment?.id ?? '', organisationId: assessment?.organisationId ?? '', versionId: assessment?.versionId ?? '' },
    itemId,
    item,
    reviewDue: isDueForReview(item, context.dashboard?.answers.frequency ?? null, new Date(context.now)),
  }
}

export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeEvent,
    input: {} as HomeInput,
  },
  actions: {
    assignDashboard: assign((_, params: { dashboard: Dashboard }) => ({ dashboard: params.dashboard, refusal: null })),
    assignRefusal: assign({ refusal: ({ event }) => asAssessmentFailure(errorOf(event)) }),
    clearRefusal: assign({ refusal: null }),
    assignOpen: assign({
      open: ({ event }) => {
        assertEvent(event, 'OPEN_ITEM')
        return { assessmentId: event.assessmentId, itemId: event.itemId }
      },
    }),
    assignChangedItem: assign({
      dashboard: ({ context, event }) => {
        assertEvent(event, 'ITEM_CHANGED')
        const d = context.dashboard!
        return { ...d, assessments: withItem(d.assessments, event.assessmentId, event.item!) }
      },
    }),
  },
  actors: {
    /** The setup answers (own users row) and every open assessment with items and evidence (one embedded select). */
    loadDashboard: fromPromise<Dashboard, { userId: string }>(() => Promise.reject(new Error('loadDashboard not provided'))),
    /** rpc sync_assessments with the chosen frameworks, then the dashboard read again. */
    syncAssessments: fromPromise<Dashboard, { userId: string; frameworkIds: readonly string[] }>(() => Promise.reject(new Error('syncAssessments not provided'))),
    /** Assessing the open item (its own machine). */
    assessItem: assessItemForm,
  },
  guards: {
    hasAssessments: (_, params: { dashboard: Dashboard }) => params.dashboard.assessments.length > 0,
    /** Setup chose at least one framework to start. */
    hasChosenFrameworks: ({ context }) => chosenFrameworkIds(context.dashboard).length > 0,
    /** The item saved is the one open (as its machine reports it). */
    isOpenItem: ({ context, event }) => {
      assertEvent(event, 'ITEM_CHANGED')
      return !!event.item && event.assessmentId === context.open?.assessmentId && event.item.itemId === context.open.itemId
    },
    /** An item of the framework version of one of the open assessments. */
    isAssessableItem: ({ context, event }) => {
      assertEvent(event, 'OPEN_ITEM')
      const assessment = assessmentOf(context, event.assessmentId)
      const version = assessment ? FRAMEWORKS.version(assessment.versionId) : undefined
      return !!version && !!findItem(version, event.itemId)
    },
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({ ...input, dashboard: null, open: null, refusal: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: 'clearRefusal',
      invoke: {
        id: 'loadDashboard',
        src: 'loadDashboard',
        input: ({ context }) => ({ userId: context.user.userId }),
        onDone: [
          { guard: { type: 'hasAssessments', params: dashboardParams }, target: 'shown', actions: { type: 'assignDashboard', params: dashboardParams } },
          { target: 'empty', actions: { type: 'assignDashboard', params: dashboardParams } },
        ],
        onError: { target: 'loadFailed', actions: 'assignRefusal' },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    /** No open assessment yet. */
    empty: {
      on: { START: { guard: 'hasChosenFrameworks', target: 'starting' } },
    },
    starting: {
      tags: ['busy'],
      entry: 'clearRefusal',
      invoke: {
        id: 'syncAssessments',
        src: 'syncAssessments',
        input: ({ context }) => ({ userId: context.user.userId, frameworkIds: chosenFrameworkIds(context.dashboard) }),
        onDone: [
          { guard: { type: 'hasAssessments', params: dashboardParams }, target: 'shown', actions: { type: 'assignDashboard', params: dashboardParams } },
          { target: 'empty', actions: { type: 'assignDashboard', params: dashboardParams } },
        ],
        onError: { target: 'empty', actions: 'assignRefusal' },
      },
    },
    shown: {
      initial: 'overview',
      states: {
        overview: {
          meta: frameworkTrace({ handles: 'items', role: 'shows completion, scores and the next step', versionIdAt: 'dashboard.assessments[].versionId' }),
          on: { OPEN_ITEM: { guard: 'isAssessableItem', target: 'item', actions: 'assignOpen' } },
        },
        item: {
          meta: frameworkTrace({ handles: 'item', role: 'opens the item in its own machine (assessItem)', itemIdAt: 'open.itemId' }),
          invoke: { id: 'assessItem', src: 'assessItem', input: ({ context }) => openItemInput(context) },
          on: { ITEM_CHANGED: { guard: 'isOpenItem', actions: 'assignChangedItem' }, CLOSE_ITEM: 'overview' },
        },
      },
    },
  },
})
