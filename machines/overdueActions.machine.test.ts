import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { ActionRecord } from '../src/domain/actions'
import { overdueActionsMachine } from './overdueActions.machine'
import { overdueActionsSampleAction, overdueActionsSampleEvents } from './overdueActions.samples'
import { planPaths, uncovered } from './testing/tours'

function run(replies: (() => Promise<readonly ActionRecord[]>)[]) {
  let calls = 0
  const actor = createActor(
    overdueActionsMachine.provide({
      actors: {
        loadOverdue: fromPromise(async () => {
          const next = replies[calls++]
          if (!next) throw new Error('no reply')
          return next()
        }),
      },
    }),
  )
  actor.start()
  return { actor, calls: () => calls }
}

describe("the dashboard's overdue actions", () => {
  it('shows the overdue actions, or says none is overdue', async () => {
    const some = run([async () => [overdueActionsSampleAction]])
    expect(some.actor.getSnapshot().hasTag('loading')).toBe(true)
    await waitFor(some.actor, (s) => s.matches('shown'))
    expect(some.actor.getSnapshot().context.actions).toEqual([overdueActionsSampleAction])
    const none = run([async () => []])
    await waitFor(none.actor, (s) => s.matches('none'))
  })

  it('a failed read offers Try again, which reads again', async () => {
    const { actor, calls } = run([async () => Promise.reject({ code: 'network', message: 'down' }), async () => [overdueActionsSampleAction]])
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.refusal).toEqual({ code: 'network', message: 'down' })
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('shown'))
    expect(actor.getSnapshot().context.refusal).toBeNull()
    expect(calls()).toBe(2)
  })

  it('the planned paths take every state and transition', () => {
    const paths = planPaths(overdueActionsMachine, { events: overdueActionsSampleEvents })
    expect(uncovered(overdueActionsMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
