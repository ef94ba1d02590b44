import { describe, expect, it } from 'vitest'
import { type ActorRefFrom, createActor, fromPromise, waitFor } from 'xstate'
import type { AssessmentFailure, Dashboard, ItemRecord } from '../src/domain/assessments'
import { assessItemForm, type assessItemMachine } from './assessItem.machine'
import { assessItemSampleInProgress, assessItemSampleRated } from './assessItem.samples'
import { chosenFrameworkIds, homeMachine, openItemInput } from './home.machine'
import {
  homeSampleCareDashboard,
  homeSampleEmptyDashboard,
  homeSampleEvents,
  homeSampleInput,
  homeSampleUnsetDashboard,
  homeSerializeState,
} from './home.samples'
import { traceIn, tracedItems } from '../src/domain/frameworks/trace'
import { planPaths, uncovered } from './testing/tours'

const CQC = homeSampleCareDashboard.assessments[0]!
const SAFEGUARDING = 'cqc-saf-2024/safe/safeguarding'
const LEARNING = 'cqc-saf-2024/safe/learning-culture'
const refused = (code: string, message = code): AssessmentFailure => ({ code, message })

function run(opts: { load?: () => Promise<Dashboard>; sync?: () => Promise<Dashboard>; add?: () => Promise<ItemRecord> } = {}) {
  const calls: unknown[] = []
  const actor = createActor(
    homeMachine.provide({
      actors: {
        loadDashboard: fromPromise(async ({ input }) => {
          calls.push({ load: input })
          return (opts.load ?? (async () => homeSampleCareDashboard))()
        }),
        syncAssessments: fromPromise(async ({ input }) => {
          calls.push({ sync: input })
          return (opts.sync ?? (async () => homeSampleCareDashboard))()
        }),
        assessItem: assessItemForm.provide({
          actors: { addEvidence: fromPromise(async () => (opts.add ?? (async () => ({ ...assessItemSampleInProgress, itemId: LEARNING })))()) },
        }),
      },
    }),
    { input: homeSampleInput },
  )
  actor.start()
  return { actor, calls }
}

describe('the signed-in home', () => {
  it('loads the dashboard for the user; with assessments it is shown', async () => {
    const { actor, calls } = run()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await waitFor(actor, (s) => s.matches({ shown: 'overview' }))
    expect(calls).toEqual([{ load: { userId: homeSampleInput.user.userId } }])
    expect(actor.getSnapshot().context).toMatchObject({ dashboard: homeSampleCareDashboard, refusal: null, open: null })
  })

  it('a failed load offers Try again, which loads again', async () => {
    let n = 0
    const { actor, calls } = run({ load: async () => (++n === 1 ? Promise.reject(refused('network', 'offline')) : homeSampleCareDashboard) })
    await waitFor(actor, (s) => s.matches('loadFailed'))
    expect(actor.getSnapshot().context.refusal).toEqual({ code: 'network', message: 'offline' })
    expect(actor.getSnapshot().can({ type: 'START' })).toBe(false)
    actor.send({ type: 'RETRY' })
    expect(actor.getSnapshot().context.refusal).toBeNull()
    await waitFor(actor, (s) => s.matches('shown'))
    expect(calls).toHaveLength(2)
  })

  it('without assessments it is empty; START begins the frameworks setup chose', async () => {
    const { actor, calls } = run({ load: async () => homeSampleEmptyDashboard })
    await waitFor(actor, (s) => s.matches('empty'))
    expect(actor.getSnapshot().can({ type: 'START' })).toBe(true)
    actor.send({ type: 'START' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.matches('shown'))
    expect(calls[1]).toEqual({ sync: { userId: homeSampleInput.user.userId, frameworkIds: ['cqc-saf'] } })
  })

  it('when setup chose no framework, START is not taken', async () => {
    const { actor, calls } = run({ load: async () => homeSampleUnsetDashboard })
    await waitFor(actor, (s) => s.matches('empty'))
    expect(actor.getSnapshot().can({ type: 'START' })).toBe(false)
    actor.send({ type: 'START' })
    expect(actor.getSnapshot().matches('empty')).toBe(true)
    expect(calls).toHaveLength(1)
  })

  it('a refused start returns to empty with the reason; a start that opens nothing stays empty', async () => {
    const refusedStart = run({ load: async () => homeSampleEmptyDashboard, sync: async () => Promise.reject(refused('not_member', 'You are not a member of an organisation.')) })
    await waitFor(refusedStart.actor, (s) => s.matches('empty'))
    refusedStart.actor.send({ type: 'START' })
    await waitFor(refusedStart.actor, (s) => s.matches('empty') && s.context.refusal !== null)
    expect(refusedStart.actor.getSnapshot().context.refusal?.code).toBe('not_member')
    const nothing = run({ load: async () => homeSampleEmptyDashboard, sync: async () => homeSampleEmptyDashboard })
    await waitFor(nothing.actor, (s) => s.matches('empty'))
    nothing.actor.send({ type: 'START' })
    await waitFor(nothing.actor, (s) => s.matches('empty') && nothing.calls.length === 2)
    expect(nothing.actor.getSnapshot().context.refusal).toBeNull()
  })

  it('chooses the frameworks from the regulators, else the sector', () => {
    const answers = (selectedRegulators: string[], sector: string | null) => ({ answers: { selectedRegulators, sector, frequency: null }, assessments: [] })
    expect(chosenFrameworkIds(null)).toEqual([])
    expect(chosenFrameworkIds(answers(['rsh', 'cqc'], 'education'))).toEqual(['cqc-saf', 'rsh-consumer'])
    expect(chosenFrameworkIds(answers([], 'construction'))).toEqual(['bsr-hrb'])
    expect(chosenFrameworkIds(answers([], null))).toEqual([])
  })

  it('opens only an item of an open assessment’s framework, with the item as read and whether it is due', async () => {
    const { actor } = run()
    await waitFor(actor, (s) => s.matches('shown'))
    expect(actor.getSnapshot().can({ type: 'OPEN_ITEM', assessmentId: CQC.id, itemId: 'ofsted-eif-2025/safeguarding/safeguarding' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'OPEN_ITEM', assessmentId: 'elsewhere', itemId: SAFEGUARDING })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'OPEN_ITEM', assessmentId: CQC.id, itemId: 'cqc-saf-2024/safe/nothing' })).toBe(false)
    actor.send({ type: 'OPEN_ITEM', assessmentId: CQC.id, itemId: SAFEGUARDING })
    const snap = actor.getSnapshot()
    expect(snap.matches({ shown: 'item' })).toBe(true)
    expect(snap.context.open).toEqual({ assessmentId: CQC.id, itemId: SAFEGUARDING })
    // Rated on 20 November, weekly reviews: due on the 27th, the sample's today.
    expect(openItemInput(snap.context)).toEqual({ assessment: { id: CQC.id, organisationId: CQC.organisationId, versionId: 'cqc-saf-2024' }, itemId: SAFEGUARDING, item: assessItemSampleRated, reviewDue: true })
    const child = snap.children.assessItem as ActorRefFrom<typeof assessItemMachine>
    expect(child.getSnapshot().matches({ ready: 'dueForReview' })).toBe(true)
    expect(snap.can({ type: 'OPEN_ITEM', assessmentId: CQC.id, itemId: LEARNING })).toBe(false)
    actor.send({ type: 'CLOSE_ITEM' })
    expect(actor.getSnapshot().matches({ shown: 'overview' })).toBe(true)
    expect(actor.getSnapshot().children.assessItem).toBeUndefined()
    // The item stays named, so the page can put focus back on it.
    expect(actor.getSnapshot().context.open?.itemId).toBe(SAFEGUARDING)
  })

  it('an item not started opens not started, and what it saves updates the dashboard', async () => {
    const { actor } = run()
    await waitFor(actor, (s) => s.matches('shown'))
    actor.send({ type: 'OPEN_ITEM', assessmentId: CQC.id, itemId: LEARNING })
    expect(openItemInput(actor.getSnapshot().context)).toMatchObject({ item: null, reviewDue: false })
    const child = actor.getSnapshot().children.assessItem!
    child.send({ type: 'NOTE_CHANGED', value: 'Incident reviews' })
    child.send({ type: 'ADD_EVIDENCE' })
    await waitFor(actor, (s) => s.context.dashboard!.assessments[0]!.items[LEARNING] !== undefined)
    expect(actor.getSnapshot().context.dashboard!.assessments[0]!.items[LEARNING]).toMatchObject({ status: 'in-progress' })
    expect(actor.getSnapshot().context.dashboard!.assessments[0]!.items[SAFEGUARDING]).toEqual(assessItemSampleRated)
  })

  it('an ITEM_CHANGED counts only for the open item', async () => {
    const { actor } = run()
    await waitFor(actor, (s) => s.matches('shown'))
    actor.send({ type: 'OPEN_ITEM', assessmentId: CQC.id, itemId: LEARNING })
    const before = actor.getSnapshot().context.dashboard
    actor.send({ type: 'ITEM_CHANGED', assessmentId: CQC.id, item: null })
    // Only the open item: not another one, nor the same one of another assessment.
    actor.send({ type: 'ITEM_CHANGED', assessmentId: CQC.id, item: assessItemSampleRated })
    actor.send({ type: 'ITEM_CHANGED', assessmentId: 'elsewhere', item: { ...assessItemSampleRated, itemId: LEARNING } })
    expect(actor.getSnapshot().context.dashboard).toBe(before)
    actor.send({ type: 'ITEM_CHANGED', assessmentId: CQC.id, item: { ...assessItemSampleRated, itemId: LEARNING, rating: '1' } })
    expect(actor.getSnapshot().context.dashboard!.assessments[0]!.items[LEARNING]!.rating).toBe('1')
    // Only an open item changes: in the overview there is none.
    actor.send({ type: 'CLOSE_ITEM' })
    expect(actor.getSnapshot().can({ type: 'ITEM_CHANGED', assessmentId: CQC.id, item: assessItemSampleRated })).toBe(false)
  })

  it('before anything is open, the item input is empty', () => {
    const snap = createActor(homeMachine, { input: homeSampleInput }).getSnapshot()
    expect(openItemInput(snap.context)).toEqual({ assessment: { id: '', organisationId: '', versionId: '' }, itemId: '', item: null, reviewDue: false })
  })

  it('its meta traces the items shown: every item of the open assessments in the overview, the open item in shown.item', async () => {
    const { actor } = run()
    expect(tracedItems(actor.getSnapshot())).toEqual({ versionIds: [], itemIds: [] })
    await waitFor(actor, (s) => s.matches({ shown: 'overview' }))
    const overview = tracedItems(actor.getSnapshot())
    expect(overview.versionIds).toEqual(['cqc-saf-2024'])
    expect(overview.itemIds).toHaveLength(34)
    expect(overview.itemIds).toContain(SAFEGUARDING)
    actor.send({ type: 'OPEN_ITEM', assessmentId: CQC.id, itemId: LEARNING })
    expect(tracedItems(actor.getSnapshot())).toEqual({ versionIds: ['cqc-saf-2024'], itemIds: [LEARNING] })
    expect(traceIn(homeMachine.root.states.shown!.states.item!.meta)).toMatchObject({ handles: 'item', itemIdAt: 'open.itemId' })
  })

  it('the planned paths take every state and transition', () => {
    const paths = planPaths(homeMachine, { events: homeSampleEvents, inputs: [homeSampleInput], serializeState: homeSerializeState })
    expect(uncovered(homeMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
