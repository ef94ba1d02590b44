import type { AnyEventObject } from 'xstate'
import type { PendingInvitation } from '../src/domain/pendingInvitations'

/** machines/pendingInvitations.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

// Two invitations to Bob.

export const pendingInvitationsSampleSunrise: PendingInvitation = {
  id: '00000000-0000-4000-8000-0000000001a1',
  organisationName: 'Sunrise Care',
  role: 'member',
  invitedByName: 'Ada Lovelace',
  expiresAt: '2026-12-05T10:00:00.000Z',
}

export const pendingInvitationsSampleBright: PendingInvitation = {
  id: '00000000-0000-4000-8000-0000000001a2',
  organisationName: 'Bright Homes',
  role: 'admin',
  invitedByName: null,
  expiresAt: '2026-12-06T10:00:00.000Z',
}

const network = { code: 'network', message: "We couldn't reach the server. Check your connection and try again." }

export const pendingInvitationsSampleEvents = [
  { type: 'xstate.done.actor.loadInvitations', output: [pendingInvitationsSampleSunrise, pendingInvitationsSampleBright] },
  { type: 'xstate.done.actor.loadInvitations', output: [] },
  { type: 'xstate.error.actor.loadInvitations', error: network },
  { type: 'RETRY' },
  { type: 'ACCEPT', invitationId: pendingInvitationsSampleSunrise.id },
  { type: 'DECLINE', invitationId: pendingInvitationsSampleBright.id },
  { type: 'xstate.done.actor.acceptInvitation', output: { organisationName: 'Sunrise Care' } },
  {
    type: 'xstate.error.actor.acceptInvitation',
    error: {
      code: 'already_in_organisation',
      message: 'You already belong to Bob Care. To join Sunrise Care, choose to leave Bob Care and move; your data there stays with Bob Care.',
    },
  },
  { type: 'xstate.error.actor.acceptInvitation', error: { code: 'invitation_revoked', message: 'This invitation to Sunrise Care was withdrawn. Ask an admin of Sunrise Care for a new invitation.' } },
  { type: 'MOVE' },
  { type: 'STAY' },
  { type: 'xstate.done.actor.moveToOrganisation', output: { organisationName: 'Sunrise Care' } },
  { type: 'xstate.error.actor.moveToOrganisation', error: { code: 'last_admin', message: 'Bob Care needs at least one admin: make another member an admin first.' } },
  { type: 'xstate.done.actor.declineInvitation', output: [pendingInvitationsSampleSunrise] },
  { type: 'xstate.done.actor.declineInvitation', output: [] },
  { type: 'xstate.error.actor.declineInvitation', error: network },
] as const satisfies readonly AnyEventObject[]
