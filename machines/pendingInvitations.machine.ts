import { assign, fromPromise, setup } from 'xstate'
import type { PendingInvitation } from '../src/domain/pendingInvitations'
import { asTeamFailure, type TeamFailure } from '../src/domain/team'

/**
 * Invitations waiting for the signed-in person, on /app (issue 39, item 9): loading reads them (rpc my_invitations:
 * pending ones to their confirmed address) -> none (nothing shown) | shown (each with Accept and Decline) | failed
 * (Try again: RETRY). ACCEPT joins (accept_my_invitation) -> joined (final: the page opens the new organisation's
 * workspace). A person who already belongs to an organisation is asked first (the server's sentence) -> confirmingMove:
 * MOVE leaves it and joins (the last-admin rule may refuse, said on the list), STAY goes back to the list. DECLINE
 * withdraws it (decline_my_invitation) and shows what is left. A refusal is said above the list, which stays.
 */
export interface PendingInvitationsContext {
  invitations: readonly PendingInvitation[]
  /** The invitation being accepted, declined or moved to. */
  chosen: PendingInvitation | null
  /** The last refusal (or the move question), in the server's words. */
  refusal: TeamFailure | null
  /** After DECLINE, which organisation's invitation was declined. */
  declined: string | null
  /** After joining, the organisation's name. */
  joined: string | null
}

export type PendingInvitationsEvent =
  | { type: 'RETRY' }
  | { type: 'ACCEPT'; invitationId: string }
  | { type: 'DECLINE'; invitationId: string }
  | { type: 'MOVE' }
  | { type: 'STAY' }

const find = (context: PendingInvitationsContext, id: string) => context.invitations.find((i) => i.id === id) ?? null

export const pendingInvitationsMachine = setup({
  types: {
    context: {} as PendingInvitationsContext,
    events: {} as PendingInvitationsEvent,
  },
  actions: {
    assignInvitations: assign((_, params: { invitations: readonly PendingInvitation[] }) => ({ invitations: params.invitations, refusal: null })),
    assignRefusal: assign((_, params: { error: unknown }) => ({ refusal: asTeamFailure(params.error) })),
    choose: assign(({ context }, params: { invitationId: string }) => ({ chosen: find(context, params.invitationId), refusal: null, declined: null })),
    clearRefusal: assign({ refusal: null }),
    assignDeclined: assign(({ context }) => ({ declined: context.chosen?.organisationName ?? null, chosen: null })),
    assignJoined: assign(({ context }, params: { organisationName: string }) => ({ joined: params.organisationName || context.chosen?.organisationName || null })),
  },
  actors: {
    /** rpc my_invitations. */
    loadInvitations: fromPromise<PendingInvitation[]>(() => Promise.reject(new Error('loadInvitations not provided'))),
    /** rpc accept_my_invitation (leaveCurrent: move from the organisation the person is in). */
    acceptInvitation: fromPromise<{ organisationName: string }, { invitationId: string; leaveCurrent: boolean }>(() =>
      Promise.reject(new Error('acceptInvitation not provided')),
    ),
    /** rpc decline_my_invitation: the invitations left. */
    declineInvitation: fromPromise<PendingInvitation[], { invitationId: string }>(() => Promise.reject(new Error('declineInvitation not provided'))),
  },
  guards: {
    isOffered: ({ context }, params: { invitationId: string }) => find(context, params.invitationId) !== null,
    hasAny: (_, params: { invitations: readonly PendingInvitation[] }) => params.invitations.length > 0,
    isInAnotherOrganisation: (_, params: { error: unknown }) => asTeamFailure(params.error).code === 'already_in_organisation',
  },
}).createMachine({
  id: 'pendingInvitations',
  context: { invitations: [], chosen: null, refusal: null, declined: null, joined: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadInvitations',
        src: 'loadInvitations',
        onDone: [
          {
            guard: { type: 'hasAny', params: ({ event }) => ({ invitations: event.output }) },
            target: 'shown',
            actions: { type: 'assignInvitations', params: ({ event }) => ({ invitations: event.output }) },
          },
          { target: 'none', actions: { type: 'assignInvitations', params: ({ event }) => ({ invitations: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    none: {},
    failed: {
      on: { RETRY: 'loading' },
    },
    shown: {
      on: {
        ACCEPT: {
          guard: { type: 'isOffered', params: ({ event }) => ({ invitationId: event.invitationId }) },
          target: 'accepting',
          actions: { type: 'choose', params: ({ event }) => ({ invitationId: event.invitationId }) },
        },
        DECLINE: {
          guard: { type: 'isOffered', params: ({ event }) => ({ invitationId: event.invitationId }) },
          target: 'declining',
          actions: { type: 'choose', params: ({ event }) => ({ invitationId: event.invitationId }) },
        },
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ invitationId: context.chosen?.id ?? '', leaveCurrent: false }),
        onDone: { target: 'joined', actions: { type: 'assignJoined', params: ({ event }) => ({ organisationName: event.output.organisationName }) } },
        onError: [
          {
            guard: { type: 'isInAnotherOrganisation', params: ({ event }) => ({ error: event.error }) },
            target: 'confirmingMove',
            actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'shown', actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    confirmingMove: {
      on: {
        MOVE: 'moving',
        STAY: { target: 'shown', actions: 'clearRefusal' },
      },
    },
    moving: {
      tags: ['busy'],
      invoke: {
        id: 'moveToOrganisation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ invitationId: context.chosen?.id ?? '', leaveCurrent: true }),
        onDone: { target: 'joined', actions: { type: 'assignJoined', params: ({ event }) => ({ organisationName: event.output.organisationName }) } },
        onError: { target: 'shown', actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    declining: {
      tags: ['busy'],
      invoke: {
        id: 'declineInvitation',
        src: 'declineInvitation',
        input: ({ context }) => ({ invitationId: context.chosen?.id ?? '' }),
        onDone: [
          {
            guard: { type: 'hasAny', params: ({ event }) => ({ invitations: event.output }) },
            target: 'shown',
            actions: [{ type: 'assignInvitations', params: ({ event }) => ({ invitations: event.output }) }, 'assignDeclined'],
          },
          { target: 'none', actions: [{ type: 'assignInvitations', params: ({ event }) => ({ invitations: event.output }) }, 'assignDeclined'] },
        ],
        onError: { target: 'shown', actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    joined: { type: 'final' },
  },
})
