import { describe, expect, it } from 'vitest'
import { createActor, createMachine, fromPromise, sendTo, waitFor } from 'xstate'
import type { InviteDraft, Team, TeamFailure } from '../src/domain/team'
import { teamInviteForm, teamInviteMachine } from './teamInvite.machine'
import { teamInviteSampleEvents, teamInviteSampleTeam, teamInviteSerializeState } from './teamInvite.samples'
import { planPaths, uncovered } from './testing/tours'

const refused = (code: string, message: string): TeamFailure => ({ code, message })

function run(invite: (d: InviteDraft) => Promise<Team>) {
  const sent: InviteDraft[] = []
  const actor = createActor(
    teamInviteMachine.provide({
      actors: {
        inviteMember: fromPromise(async ({ input }: { input: InviteDraft }) => {
          sent.push(input)
          return invite(input)
        }),
      },
    }),
  ).start()
  return { actor, sent }
}

describe('the invite form', () => {
  it('checks the address first: missing, malformed and personal addresses are named and nothing is sent', () => {
    const { actor, sent } = run(async () => teamInviteSampleTeam)
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.problem).toBe('missingEmail')
    actor.send({ type: 'EMAIL_CHANGED', value: 'alan@' })
    expect(actor.getSnapshot().context.problem).toBeNull()
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.problem).toBe('invalidEmail')
    actor.send({ type: 'EMAIL_CHANGED', value: 'alan@gmail.com' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.problem).toBe('consumerEmail')
    expect(sent).toEqual([])
  })

  it('sends the trimmed address with the chosen role, clears the form and says to whom; a refusal keeps what was typed', async () => {
    let refuse = true
    const { actor, sent } = run(async () => {
      if (refuse) throw refused('seat_limit_reached', "All 3 seats of the free plan are taken. We'll enable the paid plan for eligible accounts.")
      return teamInviteSampleTeam
    })
    actor.send({ type: 'EMAIL_CHANGED', value: ' katherine@sunrise-care.co.uk ' })
    actor.send({ type: 'ROLE_CHANGED', role: 'admin' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context.refusal?.code).toBe('seat_limit_reached')
    expect(actor.getSnapshot().context.draft).toEqual({ email: ' katherine@sunrise-care.co.uk ', role: 'admin' })
    refuse = false
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.refusal).toBeNull()
    await waitFor(actor, (s) => s.matches('editing'))
    expect(sent).toEqual([
      { email: 'katherine@sunrise-care.co.uk', role: 'admin' },
      { email: 'katherine@sunrise-care.co.uk', role: 'admin' },
    ])
    expect(actor.getSnapshot().context).toMatchObject({ draft: { email: '', role: 'member' }, sentTo: 'katherine@sunrise-care.co.uk', refusal: null })
  })

  it('hands the team after an invitation to its parent', async () => {
    const received: unknown[] = []
    const parent = createMachine({
      invoke: {
        id: 'invite',
        src: teamInviteForm.provide({ actors: { inviteMember: fromPromise(async () => teamInviteSampleTeam) } }),
      },
      on: {
        TEAM_CHANGED: { actions: ({ event }) => received.push(event) },
        GO: { actions: sendTo('invite', ({ event }) => event.inner) },
      },
    })
    const actor = createActor(parent).start()
    actor.send({ type: 'GO', inner: { type: 'EMAIL_CHANGED', value: 'katherine@sunrise-care.co.uk' } })
    actor.send({ type: 'GO', inner: { type: 'SUBMIT' } })
    await waitFor(actor, () => received.length === 1)
    expect(received).toEqual([{ type: 'TEAM_CHANGED', team: teamInviteSampleTeam }])
  })

  it('its sample events plan paths through every state and transition', () => {
    const paths = planPaths(teamInviteMachine, { events: teamInviteSampleEvents, serializeState: teamInviteSerializeState })
    expect(uncovered(teamInviteMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
