import { assertEvent, fromPromise, setup } from 'xstate'

/**
 * The header's account menu (issue 15, item 6), shown while the session machine says someone is signed in (its
 * e-mail comes from there too), so signed-out visitors never download it. closed / open: the e-mail, 'Your
 * workspace' (-> /app, the signed-in home), 'Your account' (-> /account), 'Your team' and 'Sign out'. Sign out asks the session to sign this device out (it revokes this
 * session's refresh token and clears the stored session; when the server cannot be reached the session is still
 * cleared on this device), then the menu says so and goes home.
 */
export type AccountMenuEvent =
  | { type: 'TOGGLE' }
  | { type: 'CLOSE' }
  | { type: 'SIGN_OUT' }
  | { type: 'xstate.done.actor.signOut'; output: { revoked: boolean } }
  | { type: 'xstate.error.actor.signOut'; error: unknown }

export const accountMenuMachine = setup({
  types: {
    events: {} as AccountMenuEvent,
  },
  actions: {
    /** Toast 'Signed out', or that the server could not be told (offline: true). */
    notifySignedOut: (_, _params: { offline: boolean }) => {},
    /** Navigation to '/'. */
    goHome: () => {},
  },
  actors: {
    /** Asks the session to sign this device out; `revoked: false` when only the local copy could go. */
    signOut: fromPromise<{ revoked: boolean }>(() => Promise.reject(new Error('signOut not provided'))),
  },
  guards: {
    wasRevoked: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.signOut')
      return event.output.revoked
    },
  },
}).createMachine({
  id: 'accountMenu',
  initial: 'menu',
  states: {
    menu: {
      initial: 'closed',
      on: { SIGN_OUT: 'signingOut' },
      states: {
        closed: { on: { TOGGLE: 'open' } },
        open: { tags: ['open'], on: { TOGGLE: 'closed', CLOSE: 'closed' } },
      },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: [
          { guard: 'wasRevoked', target: 'signedOut', actions: [{ type: 'notifySignedOut', params: { offline: false } }, 'goHome'] },
          { target: 'signedOut', actions: [{ type: 'notifySignedOut', params: { offline: true } }, 'goHome'] },
        ],
        onError: { target: 'signedOut', actions: [{ type: 'notifySignedOut', params: { offline: true } }, 'goHome'] },
      },
    },
    signedOut: { type: 'final' },
  },
})
