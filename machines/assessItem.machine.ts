import { type AnyEventObject, assertEvent, assign, fromPromise, sendParent, setup } from 'xstate'
import { errorOf } from './actorEvents'
import {
  asAssessmentFailure,
  ASSESSMENT_MESSAGES,
  type AssessmentFailure,
  draftProblem,
  EMPTY_DRAFT,
  type EvidenceDraft,
  isConflict,
  isDraftEmpty,
  isRatingOnScale,
  type ItemRecord,
  itemProgress,
  needsEvidenceCategory,
} from '../src/domain/assessments'
import { findItem, scaleOf } from '../src/domain/frameworks/items'
import { ratingStep } from '../src/domain/lifecycles/item'
import { FRAMEWORKS } from '../src/domain/frameworks/registry'
import { frameworkTrace } from '../src/domain/frameworks/trace'
import { evidenceFilesChild, type FilesChanged } from './evidenceFiles.machine'

/**
 * Assessing one framework item (issue 29) on the signed-in home, /app: a child of machines/home.machine.ts, invoked
 * while an item is open. The item moves through not started → in progress (evidence, no rating) → rated on the
 * regulator's own scale → due for review (after the setup wizard's frequency) → reviewed; `ready` settles into the
 * state that says which, from the item as the server last told it.
 *
 * In any of those states the person writes a note and/or pastes a link (NOTE_CHANGED, LINK_CHANGED), chooses a
 * point of the item's scale (RATING_CHOSEN, only a point of this item's scale) and, for CQC, the evidence category
 * (CATEGORY_CHOSEN, only one of the version's). ADD_EVIDENCE saves the draft on its own (addingEvidence: the item is
 * then in progress). SUBMIT rates (or, when due, reviews) with the draft as evidence (saving): a rating needs a
 * point, the category where the framework records one, and at least one piece of evidence (saved or in the draft);
 * otherwise SUBMIT stays and says what is missing (`problem`). Each save hands the item to the page (ITEM_CHANGED,
 * the `announceItem` action: a sendParent in `assessItemForm`). Two members rating at once: the server refuses the
 * later rating (rating_conflict); the page then reads the item again (refreshing) and shows what the other person
 * did with "changed by <name> — review and try again", keeping the person's draft and choice to try again.
 *
 * Files (issue 30) are the child machine evidenceFiles (machines/evidenceFiles.machine.ts), running while the item
 * is open: each file attached or removed comes back as FILES_CHANGED with the item read again, which the item takes
 * (a file counts as evidence for a rating), hands to the page and settles on again. While a save is on its way the
 * file input is disabled (the panel is busy), and the save's answer carries every piece of evidence anyway.
 *
 * Traceability: every state that shows or saves the item carries `meta.frameworkTrace` (src/domain/frameworks/trace.ts):
 * the item id is `context.itemId`, its version `context.assessment.versionId`, and the versions it can be handed are
 * the registry's. The machine is generic; docs/flows/traceability.* (npm run flows) joins it with every item.
 */
export interface AssessItemInput {
  assessment: { id: string; organisationId: string; versionId: string }
  itemId: string
  /** The item as the dashboard read it; null when not started. */
  item: ItemRecord | null
  /** The item's rating has fallen due for review (the wizard's frequency), as the page computed it on opening. */
  reviewDue: boolean
}

export interface AssessItemContext extends AssessItemInput {
  draft: EvidenceDraft
  /** The point of the scale chosen (the current rating to begin with). */
  rating: string | null
  /** CQC: the evidence category chosen (the current one to begin with). */
  category: string | null
  /** What stops a rating or evidence from being saved (our words), or null. */
  problem: string | null
  /** Why the server refused the last save, or null. */
  refusal: AssessmentFailure | null
  /** What the last save did (a polite live region), or null. */
  notice: string | null
}

/** The item as saved or read again (null only if a re-read after a conflict found no row: then nothing changes). */
export type ItemChanged = { type: 'ITEM_CHANGED'; assessmentId: string; item: ItemRecord | null }

export type AssessItemEvent =
  | { type: 'NOTE_CHANGED'; value: string }
  | { type: 'LINK_CHANGED'; value: string }
  | { type: 'RATING_CHOSEN'; value: string }
  | { type: 'CATEGORY_CHOSEN'; value: string }
  | { type: 'ADD_EVIDENCE' }
  | { type: 'SUBMIT' }
  | { type: 'xstate.done.actor.addEvidence'; output: ItemRecord }
  | { type: 'xstate.error.actor.addEvidence'; error: unknown }
  | { type: 'xstate.done.actor.rateItem'; output: ItemRecord }
  | { type: 'xstate.error.actor.rateItem'; error: unknown }
  | { type: 'xstate.done.actor.refreshItem'; output: ItemRecord | null }
  | { type: 'xstate.error.actor.refreshItem'; error: unknown }
  | FilesChanged

const refusalOf = (event: AnyEventObject) => asAssessmentFailure(errorOf(event))

const DRAFT_MESSAGES = {
  noteTooLong: ASSESSMENT_MESSAGES.noteTooLong,
  badUrl: ASSESSMENT_MESSAGES.badUrl,
  evidenceEmpty: ASSESSMENT_MESSAGES.evidenceEmpty,
} as const

const hasSavedEvidence = (c: AssessItemContext) => (c.item?.evidence.length ?? 0) > 0
const draftIsFine = (c: AssessItemContext) => isDraftEmpty(c.draft) || draftProblem(c.draft) === null

/** Why SUBMIT cannot rate yet, or null when it can: the first thing missing, in the order of the form. */
function ratingProblem(c: AssessItemContext): string | null {
  if (!draftIsFine(c)) return DRAFT_MESSAGES[draftProblem(c.draft)!]
  if (!hasSavedEvidence(c) && isDraftEmpty(c.draft)) return ASSESSMENT_MESSAGES.evidenceRequired
  if (c.rating === null) return ASSESSMENT_MESSAGES.ratingRequired
  if (needsEvidenceCategory(c.assessment.versionId) && c.category === null) return ASSESSMENT_MESSAGES.categoryRequired
  return null
}

/** Whether SUBMIT reviews the item (the lifecycle's review step: its review has fallen due) rather than rates it. */
const isReview = (c: AssessItemContext) => ratingStep(itemProgress(c.item, c.reviewDue)) === 'review'

/** 'Safeguarding rated Good standard' / 'Safeguarding reviewed: Met'. */
function ratedNotice(c: AssessItemContext, item: ItemRecord, review: boolean): string {
  const version = FRAMEWORKS.version(c.assessment.versionId)
  const found = version ? findItem(version, c.itemId) : undefined
  const name = found?.name ?? ''
  const label = (version && found && scaleOf(version, found.scaleId).points.find((p) => p.value === item.rating)?.label) || (item.rating ?? '')
  return review ? ASSESSMENT_MESSAGES.reviewed(name, label) : ASSESSMENT_MESSAGES.rated(name, label)
}

/** Traceability (issue 29): the states that show the item, and those that save its evidence or rating. */
const ITEM_SHOWN = frameworkTrace({ handles: 'item', role: 'shows the item, its evidence and rating', itemIdAt: 'itemId', versionIdAt: 'assessment.versionId' })
const ITEM_SAVED = frameworkTrace({ handles: 'item', role: 'saves the item’s evidence or rating', itemIdAt: 'itemId', versionIdAt: 'assessment.versionId' })

export const assessItemMachine = setup({
  types: {
    context: {} as AssessItemContext,
    events: {} as AssessItemEvent,
    input: {} as AssessItemInput,
  },
  actions: {
    /** Hands the item as saved to the page (a sendParent of ITEM_CHANGED in assessItemForm); alone, tells no one. */
    announceItem: () => {},
    assignNote: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'NOTE_CHANGED')
        return { ...context.draft, note: event.value }
      },
      problem: null,
    }),
    assignLink: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'LINK_CHANGED')
        return { ...context.draft, url: event.value }
      },
      problem: null,
    }),
    assignRating: assign({
      rating: ({ event }) => {
        assertEvent(event, 'RATING_CHOSEN')
        return event.value
      },
      problem: null,
    }),
    assignCategory: assign({
      category: ({ event }) => {
        assertEvent(event, 'CATEGORY_CHOSEN')
        return event.value
      },
      problem: null,
    }),
    assignDraftProblem: assign({ problem: ({ context }) => DRAFT_MESSAGES[draftProblem(context.draft) ?? 'evidenceEmpty'] }),
    assignRatingProblem: assign({ problem: ({ context }) => ratingProblem(context) }),
    startSave: assign({ refusal: null, notice: null, problem: null }),
    assignEvidenceAdded: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.addEvidence')
      return { item: event.output, draft: EMPTY_DRAFT, notice: ASSESSMENT_MESSAGES.evidenceAdded }
    }),
    assignRated: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.rateItem')
      const item = event.output
      return { item, draft: EMPTY_DRAFT, reviewDue: false, rating: item.rating, category: item.evidenceCategory, notice: ratedNotice(context, item, isReview(context)) }
    }),
    assignRefusal: assign({ refusal: ({ event }) => refusalOf(event) }),
    /** The item after a file was attached or removed (kept as it was if it could not be read again). */
    assignFilesItem: assign({
      item: ({ context, event }) => {
        assertEvent(event, 'FILES_CHANGED')
        return event.item ?? context.item
      },
      problem: null,
    }),
    /** After a conflict: the item as the other person left it; the person's draft and choices stay to try again. */
    assignRefreshed: assign({
      item: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.refreshItem')
        return event.output ?? context.item
      },
      reviewDue: false,
    }),
  },
  actors: {
    /** Insert into assessment_evidence, then the item read again. */
    addEvidence: fromPromise<ItemRecord, { assessment: { id: string; organisationId: string }; itemId: string; draft: EvidenceDraft }>(() =>
      Promise.reject(new Error('addEvidence not provided')),
    ),
    /** rpc rate_item: the rating, its evidence and the history row, atomically, from the version last read. */
    rateItem: fromPromise<
      ItemRecord,
      { assessmentId: string; itemId: string; rating: string; expectedVersion: number; evidenceCategory: string | null; drafts: readonly EvidenceDraft[]; review: boolean }
    >(() => Promise.reject(new Error('rateItem not provided'))),
    /** The item read again after a conflict. */
    refreshItem: fromPromise<ItemRecord | null, { assessmentId: string; itemId: string }>(() => Promise.reject(new Error('refreshItem not provided'))),
    /** The item's evidence files (attach with progress, view, remove). */
    evidenceFiles: evidenceFilesChild,
  },
  guards: {
    isNotStarted: ({ context }) => itemProgress(context.item, context.reviewDue) === 'not-started',
    isInProgress: ({ context }) => itemProgress(context.item, context.reviewDue) === 'in-progress',
    isReviewDue: ({ context }) => itemProgress(context.item, context.reviewDue) === 'due-for-review',
    isReviewed: ({ context }) => itemProgress(context.item, context.reviewDue) === 'reviewed',
    /** A point of this item's own scale. */
    isOnItemScale: ({ context, event }) => {
      assertEvent(event, 'RATING_CHOSEN')
      return isRatingOnScale(context.assessment.versionId, context.itemId, event.value)
    },
    /** One of the version's evidence categories (CQC's six). */
    isKnownCategory: ({ context, event }) => {
      assertEvent(event, 'CATEGORY_CHOSEN')
      return !!FRAMEWORKS.version(context.assessment.versionId)?.evidenceCategories.some((c) => c.key === event.value)
    },
    isDraftSavable: ({ context }) => draftProblem(context.draft) === null,
    isRatingComplete: ({ context }) => ratingProblem(context) === null,
    isConflict: ({ event }) => isConflict(refusalOf(event)),
  },
}).createMachine({
  id: 'assessItem',
  context: ({ input }) => ({
    ...input,
    draft: EMPTY_DRAFT,
    rating: input.item?.rating ?? null,
    category: input.item?.evidenceCategory ?? null,
    problem: null,
    refusal: null,
    notice: null,
  }),
  invoke: {
    id: 'evidenceFiles',
    src: 'evidenceFiles',
    input: ({ context }) => ({ assessment: { id: context.assessment.id, organisationId: context.assessment.organisationId }, itemId: context.itemId }),
  },
  initial: 'ready',
  states: {
    ready: {
      meta: ITEM_SHOWN,
      initial: 'settling',
      on: {
        FILES_CHANGED: { target: 'ready', reenter: true, actions: ['assignFilesItem', 'announceItem'] },
        NOTE_CHANGED: { actions: 'assignNote' },
        LINK_CHANGED: { actions: 'assignLink' },
        RATING_CHOSEN: { guard: 'isOnItemScale', actions: 'assignRating' },
        CATEGORY_CHOSEN: { guard: 'isKnownCategory', actions: 'assignCategory' },
        ADD_EVIDENCE: [{ guard: 'isDraftSavable', target: 'addingEvidence', actions: 'startSave' }, { actions: 'assignDraftProblem' }],
        SUBMIT: [{ guard: 'isRatingComplete', target: 'saving', actions: 'startSave' }, { actions: 'assignRatingProblem' }],
      },
      states: {
        /** Which state the item is in, from the item as last read. */
        settling: {
          always: [
            { guard: 'isNotStarted', target: 'notStarted' },
            { guard: 'isInProgress', target: 'inProgress' },
            { guard: 'isReviewDue', target: 'dueForReview' },
            { guard: 'isReviewed', target: 'reviewed' },
            { target: 'rated' },
          ],
        },
        notStarted: { tags: ['editing'] },
        inProgress: { tags: ['editing'] },
        rated: { tags: ['editing', 'hasRating'] },
        dueForReview: { tags: ['editing', 'hasRating', 'reviewing'] },
        reviewed: { tags: ['editing', 'hasRating'] },
      },
    },
    addingEvidence: {
      meta: ITEM_SAVED,
      tags: ['busy'],
      invoke: {
        id: 'addEvidence',
        src: 'addEvidence',
        input: ({ context }) => ({ assessment: context.assessment, itemId: context.itemId, draft: context.draft }),
        onDone: { target: 'ready', actions: ['assignEvidenceAdded', 'announceItem'] },
        onError: { target: 'ready', actions: 'assignRefusal' },
      },
    },
    saving: {
      meta: ITEM_SAVED,
      tags: ['busy'],
      invoke: {
        id: 'rateItem',
        src: 'rateItem',
        input: ({ context }) => ({
          assessmentId: context.assessment.id,
          itemId: context.itemId,
          rating: context.rating ?? '',
          expectedVersion: context.item?.version ?? 0,
          evidenceCategory: needsEvidenceCategory(context.assessment.versionId) ? context.category : null,
          drafts: isDraftEmpty(context.draft) ? [] : [context.draft],
          review: isReview(context),
        }),
        onDone: { target: 'ready', actions: ['assignRated', 'announceItem'] },
        onError: [
          { guard: 'isConflict', target: 'refreshing', actions: 'assignRefusal' },
          { target: 'ready', actions: 'assignRefusal' },
        ],
      },
    },
    /** After a conflict: the item read again, the refusal kept on show. */
    refreshing: {
      meta: ITEM_SHOWN,
      tags: ['busy'],
      invoke: {
        id: 'refreshItem',
        src: 'refreshItem',
        input: ({ context }) => ({ assessmentId: context.assessment.id, itemId: context.itemId }),
        onDone: { target: 'ready', actions: ['assignRefreshed', 'announceItem'] },
        onError: { target: 'ready' },
      },
    },
  },
})

/** The form as the page runs it: each saved item goes to the parent (machines/home.machine.ts) as ITEM_CHANGED. */
export const assessItemForm = assessItemMachine.provide({
  actions: {
    announceItem: sendParent(({ context }) => ({ type: 'ITEM_CHANGED', assessmentId: context.assessment.id, item: context.item }) satisfies ItemChanged),
  },
})
