import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { accountMenuMachine, accountMenuSampleEvents } from './accountMenu.machine'
import { coverage, generatePaths } from './testing/graph'

function run(opts: { session: { email: string } | null; signOut?: () => Promise<{ revoked: boolean }> }) {
  const calls: string[] = []
  let emit: ((e: { type: 'SIGNED_OUT' } | { type: 'SIGNED_IN'; email: string }) => void) | undefined
  const actor = createActor(
    accountMenuMachine.provide({
      actions: { notifySignedOut: (_, p) => calls.push(p.offline ? 'toast:offline' : 'toast:signedOut'), goHome: () => calls.push('go:/') },
      actors: {
        getSessionUser: fromPromise(async () => opts.session),
        authListener: fromCallback(({ sendBack }) => {
          emit = sendBack
          return () => {}
        }),
        signOut: fromPromise(async () => {
          // supabase-js announces SIGNED_OUT before its promise resolves.
          emit?.({ type: 'SIGNED_OUT' })
          return (opts.signOut ?? (async () => ({ revoked: true })))()
        }),
      },
    }),
  )
  actor.start()
  return { actor, calls, emit: (e: Parameters<NonNullable<typeof emit>>[0]) => emit?.(e) }
}

describe('account menu', () => {
  it('shows the e-mail of the stored session; the menu opens and closes', async () => {
    const { actor } = run({ session: { email: 'ada@sunrise-care.co.uk' } })
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(actor.getSnapshot().context.email).toBe('ada@sunrise-care.co.uk')
    actor.send({ type: 'TOGGLE' })
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'open' })
    actor.send({ type: 'CLOSE' })
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'closed' })
  })

  it('a dead stored session shows as signed out', async () => {
    const { actor } = run({ session: null })
    await waitFor(actor, (s) => s.matches('signedOut'))
  })

  it('sign-out goes home and says so, whatever supabase-js announces meanwhile', async () => {
    const { actor, calls } = run({ session: { email: 'a@b.co.uk' } })
    await waitFor(actor, (s) => s.matches('signedIn'))
    actor.send({ type: 'SIGN_OUT' })
    await waitFor(actor, (s) => s.matches('signedOut'))
    expect(calls).toEqual(['toast:signedOut', 'go:/'])
    expect(actor.getSnapshot().context.email).toBe('')
  })

  it('a sign-out the server never heard of is still a sign-out here, and the page says so', async () => {
    const { actor, calls } = run({ session: { email: 'a@b.co.uk' }, signOut: async () => ({ revoked: false }) })
    await waitFor(actor, (s) => s.matches('signedIn'))
    actor.send({ type: 'SIGN_OUT' })
    await waitFor(actor, (s) => s.matches('signedOut'))
    expect(calls).toEqual(['toast:offline', 'go:/'])
  })

  it('follows sign-in and sign-out in other tabs', async () => {
    const { actor, emit } = run({ session: { email: 'a@b.co.uk' } })
    await waitFor(actor, (s) => s.matches('signedIn'))
    emit({ type: 'SIGNED_OUT' })
    expect(actor.getSnapshot().value).toBe('signedOut')
    emit({ type: 'SIGNED_IN', email: 'grace@sunrise-care.co.uk' })
    expect(actor.getSnapshot().context.email).toBe('grace@sunrise-care.co.uk')
  })

  it('generated paths reach every state and every transition', () => {
    const paths = generatePaths(accountMenuMachine, { events: accountMenuSampleEvents })
    const cov = coverage(accountMenuMachine, paths)
    expect(cov.states.missing).toEqual([])
    expect(cov.transitions.missing).toEqual([])
  })
})
