import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { accountMenuMachine } from './accountMenu.machine'
import { accountMenuSampleEvents } from './accountMenu.samples'
import { planPaths, uncovered } from './testing/tours'

function run(signOut: () => Promise<{ revoked: boolean }> = async () => ({ revoked: true })) {
  const calls: string[] = []
  const actor = createActor(
    accountMenuMachine.provide({
      actions: { notifySignedOut: (_, p) => calls.push(p.offline ? 'toast:offline' : 'toast:signedOut'), goHome: () => calls.push('go:/') },
      actors: { signOut: fromPromise(signOut) },
    }),
  )
  actor.start()
  return { actor, calls }
}

describe('account menu', () => {
  it('opens and closes', () => {
    const { actor } = run()
    expect(actor.getSnapshot().value).toEqual({ menu: 'closed' })
    actor.send({ type: 'TOGGLE' })
    expect(actor.getSnapshot().hasTag('open')).toBe(true)
    actor.send({ type: 'CLOSE' })
    expect(actor.getSnapshot().value).toEqual({ menu: 'closed' })
  })

  it('sign-out (asked of the session) goes home and says so', async () => {
    const { actor, calls } = run()
    actor.send({ type: 'TOGGLE' })
    actor.send({ type: 'SIGN_OUT' })
    expect(actor.getSnapshot().matches('signingOut')).toBe(true)
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual(['toast:signedOut', 'go:/'])
  })

  it('a sign-out the server never heard of is still a sign-out here, and the page says so', async () => {
    const { actor, calls } = run(async () => ({ revoked: false }))
    actor.send({ type: 'SIGN_OUT' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual(['toast:offline', 'go:/'])
  })

  it('a sign-out that failed on this device says the server was not told', async () => {
    const { actor, calls } = run(async () => {
      throw new Error('storage unavailable')
    })
    actor.send({ type: 'SIGN_OUT' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual(['toast:offline', 'go:/'])
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(accountMenuMachine, { events: accountMenuSampleEvents })
    expect(uncovered(accountMenuMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
