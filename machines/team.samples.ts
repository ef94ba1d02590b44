import type { AnyEventObject } from 'xstate'
import { type Team, TEAM_MESSAGES, type TeamFailure } from '../src/domain/team'
import type { SessionUser } from './session.machine'
import type { TeamContext } from './team.machine'

/** machines/team.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

const ADMIN_ID = '00000000-0000-4000-8000-000000000001'
const COLLEAGUE_ID = '00000000-0000-4000-8000-000000000002'
const INVITATION_ID = '00000000-0000-4000-8000-0000000000a1'

/** The team an admin sees (also the machine tests' fixture): two members and one pending invitation. */
export const teamSampleAdminTeam: Team = {
  organisationName: 'Sunrise Care',
  plan: 'free',
  seats: { limit: 3, used: 3, available: 0 },
  me: { userId: ADMIN_ID, role: 'admin' },
  members: [
    { userId: ADMIN_ID, role: 'admin', email: 'ada@sunrise-care.co.uk', name: 'Ada Lovelace' },
    { userId: COLLEAGUE_ID, role: 'member', email: 'grace@sunrise-care.co.uk', name: 'Grace Hopper' },
  ],
  invitations: [{ id: INVITATION_ID, email: 'alan@sunrise-care.co.uk', role: 'member', status: 'pending', expiresAt: '2026-12-01T10:00:00.000Z' }],
}

/** The same team as a member sees it: no admin controls. */
export const teamSampleMemberTeam: Team = { ...teamSampleAdminTeam, me: { userId: ADMIN_ID, role: 'member' } }

export const teamSampleInput: { user: SessionUser } = { user: { userId: ADMIN_ID, email: 'ada@sunrise-care.co.uk' } }

const refusal = (code: string, message: string): TeamFailure => ({ code, message })

export const teamSampleEvents = [
  { type: 'TEAM_CHANGED', team: { ...teamSampleAdminTeam, seats: { limit: 3, used: 3, available: 0 } } },
  { type: 'RESEND', invitationId: INVITATION_ID },
  { type: 'REVOKE', invitationId: INVITATION_ID },
  { type: 'CHANGE_ROLE', userId: COLLEAGUE_ID, role: 'admin' },
  { type: 'REMOVE', userId: COLLEAGUE_ID },
  { type: 'LEAVE' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.loadTeam', output: teamSampleAdminTeam },
  { type: 'xstate.done.actor.loadTeam', output: teamSampleMemberTeam },
  { type: 'xstate.error.actor.loadTeam', error: refusal('network', TEAM_MESSAGES.unreachable) },
  { type: 'xstate.error.actor.loadTeam', error: refusal('not_member', 'You are not a member of an organisation.') },
  { type: 'xstate.done.actor.resendInvitation', output: teamSampleAdminTeam },
  {
    type: 'xstate.error.actor.resendInvitation',
    error: refusal('invitation_rate_limited', 'Your organisation has sent 20 invitation e-mails in the last hour, the most we allow. Try again later.'),
  },
  // Another admin withdrew it first: the list is read again.
  { type: 'xstate.error.actor.resendInvitation', error: refusal('invitation_revoked', 'This invitation was revoked; invite alan@sunrise-care.co.uk again instead.') },
  { type: 'xstate.done.actor.revokeInvitation', output: teamSampleAdminTeam },
  { type: 'xstate.error.actor.revokeInvitation', error: refusal('network', TEAM_MESSAGES.unreachable) },
  { type: 'xstate.error.actor.revokeInvitation', error: refusal('not_admin', 'Only an admin of your organisation can do this.') },
  { type: 'xstate.done.actor.setMemberRole', output: teamSampleAdminTeam },
  { type: 'xstate.error.actor.setMemberRole', error: refusal('last_admin', 'Sunrise Care needs at least one admin: make another member an admin first.') },
  // Grace left or was removed meanwhile.
  { type: 'xstate.error.actor.setMemberRole', error: refusal('member_not_found', 'No such member in your organisation.') },
  { type: 'xstate.done.actor.removeMember', output: teamSampleAdminTeam },
  { type: 'xstate.error.actor.removeMember', error: refusal('network', TEAM_MESSAGES.unreachable) },
  // Another admin removed Grace first: the list is read again.
  { type: 'xstate.error.actor.removeMember', error: refusal('member_not_found', 'No such member in your organisation.') },
  { type: 'xstate.done.actor.refreshTeam', output: { ...teamSampleAdminTeam, seats: { limit: 3, used: 2, available: 1 }, members: teamSampleAdminTeam.members.slice(0, 1) } },
  // No longer an admin (the revocation's refusal was not_admin): the member's view.
  { type: 'xstate.done.actor.refreshTeam', output: teamSampleMemberTeam },
  { type: 'xstate.error.actor.refreshTeam', error: refusal('network', TEAM_MESSAGES.unreachable) },
  { type: 'xstate.error.actor.refreshTeam', error: refusal('not_member', 'You are not a member of an organisation.') },
  { type: 'xstate.done.actor.leaveOrganisation', output: undefined },
  // Removed by an admin meanwhile.
  { type: 'xstate.error.actor.leaveOrganisation', error: refusal('not_member', 'You are not a member of an organisation.') },
  { type: 'xstate.error.actor.leaveOrganisation', error: refusal('last_admin', 'Sunrise Care needs at least one admin: make another member an admin first.') },
] as const satisfies readonly AnyEventObject[]

/** Bounded state: the team and draft reduced to what changes the page's behaviour. */
export function teamSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as TeamContext
  return JSON.stringify({
    v: s.value,
    role: c.team?.me.role ?? null,
    r: c.refusal?.code ?? null,
    n: c.notice !== null,
    k: c.pending?.kind ?? null,
  })
}
