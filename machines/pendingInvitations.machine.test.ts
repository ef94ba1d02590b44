import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { PendingInvitation } from '../src/domain/pendingInvitations'
import { pendingInvitationsMachine } from './pendingInvitations.machine'
import { pendingInvitationsSampleBright as bright, pendingInvitationsSampleEvents, pendingInvitationsSampleSunrise as sunrise } from './pendingInvitations.samples'
import { planPaths, uncovered } from './testing/tours'

type Reply<T> = () => Promise<T>
const refusal = (code: string, message: string) => ({ code, message })

function run(replies: { load?: Reply<PendingInvitation[]>[]; accept?: Reply<{ organisationName: string }>[]; decline?: Reply<PendingInvitation[]>[] }) {
  const calls = { load: 0, accept: [] as { invitationId: string; leaveCurrent: boolean }[], decline: [] as string[] }
  const next = <T>(list: Reply<T>[] | undefined, i: number) => {
    const reply = list?.[i]
    if (!reply) throw new Error('no reply')
    return reply()
  }
  const actor = createActor(
    pendingInvitationsMachine.provide({
      actors: {
        loadInvitations: fromPromise(async () => next(replies.load, calls.load++)),
        acceptInvitation: fromPromise(async ({ input }: { input: { invitationId: string; leaveCurrent: boolean } }) => next(replies.accept, calls.accept.push(input) - 1)),
        declineInvitation: fromPromise(async ({ input }: { input: { invitationId: string } }) => next(replies.decline, calls.decline.push(input.invitationId) - 1)),
      },
    }),
  )
  actor.start()
  return { actor, calls }
}

describe('invitations waiting for the signed-in person', () => {
  it('shows nothing without invitations; a failed read offers Try again', async () => {
    const none = run({ load: [async () => []] })
    expect(none.actor.getSnapshot().hasTag('loading')).toBe(true)
    await waitFor(none.actor, (s) => s.matches('none'))
    const failing = run({ load: [async () => Promise.reject(refusal('network', 'down')), async () => [sunrise]] })
    await waitFor(failing.actor, (s) => s.matches('failed'))
    expect(failing.actor.getSnapshot().context.refusal).toEqual(refusal('network', 'down'))
    failing.actor.send({ type: 'RETRY' })
    await waitFor(failing.actor, (s) => s.matches('shown'))
    expect(failing.actor.getSnapshot().context).toMatchObject({ invitations: [sunrise], refusal: null })
  })

  it('accepting one joins its organisation; an invitation not on the list is ignored', async () => {
    const { actor, calls } = run({ load: [async () => [sunrise, bright]], accept: [async () => ({ organisationName: 'Sunrise Care' })] })
    await waitFor(actor, (s) => s.matches('shown'))
    actor.send({ type: 'ACCEPT', invitationId: 'not-offered' })
    actor.send({ type: 'DECLINE', invitationId: 'not-offered' })
    expect(actor.getSnapshot().matches('shown')).toBe(true)
    actor.send({ type: 'ACCEPT', invitationId: sunrise.id })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().context).toMatchObject({ joined: 'Sunrise Care', chosen: sunrise })
    expect(calls.accept).toEqual([{ invitationId: sunrise.id, leaveCurrent: false }])
  })

  it('someone in an organisation is asked first: Stay keeps it, Leave moves (a refusal is said on the list)', async () => {
    const question = refusal('already_in_organisation', 'You already belong to Bob Care. To join Sunrise Care, choose to leave Bob Care and move.')
    const { actor, calls } = run({
      load: [async () => [sunrise]],
      accept: [
        async () => Promise.reject(question),
        async () => Promise.reject(question),
        async () => Promise.reject(refusal('last_admin', 'Bob Care needs at least one admin.')),
        async () => Promise.reject(question),
        async () => ({ organisationName: '' }),
      ],
    })
    await waitFor(actor, (s) => s.matches('shown'))
    actor.send({ type: 'ACCEPT', invitationId: sunrise.id })
    await waitFor(actor, (s) => s.matches('confirmingMove'))
    expect(actor.getSnapshot().context.refusal).toEqual(question)
    actor.send({ type: 'STAY' })
    expect(actor.getSnapshot().matches('shown')).toBe(true)
    expect(actor.getSnapshot().context.refusal).toBeNull()
    actor.send({ type: 'ACCEPT', invitationId: sunrise.id })
    await waitFor(actor, (s) => s.matches('confirmingMove'))
    actor.send({ type: 'MOVE' })
    await waitFor(actor, (s) => s.matches('shown'))
    expect(actor.getSnapshot().context.refusal).toEqual(refusal('last_admin', 'Bob Care needs at least one admin.'))
    actor.send({ type: 'ACCEPT', invitationId: sunrise.id })
    await waitFor(actor, (s) => s.matches('confirmingMove'))
    actor.send({ type: 'MOVE' })
    await waitFor(actor, (s) => s.status === 'done')
    // The server named no organisation: the invitation's name is used.
    expect(actor.getSnapshot().context.joined).toBe('Sunrise Care')
    expect(calls.accept.map((c) => c.leaveCurrent)).toEqual([false, false, true, false, true])
  })

  it('names the organisation as the server does, and says a refusal to accept on the list', async () => {
    const revoked = refusal('invitation_revoked', 'This invitation to Sunrise Care was withdrawn.')
    const { actor } = run({
      load: [async () => [sunrise, bright]],
      accept: [async () => Promise.reject(revoked), async () => ({ organisationName: 'Sunrise Care Group' })],
    })
    await waitFor(actor, (s) => s.matches('shown'))
    actor.send({ type: 'ACCEPT', invitationId: sunrise.id })
    await waitFor(actor, (s) => s.matches('shown') && s.context.refusal !== null)
    expect(actor.getSnapshot().context).toMatchObject({ refusal: revoked, invitations: [sunrise, bright] })
    actor.send({ type: 'ACCEPT', invitationId: bright.id })
    expect(actor.getSnapshot().context.refusal).toBeNull()
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().context).toMatchObject({ joined: 'Sunrise Care Group', chosen: bright })
  })

  it('declining one shows what is left, or nothing; a failure is said and the list stays', async () => {
    const { actor, calls } = run({
      load: [async () => [sunrise, bright]],
      decline: [async () => Promise.reject(refusal('network', 'down')), async () => [sunrise], async () => []],
    })
    await waitFor(actor, (s) => s.matches('shown'))
    actor.send({ type: 'DECLINE', invitationId: bright.id })
    await waitFor(actor, (s) => s.matches('shown') && s.context.refusal !== null)
    expect(actor.getSnapshot().context).toMatchObject({ invitations: [sunrise, bright], refusal: refusal('network', 'down'), declined: null })
    actor.send({ type: 'DECLINE', invitationId: bright.id })
    await waitFor(actor, (s) => s.matches('shown') && s.context.invitations.length === 1)
    expect(actor.getSnapshot().context).toMatchObject({ invitations: [sunrise], declined: 'Bright Homes', refusal: null, chosen: null })
    actor.send({ type: 'DECLINE', invitationId: sunrise.id })
    await waitFor(actor, (s) => s.matches('none'))
    expect(actor.getSnapshot().context).toMatchObject({ invitations: [], declined: 'Sunrise Care' })
    expect(calls.decline).toEqual([bright.id, bright.id, sunrise.id])
  })

  it('its sample events reach every state and transition', () => {
    const paths = planPaths(pendingInvitationsMachine, { events: [...pendingInvitationsSampleEvents] })
    expect(uncovered(pendingInvitationsMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
