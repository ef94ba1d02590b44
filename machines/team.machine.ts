import { type AnyEventObject, assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  asTeamFailure,
  EMPTY_INVITE,
  type InviteDraft,
  type InviteProblem,
  inviteProblem,
  type Team,
  type TeamFailure,
  type TeamRole,
  TEAM_MESSAGES,
} from '../src/domain/team'
import type { SessionUser } from './session.machine'

/**
 * /team, the organisation as a team (issue 28), a page of the signed-in layout. loading reads get_team (the
 * organisation, its seats, the caller's role, members and open invitations); a person in no organisation (never
 * joined, left, or removed by an admin) sees `notMember`; a failed read -> loadFailed with Try again.
 *
 * ready.idle lists the team. An admin (guard isAdmin: the page shows admin controls exactly when the machine takes
 * their events) can invite by e-mail and role (validatingInvite checks the address first: a missing, malformed or
 * personal address is named at the field and nothing is sent), resend or revoke an invitation, change a member's
 * role, and remove another member after confirming. Anyone can leave after confirming; leaving ends on /account.
 * Each action answers with the team read again; a refusal (seat limit, consumer domain, last admin, rate limit,
 * not allowed, a dropped connection) returns to idle with the server's sentence in `refusal`, and a success says
 * what happened in `notice` (a polite live region).
 */
export type PendingAction =
  | { kind: 'invite'; label: string }
  | { kind: 'resend' | 'revoke'; id: string; label: string }
  | { kind: 'role'; id: string; label: string; role: TeamRole }
  | { kind: 'remove'; id: string; label: string }
  | { kind: 'leave'; label: string }

export interface TeamContext {
  user: SessionUser
  team: Team | null
  invite: InviteDraft
  problem: InviteProblem | null
  /** The action running or awaiting confirmation, or null. */
  pending: PendingAction | null
  /** Why the last action or the load was refused, or null. */
  refusal: TeamFailure | null
  /** What the last action did, or null. */
  notice: string | null
}

export type TeamEvent =
  | { type: 'INVITE_EMAIL_CHANGED'; value: string }
  | { type: 'INVITE_ROLE_CHANGED'; role: TeamRole }
  | { type: 'INVITE' }
  | { type: 'RESEND'; invitationId: string }
  | { type: 'REVOKE'; invitationId: string }
  | { type: 'CHANGE_ROLE'; userId: string; role: TeamRole }
  | { type: 'REMOVE'; userId: string }
  | { type: 'LEAVE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'xstate.done.actor.loadTeam'; output: Team }
  | { type: 'xstate.error.actor.loadTeam'; error: unknown }
  | { type: 'xstate.done.actor.inviteMember'; output: Team }
  | { type: 'xstate.error.actor.inviteMember'; error: unknown }
  | { type: 'xstate.done.actor.resendInvitation'; output: Team }
  | { type: 'xstate.error.actor.resendInvitation'; error: unknown }
  | { type: 'xstate.done.actor.revokeInvitation'; output: Team }
  | { type: 'xstate.error.actor.revokeInvitation'; error: unknown }
  | { type: 'xstate.done.actor.setMemberRole'; output: Team }
  | { type: 'xstate.error.actor.setMemberRole'; error: unknown }
  | { type: 'xstate.done.actor.removeMember'; output: Team }
  | { type: 'xstate.error.actor.removeMember'; error: unknown }
  | { type: 'xstate.done.actor.leaveOrganisation'; output: undefined }
  | { type: 'xstate.error.actor.leaveOrganisation'; error: unknown }

const errorOf = (event: AnyEventObject) => asTeamFailure((event as { error?: unknown }).error)

function noticeFor(pending: PendingAction | null): string | null {
  if (!pending) return null
  switch (pending.kind) {
    case 'invite':
      return TEAM_MESSAGES.invited(pending.label)
    case 'resend':
      return TEAM_MESSAGES.resent(pending.label)
    case 'revoke':
      return TEAM_MESSAGES.revoked(pending.label)
    case 'role':
      return TEAM_MESSAGES.roleChanged(pending.label, pending.role)
    case 'remove':
      return TEAM_MESSAGES.removed(pending.label)
    case 'leave':
      return TEAM_MESSAGES.left(pending.label)
  }
}

export const teamMachine = setup({
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
    input: {} as { user: SessionUser },
  },
  actions: {
    /** Navigation to /account after leaving the organisation. */
    goToAccount: () => {},
    /** Toast 'You left <organisation>' (the page is left, so a live region would not be heard). */
    notifyLeft: (_, _params: { organisation: string }) => {},
    assignTeam: assign(({ event }) => {
      const team = (event as { output: Team }).output
      return { team }
    }),
    assignLoadFailure: assign({ refusal: ({ event }) => errorOf(event) }),
    clearRefusal: assign({ refusal: null }),
    assignInviteEmail: assign({
      invite: ({ context, event }) => {
        assertEvent(event, 'INVITE_EMAIL_CHANGED')
        return { ...context.invite, email: event.value }
      },
      problem: null,
    }),
    assignInviteRole: assign({
      invite: ({ context, event }) => {
        assertEvent(event, 'INVITE_ROLE_CHANGED')
        return { ...context.invite, role: event.role }
      },
    }),
    assignInviteProblem: assign({ problem: ({ context }) => inviteProblem(context.invite) }),
    assignPending: assign(({ context, event }) => {
      const team = context.team
      const memberName = (userId: string) => team?.members.find((m) => m.userId === userId)?.name ?? ''
      const invitationEmail = (id: string) => team?.invitations.find((i) => i.id === id)?.email ?? ''
      let pending: PendingAction | null = null
      switch (event.type) {
        case 'INVITE':
          pending = { kind: 'invite', label: context.invite.email.trim() }
          break
        case 'RESEND':
          pending = { kind: 'resend', id: event.invitationId, label: invitationEmail(event.invitationId) }
          break
        case 'REVOKE':
          pending = { kind: 'revoke', id: event.invitationId, label: invitationEmail(event.invitationId) }
          break
        case 'CHANGE_ROLE':
          pending = { kind: 'role', id: event.userId, label: memberName(event.userId), role: event.role }
          break
        case 'REMOVE':
          pending = { kind: 'remove', id: event.userId, label: memberName(event.userId) }
          break
        case 'LEAVE':
          pending = { kind: 'leave', label: team?.organisationName ?? '' }
          break
      }
      return { pending, refusal: null, notice: null }
    }),
    clearPending: assign({ pending: null }),
    clearInvite: assign({ invite: EMPTY_INVITE, problem: null }),
    announceDone: assign(({ context }) => ({ notice: noticeFor(context.pending), pending: null })),
    assignRefusal: assign(({ event }) => ({ refusal: errorOf(event), pending: null })),
  },
  actors: {
    /** rpc get_team. */
    loadTeam: fromPromise<Team>(() => Promise.reject(new Error('loadTeam not provided'))),
    /** The invite-member function (the invitation and its e-mail), then get_team. */
    inviteMember: fromPromise<Team, InviteDraft>(() => Promise.reject(new Error('inviteMember not provided'))),
    /** The resend-invitation function (a new link, 7 more days), then get_team. */
    resendInvitation: fromPromise<Team, { invitationId: string }>(() => Promise.reject(new Error('resendInvitation not provided'))),
    /** rpc revoke_invitation, then get_team. */
    revokeInvitation: fromPromise<Team, { invitationId: string }>(() => Promise.reject(new Error('revokeInvitation not provided'))),
    /** rpc set_member_role, then get_team. */
    setMemberRole: fromPromise<Team, { userId: string; role: TeamRole }>(() => Promise.reject(new Error('setMemberRole not provided'))),
    /** rpc remove_member (their sessions end too), then get_team. */
    removeMember: fromPromise<Team, { userId: string }>(() => Promise.reject(new Error('removeMember not provided'))),
    /** rpc leave_organisation. */
    leaveOrganisation: fromPromise<void>(() => Promise.reject(new Error('leaveOrganisation not provided'))),
  },
  guards: {
    isAdmin: ({ context }) => context.team?.me.role === 'admin',
    isNotMember: ({ event }) => errorOf(event).code === 'not_member',
    hasInviteProblem: ({ context }) => inviteProblem(context.invite) !== null,
    /** An admin may remove another member, never themselves (they leave instead). */
    isRemovableMember: ({ context, event }) => {
      assertEvent(event, 'REMOVE')
      return context.team?.me.role === 'admin' && event.userId !== context.user.userId && !!context.team.members.some((m) => m.userId === event.userId)
    },
    /** An admin may change a member's role to the other one. */
    isRoleChange: ({ context, event }) => {
      assertEvent(event, 'CHANGE_ROLE')
      const member = context.team?.members.find((m) => m.userId === event.userId)
      return context.team?.me.role === 'admin' && !!member && member.role !== event.role
    },
    isOpenInvitation: ({ context, event }) => {
      assertEvent(event, ['RESEND', 'REVOKE'])
      return context.team?.me.role === 'admin' && !!context.team.invitations.some((i) => i.id === event.invitationId)
    },
  },
}).createMachine({
  id: 'team',
  context: ({ input }) => ({ user: input.user, team: null, invite: EMPTY_INVITE, problem: null, pending: null, refusal: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: 'clearRefusal',
      invoke: {
        id: 'loadTeam',
        src: 'loadTeam',
        onDone: { target: 'ready', actions: 'assignTeam' },
        onError: [
          { guard: 'isNotMember', target: 'notMember', actions: 'assignLoadFailure' },
          { target: 'loadFailed', actions: 'assignLoadFailure' },
        ],
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    /** Not in an organisation (never joined, left, or removed). */
    notMember: {},
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            INVITE_EMAIL_CHANGED: { actions: 'assignInviteEmail' },
            INVITE_ROLE_CHANGED: { actions: 'assignInviteRole' },
            INVITE: { guard: 'isAdmin', target: 'validatingInvite' },
            RESEND: { guard: 'isOpenInvitation', target: 'resending', actions: 'assignPending' },
            REVOKE: { guard: 'isOpenInvitation', target: 'revoking', actions: 'assignPending' },
            CHANGE_ROLE: { guard: 'isRoleChange', target: 'changingRole', actions: 'assignPending' },
            REMOVE: { guard: 'isRemovableMember', target: 'confirmingRemoval', actions: 'assignPending' },
            LEAVE: { target: 'confirmingLeave', actions: 'assignPending' },
          },
        },
        validatingInvite: {
          always: [
            { guard: 'hasInviteProblem', target: 'idle', actions: 'assignInviteProblem' },
            { target: 'inviting', actions: 'assignPending' },
          ],
        },
        inviting: {
          tags: ['busy'],
          invoke: {
            id: 'inviteMember',
            src: 'inviteMember',
            input: ({ context }) => ({ email: context.invite.email.trim(), role: context.invite.role }),
            onDone: { target: 'idle', actions: ['assignTeam', 'clearInvite', 'announceDone'] },
            onError: { target: 'idle', actions: 'assignRefusal' },
          },
        },
        resending: {
          tags: ['busy'],
          invoke: {
            id: 'resendInvitation',
            src: 'resendInvitation',
            input: ({ context }) => ({ invitationId: context.pending && 'id' in context.pending ? context.pending.id : '' }),
            onDone: { target: 'idle', actions: ['assignTeam', 'announceDone'] },
            onError: { target: 'idle', actions: 'assignRefusal' },
          },
        },
        revoking: {
          tags: ['busy'],
          invoke: {
            id: 'revokeInvitation',
            src: 'revokeInvitation',
            input: ({ context }) => ({ invitationId: context.pending && 'id' in context.pending ? context.pending.id : '' }),
            onDone: { target: 'idle', actions: ['assignTeam', 'announceDone'] },
            onError: { target: 'idle', actions: 'assignRefusal' },
          },
        },
        changingRole: {
          tags: ['busy'],
          invoke: {
            id: 'setMemberRole',
            src: 'setMemberRole',
            input: ({ context }) => {
              const p = context.pending
              return p?.kind === 'role' ? { userId: p.id, role: p.role } : { userId: '', role: 'member' as TeamRole }
            },
            onDone: { target: 'idle', actions: ['assignTeam', 'announceDone'] },
            onError: { target: 'idle', actions: 'assignRefusal' },
          },
        },
        confirmingRemoval: {
          tags: ['confirming'],
          on: { CONFIRM: 'removing', CANCEL: { target: 'idle', actions: 'clearPending' } },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removeMember',
            src: 'removeMember',
            input: ({ context }) => ({ userId: context.pending?.kind === 'remove' ? context.pending.id : '' }),
            onDone: { target: 'idle', actions: ['assignTeam', 'announceDone'] },
            onError: { target: 'idle', actions: 'assignRefusal' },
          },
        },
        confirmingLeave: {
          tags: ['confirming'],
          on: { CONFIRM: 'leaving', CANCEL: { target: 'idle', actions: 'clearPending' } },
        },
        leaving: {
          tags: ['busy'],
          invoke: {
            id: 'leaveOrganisation',
            src: 'leaveOrganisation',
            onDone: {
              target: '#team.left',
              actions: { type: 'notifyLeft', params: ({ context }) => ({ organisation: context.team?.organisationName ?? '' }) },
            },
            onError: { target: 'idle', actions: 'assignRefusal' },
          },
        },
      },
    },
    /** Left the organisation: to /account. */
    left: { type: 'final', tags: ['leaving'], entry: 'goToAccount' },
  },
})

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
  { type: 'INVITE_EMAIL_CHANGED', value: 'alan@gmail.com' },
  { type: 'INVITE_EMAIL_CHANGED', value: 'katherine@sunrise-care.co.uk' },
  { type: 'INVITE_ROLE_CHANGED', role: 'admin' },
  { type: 'INVITE' },
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
  { type: 'xstate.done.actor.inviteMember', output: teamSampleAdminTeam },
  {
    type: 'xstate.error.actor.inviteMember',
    error: refusal(
      'seat_limit_reached',
      "All 3 seats of the free plan are taken (members plus pending invitations). Revoke a pending invitation or remove a member to free one. We'll enable the paid plan for eligible accounts.",
    ),
  },
  { type: 'xstate.done.actor.resendInvitation', output: teamSampleAdminTeam },
  {
    type: 'xstate.error.actor.resendInvitation',
    error: refusal('invitation_rate_limited', 'Your organisation has sent 20 invitation e-mails in the last hour, the most we allow. Try again later.'),
  },
  { type: 'xstate.done.actor.revokeInvitation', output: teamSampleAdminTeam },
  { type: 'xstate.error.actor.revokeInvitation', error: refusal('not_admin', 'Only an admin of your organisation can do this.') },
  { type: 'xstate.done.actor.setMemberRole', output: teamSampleAdminTeam },
  { type: 'xstate.error.actor.setMemberRole', error: refusal('last_admin', 'Sunrise Care needs at least one admin: make another member an admin first.') },
  { type: 'xstate.done.actor.removeMember', output: teamSampleAdminTeam },
  { type: 'xstate.error.actor.removeMember', error: refusal('network', TEAM_MESSAGES.unreachable) },
  { type: 'xstate.done.actor.leaveOrganisation', output: undefined },
  { type: 'xstate.error.actor.leaveOrganisation', error: refusal('last_admin', 'Sunrise Care needs at least one admin: make another member an admin first.') },
] as const satisfies readonly AnyEventObject[]

/** Bounded state: the team and draft reduced to what changes the page's behaviour. */
export function teamSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as TeamContext
  return JSON.stringify({
    v: s.value,
    role: c.team?.me.role ?? null,
    p: inviteProblem(c.invite),
    shown: c.problem,
    r: c.refusal?.code ?? null,
    n: c.notice !== null,
    k: c.pending?.kind ?? null,
  })
}
