import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { type Team, type TeamFailure, type TeamRole, TEAM_MESSAGES } from '../src/domain/team'
import { teamMachine } from './team.machine'
import { teamSampleAdminTeam, teamSampleEvents, teamSampleInput, teamSampleMemberTeam, teamSerializeState } from './team.samples'
import { planPaths, uncovered } from './testing/tours'

const COLLEAGUE = teamSampleAdminTeam.members[1]!
const INVITATION = teamSampleAdminTeam.invitations[0]!
const refused = (code: string, message: string): TeamFailure => ({ code, message })

function run(opts: { team?: Team; load?: () => Promise<Team>; role?: () => Promise<Team>; leave?: () => Promise<void> } = {}) {
  const calls: string[] = []
  const actor = createActor(
    teamMachine.provide({
      actions: {
        goToAccount: () => calls.push('go:/account'),
        notifyLeft: (_, p) => calls.push(`toast:left ${p.organisation}`),
      },
      actors: {
        loadTeam: fromPromise(opts.load ?? (async () => opts.team ?? teamSampleAdminTeam)),
        resendInvitation: fromPromise(async ({ input }: { input: { invitationId: string } }) => {
          calls.push(`resend:${input.invitationId}`)
          return teamSampleAdminTeam
        }),
        revokeInvitation: fromPromise(async ({ input }: { input: { invitationId: string } }): Promise<Team> => {
          calls.push(`revoke:${input.invitationId}`)
          return { ...teamSampleAdminTeam, invitations: [] }
        }),
        setMemberRole: fromPromise(async ({ input }: { input: { userId: string; role: TeamRole } }) => {
          calls.push(`role:${input.userId}:${input.role}`)
          return (opts.role ?? (async () => teamSampleAdminTeam))()
        }),
        removeMember: fromPromise(async ({ input }: { input: { userId: string } }): Promise<Team> => {
          calls.push(`remove:${input.userId}`)
          return { ...teamSampleAdminTeam, members: teamSampleAdminTeam.members.slice(0, 1) }
        }),
        leaveOrganisation: fromPromise(async () => (opts.leave ?? (async () => {}))()),
      },
    }),
    { input: teamSampleInput },
  )
  actor.start()
  return { actor, calls }
}

describe('/team', () => {
  it('loads the team; a person in no organisation is told so; a failed load offers Try again', async () => {
    const ready = run()
    await waitFor(ready.actor, (s) => s.matches('ready'))
    expect(ready.actor.getSnapshot().context.team).toEqual(teamSampleAdminTeam)

    const outsider = run({ load: async () => Promise.reject(refused('not_member', 'You are not a member of an organisation.')) })
    await waitFor(outsider.actor, (s) => s.matches('notMember'))

    let n = 0
    const flaky = run({
      load: async () => {
        n += 1
        if (n === 1) throw new Error('Failed to fetch')
        return teamSampleAdminTeam
      },
    })
    await waitFor(flaky.actor, (s) => s.matches('loadFailed'))
    expect(flaky.actor.getSnapshot().context.refusal?.code).toBe('network')
    flaky.actor.send({ type: 'RETRY' })
    await waitFor(flaky.actor, (s) => s.matches('ready'))
    expect(flaky.actor.getSnapshot().context.refusal).toBeNull()
  })

  it('a member gets no admin event: resend, revoke, role and remove are refused by the machine', async () => {
    const { actor } = run({ team: teamSampleMemberTeam })
    await waitFor(actor, (s) => s.matches('ready'))
    const s = actor.getSnapshot()
    expect(s.can({ type: 'RESEND', invitationId: INVITATION.id })).toBe(false)
    expect(s.can({ type: 'REVOKE', invitationId: INVITATION.id })).toBe(false)
    expect(s.can({ type: 'CHANGE_ROLE', userId: COLLEAGUE.userId, role: 'admin' })).toBe(false)
    expect(s.can({ type: 'REMOVE', userId: COLLEAGUE.userId })).toBe(false)
    expect(s.can({ type: 'LEAVE' })).toBe(true)
  })

  it('an admin cannot remove themselves, nor set a role a member already has', async () => {
    const { actor } = run()
    await waitFor(actor, (s) => s.matches('ready'))
    const s = actor.getSnapshot()
    expect(s.can({ type: 'REMOVE', userId: teamSampleInput.user.userId })).toBe(false)
    expect(s.can({ type: 'REMOVE', userId: COLLEAGUE.userId })).toBe(true)
    expect(s.can({ type: 'CHANGE_ROLE', userId: COLLEAGUE.userId, role: 'member' })).toBe(false)
    expect(s.can({ type: 'CHANGE_ROLE', userId: COLLEAGUE.userId, role: 'admin' })).toBe(true)
    expect(s.can({ type: 'RESEND', invitationId: 'not-one-of-ours' })).toBe(false)
  })

  it('takes the team the invite form hands back after an invitation', async () => {
    const { actor } = run()
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().children.invite).toBeDefined()
    const after = { ...teamSampleAdminTeam, invitations: [] }
    actor.send({ type: 'TEAM_CHANGED', team: after })
    expect(actor.getSnapshot().context.team).toEqual(after)
  })

  it('resends and revokes the chosen invitation, and changes a role, each saying what happened', async () => {
    const { actor, calls } = run()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'RESEND', invitationId: INVITATION.id })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().context.notice).toBe(`Invitation sent again to ${INVITATION.email}`)
    actor.send({ type: 'CHANGE_ROLE', userId: COLLEAGUE.userId, role: 'admin' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().context.notice).toBe(`${COLLEAGUE.name} is now an admin`)
    actor.send({ type: 'REVOKE', invitationId: INVITATION.id })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().context.notice).toBe(`Invitation to ${INVITATION.email} withdrawn`)
    expect(actor.getSnapshot().context.team?.invitations).toEqual([])
    expect(calls).toEqual([`resend:${INVITATION.id}`, `role:${COLLEAGUE.userId}:admin`, `revoke:${INVITATION.id}`])
  })

  it('the last admin refusal is said, and the team stays as it was', async () => {
    const { actor } = run({ role: async () => Promise.reject(refused('last_admin', 'Sunrise Care needs at least one admin: make another member an admin first.')) })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'CHANGE_ROLE', userId: COLLEAGUE.userId, role: 'admin' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    const c = actor.getSnapshot().context
    expect(c.refusal).toEqual(refused('last_admin', 'Sunrise Care needs at least one admin: make another member an admin first.'))
    expect(c.team).toEqual(teamSampleAdminTeam)
    expect(c.pending).toBeNull()
  })

  it('a refusal that means the list is stale reads the team again and shows it with the sentence; removed meanwhile ends in notMember', async () => {
    const alone: Team = { ...teamSampleAdminTeam, members: teamSampleAdminTeam.members.slice(0, 1) }
    const loads = [teamSampleAdminTeam, alone]
    let reads = 0
    const { actor } = run({
      load: async () => loads[Math.min(reads++, loads.length - 1)]!,
      role: async () => Promise.reject(refused('member_not_found', 'No such member in your organisation.')),
    })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'CHANGE_ROLE', userId: COLLEAGUE.userId, role: 'admin' })
    await waitFor(actor, (s) => s.matches({ ready: 'refreshing' }) && s.hasTag('busy'))
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(reads).toBe(2)
    expect(actor.getSnapshot().context.team).toEqual(alone)
    expect(actor.getSnapshot().context.refusal).toEqual(refused('member_not_found', 'No such member in your organisation.'))

    // Removed by another admin meanwhile: the read again says so.
    let read = 0
    const gone = run({
      load: async () => (read++ === 0 ? teamSampleAdminTeam : Promise.reject(refused('not_member', 'You are not a member of an organisation.'))),
      role: async () => Promise.reject(refused('not_member', 'You are not a member of an organisation.')),
    }).actor
    await waitFor(gone, (s) => s.matches('ready'))
    gone.send({ type: 'CHANGE_ROLE', userId: COLLEAGUE.userId, role: 'admin' })
    await waitFor(gone, (s) => s.matches('notMember'))
    expect(gone.getSnapshot().context.refusal?.code).toBe('not_member')

    // A read that fails keeps the list and the sentence.
    let tries = 0
    const offline = run({
      load: async () => (tries++ === 0 ? teamSampleAdminTeam : Promise.reject(refused('network', TEAM_MESSAGES.unreachable))),
      role: async () => Promise.reject(refused('not_admin', 'Only an admin of your organisation can do this.')),
    }).actor
    await waitFor(offline, (s) => s.matches('ready'))
    offline.send({ type: 'CHANGE_ROLE', userId: COLLEAGUE.userId, role: 'admin' })
    await waitFor(offline, (s) => s.matches({ ready: 'idle' }) && tries === 2)
    expect(offline.getSnapshot().context.team).toEqual(teamSampleAdminTeam)
    expect(offline.getSnapshot().context.refusal?.code).toBe('not_admin')
  })

  it('removing asks first; Cancel keeps the member, Confirm removes them', async () => {
    const { actor, calls } = run()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'REMOVE', userId: COLLEAGUE.userId })
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true)
    actor.send({ type: 'CANCEL' })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.pending).toBeNull()
    actor.send({ type: 'REMOVE', userId: COLLEAGUE.userId })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(calls).toEqual([`remove:${COLLEAGUE.userId}`])
    expect(actor.getSnapshot().context.notice).toBe(`${COLLEAGUE.name} was removed from the organisation`)
  })

  it('leaving asks first, then goes to /account; a refused leave stays with the reason', async () => {
    let refuse = true
    const { actor, calls } = run({
      leave: async () => {
        if (refuse) throw refused('last_admin', 'Sunrise Care needs at least one admin: make another member an admin first.')
      },
    })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'LEAVE' })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().context.refusal?.code).toBe('last_admin')
    refuse = false
    actor.send({ type: 'LEAVE' })
    actor.send({ type: 'CONFIRM' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual(['toast:left Sunrise Care', 'go:/account'])
  })

  it('with several invitations, acts on the one chosen and names it', async () => {
    const second = { ...INVITATION, id: '00000000-0000-4000-8000-0000000000b2', email: 'grace@sunrise-care.co.uk' }
    const { actor, calls } = run({ team: { ...teamSampleAdminTeam, invitations: [INVITATION, second] } })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'RESEND', invitationId: second.id })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().context.notice).toBe(`Invitation sent again to ${second.email}`)
    expect(calls).toEqual([`resend:${second.id}`])
  })

  it('an admin cannot remove someone who is not in the team', async () => {
    const { actor, calls } = run()
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().can({ type: 'REMOVE', userId: '00000000-0000-4000-8000-00000000dead' })).toBe(false)
    actor.send({ type: 'REMOVE', userId: '00000000-0000-4000-8000-00000000dead' })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(actor.getSnapshot().can({ type: 'REMOVE', userId: COLLEAGUE.userId })).toBe(true)
    expect(calls).toEqual([])
  })

  it('leaving asks to confirm leaving the organisation by name', async () => {
    const { actor } = run()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'LEAVE' })
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true)
    expect(actor.getSnapshot().context.pending).toEqual({ kind: 'leave', label: teamSampleAdminTeam.organisationName })
  })

  it('its sample events plan paths through every state and transition', () => {
    const paths = planPaths(teamMachine, { events: teamSampleEvents, inputs: [teamSampleInput], serializeState: teamSerializeState })
    expect(uncovered(teamMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
