import type { AnyEventObject } from 'xstate'
import type { InvitationSummary, TeamFailure } from '../src/domain/team'
import type { InvitationContext, InvitationInput } from './invitation.machine'

/** machines/invitation.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

const INVITED = 'alan@sunrise-care.co.uk'
export const invitationSampleInvitation: InvitationSummary = {
  status: 'pending',
  email: INVITED,
  role: 'member',
  organisationName: 'Sunrise Care',
  invitedByName: 'Ada Lovelace',
  expiresAt: '2026-12-01T10:00:00.000Z',
}

export const invitationSampleInputs: InvitationInput[] = [{ token: 'a'.repeat(64) }, { token: null }]

const fail = (code: string, message: string): TeamFailure => ({ code, message })

export const invitationSampleEvents = [
  { type: 'PASSWORD_CHANGED', value: 'correct-horse-7' },
  { type: 'SIGN_IN' },
  { type: 'SIGN_OUT' },
  { type: 'MOVE' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.readInvitation', output: invitationSampleInvitation },
  { type: 'xstate.done.actor.readInvitation', output: { ...invitationSampleInvitation, status: 'expired' } },
  { type: 'xstate.error.actor.readInvitation', error: fail('invitation_not_found', 'This invitation link is not valid.') },
  { type: 'xstate.error.actor.readInvitation', error: fail('network', "We couldn't reach the server. Check your connection and try again.") },
  { type: 'xstate.done.actor.currentUser', output: null },
  { type: 'xstate.done.actor.currentUser', output: { userId: '00000000-0000-4000-8000-000000000003', email: INVITED } },
  { type: 'xstate.done.actor.currentUser', output: { userId: '00000000-0000-4000-8000-000000000004', email: 'grace@sunrise-care.co.uk' } },
  { type: 'xstate.error.actor.currentUser', error: new Error('session unreadable') },
  { type: 'xstate.done.actor.signIn', output: { userId: '00000000-0000-4000-8000-000000000003' } },
  { type: 'xstate.error.actor.signIn', error: { kind: 'auth', code: 'invalid_credentials', message: 'Invalid login credentials' } },
  { type: 'xstate.done.actor.signOut', output: { revoked: true } },
  { type: 'xstate.error.actor.signOut', error: new Error('storage unavailable') },
  { type: 'xstate.done.actor.acceptInvitation', output: { organisationName: 'Sunrise Care' } },
  { type: 'xstate.error.actor.acceptInvitation', error: fail('invitation_revoked', 'This invitation to Sunrise Care was withdrawn. Ask an admin of Sunrise Care for a new invitation.') },
  { type: 'xstate.error.actor.acceptInvitation', error: fail('already_in_organisation', 'You already belong to Bright Homes. To join Sunrise Care, choose to leave Bright Homes and move; your data there stays with Bright Homes.') },
  { type: 'xstate.error.actor.acceptInvitation', error: fail('already_member', 'You are already a member of Sunrise Care.') },
  { type: 'xstate.error.actor.acceptInvitation', error: fail('network', "We couldn't reach the server. Check your connection and try again.") },
  { type: 'xstate.done.actor.moveToOrganisation', output: { organisationName: 'Sunrise Care' } },
  { type: 'xstate.error.actor.moveToOrganisation', error: fail('last_admin', 'Bright Homes needs at least one admin: make another member an admin first.') },
] as const satisfies readonly AnyEventObject[]

export function invitationSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as InvitationContext
  return JSON.stringify({
    v: s.value,
    t: !!c.token,
    st: c.invitation?.status ?? null,
    u: c.user ? c.user.email === c.invitation?.email : null,
    pw: c.password.length > 0,
    f: c.failure?.code ?? null,
  })
}
