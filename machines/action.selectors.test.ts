import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { ActionRecord, ItemActivity } from '../src/domain/actions'
import { type ActionInput, actionMachine } from './action.machine'
import { actionSampleActivity, actionSampleAwaiting, actionSampleClosed, actionSampleInputs, actionSampleOpen } from './action.samples'
import { isActionOverdue, reassignButton, stepButtons } from './action.selectors'

async function ready(activity: ItemActivity) {
  const actor = createActor(actionMachine.provide({ actors: { loadActivity: fromPromise(async () => activity) } }), { input: actionSampleInputs[0] as ActionInput })
  actor.start()
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
  return actor
}

describe("an action card's buttons, from the machine's snapshot", () => {
  it('offers the steps the machine at rest takes, enabled while it takes them now, disabled while another form is open', async () => {
    const owner = await ready(actionSampleActivity(actionSampleOpen, 'owner'))
    expect(stepButtons(owner.getSnapshot(), actionSampleOpen)).toEqual([{ step: 'start', enabled: true }])
    expect(reassignButton(owner.getSnapshot(), actionSampleOpen)).toBeNull()
    owner.send({ type: 'OPEN_RAISE' })
    expect(owner.getSnapshot().hasTag('raising')).toBe(true)
    expect(stepButtons(owner.getSnapshot(), actionSampleOpen)).toEqual([{ step: 'start', enabled: false }])

    const reviewer = await ready(actionSampleActivity(actionSampleAwaiting, 'other'))
    expect(stepButtons(reviewer.getSnapshot(), actionSampleAwaiting)).toEqual([
      { step: 'verify', enabled: true },
      { step: 'reject', enabled: true },
    ])
    const ownerAwaiting = await ready(actionSampleActivity(actionSampleAwaiting, 'owner'))
    expect(stepButtons(ownerAwaiting.getSnapshot(), actionSampleAwaiting)).toEqual([])
  })

  it('Reassign for an admin on an action that is not closed, disabled while a form is open; none before the activity is read', async () => {
    const admin = await ready(actionSampleActivity(actionSampleOpen, 'admin'))
    expect(reassignButton(admin.getSnapshot(), actionSampleOpen)).toEqual({ enabled: true })
    admin.send({ type: 'OPEN_REASSIGN', actionId: actionSampleOpen.id })
    expect(reassignButton(admin.getSnapshot(), actionSampleOpen)).toEqual({ enabled: false })
    const closed = await ready(actionSampleActivity(actionSampleClosed, 'admin'))
    expect(reassignButton(closed.getSnapshot(), actionSampleClosed)).toBeNull()
    expect(stepButtons(closed.getSnapshot(), actionSampleClosed)).toEqual([])

    const loading = createActor(actionMachine, { input: actionSampleInputs[0] as ActionInput }).start()
    expect(stepButtons(loading.getSnapshot(), actionSampleOpen)).toEqual([])
    expect(reassignButton(loading.getSnapshot(), actionSampleOpen)).toBeNull()
    loading.stop()
  })

  it("overdue by the lifecycle's rule on the machine's today", async () => {
    const actor = await ready(actionSampleActivity(actionSampleOpen, 'owner'))
    const today = actor.getSnapshot().context.today
    const due = (dueOn: string, status: ActionRecord['status'] = 'open') => isActionOverdue(actor.getSnapshot(), { ...actionSampleOpen, dueOn, status })
    expect(due('2000-01-01')).toBe(true)
    expect(due(today)).toBe(false)
    expect(due('2000-01-01', 'closed')).toBe(false)
  })
})
