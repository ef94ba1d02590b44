import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ACTION_MESSAGES, type ActionRecord, auditLine, auditWhen, EMPTY_RAISE, EMPTY_STEP, type ItemActivity } from '../src/domain/actions'
import type { AssessmentFailure } from '../src/domain/assessments'
import { type ActionContext, type ActionInput, actionMachine } from './action.machine'
import {
  ACTION_SAMPLE_PEOPLE,
  ACTION_SAMPLE_TODAY,
  actionSampleActivity,
  actionSampleAwaiting,
  actionSampleClosed,
  actionSampleEvents,
  actionSampleInProgress,
  actionSampleInputs,
  actionSampleOpen,
  actionSerializeState,
  actionSampleReassigned,
} from './action.samples'
import { planPaths, uncovered } from './testing/tours'

const [BELOW_GOOD, GOOD] = actionSampleInputs as [ActionInput, ActionInput]
const refused = (code: string, message = code): AssessmentFailure => ({ code, message })

function run(
  input: ActionInput,
  opts: { loads?: (() => Promise<ItemActivity>)[]; raise?: () => Promise<ActionRecord>; move?: () => Promise<ActionRecord>; reassign?: () => Promise<ActionRecord> } = {},
) {
  const calls: unknown[] = []
  const loads = [...(opts.loads ?? [])]
  const actor = createActor(
    actionMachine.provide({
      actors: {
        loadActivity: fromPromise(async ({ input }) => {
          calls.push({ load: input })
          const next = loads.shift() ?? (async () => actionSampleActivity(null, 'admin'))
          return next()
        }),
        raiseAction: fromPromise(async ({ input }) => {
          calls.push({ raise: input })
          return (opts.raise ?? (async () => actionSampleOpen))()
        }),
        moveAction: fromPromise(async ({ input }) => {
          calls.push({ move: input })
          return (opts.move ?? (async () => actionSampleInProgress))()
        }),
        reassignAction: fromPromise(async ({ input }) => {
          calls.push({ reassign: input })
          return (opts.reassign ?? (async () => actionSampleReassigned))()
        }),
      },
    }),
    { input },
  )
  actor.start()
  return { actor, calls }
}

const settled = (a: ReturnType<typeof run>['actor']) => waitFor(a, (s) => s.matches('ready') || s.matches('loadFailed'))

describe("an item's actions", () => {
  it('loads the activity; a failed load offers Try again', async () => {
    const { actor, calls } = run(BELOW_GOOD, { loads: [async () => Promise.reject(refused('network', 'down')), async () => actionSampleActivity(null, 'admin')] })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await settled(actor)
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true)
    expect(actor.getSnapshot().context.refusal).toEqual({ code: 'network', message: 'down' })
    actor.send({ type: 'RETRY' })
    await settled(actor)
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.refusal).toBeNull()
    const load = { load: { assessmentId: BELOW_GOOD.assessmentId, itemId: BELOW_GOOD.itemId } }
    expect(calls).toEqual([load, load])
  })

  it('raises an action only on an item rated below good, after the form is valid in the browser', async () => {
    const good = run(GOOD)
    await settled(good.actor)
    expect(good.actor.getSnapshot().can({ type: 'OPEN_RAISE' })).toBe(false)

    const { actor, calls } = run(BELOW_GOOD, { loads: [async () => actionSampleActivity(null, 'admin'), async () => actionSampleActivity(actionSampleOpen, 'admin')] })
    await settled(actor)
    actor.send({ type: 'OPEN_RAISE' })
    expect(actor.getSnapshot().matches({ ready: 'raising' })).toBe(true)
    actor.send({ type: 'SUBMIT_RAISE' })
    expect(actor.getSnapshot().context.problem).toBe(ACTION_MESSAGES.titleRequired)
    actor.send({ type: 'TITLE_CHANGED', value: 'Refresh safeguarding training' })
    expect(actor.getSnapshot().context.problem).toBeNull()
    actor.send({ type: 'SUBMIT_RAISE' })
    expect(actor.getSnapshot().context.problem).toBe(ACTION_MESSAGES.ownerRequired)
    actor.send({ type: 'OWNER_CHOSEN', value: 'not-a-member' })
    actor.send({ type: 'SUBMIT_RAISE' })
    expect(actor.getSnapshot().context.problem).toBe(ACTION_MESSAGES.ownerRequired)
    actor.send({ type: 'OWNER_CHOSEN', value: ACTION_SAMPLE_PEOPLE.owner.userId })
    actor.send({ type: 'DUE_CHANGED', value: '2026-11-24' })
    actor.send({ type: 'SUBMIT_RAISE' })
    expect(actor.getSnapshot().context.problem).toBe(ACTION_MESSAGES.dueInPast)
    actor.send({ type: 'DUE_CHANGED', value: '2026-11-25' })
    actor.send({ type: 'SUBMIT_RAISE' })
    expect(actor.getSnapshot().matches('saving')).toBe(true)
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(calls[1]).toEqual({ raise: { assessmentId: BELOW_GOOD.assessmentId, itemId: BELOW_GOOD.itemId, title: 'Refresh safeguarding training', ownerId: ACTION_SAMPLE_PEOPLE.owner.userId, dueOn: '2026-11-25' } })
    expect(calls[2]).toEqual({ load: { assessmentId: BELOW_GOOD.assessmentId, itemId: BELOW_GOOD.itemId } })
    expect(actor.getSnapshot().context.notice).toBe('Action raised: Refresh safeguarding training')
    expect(actor.getSnapshot().context.activity?.actions).toHaveLength(1)
  })

  it('a refused raise keeps the form and says why', async () => {
    const { actor } = run(BELOW_GOOD, { raise: async () => Promise.reject(refused('owner_not_member', 'The owner must be a member of your organisation.')) })
    await settled(actor)
    actor.send({ type: 'OPEN_RAISE' })
    actor.send({ type: 'TITLE_CHANGED', value: 'x' })
    actor.send({ type: 'OWNER_CHOSEN', value: ACTION_SAMPLE_PEOPLE.owner.userId })
    actor.send({ type: 'DUE_CHANGED', value: '2026-12-01' })
    actor.send({ type: 'SUBMIT_RAISE' })
    await waitFor(actor, (s) => s.matches({ ready: 'raising' }))
    expect(actor.getSnapshot().context.refusal?.message).toBe('The owner must be a member of your organisation.')
    expect(actor.getSnapshot().context.raise.title).toBe('x')
    actor.send({ type: 'CANCEL' })
    expect(actor.getSnapshot().context.raise.title).toBe('')
  })

  it('offers each person only their steps: the owner starts and submits, someone else verifies', async () => {
    const owner = run(BELOW_GOOD, { loads: [async () => actionSampleActivity(actionSampleOpen, 'owner')] })
    await settled(owner.actor)
    const id = actionSampleOpen.id
    expect(owner.actor.getSnapshot().can({ type: 'CHOOSE_STEP', actionId: id, step: 'start' })).toBe(true)
    expect(owner.actor.getSnapshot().can({ type: 'CHOOSE_STEP', actionId: id, step: 'verify' })).toBe(false)
    expect(owner.actor.getSnapshot().can({ type: 'CHOOSE_STEP', actionId: 'other', step: 'start' })).toBe(false)
    owner.actor.send({ type: 'CHOOSE_STEP', actionId: id, step: 'start' })
    expect(owner.actor.getSnapshot().matches('moving')).toBe(true)
    await waitFor(owner.actor, (s) => s.matches({ ready: 'idle' }))
    expect(owner.calls[1]).toEqual({ move: { actionId: id, step: 'start', expectedVersion: 1, note: '', url: '' } })
    expect(owner.actor.getSnapshot().context.notice).toBe('Started: Refresh safeguarding training')

    const other = run(BELOW_GOOD, { loads: [async () => actionSampleActivity(actionSampleAwaiting, 'other')], move: async () => actionSampleClosed })
    await settled(other.actor)
    expect(other.actor.getSnapshot().can({ type: 'CHOOSE_STEP', actionId: id, step: 'submit' })).toBe(false)
    other.actor.send({ type: 'CHOOSE_STEP', actionId: id, step: 'verify' })
    expect(other.actor.getSnapshot().matches({ ready: 'stepping' })).toBe(true)
    other.actor.send({ type: 'CONFIRM_STEP' })
    expect(other.actor.getSnapshot().context.problem).toBe(ACTION_MESSAGES.evidenceRequired)
    other.actor.send({ type: 'STEP_URL_CHANGED', value: 'register.pdf' })
    other.actor.send({ type: 'CONFIRM_STEP' })
    expect(other.actor.getSnapshot().context.problem).toBe(ACTION_MESSAGES.badUrl)
    other.actor.send({ type: 'STEP_URL_CHANGED', value: 'https://intranet.example/register.pdf' })
    other.actor.send({ type: 'CONFIRM_STEP' })
    await waitFor(other.actor, (s) => s.matches({ ready: 'idle' }))
    expect(other.calls[1]).toEqual({ move: { actionId: id, step: 'verify', expectedVersion: 3, note: '', url: 'https://intranet.example/register.pdf' } })
    expect(other.actor.getSnapshot().context.notice).toBe('Verified and closed: Refresh safeguarding training')
  })

  it('a conflict reads the activity again and keeps the refusal on show; another refusal keeps the step form', async () => {
    const conflict = refused('action_conflict', ACTION_MESSAGES.conflict('Vic Verifier'))
    const { actor, calls } = run(BELOW_GOOD, {
      loads: [async () => actionSampleActivity(actionSampleInProgress, 'admin'), async () => actionSampleActivity(actionSampleAwaiting, 'admin')],
      move: async () => Promise.reject(conflict),
    })
    await settled(actor)
    actor.send({ type: 'CHOOSE_STEP', actionId: actionSampleOpen.id, step: 'submit' })
    actor.send({ type: 'STEP_NOTE_CHANGED', value: 'Done' })
    actor.send({ type: 'CONFIRM_STEP' })
    await waitFor(actor, (s) => s.matches('reloading'))
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().context.refusal).toEqual(conflict)
    expect(actor.getSnapshot().context.activity?.actions[0]?.status).toBe('awaiting_verification')
    expect(calls).toHaveLength(3)

    const net = run(BELOW_GOOD, { loads: [async () => actionSampleActivity(actionSampleAwaiting, 'other')], move: async () => Promise.reject(refused('network', 'down')) })
    await settled(net.actor)
    net.actor.send({ type: 'CHOOSE_STEP', actionId: actionSampleOpen.id, step: 'reject' })
    net.actor.send({ type: 'STEP_NOTE_CHANGED', value: 'Night shifts still short' })
    net.actor.send({ type: 'CONFIRM_STEP' })
    await waitFor(net.actor, (s) => s.matches({ ready: 'stepping' }) && s.context.refusal !== null)
    expect(net.actor.getSnapshot().context.stepDraft.note).toBe('Night shifts still short')
  })

  it('moves the action chosen, from the version read of that action', async () => {
    const second: ActionRecord = { ...actionSampleInProgress, id: '00000000-0000-4000-8000-0000000000d2', title: 'Fix the rota', version: 7 }
    const both: ItemActivity = { ...actionSampleActivity(actionSampleOpen, 'owner'), actions: [actionSampleOpen, second] }
    const { actor, calls } = run(BELOW_GOOD, { loads: [async () => both], move: async () => ({ ...second, status: 'awaiting_verification', version: 8 }) })
    await settled(actor)
    actor.send({ type: 'CHOOSE_STEP', actionId: second.id, step: 'submit' })
    actor.send({ type: 'STEP_NOTE_CHANGED', value: 'Rota rewritten' })
    actor.send({ type: 'CONFIRM_STEP' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(calls[1]).toEqual({ move: { actionId: second.id, step: 'submit', expectedVersion: 7, note: 'Rota rewritten', url: '' } })
    expect(actor.getSnapshot().context.notice).toBe('Sent for verification: Fix the rota')
  })

  it('only a verification takes a link', async () => {
    const { actor, calls } = run(BELOW_GOOD, { loads: [async () => actionSampleActivity(actionSampleInProgress, 'owner')] })
    await settled(actor)
    actor.send({ type: 'CHOOSE_STEP', actionId: actionSampleOpen.id, step: 'submit' })
    expect(actor.getSnapshot().can({ type: 'STEP_URL_CHANGED', value: 'https://intranet.example/register.pdf' })).toBe(false)
    actor.send({ type: 'STEP_URL_CHANGED', value: 'https://intranet.example/register.pdf' })
    expect(actor.getSnapshot().context.stepDraft.url).toBe('')
    actor.send({ type: 'STEP_NOTE_CHANGED', value: 'Booked' })
    actor.send({ type: 'CONFIRM_STEP' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(calls[1]).toEqual({ move: { actionId: actionSampleOpen.id, step: 'submit', expectedVersion: 2, note: 'Booked', url: '' } })
  })

  it('an admin reassigns an action that is not closed: the form starts from its owner and due date, is checked, and saved from the version read', async () => {
    const id = actionSampleInProgress.id
    const member = run(BELOW_GOOD, { loads: [async () => actionSampleActivity(actionSampleInProgress, 'owner')] })
    await settled(member.actor)
    expect(member.actor.getSnapshot().can({ type: 'OPEN_REASSIGN', actionId: id })).toBe(false)
    const closed = run(BELOW_GOOD, { loads: [async () => ({ ...actionSampleActivity(actionSampleClosed, 'admin') })] })
    await settled(closed.actor)
    expect(closed.actor.getSnapshot().can({ type: 'OPEN_REASSIGN', actionId: id })).toBe(false)

    const { actor, calls } = run(BELOW_GOOD, { loads: [async () => actionSampleActivity(actionSampleInProgress, 'admin'), async () => actionSampleActivity(actionSampleReassigned, 'admin')] })
    await settled(actor)
    expect(actor.getSnapshot().can({ type: 'OPEN_REASSIGN', actionId: 'another' })).toBe(false)
    actor.send({ type: 'OPEN_REASSIGN', actionId: id })
    expect(actor.getSnapshot().matches({ ready: 'reassigning' })).toBe(true)
    expect(actor.getSnapshot().hasTag('reassigning')).toBe(true)
    expect(actor.getSnapshot().context.reassign).toEqual({ actionId: id, draft: { ownerId: ACTION_SAMPLE_PEOPLE.owner.userId, dueOn: actionSampleInProgress.dueOn } })
    expect(actor.getSnapshot().can({ type: 'CHOOSE_STEP', actionId: id, step: 'submit' })).toBe(false)
    actor.send({ type: 'SUBMIT_REASSIGN' })
    expect(actor.getSnapshot().context.problem).toBe(ACTION_MESSAGES.nothingChanged)
    actor.send({ type: 'OWNER_CHOSEN', value: 'not-a-member' })
    expect(actor.getSnapshot().context.problem).toBeNull()
    actor.send({ type: 'SUBMIT_REASSIGN' })
    expect(actor.getSnapshot().context.problem).toBe(ACTION_MESSAGES.ownerRequired)
    actor.send({ type: 'OWNER_CHOSEN', value: ACTION_SAMPLE_PEOPLE.other.userId })
    actor.send({ type: 'DUE_CHANGED', value: '2026-11-24' })
    expect(actor.getSnapshot().context.problem).toBeNull()
    actor.send({ type: 'SUBMIT_REASSIGN' })
    expect(actor.getSnapshot().context.problem).toBe(ACTION_MESSAGES.dueInPast)
    expect(actor.getSnapshot().context.raise).toEqual(EMPTY_RAISE)
    actor.send({ type: 'DUE_CHANGED', value: '2031-01-15' })
    actor.send({ type: 'SUBMIT_REASSIGN' })
    expect(actor.getSnapshot().matches('applyingReassignment')).toBe(true)
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(calls[1]).toEqual({ reassign: { actionId: id, ownerId: ACTION_SAMPLE_PEOPLE.other.userId, dueOn: '2031-01-15', expectedVersion: actionSampleInProgress.version } })
    expect(calls[2]).toEqual({ load: { assessmentId: BELOW_GOOD.assessmentId, itemId: BELOW_GOOD.itemId } })
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'Reassigned: Refresh safeguarding training', reassign: null, problem: null })
    expect(actor.getSnapshot().context.activity?.actions[0]?.ownerName).toBe('Vic Verifier')
  })

  it('reassigns the action chosen, not the first of the item: its own owner, due date and version', async () => {
    const second: ActionRecord = { ...actionSampleInProgress, id: 'second', title: 'Second', ownerId: ACTION_SAMPLE_PEOPLE.other.userId, dueOn: '2031-02-01', version: 7 }
    const two = { ...actionSampleActivity(actionSampleInProgress, 'admin'), actions: [actionSampleInProgress, second] }
    const { actor, calls } = run(BELOW_GOOD, { loads: [async () => two, async () => two] })
    await settled(actor)
    actor.send({ type: 'OPEN_REASSIGN', actionId: 'second' })
    expect(actor.getSnapshot().context.reassign).toEqual({ actionId: 'second', draft: { ownerId: ACTION_SAMPLE_PEOPLE.other.userId, dueOn: '2031-02-01' } })
    actor.send({ type: 'SUBMIT_REASSIGN' })
    expect(actor.getSnapshot().context.problem).toBe(ACTION_MESSAGES.nothingChanged)
    actor.send({ type: 'DUE_CHANGED', value: actionSampleInProgress.dueOn })
    actor.send({ type: 'SUBMIT_REASSIGN' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(calls[1]).toEqual({ reassign: { actionId: 'second', ownerId: ACTION_SAMPLE_PEOPLE.other.userId, dueOn: actionSampleInProgress.dueOn, expectedVersion: 7 } })
  })

  it('a refused reassignment keeps the form; a conflict reads the activity again; Cancel closes the form', async () => {
    const load = async () => actionSampleActivity(actionSampleInProgress, 'admin')
    const net = run(BELOW_GOOD, { loads: [load], reassign: async () => Promise.reject(refused('owner_not_member', 'The owner must be a member of your organisation.')) })
    await settled(net.actor)
    net.actor.send({ type: 'OPEN_REASSIGN', actionId: actionSampleOpen.id })
    net.actor.send({ type: 'DUE_CHANGED', value: '2031-01-15' })
    net.actor.send({ type: 'SUBMIT_REASSIGN' })
    await waitFor(net.actor, (s) => s.matches({ ready: 'reassigning' }) && s.context.refusal !== null)
    expect(net.actor.getSnapshot().context.refusal?.code).toBe('owner_not_member')
    expect(net.actor.getSnapshot().context.reassign?.draft.dueOn).toBe('2031-01-15')
    net.actor.send({ type: 'CANCEL' })
    expect(net.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(net.actor.getSnapshot().context.reassign).toBeNull()

    const conflict = refused('action_conflict', ACTION_MESSAGES.conflict('Olu Owner'))
    const { actor, calls } = run(BELOW_GOOD, { loads: [load, async () => actionSampleActivity(actionSampleAwaiting, 'admin')], reassign: async () => Promise.reject(conflict) })
    await settled(actor)
    actor.send({ type: 'OPEN_REASSIGN', actionId: actionSampleOpen.id })
    actor.send({ type: 'OWNER_CHOSEN', value: ACTION_SAMPLE_PEOPLE.admin.userId })
    actor.send({ type: 'SUBMIT_REASSIGN' })
    await waitFor(actor, (s) => s.matches('reloading'))
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().context).toMatchObject({ refusal: conflict, reassign: null })
    expect(actor.getSnapshot().context.activity?.actions[0]?.status).toBe('awaiting_verification')
    expect(calls).toHaveLength(3)
  })

  it('the sample activity is an organisation of three, seen by each person, with the item\'s history newest first', () => {
    const owner = actionSampleActivity(actionSampleOpen, 'owner')
    expect(owner.actions).toEqual([actionSampleOpen])
    expect(owner.members.map((m) => m.name)).toEqual(['Ada Admin', 'Olu Owner', 'Vic Verifier'])
    expect(owner.me).toEqual({ userId: ACTION_SAMPLE_PEOPLE.owner.userId, role: 'member' })
    expect(actionSampleActivity(actionSampleOpen, 'admin').me).toEqual({ userId: ACTION_SAMPLE_PEOPLE.admin.userId, role: 'admin' })
    expect(actionSampleActivity(actionSampleOpen, 'other').me).toEqual({ userId: ACTION_SAMPLE_PEOPLE.other.userId, role: 'member' })
    expect(owner.history.map((e) => `${auditWhen(e)}: ${auditLine(e)}`)).toEqual([
      'Ada Admin, 20 November 2026 at 10:05: Action raised: Refresh safeguarding training (owner Olu Owner, due 9 December 2030)',
      'Ada Admin, 20 November 2026 at 10:00: Rated Some shortfalls',
    ])
    expect(owner.history[1]?.detail).toEqual({ rating: '2', label: 'Some shortfalls' })
    const none = actionSampleActivity(null, 'admin')
    expect(none.actions).toEqual([])
    expect(none.history.map(auditLine)).toEqual(['Rated Some shortfalls'])
  })

  it("the planner's state key keeps what changes behaviour and drops the drafts' words", () => {
    const context = (over: Partial<ActionContext> = {}): ActionContext => ({
      ...BELOW_GOOD, activity: null, raise: EMPTY_RAISE, reassign: null, stepping: null, stepDraft: EMPTY_STEP, problem: null, refusal: null, notice: null, ...over,
    })
    const key = (over: Partial<ActionContext> = {}, value: unknown = 'loading') => JSON.parse(actionSerializeState({ value, context: context(over) }))
    expect(key()).toEqual({ v: 'loading', a: null, bg: true, r: [false, false, 0], st: null, sd: [false, 0], ra: null, p: false, f: null, n: false })
    const reassign = (ownerId: string, dueOn: string) =>
      key({ activity: actionSampleActivity(actionSampleInProgress, 'admin'), reassign: { actionId: actionSampleOpen.id, draft: { ownerId, dueOn } } }).ra
    expect(reassign(ACTION_SAMPLE_PEOPLE.owner.userId, actionSampleInProgress.dueOn)).toEqual([true, 0])
    expect(reassign(ACTION_SAMPLE_PEOPLE.other.userId, '2031-01-15')).toEqual([false, 1])
    expect(reassign(ACTION_SAMPLE_PEOPLE.other.userId, ACTION_SAMPLE_TODAY)).toEqual([false, 1])
    expect(reassign(ACTION_SAMPLE_PEOPLE.other.userId, '2026-11-24')).toEqual([false, 2])
    expect(key({ activity: actionSampleActivity(actionSampleAwaiting, 'owner') }, { ready: 'idle' })).toMatchObject({ v: { ready: 'idle' }, a: 'a2:awaiting_verification' })
    expect(key({ activity: actionSampleActivity(null, 'admin') }).a).toBe('a1:-')
    const raise = (dueOn: string) => key({ raise: { title: 'Fix it', ownerId: ACTION_SAMPLE_PEOPLE.owner.userId, dueOn } }).r
    expect(raise(ACTION_SAMPLE_TODAY)).toEqual([true, true, 1])
    expect(raise('2030-12-09')).toEqual([true, true, 1])
    expect(raise('2026-11-24')).toEqual([true, true, 2])
    const step = (url: string) => key({ stepping: { actionId: actionSampleOpen.id, step: 'verify' }, stepDraft: { note: 'Seen', url } })
    expect(step('')).toMatchObject({ st: 'verify', sd: [true, 0] })
    expect(step('http://intranet.example/a').sd).toEqual([true, 1])
    expect(step('see https://intranet.example/a').sd).toEqual([true, 2])
    expect(key({ problem: ACTION_MESSAGES.titleRequired, refusal: refused('network'), notice: 'Action raised: Fix it' })).toMatchObject({ p: true, f: 'network', n: true })
    expect(actionSerializeState({ value: 'loading', context: context({ raise: { ...EMPTY_RAISE, title: 'One' }, stepDraft: { note: 'a', url: '' } }) })).toBe(
      actionSerializeState({ value: 'loading', context: context({ raise: { ...EMPTY_RAISE, title: 'Another' }, stepDraft: { note: 'b', url: '' } }) }),
    )
  })

  it('the planned paths take every state and transition', () => {
    const paths = planPaths(actionMachine, { events: actionSampleEvents, inputs: actionSampleInputs, serializeState: actionSerializeState })
    expect(uncovered(actionMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
