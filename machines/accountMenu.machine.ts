import { type AnyEventObject, assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate'

/**
 * The header's account area for signed-in people (issue 15, item 6). The view starts this machine only when the
 * browser holds a stored session (so signed-out visitors never download xstate or supabase-js for it): checking
 * reads the session (supabase-js refreshes an expired one) -> signedIn with the e-mail, or signedOut when the stored
 * session turned out to be dead. signedIn has the menu (closed/open: the e-mail, 'Your workspace' -> /account,
 * 'Sign out'). Sign out revokes this session's refresh token and clears the stored session; when the server cannot
 * be reached the session is still cleared on this device and the page says so. A sign-in or sign-out in another
 * tab reaches the header through the auth listener.
 */
export interface AccountMenuContext {
  email: string
}

export type AccountMenuEvent =
  | { type: 'TOGGLE' }
  | { type: 'CLOSE' }
  | { type: 'SIGN_OUT' }
  | { type: 'SIGNED_IN'; email: string }
  | { type: 'SIGNED_OUT' }
  | { type: 'xstate.done.actor.getSessionUser'; output: { email: string } | null }
  | { type: 'xstate.error.actor.getSessionUser'; error: unknown }
  | { type: 'xstate.done.actor.signOut'; output: { revoked: boolean } }
  | { type: 'xstate.error.actor.signOut'; error: unknown }

export const accountMenuMachine = setup({
  types: {
    context: {} as AccountMenuContext,
    events: {} as AccountMenuEvent,
  },
  actions: {
    /** Toast 'Signed out', or that the server could not be told (offline: true). */
    notifySignedOut: (_, _params: { offline: boolean }) => {},
    /** Navigation to '/'. */
    goHome: () => {},
    assignSessionEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.getSessionUser')
        return event.output?.email ?? ''
      },
    }),
    assignSignedInEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'SIGNED_IN')
        return event.email
      },
    }),
    forgetEmail: assign({ email: '' }),
  },
  actors: {
    /** The signed-in user's e-mail from the stored session (refreshed if expired), or null. */
    getSessionUser: fromPromise<{ email: string } | null>(() => Promise.reject(new Error('getSessionUser not provided'))),
    /** Sends SIGNED_IN / SIGNED_OUT when the auth state changes (in this tab or another). */
    authListener: fromCallback<AnyEventObject>(() => () => {}),
    /** Revoke this session and clear the stored session; `revoked: false` when only the local copy could go. */
    signOut: fromPromise<{ revoked: boolean }>(() => Promise.reject(new Error('signOut not provided'))),
  },
  guards: {
    hasSession: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.getSessionUser')
      return event.output !== null
    },
    wasRevoked: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.signOut')
      return event.output.revoked
    },
  },
}).createMachine({
  id: 'accountMenu',
  context: { email: '' },
  invoke: { id: 'authListener', src: 'authListener' },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'getSessionUser',
        src: 'getSessionUser',
        onDone: [{ guard: 'hasSession', target: 'signedIn', actions: 'assignSessionEmail' }, { target: 'signedOut' }],
        onError: 'signedOut',
      },
    },
    signedIn: {
      initial: 'closed',
      on: {
        SIGN_OUT: 'signingOut',
        // Signed out in another tab (or the session ended).
        SIGNED_OUT: { target: 'signedOut', actions: 'forgetEmail' },
        SIGNED_IN: { actions: 'assignSignedInEmail' },
      },
      states: {
        closed: { on: { TOGGLE: 'open' } },
        open: { on: { TOGGLE: 'closed', CLOSE: 'closed' } },
      },
    },
    // Our own sign-out fires SIGNED_OUT too: here the actor's result decides what the page says.
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: [
          { guard: 'wasRevoked', target: 'signedOut', actions: ['forgetEmail', { type: 'notifySignedOut', params: { offline: false } }, 'goHome'] },
          { target: 'signedOut', actions: ['forgetEmail', { type: 'notifySignedOut', params: { offline: true } }, 'goHome'] },
        ],
        onError: { target: 'signedOut', actions: ['forgetEmail', { type: 'notifySignedOut', params: { offline: true } }, 'goHome'] },
      },
    },
    signedOut: {
      // Signed in in another tab.
      on: { SIGNED_IN: { target: 'signedIn', actions: 'assignSignedInEmail' } },
    },
  },
})

export const accountMenuSampleEvents = [
  { type: 'TOGGLE' },
  { type: 'CLOSE' },
  { type: 'SIGN_OUT' },
  { type: 'SIGNED_IN', email: 'ada@sunrise-care.co.uk' },
  { type: 'SIGNED_OUT' },
  { type: 'xstate.done.actor.getSessionUser', output: { email: 'ada@sunrise-care.co.uk' } },
  { type: 'xstate.done.actor.getSessionUser', output: null },
  { type: 'xstate.error.actor.getSessionUser', error: new Error('storage unavailable') },
  { type: 'xstate.done.actor.signOut', output: { revoked: true } },
  { type: 'xstate.done.actor.signOut', output: { revoked: false } },
  { type: 'xstate.error.actor.signOut', error: new Error('storage unavailable') },
] as const satisfies readonly AnyEventObject[]
