import { describe, expect, it } from 'vitest'
import { createActor, createMachine, fromPromise, waitFor } from 'xstate'
import { ASSESSMENT_MESSAGES, type AssessmentFailure, type ItemRecord } from '../src/domain/assessments'
import { FRAMEWORK_VERSIONS } from '../src/domain/frameworks/registry'
import { traceIn, tracedItems } from '../src/domain/frameworks/trace'
import { type AssessItemInput, assessItemForm, assessItemMachine } from './assessItem.machine'
import {
  assessItemSampleChanged,
  assessItemSampleEvents,
  assessItemSampleInProgress,
  assessItemSampleInputs,
  assessItemSampleRated,
  assessItemSampleReviewed,
  assessItemSerializeState,
} from './assessItem.samples'
import { planPaths, uncovered } from './testing/tours'

const [NOT_STARTED, DUE] = assessItemSampleInputs as [AssessItemInput, AssessItemInput]
const OFSTED: AssessItemInput = {
  assessment: { id: 'a-o', organisationId: 'o', versionId: 'ofsted-eif-2025' },
  itemId: 'ofsted-eif-2025/safeguarding/safeguarding',
  item: null,
  reviewDue: false,
}
const refused = (code: string, message = code): AssessmentFailure => ({ code, message })
const CONFLICT = refused('rating_conflict', ASSESSMENT_MESSAGES.conflict('Grace Hopper'))

function run(input: AssessItemInput, opts: { add?: () => Promise<ItemRecord>; rate?: () => Promise<ItemRecord>; refresh?: () => Promise<ItemRecord | null> } = {}) {
  const calls: unknown[] = []
  const announced: ItemRecord[] = []
  const actor = createActor(
    assessItemMachine.provide({
      actions: { announceItem: ({ context }) => void announced.push(context.item!) },
      actors: {
        addEvidence: fromPromise(async ({ input }) => {
          calls.push({ add: input })
          return (opts.add ?? (async () => assessItemSampleInProgress))()
        }),
        rateItem: fromPromise(async ({ input }) => {
          calls.push({ rate: input })
          return (opts.rate ?? (async () => assessItemSampleRated))()
        }),
        refreshItem: fromPromise(async ({ input }) => {
          calls.push({ refresh: input })
          return (opts.refresh ?? (async () => assessItemSampleChanged))()
        }),
      },
    }),
    { input },
  )
  actor.start()
  return { actor, calls, announced }
}

const state = (a: ReturnType<typeof run>['actor']) => a.getSnapshot()
const idle = (a: ReturnType<typeof run>['actor']) => waitFor(a, (s) => s.hasTag('editing'))

describe('assessing an item', () => {
  it('settles in the state of the item as read: not started, in progress, rated, due for review, reviewed', () => {
    const at = (item: ItemRecord | null, reviewDue = false) => run({ ...NOT_STARTED, item, reviewDue }).actor.getSnapshot()
    expect(at(null).matches({ ready: 'notStarted' })).toBe(true)
    expect(at(assessItemSampleInProgress).matches({ ready: 'inProgress' })).toBe(true)
    expect(at(assessItemSampleRated).matches({ ready: 'rated' })).toBe(true)
    expect(at(assessItemSampleRated, true).matches({ ready: 'dueForReview' })).toBe(true)
    expect(at(assessItemSampleReviewed).matches({ ready: 'reviewed' })).toBe(true)
    expect(at(assessItemSampleReviewed, true).matches({ ready: 'dueForReview' })).toBe(true)
    // An item never rated is never due, whatever the page said.
    expect(at(assessItemSampleInProgress, true).matches({ ready: 'inProgress' })).toBe(true)
    const rated = at(assessItemSampleRated, true)
    expect(rated.hasTag('hasRating') && rated.hasTag('reviewing') && rated.hasTag('editing')).toBe(true)
    expect(at(assessItemSampleRated).hasTag('reviewing')).toBe(false)
    expect(at(null).hasTag('hasRating')).toBe(false)
    // The form starts from the current rating and category.
    expect(rated.context).toMatchObject({ rating: '3', category: 'processes', draft: { note: '', url: '' }, problem: null, refusal: null, notice: null })
    expect(at(null).context).toMatchObject({ rating: null, category: null })
  })

  it('takes only a point of the item’s own scale and one of the version’s evidence categories', () => {
    const { actor } = run(NOT_STARTED)
    for (const value of ['met', '5', '0', 'compliant']) actor.send({ type: 'RATING_CHOSEN', value })
    expect(state(actor).context.rating).toBeNull()
    expect(state(actor).can({ type: 'RATING_CHOSEN', value: '5' })).toBe(false)
    actor.send({ type: 'RATING_CHOSEN', value: '1' })
    expect(state(actor).context.rating).toBe('1')
    actor.send({ type: 'CATEGORY_CHOSEN', value: 'hearsay' })
    expect(state(actor).context.category).toBeNull()
    actor.send({ type: 'CATEGORY_CHOSEN', value: 'outcomes' })
    expect(state(actor).context.category).toBe('outcomes')
    // Ofsted records no category; safeguarding is met or not met.
    const ofsted = run(OFSTED).actor
    expect(state(ofsted).can({ type: 'CATEGORY_CHOSEN', value: 'outcomes' })).toBe(false)
    expect(state(ofsted).can({ type: 'RATING_CHOSEN', value: '3' })).toBe(false)
    expect(state(ofsted).can({ type: 'RATING_CHOSEN', value: 'not-met' })).toBe(true)
  })

  it('SUBMIT says what is missing, in the order of the form, and saves nothing', () => {
    const { actor, calls } = run(NOT_STARTED)
    const submit = () => {
      actor.send({ type: 'SUBMIT' })
      return state(actor).context.problem
    }
    expect(submit()).toBe(ASSESSMENT_MESSAGES.evidenceRequired)
    actor.send({ type: 'LINK_CHANGED', value: 'intranet/policy' })
    expect(state(actor).context.problem).toBeNull()
    expect(submit()).toBe(ASSESSMENT_MESSAGES.badUrl)
    actor.send({ type: 'LINK_CHANGED', value: 'https://intranet.example/policy' })
    expect(submit()).toBe(ASSESSMENT_MESSAGES.ratingRequired)
    actor.send({ type: 'RATING_CHOSEN', value: '3' })
    expect(submit()).toBe(ASSESSMENT_MESSAGES.categoryRequired)
    actor.send({ type: 'NOTE_CHANGED', value: 'x'.repeat(4001) })
    expect(submit()).toBe(ASSESSMENT_MESSAGES.noteTooLong)
    expect(state(actor).matches({ ready: 'notStarted' })).toBe(true)
    expect(calls).toEqual([])
    // Each change clears the message.
    actor.send({ type: 'CATEGORY_CHOSEN', value: 'processes' })
    expect(state(actor).context.problem).toBeNull()
    submit()
    actor.send({ type: 'RATING_CHOSEN', value: '2' })
    expect(state(actor).context.problem).toBeNull()
    expect(state(actor).can({ type: 'SUBMIT' })).toBe(true)
  })

  it('ADD_EVIDENCE needs a note or a valid link; saved, the item is in progress and the page is told', async () => {
    const { actor, calls, announced } = run(NOT_STARTED)
    actor.send({ type: 'ADD_EVIDENCE' })
    expect(state(actor).context.problem).toBe(ASSESSMENT_MESSAGES.evidenceEmpty)
    actor.send({ type: 'LINK_CHANGED', value: 'ftp://x' })
    actor.send({ type: 'ADD_EVIDENCE' })
    expect(state(actor).context.problem).toBe(ASSESSMENT_MESSAGES.badUrl)
    actor.send({ type: 'NOTE_CHANGED', value: 'x'.repeat(4001) })
    actor.send({ type: 'LINK_CHANGED', value: '' })
    actor.send({ type: 'ADD_EVIDENCE' })
    expect(state(actor).context.problem).toBe(ASSESSMENT_MESSAGES.noteTooLong)
    expect(calls).toEqual([])
    actor.send({ type: 'NOTE_CHANGED', value: 'Safeguarding policy' })
    actor.send({ type: 'ADD_EVIDENCE' })
    expect(state(actor).matches('addingEvidence')).toBe(true)
    expect(state(actor).hasTag('busy')).toBe(true)
    expect(state(actor).can({ type: 'SUBMIT' })).toBe(false)
    await waitFor(actor, (s) => s.matches({ ready: 'inProgress' }))
    expect(calls).toEqual([{ add: { assessment: NOT_STARTED.assessment, itemId: NOT_STARTED.itemId, draft: { note: 'Safeguarding policy', url: '' } } }])
    expect(state(actor).context).toMatchObject({ item: assessItemSampleInProgress, draft: { note: '', url: '' }, notice: ASSESSMENT_MESSAGES.evidenceAdded, problem: null })
    expect(announced).toEqual([assessItemSampleInProgress])
  })

  it('a refused evidence save keeps the draft and says why', async () => {
    const { actor, announced } = run(NOT_STARTED, { add: async () => Promise.reject(refused('network', 'offline')) })
    actor.send({ type: 'NOTE_CHANGED', value: 'Policy' })
    actor.send({ type: 'ADD_EVIDENCE' })
    await idle(actor)
    expect(state(actor).matches({ ready: 'notStarted' })).toBe(true)
    expect(state(actor).context).toMatchObject({ draft: { note: 'Policy' }, refusal: { code: 'network', message: 'offline' }, notice: null })
    expect(announced).toEqual([])
    // An unexpected exception reads as a dropped connection.
    const odd = run(NOT_STARTED, { add: async () => Promise.reject(new Error('boom')) })
    odd.actor.send({ type: 'NOTE_CHANGED', value: 'Policy' })
    odd.actor.send({ type: 'ADD_EVIDENCE' })
    await idle(odd.actor)
    expect(state(odd.actor).context.refusal?.code).toBe('network')
  })

  it('rates with the draft as evidence, from the version read, and records the category', async () => {
    const { actor, calls, announced } = run(NOT_STARTED)
    actor.send({ type: 'NOTE_CHANGED', value: 'Safeguarding policy' })
    actor.send({ type: 'RATING_CHOSEN', value: '3' })
    actor.send({ type: 'CATEGORY_CHOSEN', value: 'processes' })
    actor.send({ type: 'SUBMIT' })
    expect(state(actor).matches('saving')).toBe(true)
    await waitFor(actor, (s) => s.matches({ ready: 'rated' }))
    expect(calls).toEqual([
      {
        rate: {
          assessmentId: NOT_STARTED.assessment.id,
          itemId: NOT_STARTED.itemId,
          rating: '3',
          expectedVersion: 0,
          evidenceCategory: 'processes',
          drafts: [{ note: 'Safeguarding policy', url: '' }],
          review: false,
        },
      },
    ])
    expect(state(actor).context).toMatchObject({ item: assessItemSampleRated, draft: { note: '', url: '' }, rating: '3', category: 'processes', notice: 'Safeguarding rated Good standard' })
    expect(announced).toEqual([assessItemSampleRated])
  })

  it('an item with saved evidence is rated without a new draft', async () => {
    const { actor, calls } = run({ ...NOT_STARTED, item: assessItemSampleInProgress })
    actor.send({ type: 'RATING_CHOSEN', value: '4' })
    actor.send({ type: 'CATEGORY_CHOSEN', value: 'observation' })
    actor.send({ type: 'SUBMIT' })
    await idle(actor)
    expect(calls).toMatchObject([{ rate: { drafts: [], expectedVersion: 0, rating: '4', evidenceCategory: 'observation' } }])
  })

  it('a rating due for review is sent as a review, and is then reviewed', async () => {
    const { actor, calls } = run(DUE, { rate: async () => assessItemSampleReviewed })
    expect(state(actor).matches({ ready: 'dueForReview' })).toBe(true)
    actor.send({ type: 'RATING_CHOSEN', value: '4' })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches({ ready: 'reviewed' }))
    expect(calls).toMatchObject([{ rate: { review: true, expectedVersion: 1, rating: '4', evidenceCategory: 'processes', drafts: [] } }])
    expect(state(actor).context).toMatchObject({ reviewDue: false, rating: '4', notice: 'Safeguarding reviewed: Exceptional standard' })
  })

  it('Ofsted sends no evidence category', async () => {
    const { actor, calls } = run(OFSTED, { rate: async () => ({ ...assessItemSampleRated, itemId: OFSTED.itemId, rating: 'not-met', evidenceCategory: null }) })
    actor.send({ type: 'NOTE_CHANGED', value: 'Single central record gaps' })
    actor.send({ type: 'RATING_CHOSEN', value: 'not-met' })
    actor.send({ type: 'SUBMIT' })
    await idle(actor)
    expect(calls).toMatchObject([{ rate: { evidenceCategory: null, rating: 'not-met' } }])
    expect(state(actor).context.notice).toBe('Safeguarding rated Not met')
  })

  it('a conflict reads the item again and shows "changed by <name> — review and try again", keeping the draft', async () => {
    let n = 0
    const { actor, calls, announced } = run(DUE, { rate: async () => (++n === 1 ? Promise.reject(CONFLICT) : assessItemSampleReviewed) })
    actor.send({ type: 'NOTE_CHANGED', value: 'Observed a handover' })
    actor.send({ type: 'RATING_CHOSEN', value: '4' })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches('refreshing'))
    expect(state(actor).context.refusal).toEqual(CONFLICT)
    await idle(actor)
    // What the colleague did is on show; the person's draft and choice stay.
    expect(state(actor).matches({ ready: 'rated' })).toBe(true)
    expect(state(actor).context).toMatchObject({ item: assessItemSampleChanged, rating: '4', draft: { note: 'Observed a handover' }, refusal: CONFLICT, reviewDue: false })
    expect(announced).toEqual([assessItemSampleChanged])
    expect(calls[1]).toEqual({ refresh: { assessmentId: DUE.assessment.id, itemId: DUE.itemId } })
    // Trying again goes from the new version, and clears the refusal.
    actor.send({ type: 'SUBMIT' })
    expect(state(actor).context.refusal).toBeNull()
    await idle(actor)
    expect(calls[2]).toMatchObject({ rate: { expectedVersion: 2, review: false } })
  })

  it('a conflict whose re-read fails keeps the item as it was, with the refusal', async () => {
    const { actor } = run(DUE, { rate: async () => Promise.reject(CONFLICT), refresh: async () => Promise.reject(refused('network')) })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches('refreshing'))
    await idle(actor)
    expect(state(actor).matches({ ready: 'dueForReview' })).toBe(true)
    expect(state(actor).context).toMatchObject({ item: assessItemSampleRated, refusal: CONFLICT })
    // A re-read that finds no row keeps the item as it was.
    const gone = run(DUE, { rate: async () => Promise.reject(CONFLICT), refresh: async () => null })
    gone.actor.send({ type: 'SUBMIT' })
    await waitFor(gone.actor, (s) => s.matches('refreshing'))
    await idle(gone.actor)
    expect(state(gone.actor).context.item).toEqual(assessItemSampleRated)
  })

  it('another refusal returns to the form with the server’s sentence', async () => {
    const archived = refused('assessment_archived', 'This assessment is archived: reopen it to change its answers.')
    const { actor, calls } = run(DUE, { rate: async () => Promise.reject(archived) })
    actor.send({ type: 'SUBMIT' })
    await idle(actor)
    expect(state(actor).matches({ ready: 'dueForReview' })).toBe(true)
    expect(state(actor).context.refusal).toEqual(archived)
    expect(calls).toHaveLength(1)
  })

  it('assessItemForm hands each saved item to its parent as ITEM_CHANGED', async () => {
    const heard: unknown[] = []
    const parent = createMachine({
      invoke: { id: 'child', src: 'child', input: NOT_STARTED },
      on: { ITEM_CHANGED: { actions: ({ event }) => void heard.push(event) } },
    }).provide({ actors: { child: assessItemForm.provide({ actors: { addEvidence: fromPromise(async () => assessItemSampleInProgress) } }) } } as never)
    const actor = createActor(parent).start()
    const child = actor.getSnapshot().children.child!
    child.send({ type: 'NOTE_CHANGED', value: 'Policy' })
    child.send({ type: 'ADD_EVIDENCE' })
    await waitFor(actor, () => heard.length > 0)
    expect(heard).toEqual([{ type: 'ITEM_CHANGED', assessmentId: NOT_STARTED.assessment.id, item: assessItemSampleInProgress }])
  })

  it('its meta traces the item it handles (id and version) without listing items: read from the running machine', async () => {
    // Every state a person sees (all but the eventless settling) names how to find the item and its version.
    const traced = assessItemMachine.root.states
    for (const key of ['ready', 'addingEvidence', 'saving', 'refreshing'] as const) {
      expect(traceIn(traced[key]!.meta), key).toMatchObject({ handles: 'item', itemIdAt: 'itemId', versionIdAt: 'assessment.versionId' })
      expect(traceIn(traced[key]!.meta)!.versions).toEqual(FRAMEWORK_VERSIONS.map((v) => ({ id: v.id, frameworkId: v.frameworkId, version: v.version })))
    }
    expect(JSON.stringify(assessItemMachine.config)).not.toContain('cqc-saf-2024/')
    const cqc = run(NOT_STARTED).actor
    expect(tracedItems(cqc.getSnapshot())).toEqual({ versionIds: ['cqc-saf-2024'], itemIds: ['cqc-saf-2024/safe/safeguarding'] })
    cqc.send({ type: 'NOTE_CHANGED', value: 'Policy' })
    cqc.send({ type: 'RATING_CHOSEN', value: '3' })
    cqc.send({ type: 'CATEGORY_CHOSEN', value: 'processes' })
    cqc.send({ type: 'SUBMIT' })
    expect(cqc.getSnapshot().matches('saving')).toBe(true)
    expect(tracedItems(cqc.getSnapshot()).itemIds).toEqual(['cqc-saf-2024/safe/safeguarding'])
    expect(tracedItems(run(OFSTED).actor.getSnapshot())).toEqual({ versionIds: ['ofsted-eif-2025'], itemIds: ['ofsted-eif-2025/safeguarding/safeguarding'] })
    // An item id of another version than the assessment's is not traced as handled.
    expect(tracedItems(run({ ...OFSTED, itemId: 'cqc-saf-2024/safe/safeguarding' }).actor.getSnapshot()).itemIds).toEqual([])
  })

  it('the planned paths take every state and transition', () => {
    const paths = planPaths(assessItemMachine, { events: assessItemSampleEvents, inputs: assessItemSampleInputs, serializeState: assessItemSerializeState })
    expect(uncovered(assessItemMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
