import { type AnyEventObject, assertEvent, assign, emit, fromCallback, fromPromise, setup } from 'xstate'

/**
 * Who is signed in, for the whole app (issue 26): the one place that reads the session and hears it end. One actor
 * runs per page load (src/views/session/), started at the app root with the system id `session` when the browser
 * holds a stored session, or on demand by a page that needs to know (a signed-in page, the onboarding gate). The
 * stored key decides first: without one the machine starts `signedOut` and nobody downloads supabase-js.
 *
 * - checking reads the stored session (supabase-js refreshes an expired one): signedIn with the user, or signedOut
 *   when there is none or it is dead (an unreadable session is no session).
 * - The auth listener (one for the app) tells it SIGNED_IN (a sign-in on this page or in another tab, a refreshed
 *   token) and SIGNED_OUT, which means one thing: the session ended without this device signing out (another tab
 *   signed out, the session expired or was revoked). The machine then announces SESSION_ENDED to whoever listens
 *   (the signed-in layout leaves the page, the onboarding gate goes home).
 * - SIGN_OUT is a person signing out on this device (the header's menu, /account): signingOut revokes this
 *   session's refresh token and clears the stored session, then signedOutHere, where the page that asked decides
 *   where to go and what to say. While it runs, the listener's SIGNED_OUT (our own) changes nothing.
 * - SESSION_STORED: a session appeared in storage while signed out (another tab signed in before this page had
 *   supabase-js, or a page finished a sign-in): checking again.
 */
export interface SessionUser {
  userId: string
  email: string
}

/** How this device's own sign-out ended: the server was told, or only this device forgot the session. */
export type SignOutOutcome = 'revoked' | 'local' | 'failed'

export interface SessionContext {
  /** Whether the browser held a stored session when the machine started (read without supabase-js). */
  storedSession: boolean
  user: SessionUser | null
  signOut: SignOutOutcome | null
}

export type SessionEvent =
  | { type: 'SIGNED_IN'; user: SessionUser }
  | { type: 'SIGNED_OUT' }
  | { type: 'SESSION_STORED' }
  | { type: 'SIGN_OUT' }
  | { type: 'xstate.done.actor.readSession'; output: SessionUser | null }
  | { type: 'xstate.error.actor.readSession'; error: unknown }
  | { type: 'xstate.done.actor.signOut'; output: { revoked: boolean } }
  | { type: 'xstate.error.actor.signOut'; error: unknown }

/** What the machine announces to its listeners (`actor.on('SESSION_ENDED', …)`). */
export type SessionEmitted = { type: 'SESSION_ENDED' }

export interface SessionInput {
  /** Whether the browser holds a stored session (read synchronously, without supabase-js). */
  storedSession: boolean
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actions: {
    assignReadUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.readSession')
        return event.output
      },
      signOut: null,
    }),
    assignSignedInUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'SIGNED_IN')
        return event.user
      },
      signOut: null,
    }),
    forgetUser: assign({ user: null }),
    assignSignOutOutcome: assign((_, params: { outcome: SignOutOutcome }) => ({ user: null, signOut: params.outcome })),
    /** Tell the listeners that the session ended without this device signing out. */
    announceSessionEnded: emit({ type: 'SESSION_ENDED' } as const),
  },
  actors: {
    /** The stored session's user (supabase-js refreshes an expired one), or null. */
    readSession: fromPromise<SessionUser | null>(() => Promise.reject(new Error('readSession not provided'))),
    /** Revoke this session's refresh token and clear the stored session; `revoked: false` when only the local copy went. */
    signOut: fromPromise<{ revoked: boolean }>(() => Promise.reject(new Error('signOut not provided'))),
    /** The app's one auth listener: sends SIGNED_IN, SIGNED_OUT and SESSION_STORED. */
    authEvents: fromCallback<AnyEventObject>(() => () => {}),
  },
  guards: {
    hasStoredSession: ({ context }) => context.storedSession,
    hasUser: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.readSession')
      return event.output !== null
    },
    wasRevoked: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.signOut')
      return event.output.revoked
    },
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ storedSession: input.storedSession, user: null, signOut: null }),
  invoke: { id: 'authEvents', src: 'authEvents' },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasStoredSession', target: 'checking' },
        { target: 'signedOut' },
      ],
    },
    checking: {
      tags: ['pending'],
      invoke: {
        id: 'readSession',
        src: 'readSession',
        onDone: [{ guard: 'hasUser', target: 'signedIn', actions: 'assignReadUser' }, { target: 'signedOut' }],
        // An unreadable session is no session.
        onError: 'signedOut',
      },
    },
    signedIn: {
      tags: ['signedIn'],
      on: {
        SIGNED_IN: { actions: 'assignSignedInUser' },
        SIGNED_OUT: { target: 'signedOut', actions: ['forgetUser', 'announceSessionEnded'] },
        SIGN_OUT: 'signingOut',
      },
    },
    signingOut: {
      tags: ['signingOut'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: [
          { guard: 'wasRevoked', target: 'signedOutHere', actions: { type: 'assignSignOutOutcome', params: { outcome: 'revoked' } } },
          { target: 'signedOutHere', actions: { type: 'assignSignOutOutcome', params: { outcome: 'local' } } },
        ],
        onError: { target: 'signedOutHere', actions: { type: 'assignSignOutOutcome', params: { outcome: 'failed' } } },
      },
    },
    /** No session: none was stored, it could not be read, or it ended elsewhere. */
    signedOut: {
      tags: ['signedOut'],
      on: {
        SIGNED_IN: { target: 'signedIn', actions: 'assignSignedInUser' },
        SESSION_STORED: 'checking',
      },
    },
    /** This device signed out: the page that asked decides where to go and what to say. */
    signedOutHere: {
      tags: ['signedOut'],
      on: {
        SIGNED_IN: { target: 'signedIn', actions: 'assignSignedInUser' },
        SESSION_STORED: 'checking',
      },
    },
  },
})
