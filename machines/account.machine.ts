import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  type AccountDetails,
  type AccountDetailsProblem,
  type AccountProfile,
  accountDetailsProblem,
  detailsOf,
  sameDetails,
} from '../src/domain/account'
import type { SessionUser } from './session.machine'

/**
 * /account, the signed-in home (issue 15, item 7), a page of the signed-in layout: it starts once the session
 * machine knows the user (its input), and the layout leaves for /auth when there is none or it ends elsewhere.
 * loading reads the person's own users row (RLS: own row only); a failed read -> loadFailed with Try again. ready
 * shows the organisation and the setup answers the wizard saved, with name and phone editable: details.editing ->
 * validating -> saving (PATCH of the own row, the column grants as for the wizard) -> saved ('Details saved'),
 * or back to editing with what was typed kept and the failure said. 'Run setup again' leaves for the wizard
 * (prefilled from the row); 'Sign out' asks the session to sign this device out and goes to /.
 */
export interface AccountContext {
  user: SessionUser
  profile: AccountProfile | null
  draft: AccountDetails
  problem: AccountDetailsProblem | null
  saveFailed: boolean
}

export type AccountField = keyof AccountDetails

export type AccountEvent =
  | { type: 'FIELD_CHANGED'; field: AccountField; value: string }
  | { type: 'SAVE' }
  | { type: 'RETRY' }
  | { type: 'RUN_SETUP_AGAIN' }
  | { type: 'SIGN_OUT' }
  | { type: 'xstate.done.actor.loadAccount'; output: AccountProfile }
  | { type: 'xstate.error.actor.loadAccount'; error: unknown }
  | { type: 'xstate.done.actor.saveDetails'; output: undefined }
  | { type: 'xstate.error.actor.saveDetails'; error: unknown }
  | { type: 'xstate.done.actor.signOut'; output: { revoked: boolean } }
  | { type: 'xstate.error.actor.signOut'; error: unknown }

const EMPTY_DETAILS: AccountDetails = { firstName: '', lastName: '', phone: '' }

export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    input: {} as { user: SessionUser },
  },
  actions: {
    /** Navigation to /onboarding/setup. */
    goToSetup: () => {},
    /** Navigation to '/'. */
    goHome: () => {},
    /** Success toast 'Details saved'. */
    notifySaved: () => {},
    /** Toast 'Signed out' (offline: the server could not be told). */
    notifySignedOut: (_, _params: { offline: boolean }) => {},
    assignProfile: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadAccount')
      const profile = event.output
      return { profile, draft: detailsOf(profile), problem: null, saveFailed: false }
    }),
    assignField: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'FIELD_CHANGED')
        return { ...context.draft, [event.field]: event.value }
      },
      problem: null,
    }),
    assignProblem: assign({ problem: ({ context }) => accountDetailsProblem(context.draft) }),
    commitDraft: assign({
      profile: ({ context }) =>
        context.profile && {
          ...context.profile,
          firstName: context.draft.firstName.trim(),
          lastName: context.draft.lastName.trim(),
          phone: context.draft.phone.trim(),
        },
      draft: ({ context }) => ({
        firstName: context.draft.firstName.trim(),
        lastName: context.draft.lastName.trim(),
        phone: context.draft.phone.trim(),
      }),
      saveFailed: false,
    }),
    markSaveFailed: assign({ saveFailed: true }),
    clearSaveFailed: assign({ saveFailed: false }),
  },
  actors: {
    /** The user's own users row (the session's address when the row has none). */
    loadAccount: fromPromise<AccountProfile, SessionUser>(() => Promise.reject(new Error('loadAccount not provided'))),
    /** PATCH users?id=eq.<own id> with first_name, last_name, phone_number. */
    saveDetails: fromPromise<void, { userId: string; details: AccountDetails }>(() => Promise.reject(new Error('saveDetails not provided'))),
    /** Asks the session to sign this device out; `revoked: false` when only the local copy could go. */
    signOut: fromPromise<{ revoked: boolean }>(() => Promise.reject(new Error('signOut not provided'))),
  },
  guards: {
    hasProblem: ({ context }) => accountDetailsProblem(context.draft) !== null,
    isUnchanged: ({ context }) => context.profile !== null && sameDetails(context.draft, detailsOf(context.profile)),
    wasRevoked: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.signOut')
      return event.output.revoked
    },
  },
}).createMachine({
  id: 'account',
  context: ({ input }) => ({ user: input.user, profile: null, draft: EMPTY_DETAILS, problem: null, saveFailed: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => context.user,
        onDone: { target: 'ready', actions: 'assignProfile' },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'editing',
      on: {
        RUN_SETUP_AGAIN: 'leavingForSetup',
        SIGN_OUT: 'signingOut',
      },
      states: {
        editing: {
          on: {
            FIELD_CHANGED: { actions: 'assignField' },
            SAVE: 'validating',
          },
        },
        validating: {
          always: [
            { guard: 'hasProblem', target: 'editing', actions: 'assignProblem' },
            // Nothing changed: say it is saved without a request.
            { guard: 'isUnchanged', target: 'saved', actions: 'clearSaveFailed' },
            { target: 'saving' },
          ],
        },
        saving: {
          invoke: {
            id: 'saveDetails',
            src: 'saveDetails',
            input: ({ context }) => ({ userId: context.user.userId, details: context.draft }),
            onDone: { target: 'saved', actions: ['commitDraft', 'notifySaved'] },
            onError: { target: 'editing', actions: 'markSaveFailed' },
          },
        },
        saved: {
          on: {
            FIELD_CHANGED: { target: 'editing', actions: 'assignField' },
            SAVE: 'validating',
          },
        },
      },
    },
    signingOut: {
      tags: ['leaving'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: [
          { guard: 'wasRevoked', target: 'leftSignedOut', actions: { type: 'notifySignedOut', params: { offline: false } } },
          { target: 'leftSignedOut', actions: { type: 'notifySignedOut', params: { offline: true } } },
        ],
        onError: { target: 'leftSignedOut', actions: { type: 'notifySignedOut', params: { offline: true } } },
      },
    },
    leavingForSetup: { type: 'final', tags: ['leaving'], entry: 'goToSetup' },
    /** Signed out from this page: to the home page. */
    leftSignedOut: { type: 'final', tags: ['leaving'], entry: 'goHome' },
  },
})
