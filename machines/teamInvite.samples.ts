import type { AnyEventObject } from 'xstate'
import { inviteProblem, type Team, type TeamFailure } from '../src/domain/team'
import type { TeamInviteContext } from './teamInvite.machine'

/** machines/teamInvite.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

/** The team the sample invitation answers with: the admin's team with the new invitation. */
export const teamInviteSampleTeam: Team = {
  organisationName: 'Sunrise Care',
  plan: 'free',
  seats: { limit: 3, used: 2, available: 1 },
  me: { userId: '00000000-0000-4000-8000-000000000001', role: 'admin' },
  members: [{ userId: '00000000-0000-4000-8000-000000000001', role: 'admin', email: 'ada@sunrise-care.co.uk', name: 'Ada Lovelace' }],
  invitations: [{ id: '00000000-0000-4000-8000-0000000000a2', email: 'katherine@sunrise-care.co.uk', role: 'admin', status: 'pending', expiresAt: '2026-12-01T10:00:00.000Z' }],
}

export const teamInviteSampleEvents = [
  { type: 'EMAIL_CHANGED', value: 'alan@' },
  { type: 'EMAIL_CHANGED', value: 'alan@gmail.com' },
  { type: 'EMAIL_CHANGED', value: 'katherine@sunrise-care.co.uk' },
  { type: 'ROLE_CHANGED', role: 'admin' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.inviteMember', output: teamInviteSampleTeam },
  {
    type: 'xstate.error.actor.inviteMember',
    error: {
      code: 'seat_limit_reached',
      message:
        "All 3 seats of the free plan are taken (members plus pending invitations). Revoke a pending invitation or remove a member to free one. We'll enable the paid plan for eligible accounts.",
    } satisfies TeamFailure,
  },
  {
    type: 'xstate.error.actor.inviteMember',
    error: { code: 'invitation_rate_limited', message: 'Your organisation has sent 20 invitation e-mails in the last hour, the most we allow. Try again later.' } satisfies TeamFailure,
  },
] as const satisfies readonly AnyEventObject[]

export function teamInviteSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as TeamInviteContext
  return JSON.stringify({ v: s.value, p: inviteProblem(c.draft), shown: c.problem, role: c.draft.role, r: c.refusal?.code ?? null, sent: c.sentTo !== null })
}
