/**
 * The machines agree with the lifecycles (src/domain/lifecycles, issue 39 item 3): for every status and every kind
 * of person, a machine's event for a step is taken exactly when the lifecycle's table allows the step, it sends the
 * backend that step, and the machine then shows the status the table leads to. The SQL's side is
 * tests/backend/lifecycles.sql.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import type { ActionRecord, ItemActivity } from '../src/domain/actions'
import type { EvidenceRecord, ItemRecord } from '../src/domain/assessments'
import { mayTakeStep, transitionOf } from '../src/domain/lifecycle'
import { ACTION_CHANGES, ACTION_LIFECYCLE, ACTION_STEPS, type ActionStatus, actionRoles } from '../src/domain/lifecycles/action'
import { EVIDENCE_KINDS, evidenceMay } from '../src/domain/lifecycles/evidence'
import { ITEM_LIFECYCLE, ITEM_STATUSES, type ItemProgress, type ItemStatus, itemProgress, ratingStep } from '../src/domain/lifecycles/item'
import { type ActionInput, actionMachine } from './action.machine'
import { ACTION_SAMPLE_PEOPLE, actionSampleInputs, actionSampleOpen } from './action.samples'
import { type AssessItemInput, assessItemMachine } from './assessItem.machine'
import { assessItemSampleInputs, assessItemSampleRated } from './assessItem.samples'
import { evidenceFilesMachine } from './evidenceFiles.machine'
import { evidenceFilesSampleFile, evidenceFilesSampleInput, evidenceFilesSampleItem } from './evidenceFiles.samples'

const { admin, owner, other } = ACTION_SAMPLE_PEOPLE
const MEMBERS = [admin, owner, other]

/** Each kind of person looking at an action owned by Olu (a member, or an admin; the admin alone). */
const VIEWERS = [
  { who: 'its owner', me: { userId: owner.userId, role: 'member' as const }, members: MEMBERS },
  { who: 'an admin who does not own it', me: { userId: admin.userId, role: 'admin' as const }, members: MEMBERS },
  { who: 'another member', me: { userId: other.userId, role: 'member' as const }, members: MEMBERS },
  { who: 'its owner, an admin', me: { userId: owner.userId, role: 'admin' as const }, members: MEMBERS },
  { who: 'its owner, the admin alone', me: { userId: owner.userId, role: 'admin' as const }, members: [owner] },
]

const STEP_DRAFT = { submit: 'Booked', verify: 'Seen the register', reject: 'Night shifts still short' } as const

async function actionActor(status: ActionStatus, viewer: (typeof VIEWERS)[number]) {
  const action: ActionRecord = { ...actionSampleOpen, status }
  const activity: ItemActivity = { actions: [action], members: viewer.members, me: viewer.me, history: [] }
  const moves: unknown[] = []
  const actor = createActor(
    actionMachine.provide({
      actors: {
        loadActivity: fromPromise(async () => activity),
        moveAction: fromPromise(async ({ input }) => {
          moves.push(input)
          return action
        }),
      },
    }),
    { input: actionSampleInputs[0] as ActionInput },
  )
  actor.start()
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
  return { actor, action, moves }
}

describe('the action machine agrees with the action lifecycle', () => {
  for (const status of ACTION_LIFECYCLE.statuses) {
    for (const viewer of VIEWERS) {
      it(`${status}, seen by ${viewer.who}: each step's event is taken exactly when the table allows it, and sends that step`, async () => {
        const roles = actionRoles(owner.userId, viewer.me, viewer.members.length)
        const { actor, action } = await actionActor(status, viewer)
        for (const step of ACTION_STEPS) {
          const allowed = mayTakeStep(ACTION_LIFECYCLE, status, step, roles)
          expect(actor.getSnapshot().can({ type: 'CHOOSE_STEP', actionId: action.id, step }), `${step} from ${status}`).toBe(allowed)
          if (!allowed) continue
          const taking = await actionActor(status, viewer)
          taking.actor.send({ type: 'CHOOSE_STEP', actionId: action.id, step })
          if (step !== 'start') {
            taking.actor.send({ type: 'STEP_NOTE_CHANGED', value: STEP_DRAFT[step] })
            taking.actor.send({ type: 'CONFIRM_STEP' })
          }
          expect(taking.actor.getSnapshot().matches('moving')).toBe(true)
          await waitFor(taking.actor, (s) => s.matches({ ready: 'idle' }))
          expect(taking.moves).toEqual([expect.objectContaining({ actionId: action.id, step, expectedVersion: action.version })])
        }
        const reassign = ACTION_CHANGES.reassign.while.includes(status) && ACTION_CHANGES.reassign.by.some((r) => roles.includes(r))
        expect(actor.getSnapshot().can({ type: 'OPEN_REASSIGN', actionId: action.id }), `reassign in ${status}`).toBe(reassign)
      })
    }
  }
})

/** The item machine's state for each progress of the item lifecycle (src/domain/lifecycles/item.ts). */
const PROGRESS_STATE: Record<ItemProgress, 'notStarted' | 'inProgress' | 'rated' | 'dueForReview' | 'reviewed'> = {
  'not-started': 'notStarted',
  'in-progress': 'inProgress',
  rated: 'rated',
  'due-for-review': 'dueForReview',
  reviewed: 'reviewed',
}

const itemIn = (status: ItemStatus): ItemRecord =>
  status === 'in-progress'
    ? { ...assessItemSampleRated, status, rating: null, evidenceCategory: null, ratedBy: null, ratedByName: null, ratedAt: null, version: 0 }
    : { ...assessItemSampleRated, status }

function itemActor(item: ItemRecord | null, reviewDue: boolean) {
  const sent: { step: string; review?: boolean }[] = []
  let answer: ItemRecord | null = null
  const actor = createActor(
    assessItemMachine.provide({
      actors: {
        addEvidence: fromPromise(async () => {
          sent.push({ step: 'addEvidence' })
          return answer!
        }),
        rateItem: fromPromise(async ({ input }) => {
          sent.push({ step: input.review ? 'review' : 'rate', review: input.review })
          return answer!
        }),
      },
    }),
    { input: { ...(assessItemSampleInputs[0] as AssessItemInput), item, reviewDue } },
  )
  actor.start()
  return { actor, sent, answerWith: (status: ItemStatus) => {
      answer = itemIn(status)
    },
  }
}

describe('the item machine agrees with the item lifecycle', () => {
  it('has one state for each progress of the lifecycle, and no other', () => {
    const ready = assessItemMachine.root.states.ready!
    expect(Object.keys(ready.states).filter((s) => s !== 'settling').sort()).toEqual(Object.values(PROGRESS_STATE).sort())
  })

  for (const status of ITEM_STATUSES) {
    for (const reviewDue of [false, true]) {
      const item = status === 'not-started' ? null : itemIn(status)
      const progress = itemProgress(item, reviewDue)
      it(`${status}${reviewDue ? ', its review due' : ''}: shows ${progress}; SUBMIT takes the table's ${ratingStep(progress)}, ADD_EVIDENCE its addEvidence, each to the status the table says`, async () => {
        const rating = itemActor(item, reviewDue)
        expect(rating.actor.getSnapshot().matches({ ready: PROGRESS_STATE[progress] })).toBe(true)
        const step = ratingStep(progress)
        const to = transitionOf(ITEM_LIFECYCLE, status, step)
        expect(to, `${step} from ${status}`).toBeDefined()
        rating.answerWith(to!.to as ItemStatus)
        rating.actor.send({ type: 'NOTE_CHANGED', value: 'Safeguarding policy' })
        rating.actor.send({ type: 'RATING_CHOSEN', value: '3' })
        rating.actor.send({ type: 'CATEGORY_CHOSEN', value: 'processes' })
        rating.actor.send({ type: 'SUBMIT' })
        await waitFor(rating.actor, (s) => s.hasTag('editing'))
        expect(rating.sent).toEqual([{ step, review: step === 'review' }])
        expect(rating.actor.getSnapshot().matches({ ready: PROGRESS_STATE[itemProgress({ status: to!.to as ItemStatus }, false)] })).toBe(true)

        const adding = itemActor(item, reviewDue)
        const added = transitionOf(ITEM_LIFECYCLE, status, 'addEvidence')
        expect(added, `addEvidence from ${status}`).toBeDefined()
        adding.answerWith(added!.to as ItemStatus)
        adding.actor.send({ type: 'NOTE_CHANGED', value: 'Training records' })
        adding.actor.send({ type: 'ADD_EVIDENCE' })
        await waitFor(adding.actor, (s) => s.hasTag('editing'))
        expect(adding.sent).toEqual([{ step: 'addEvidence' }])
        expect(adding.actor.getSnapshot().matches({ ready: PROGRESS_STATE[itemProgress({ status: added!.to as ItemStatus }, reviewDue)] })).toBe(true)
      })
    }
  }

  it('the table has no review of an item that is not rated, and the machine never sends one', async () => {
    for (const status of ['not-started', 'in-progress'] as const) expect(transitionOf(ITEM_LIFECYCLE, status, 'review')).toBeUndefined()
    const m = itemActor(itemIn('in-progress'), true)
    m.answerWith('rated')
    m.actor.send({ type: 'RATING_CHOSEN', value: '3' })
    m.actor.send({ type: 'CATEGORY_CHOSEN', value: 'processes' })
    m.actor.send({ type: 'SUBMIT' })
    await waitFor(m.actor, (s) => s.hasTag('editing'))
    expect(m.sent).toEqual([{ step: 'rate', review: false }])
  })
})

describe('the evidence machines agree with the evidence lifecycle', () => {
  const evidenceOf = (kind: (typeof EVIDENCE_KINDS)[number]): EvidenceRecord =>
    kind === 'file'
      ? evidenceFilesSampleFile
      : { id: `e-${kind}`, kind, note: 'Rota', url: kind === 'link' ? 'https://intranet.example/rota' : null, createdAt: '2026-11-25T09:00:00.000Z', createdByName: 'Ada Lovelace' }

  function filesActor() {
    let send: (e: { type: string }) => void = () => {}
    const actor = createActor(
      evidenceFilesMachine.provide({
        actors: {
          uploadFile: fromCallback(({ sendBack }) => {
            send = sendBack
          }),
        },
      }),
      { input: evidenceFilesSampleInput },
    )
    actor.start()
    return { actor, upload: (e: { type: string; item?: ItemRecord }) => send(e) }
  }

  it('REMOVE is taken for exactly the kinds the table removes (files; notes and links stay)', () => {
    const { actor } = filesActor()
    for (const kind of EVIDENCE_KINDS) {
      expect(actor.getSnapshot().can({ type: 'REMOVE', evidence: evidenceOf(kind) }), kind).toBe(evidenceMay('remove', kind, 'attached'))
    }
  })

  it('a file is uploaded from new, then recorded or cancelled; nothing is recorded that is not uploading', () => {
    const file = new File(['%PDF-1.7'], 'Policy.pdf', { type: 'application/pdf' })
    const { actor, upload } = filesActor()
    expect(evidenceMay('upload', 'file', 'new')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'UPLOAD_DONE', item: evidenceFilesSampleItem })).toBe(evidenceMay('record', 'file', 'new'))
    actor.send({ type: 'FILE_CHOSEN', file })
    expect(actor.getSnapshot().value).toBe('uploading')
    expect(actor.getSnapshot().can({ type: 'UPLOAD_DONE', item: evidenceFilesSampleItem })).toBe(evidenceMay('record', 'file', 'uploading'))
    expect(actor.getSnapshot().can({ type: 'CANCEL' })).toBe(evidenceMay('cancel', 'file', 'uploading'))
    upload({ type: 'UPLOAD_DONE', item: evidenceFilesSampleItem })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().can({ type: 'CANCEL' })).toBe(false)
  })

  it('ADD_EVIDENCE adds notes and links, the kinds the table adds', async () => {
    expect(EVIDENCE_KINDS.filter((k) => evidenceMay('add', k, 'new'))).toEqual(['note', 'link'])
    const { actor, sent, answerWith } = itemActor(null, false)
    answerWith('in-progress')
    actor.send({ type: 'LINK_CHANGED', value: 'https://intranet.example/rota' })
    actor.send({ type: 'ADD_EVIDENCE' })
    await waitFor(actor, (s) => s.hasTag('editing'))
    expect(sent).toEqual([{ step: 'addEvidence' }])
  })
})
