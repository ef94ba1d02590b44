import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { type SessionUser, sessionMachine } from './session.machine'
import { sessionSampleEvents, sessionSampleInputs } from './session.samples'
import { planPaths, uncovered } from './testing/tours'

const ada: SessionUser = { userId: 'u1', email: 'ada@sunrise-care.co.uk' }

function run(opts: { stored: boolean; read?: () => Promise<SessionUser | null>; signOut?: () => Promise<{ revoked: boolean }> }) {
  const calls: string[] = []
  let feed: ((event: { type: 'SIGNED_IN'; user: SessionUser } | { type: 'SIGNED_OUT' } | { type: 'SESSION_STORED' }) => void) | undefined
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        readSession: fromPromise(async () => {
          calls.push('read')
          return (opts.read ?? (async () => ada))()
        }),
        signOut: fromPromise(async () => {
          calls.push('signOut')
          // supabase-js announces SIGNED_OUT while its sign-out runs: it must change nothing here.
          feed?.({ type: 'SIGNED_OUT' })
          return (opts.signOut ?? (async () => ({ revoked: true })))()
        }),
        authEvents: fromCallback(({ sendBack }) => {
          feed = sendBack
          return () => {}
        }),
      },
    }),
    { input: { storedSession: opts.stored } },
  )
  actor.on('SESSION_ENDED', () => calls.push('ended'))
  actor.start()
  return { actor, calls, send: (e: Parameters<NonNullable<typeof feed>>[0]) => feed?.(e) }
}

describe('the session', () => {
  it('without a stored session it is signed out at once and reads nothing (no supabase-js)', () => {
    const { actor, calls } = run({ stored: false })
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actor.getSnapshot().hasTag('signedOut')).toBe(true)
    expect(calls).toEqual([])
  })

  it('reads a stored session: the user, or signed out when it is dead or unreadable', async () => {
    const live = run({ stored: true })
    expect(live.actor.getSnapshot().hasTag('pending')).toBe(true)
    await waitFor(live.actor, (s) => s.hasTag('signedIn'))
    expect(live.actor.getSnapshot().context.user).toEqual(ada)
    const dead = run({ stored: true, read: async () => null })
    await waitFor(dead.actor, (s) => s.matches('signedOut'))
    const unreadable = run({ stored: true, read: async () => Promise.reject(new Error('network')) })
    await waitFor(unreadable.actor, (s) => s.matches('signedOut'))
    expect([live.calls, dead.calls, unreadable.calls].flat().filter((c) => c === 'ended')).toEqual([])
  })

  it('SIGNED_OUT means one thing: the session ended elsewhere, announced to the listeners', async () => {
    const { actor, calls, send } = run({ stored: true })
    await waitFor(actor, (s) => s.hasTag('signedIn'))
    send({ type: 'SIGNED_OUT' })
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actor.getSnapshot().context.user).toBeNull()
    expect(calls).toEqual(['read', 'ended'])
  })

  it('this device signing out is not "ended elsewhere": signedOutHere, with how it went', async () => {
    const { actor, calls } = run({ stored: true, signOut: async () => ({ revoked: false }) })
    await waitFor(actor, (s) => s.hasTag('signedIn'))
    actor.send({ type: 'SIGN_OUT' })
    expect(actor.getSnapshot().hasTag('signingOut')).toBe(true)
    await waitFor(actor, (s) => s.matches('signedOutHere'))
    expect(actor.getSnapshot().context).toMatchObject({ user: null, signOut: 'local' })
    expect(calls).toEqual(['read', 'signOut'])
    const failed = run({ stored: true, signOut: async () => Promise.reject(new Error('storage')) })
    await waitFor(failed.actor, (s) => s.hasTag('signedIn'))
    failed.actor.send({ type: 'SIGN_OUT' })
    await waitFor(failed.actor, (s) => s.matches('signedOutHere'))
    expect(failed.actor.getSnapshot().context.signOut).toBe('failed')
  })

  it('follows a sign-in (here or in another tab) and a session stored by another tab', async () => {
    const { actor, calls, send } = run({ stored: false })
    send({ type: 'SIGNED_IN', user: ada })
    expect(actor.getSnapshot().context.user).toEqual(ada)
    send({ type: 'SIGNED_IN', user: { ...ada, email: 'ada@new.example' } })
    expect(actor.getSnapshot().context.user?.email).toBe('ada@new.example')
    send({ type: 'SIGNED_OUT' })
    send({ type: 'SESSION_STORED' })
    expect(actor.getSnapshot().hasTag('pending')).toBe(true)
    await waitFor(actor, (s) => s.hasTag('signedIn'))
    expect(calls).toEqual(['ended', 'read'])
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(sessionMachine, { events: sessionSampleEvents, inputs: sessionSampleInputs })
    expect(uncovered(sessionMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
