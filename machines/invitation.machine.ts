import { type AnyEventObject, assertEvent, assign, fromPromise, setup } from 'xstate'
import { errorOf } from './actorEvents'
import { errorMessage } from '../src/domain/authErrors'
import { asTeamFailure, type InvitationSummary, type TeamFailure } from '../src/domain/team'
import type { SessionUser } from './session.machine'

/**
 * /invite?token=… (issue 28): accepting an invitation to an organisation. checkingLink: no token -> missingToken.
 * reading asks get_invitation (anyone may, with the token): a wrong token -> notFound; expired, withdrawn or used ->
 * unusable (the page says which and what to do); a failed read -> readFailed with Try again. A pending invitation
 * -> checkingSession (the one session says who is signed in):
 * - nobody: signedOut, where the invited person signs in with their password (the address is the invitation's;
 *   a new person is sent to create their account with it, under the work-email rules, and opens the link again);
 * - another address: wrongAccount, which says so and offers to sign out (then signedOut);
 * - the invited address: accepting (accept_invitation) -> joined, which goes to /team. A refusal that the link can
 *   no longer be used -> unusable; a person already in another organisation -> alreadyInOrganisation, which offers
 *   to leave it and move (MOVE: accept_invitation with p_leave_current) or not; anything else -> acceptFailed.
 */
export interface InvitationContext {
  token: string | null
  invitation: InvitationSummary | null
  user: SessionUser | null
  password: string
  /** The last refusal, sign-in failure or read failure, or null. */
  failure: TeamFailure | null
}

export interface InvitationInput {
  token: string | null
}

export type InvitationEvent =
  | { type: 'PASSWORD_CHANGED'; value: string }
  | { type: 'SIGN_IN' }
  | { type: 'SIGN_OUT' }
  | { type: 'MOVE' }
  | { type: 'RETRY' }
  | { type: 'xstate.done.actor.readInvitation'; output: InvitationSummary }
  | { type: 'xstate.error.actor.readInvitation'; error: unknown }
  | { type: 'xstate.done.actor.currentUser'; output: SessionUser | null }
  | { type: 'xstate.error.actor.currentUser'; error: unknown }
  | { type: 'xstate.done.actor.signIn'; output: { userId: string } }
  | { type: 'xstate.error.actor.signIn'; error: unknown }
  | { type: 'xstate.done.actor.signOut'; output: { revoked: boolean } }
  | { type: 'xstate.error.actor.signOut'; error: unknown }
  | { type: 'xstate.done.actor.acceptInvitation'; output: { organisationName: string } }
  | { type: 'xstate.error.actor.acceptInvitation'; error: unknown }
  | { type: 'xstate.done.actor.moveToOrganisation'; output: { organisationName: string } }
  | { type: 'xstate.error.actor.moveToOrganisation'; error: unknown }

const failureOf = (event: AnyEventObject) => asTeamFailure(errorOf(event))
const UNUSABLE = new Set(['invitation_used', 'invitation_revoked', 'invitation_expired'])

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as InvitationInput,
  },
  actions: {
    /** Navigation to /team, with the toast 'Welcome to <organisation>'. */
    goToTeam: (_, _params: { organisation: string }) => {},
    assignInvitation: assign({
      invitation: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.readInvitation')
        return event.output
      },
      failure: null,
    }),
    assignUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.currentUser')
        return event.output
      },
    }),
    forgetUser: assign({ user: null, password: '' }),
    assignPassword: assign({
      password: ({ event }) => {
        assertEvent(event, 'PASSWORD_CHANGED')
        return event.value
      },
      failure: null,
    }),
    assignFailure: assign({ failure: ({ event }) => failureOf(event) }),
    /** A refusal that says the link cannot be used any more: the invitation's status follows it. */
    assignUnusable: assign({
      failure: ({ event }) => failureOf(event),
      invitation: ({ context, event }) => {
        const code = failureOf(event).code
        const status = code === 'invitation_expired' ? 'expired' : code === 'invitation_revoked' ? 'revoked' : 'accepted'
        return context.invitation && { ...context.invitation, status }
      },
    }),
    assignSignInFailure: assign({
      failure: ({ event }) => {
        const error = errorOf(event)
        const code = (error as { code?: string } | null)?.code
        return {
          code: code ?? 'sign_in_failed',
          message:
            code === 'invalid_credentials'
              ? 'Wrong password for this address. Try again, or reset your password from the sign-in page.'
              : errorMessage(error) || 'Signing in failed. Please try again.',
        }
      },
      password: '',
    }),
    clearFailure: assign({ failure: null }),
  },
  actors: {
    /** rpc get_invitation (anyone with the token). */
    readInvitation: fromPromise<InvitationSummary, { token: string }>(() => Promise.reject(new Error('readInvitation not provided'))),
    /** Who the one session says is signed in (null: nobody). */
    currentUser: fromPromise<SessionUser | null>(() => Promise.reject(new Error('currentUser not provided'))),
    /** Password sign-in as the invited address. */
    signIn: fromPromise<{ userId: string }, { email: string; password: string }>(() => Promise.reject(new Error('signIn not provided'))),
    /** Asks the session to sign this device out. */
    signOut: fromPromise<{ revoked: boolean }>(() => Promise.reject(new Error('signOut not provided'))),
    /** rpc accept_invitation (p_leave_current: move from the organisation the person is in). */
    acceptInvitation: fromPromise<{ organisationName: string }, { token: string; leaveCurrent: boolean }>(() =>
      Promise.reject(new Error('acceptInvitation not provided')),
    ),
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
    isPending: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.readInvitation')
      return event.output.status === 'pending'
    },
    isInvalidLink: ({ event }) => failureOf(event).code === 'invitation_not_found',
    isSignedOut: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.currentUser')
      return event.output === null
    },
    isInvitedAddress: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.currentUser')
      return !!event.output && event.output.email.trim().toLowerCase() === context.invitation?.email.trim().toLowerCase()
    },
    isUnusableRefusal: ({ event }) => UNUSABLE.has(failureOf(event).code),
    isInAnotherOrganisation: ({ event }) => failureOf(event).code === 'already_in_organisation',
    isAlreadyMember: ({ event }) => failureOf(event).code === 'already_member',
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({ token: input.token, invitation: null, user: null, password: '', failure: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'hasToken', target: 'reading' }, { target: 'missingToken' }],
    },
    missingToken: { type: 'final' },
    reading: {
      tags: ['loading'],
      invoke: {
        id: 'readInvitation',
        src: 'readInvitation',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          { guard: 'isPending', target: 'checkingSession', actions: 'assignInvitation' },
          { target: 'unusable', actions: 'assignInvitation' },
        ],
        onError: [
          { guard: 'isInvalidLink', target: 'notFound', actions: 'assignFailure' },
          { target: 'readFailed', actions: 'assignFailure' },
        ],
      },
    },
    readFailed: { on: { RETRY: 'reading' } },
    notFound: { type: 'final' },
    /** Expired, withdrawn or used: `invitation.status` says which. */
    unusable: { type: 'final' },
    checkingSession: {
      tags: ['loading'],
      invoke: {
        id: 'currentUser',
        src: 'currentUser',
        onDone: [
          { guard: 'isSignedOut', target: 'signedOut', actions: 'assignUser' },
          { guard: 'isInvitedAddress', target: 'accepting', actions: 'assignUser' },
          { target: 'wrongAccount', actions: 'assignUser' },
        ],
        // An unreadable session is no session.
        onError: { target: 'signedOut', actions: 'forgetUser' },
      },
    },
    signedOut: {
      on: {
        PASSWORD_CHANGED: { actions: 'assignPassword' },
        SIGN_IN: { target: 'signingIn', actions: 'clearFailure' },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.invitation?.email ?? '', password: context.password }),
        onDone: 'accepting',
        onError: { target: 'signedOut', actions: 'assignSignInFailure' },
      },
    },
    wrongAccount: {
      on: { SIGN_OUT: 'signingOut' },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'forgetUser' },
        onError: { target: 'signedOut', actions: 'forgetUser' },
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ token: context.token ?? '', leaveCurrent: false }),
        onDone: { target: 'joined', actions: { type: 'goToTeam', params: ({ event }) => ({ organisation: event.output.organisationName }) } },
        onError: [
          { guard: 'isUnusableRefusal', target: 'unusable', actions: 'assignUnusable' },
          { guard: 'isInAnotherOrganisation', target: 'alreadyInOrganisation', actions: 'assignFailure' },
          { guard: 'isAlreadyMember', target: 'joined', actions: { type: 'goToTeam', params: ({ context }) => ({ organisation: context.invitation?.organisationName ?? '' }) } },
          { target: 'acceptFailed', actions: 'assignFailure' },
        ],
      },
    },
    acceptFailed: { on: { RETRY: 'accepting' } },
    /** Already in another organisation: leave it and move, or keep it (a link home). */
    alreadyInOrganisation: { on: { MOVE: 'moving' } },
    moving: {
      tags: ['busy'],
      invoke: {
        id: 'moveToOrganisation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ token: context.token ?? '', leaveCurrent: true }),
        onDone: { target: 'joined', actions: { type: 'goToTeam', params: ({ event }) => ({ organisation: event.output.organisationName }) } },
        onError: { target: 'acceptFailed', actions: 'assignFailure' },
      },
    },
    /** Joined: the page goes to /team. */
    joined: { type: 'final', tags: ['leaving'] },
  },
})
