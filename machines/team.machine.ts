import { type AnyEventObject, assertEvent, assign, fromPromise, setup } from 'xstate'
import { errorOf } from './actorEvents'
import { asTeamFailure, isStaleListRefusal, type Team, type TeamFailure, type TeamRole, TEAM_MESSAGES } from '../src/domain/team'
import type { SessionUser } from './session.machine'
import { type TeamInviteEmitted, teamInviteForm } from './teamInvite.machine'

/**
 * /team, the organisation as a team (issue 28), a page of the signed-in layout. loading reads get_team (the
 * organisation, its seats, the caller's role, members and open invitations); a person in no organisation (never
 * joined, left, or removed by an admin) sees `notMember`; a failed read -> loadFailed with Try again.
 *
 * ready.idle lists the team. The page has two flows: this machine is its parent and runs the members and
 * invitations; the invite form is its child (machines/teamInvite.machine.ts, invoked as `invite` while the team is
 * shown), which hands back the team after each invitation (TEAM_CHANGED). An admin (the guards: the page enables an
 * admin control exactly when the machine takes its event) can resend or revoke an invitation, change a member's
 * role, and remove another member after confirming. Anyone can leave after confirming; leaving ends on /account.
 * Each action answers with the team read again; a refusal (last admin, rate limit, not allowed, a dropped
 * connection) returns to idle with the server's sentence in `refusal`, and a success says what happened in
 * `notice` (a polite live region). A refusal that means the list is out of date (another admin acted first, or the
 * person's own role or membership changed: isStaleListRefusal) reads the team again first (refreshing), so the page
 * shows the team as it is with the sentence; a person no longer in the organisation ends in notMember.
 */
export type PendingAction =
  | { kind: 'resend' | 'revoke'; id: string; label: string }
  | { kind: 'role'; id: string; label: string; role: TeamRole }
  | { kind: 'remove'; id: string; label: string }
  | { kind: 'leave'; label: string }

export interface TeamContext {
  user: SessionUser
  team: Team | null
  /** The action running or awaiting confirmation, or null. */
  pending: PendingAction | null
  /** Why the last action or the load was refused, or null. */
  refusal: TeamFailure | null
  /** What the last action did, or null. */
  notice: string | null
}

export type TeamEvent =
  | TeamInviteEmitted
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
  | { type: 'xstate.done.actor.resendInvitation'; output: Team }
  | { type: 'xstate.error.actor.resendInvitation'; error: unknown }
  | { type: 'xstate.done.actor.revokeInvitation'; output: Team }
  | { type: 'xstate.error.actor.revokeInvitation'; error: unknown }
  | { type: 'xstate.done.actor.setMemberRole'; output: Team }
  | { type: 'xstate.error.actor.setMemberRole'; error: unknown }
  | { type: 'xstate.done.actor.removeMember'; output: Team }
  | { type: 'xstate.error.actor.removeMember'; error: unknown }
  | { type: 'xstate.done.actor.refreshTeam'; output: Team }
  | { type: 'xstate.error.actor.refreshTeam'; error: unknown }
  | { type: 'xstate.done.actor.leaveOrganisation'; output: undefined }
  | { type: 'xstate.error.actor.leaveOrganisation'; error: unknown }

const refusalOf = (event: AnyEventObject) => asTeamFailure(errorOf(event))

/** The invitation or member the pending change is about ('' for leaving, which has none). */
const pendingId = (pending: PendingAction | null) => (pending && 'id' in pending ? pending.id : '')

/**
 * How every change the server refused ends: the refusal on show, back to idle, or, when the refusal says the page's
 * list was stale (isStaleListRefusal), reading the team again first.
 */
const REFUSED = [
  { guard: 'isStaleListRefusal', target: 'refreshing', actions: 'assignRefusal' },
  { target: 'idle', actions: 'assignRefusal' },
] as const

function noticeFor(pending: PendingAction | null): string | null {
  if (!pending) return null
  switch (pending.kind) {
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
      assertEvent(event, [
        'xstate.done.actor.loadTeam',
        'xstate.done.actor.refreshTeam',
        'xstate.done.actor.resendInvitation',
        'xstate.done.actor.revokeInvitation',
        'xstate.done.actor.setMemberRole',
        'xstate.done.actor.removeMember',
      ])
      return { team: event.output }
    }),
    /** The team after an invitation, from the invite form. */
    assignChangedTeam: assign({
      team: ({ event }) => {
        assertEvent(event, 'TEAM_CHANGED')
        return event.team
      },
    }),
    assignLoadFailure: assign({ refusal: ({ event }) => refusalOf(event) }),
    clearRefusal: assign({ refusal: null }),
    assignPending: assign(({ context, event }) => {
      const team = context.team
      const memberName = (userId: string) => team?.members.find((m) => m.userId === userId)?.name ?? ''
      const invitationEmail = (id: string) => team?.invitations.find((i) => i.id === id)?.email ?? ''
      let pending: PendingAction | null = null
      switch (event.type) {
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
    announceDone: assign(({ context }) => ({ notice: noticeFor(context.pending), pending: null })),
    assignRefusal: assign(({ event }) => ({ refusal: refusalOf(event), pending: null })),
  },
  actors: {
    /** rpc get_team. */
    loadTeam: fromPromise<Team>(() => Promise.reject(new Error('loadTeam not provided'))),
    /** The invite form (its own machine). */
    teamInvite: teamInviteForm,
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
    isNotMember: ({ event }) => refusalOf(event).code === 'not_member',
    /** The refusal says the list on screen is out of date. */
    isStaleListRefusal: ({ event }) => isStaleListRefusal(refusalOf(event)),
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
  context: ({ input }) => ({ user: input.user, team: null, pending: null, refusal: null, notice: null }),
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
      invoke: { id: 'invite', src: 'teamInvite' },
      on: { TEAM_CHANGED: { actions: 'assignChangedTeam' } },
      states: {
        idle: {
          on: {
            RESEND: { guard: 'isOpenInvitation', target: 'resending', actions: 'assignPending' },
            REVOKE: { guard: 'isOpenInvitation', target: 'revoking', actions: 'assignPending' },
            CHANGE_ROLE: { guard: 'isRoleChange', target: 'changingRole', actions: 'assignPending' },
            REMOVE: { guard: 'isRemovableMember', target: 'confirmingRemoval', actions: 'assignPending' },
            LEAVE: { target: 'confirmingLeave', actions: 'assignPending' },
          },
        },
        resending: {
          tags: ['busy'],
          invoke: {
            id: 'resendInvitation',
            src: 'resendInvitation',
            input: ({ context }) => ({ invitationId: pendingId(context.pending) }),
            onDone: { target: 'idle', actions: ['assignTeam', 'announceDone'] },
            onError: REFUSED,
          },
        },
        revoking: {
          tags: ['busy'],
          invoke: {
            id: 'revokeInvitation',
            src: 'revokeInvitation',
            input: ({ context }) => ({ invitationId: pendingId(context.pending) }),
            onDone: { target: 'idle', actions: ['assignTeam', 'announceDone'] },
            onError: REFUSED,
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
            onError: REFUSED,
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
            onError: REFUSED,
          },
        },
        /** After a stale-list refusal: the team read again, the refusal kept on show. */
        refreshing: {
          tags: ['busy'],
          invoke: {
            id: 'refreshTeam',
            src: 'loadTeam',
            onDone: { target: 'idle', actions: 'assignTeam' },
            onError: [{ guard: 'isNotMember', target: '#team.notMember', actions: 'assignLoadFailure' }, { target: 'idle' }],
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
            onError: REFUSED,
          },
        },
      },
    },
    /** Left the organisation: to /account. */
    left: { type: 'final', tags: ['leaving'], entry: 'goToAccount' },
  },
})
