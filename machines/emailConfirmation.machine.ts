import { type AnyEventObject, assertEvent, assign, fromPromise, setup } from 'xstate'
import { errorOf } from './actorEvents'
import { authFailureKind, errorMessage } from '../src/domain/authErrors'
import { type AuthArrival, CONFIRMATION_TOASTS, confirmationRedirect, isEmailAddress, type Toast } from '../src/domain/signup'

/**
 * Arrival at /auth after the confirmation e-mail (spec sections 2 and 4), invoked by the page (the authPage
 * machine) with what the URL said when it carried something to confirm. Then:
 * - ?error_code=.. (the link was used or expired) -> linkInvalid, with a form to ask for a new e-mail;
 * - ?code=.. (PKCE) -> exchange it: confirmed; a missing code verifier (opened in another browser) ->
 *   confirmedElsewhere (the server confirmed the e-mail before issuing the code); a used/expired code ->
 *   linkInvalid; anything else -> failed (retry);
 * - tokens -> set the session -> confirmed; verified=true -> verified; type=signup -> confirmed when a
 *   session exists (the one session machine says so), otherwise nothing to do (`none`, final).
 * confirmed and verified show their toast and redirect to the app after 1 second.
 */
export interface ConfirmationContext {
  params: AuthArrival
  origin: string
  /** The address a new confirmation e-mail was last asked for. */
  email: string
}

export interface ConfirmationInput {
  origin: string
  params: AuthArrival
}

export type ConfirmationEvent =
  | { type: 'RESEND_REQUESTED'; email: string }
  | { type: 'RETRY' }
  | { type: 'xstate.done.actor.exchangeCode'; output: undefined }
  | { type: 'xstate.error.actor.exchangeCode'; error: unknown }
  | { type: 'xstate.done.actor.setSession'; output: undefined }
  | { type: 'xstate.error.actor.setSession'; error: unknown }
  | { type: 'xstate.done.actor.getSession'; output: { hasSession: boolean } }
  | { type: 'xstate.done.actor.resendConfirmation'; output: undefined }
  | { type: 'xstate.error.actor.resendConfirmation'; error: unknown }
  | { type: 'xstate.after.redirectDelay.emailConfirmation.confirmed' }
  | { type: 'xstate.after.redirectDelay.emailConfirmation.verified' }

const kindOf = (event: AnyEventObject) => authFailureKind(errorOf(event))

export const emailConfirmationMachine = setup({
  types: {
    context: {} as ConfirmationContext,
    events: {} as ConfirmationEvent,
    input: {} as ConfirmationInput,
  },
  actions: {
    notify: (_, _params: Toast) => {},
    redirectToApp: () => {},
    /** Remove the code, tokens and error from the address bar (nothing secret stays in history). */
    clearUrl: () => {},
    assignEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'RESEND_REQUESTED')
        return event.email.trim()
      },
    }),
  },
  actors: {
    exchangeCode: fromPromise<void, { code: string }>(() => Promise.reject(new Error('exchangeCode not provided'))),
    setSession: fromPromise<void, { accessToken: string; refreshToken: string }>(() =>
      Promise.reject(new Error('setSession not provided')),
    ),
    /** Whether the session machine, once it knows, has someone signed in (it never fails: an unreadable session is none). */
    getSession: fromPromise<{ hasSession: boolean }>(() => Promise.reject(new Error('getSession not provided'))),
    resendConfirmation: fromPromise<void, { email: string; emailRedirectTo: string }>(() =>
      Promise.reject(new Error('resendConfirmation not provided')),
    ),
  },
  guards: {
    hasLinkError: ({ context }) => Boolean(context.params.error || context.params.error_code),
    hasCode: ({ context }) => Boolean(context.params.code),
    hasTokens: ({ context }) => Boolean(context.params.access_token && context.params.refresh_token),
    isVerified: ({ context }) => context.params.verified === 'true',
    /** The code verifier is missing (the link was opened in another browser) or is not this code's (a later sign-up
     * in this browser replaced it): either way the server confirmed the e-mail before it issued the code. */
    isVerifierProblem: ({ event }) => kindOf(event) === 'verifierMissing',
    /** The link was used, has expired, or its session has ended since (the tokens can no longer be used). */
    isRejectedLink: ({ event }) => ['linkRejected', 'sessionMissing'].includes(kindOf(event)),
    hasSession: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.getSession')
      return event.output.hasSession
    },
    isResendEmailValid: ({ event }) => {
      assertEvent(event, 'RESEND_REQUESTED')
      return isEmailAddress(event.email)
    },
  },
  delays: {
    /** Spec section 9: redirect 1 second after confirmation. */
    redirectDelay: 1000,
  },
}).createMachine({
  id: 'emailConfirmation',
  context: ({ input }) => ({ params: input.params, origin: input.origin, email: '' }),
  initial: 'routing',
  states: {
    routing: {
      always: [
        { guard: 'hasLinkError', target: 'linkInvalid' },
        { guard: 'hasCode', target: 'exchangingCode' },
        { guard: 'hasTokens', target: 'settingSession' },
        { guard: 'isVerified', target: 'verified' },
        // What is left is a sign-up arrival (type=signup): confirmed if someone is signed in.
        { target: 'checkingSession' },
      ],
    },
    /** Nothing to confirm: the sign-up form is all there is. */
    none: { type: 'final' },
    exchangingCode: {
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ context }) => ({ code: context.params.code ?? '' }),
        onDone: 'confirmed',
        onError: [
          { guard: 'isVerifierProblem', target: 'confirmedElsewhere' },
          { guard: 'isRejectedLink', target: 'linkInvalid' },
          { target: 'failed' },
        ],
      },
    },
    settingSession: {
      invoke: {
        id: 'setSession',
        src: 'setSession',
        input: ({ context }) => ({
          accessToken: context.params.access_token ?? '',
          refreshToken: context.params.refresh_token ?? '',
        }),
        onDone: 'confirmed',
        onError: [{ guard: 'isRejectedLink', target: 'linkInvalid' }, { target: 'failed' }],
      },
    },
    checkingSession: {
      invoke: {
        id: 'getSession',
        src: 'getSession',
        // No session (the session machine says so; an unreadable one is none) means nothing to confirm: the form stays.
        onDone: [{ guard: 'hasSession', target: 'confirmed' }, { target: 'none' }],
      },
    },
    verified: {
      entry: { type: 'notify', params: CONFIRMATION_TOASTS.verified },
      after: { redirectDelay: 'redirecting' },
    },
    confirmed: {
      entry: ['clearUrl', { type: 'notify', params: CONFIRMATION_TOASTS.confirmed }],
      after: { redirectDelay: 'redirecting' },
    },
    redirecting: {
      type: 'final',
      entry: 'redirectToApp',
    },
    confirmedElsewhere: {
      entry: 'clearUrl',
    },
    failed: {
      entry: {
        type: 'notify',
        params: ({ event }) => CONFIRMATION_TOASTS.confirmationFailed(errorMessage(errorOf(event))),
      },
      on: { RETRY: 'routing' },
    },
    linkInvalid: {
      entry: 'clearUrl',
      on: {
        RESEND_REQUESTED: [
          { guard: 'isResendEmailValid', target: 'resending', actions: 'assignEmail' },
          { actions: { type: 'notify', params: CONFIRMATION_TOASTS.invalidEmail } },
        ],
      },
    },
    resending: {
      invoke: {
        id: 'resendConfirmation',
        src: 'resendConfirmation',
        input: ({ context }) => ({ email: context.email, emailRedirectTo: confirmationRedirect(context.origin) }),
        onDone: {
          target: 'resent',
          actions: { type: 'notify', params: ({ context }) => CONFIRMATION_TOASTS.resent(context.email) },
        },
        onError: {
          target: 'linkInvalid',
          actions: {
            type: 'notify',
            params: ({ event }) => CONFIRMATION_TOASTS.resendFailed(errorMessage(event.error)),
          },
        },
      },
    },
    resent: {
      on: {
        RESEND_REQUESTED: [
          { guard: 'isResendEmailValid', target: 'resending', actions: 'assignEmail' },
          { actions: { type: 'notify', params: CONFIRMATION_TOASTS.invalidEmail } },
        ],
      },
    },
  },
})
