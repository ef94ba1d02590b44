import { type AnyEventObject, assertEvent, assign, fromPromise, setup } from 'xstate'
import { errorOf } from './actorEvents'
import { authFailureKind, retryAfterSeconds } from '../src/domain/authErrors'
import {
  EMPTY_NEW_PASSWORD,
  type NewPasswordProblem,
  type NewPasswordValues,
  newPasswordProblem,
  type ResetFailure,
  type ResetLinkProblem,
  type ResetRequestProblem,
  recoveryRedirect,
  resetRequestProblem,
} from '../src/domain/account'

/**
 * Forgotten password at /auth (issue 15, item 4), invoked by the page (the authPage machine) in its reset form with
 * what the URL said:
 * - `?mode=reset`: asking for a link. requesting.editing -> validating -> sending (supabase-js
 *   resetPasswordForEmail, PKCE) -> emailSent, the same 'Check your email' answer whether or not an account exists,
 *   also when the address's one-a-minute rule answers 429 (which only a real account gets). The project-wide e-mail
 *   limit and a network failure are explained at the form, and keep the address.
 * - `?type=recovery&code=…` (the mailed link, PKCE): exchangingCode -> choosingPassword (signed in for this);
 *   `?type=recovery&token_hash=…` (a token-hash e-mail template): verifyingToken -> choosingPassword;
 *   `?error_code=…` or a used, expired or replaced link -> linkInvalid ('expired'); a link opened in another
 *   browser than it was asked in (no PKCE verifier here) -> linkInvalid ('otherBrowser'). Both offer a new link.
 *   A network failure -> failed, with Try again.
 * - choosingPassword: a new password (at least 7 characters, typed twice) -> updating (supabase-js updateUser; the
 *   server revokes every other session) -> updated: 'Password updated', then on to the onboarding gate, as after
 *   sign-in. A weak or unchanged password is explained at the form; an expired session means the link ran out.
 */
export interface ResetArrival {
  mode?: string
  type?: string
  code?: string
  token_hash?: string
  error?: string
  error_code?: string
  error_description?: string
}

export interface PasswordResetContext {
  origin: string
  email: string
  /** The address the last link was asked for, shown on 'Check your email'. */
  sentTo: string
  params: ResetArrival
  values: NewPasswordValues
  requestProblem: ResetRequestProblem | null
  passwordProblem: NewPasswordProblem | null
  failure: ResetFailure | null
  /** Seconds the server asked to wait (429), or null. */
  waitSeconds: number | null
  linkProblem: ResetLinkProblem | null
}

export interface PasswordResetInput {
  origin: string
  /** What the URL said: `mode=reset` (the request form), or the mailed link's parameters. */
  params: ResetArrival
}

export type PasswordResetEvent =
  | { type: 'EMAIL_CHANGED'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'PASSWORD_CHANGED'; field: keyof NewPasswordValues; value: string }
  | { type: 'REQUEST_NEW_LINK' }
  | { type: 'RETRY' }
  | { type: 'xstate.done.actor.requestReset'; output: undefined }
  | { type: 'xstate.error.actor.requestReset'; error: unknown }
  | { type: 'xstate.done.actor.exchangeCode'; output: undefined }
  | { type: 'xstate.error.actor.exchangeCode'; error: unknown }
  | { type: 'xstate.done.actor.verifyToken'; output: undefined }
  | { type: 'xstate.error.actor.verifyToken'; error: unknown }
  | { type: 'xstate.done.actor.updatePassword'; output: undefined }
  | { type: 'xstate.error.actor.updatePassword'; error: unknown }
  | { type: 'xstate.after.onwardDelay.passwordReset.updated' }

const kindOf = (event: AnyEventObject) => authFailureKind(errorOf(event))

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actions: {
    /** Remove the single-use code, token or error from the address bar. */
    clearUrl: () => {},
    /** Success toast 'Password updated'. */
    notifyPasswordUpdated: () => {},
    /** Client-side navigation to the onboarding gate (/onboarding). */
    goToGate: () => {},
    assignEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'EMAIL_CHANGED')
        return event.value
      },
      requestProblem: null,
    }),
    assignPassword: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'PASSWORD_CHANGED')
        return { ...context.values, [event.field]: event.value }
      },
      passwordProblem: null,
    }),
    assignRequestProblem: assign({ requestProblem: ({ context }) => resetRequestProblem(context.email), failure: null }),
    assignPasswordProblem: assign({ passwordProblem: ({ context }) => newPasswordProblem(context.values), failure: null }),
    clearOutcome: assign({ requestProblem: null, passwordProblem: null, failure: null, waitSeconds: null }),
    assignSentTo: assign({ sentTo: ({ context }) => context.email.trim() }),
    assignFailure: assign((_, params: { failure: ResetFailure }) => ({ failure: params.failure })),
    assignRateLimited: assign({ failure: 'rateLimited' as const, waitSeconds: null }),
    assignWait: assign(({ event }) => ({ waitSeconds: retryAfterSeconds(errorOf(event)) })),
    assignLinkProblem: assign((_, params: { problem: ResetLinkProblem }) => ({ linkProblem: params.problem })),
    forgetPasswords: assign({ values: EMPTY_NEW_PASSWORD }),
  },
  actors: {
    /** supabase-js resetPasswordForEmail(email, { redirectTo }). */
    requestReset: fromPromise<void, { email: string; redirectTo: string }>(() => Promise.reject(new Error('requestReset not provided'))),
    /** supabase-js exchangeCodeForSession(code) for the recovery link. */
    exchangeCode: fromPromise<void, { code: string }>(() => Promise.reject(new Error('exchangeCode not provided'))),
    /** supabase-js verifyOtp({ token_hash, type: 'recovery' }). */
    verifyToken: fromPromise<void, { tokenHash: string }>(() => Promise.reject(new Error('verifyToken not provided'))),
    /** supabase-js updateUser({ password }). */
    updatePassword: fromPromise<void, { password: string }>(() => Promise.reject(new Error('updatePassword not provided'))),
  },
  guards: {
    hasLinkError: ({ context }) => Boolean(context.params.error || context.params.error_code),
    hasCode: ({ context }) => context.params.type === 'recovery' && Boolean(context.params.code),
    hasTokenHash: ({ context }) => context.params.type === 'recovery' && Boolean(context.params.token_hash),
    hasRequestProblem: ({ context }) => resetRequestProblem(context.email) !== null,
    hasPasswordProblem: ({ context }) => newPasswordProblem(context.values) !== null,
    isRateLimited: ({ event }) => kindOf(event) === 'rateLimited',
    isAddressCooldown: ({ event }) => kindOf(event) === 'rateLimited' && retryAfterSeconds(errorOf(event)) !== null,
    isNetworkFailure: ({ event }) => kindOf(event) === 'network',
    isVerifierMissing: ({ event }) => kindOf(event) === 'verifierMissing',
    isLinkRejected: ({ event }) => ['linkRejected', 'sessionMissing'].includes(kindOf(event)),
    isWeakPassword: ({ event }) => kindOf(event) === 'weakPassword',
    isSamePassword: ({ event }) => kindOf(event) === 'samePassword',
    isSessionMissing: ({ event }) => kindOf(event) === 'sessionMissing',
  },
  delays: {
    /** 'Password updated' shows for a moment before the gate takes over (as the sign-up's 1-second redirect). */
    onwardDelay: 1000,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    origin: input.origin,
    email: '',
    sentTo: '',
    params: input.params,
    values: EMPTY_NEW_PASSWORD,
    requestProblem: null,
    passwordProblem: null,
    failure: null,
    waitSeconds: null,
    linkProblem: null,
  }),
  initial: 'routing',
  states: {
    routing: {
      always: [
        { guard: 'hasLinkError', target: 'linkInvalid', actions: { type: 'assignLinkProblem', params: { problem: 'expired' } } },
        { guard: 'hasCode', target: 'exchangingCode' },
        { guard: 'hasTokenHash', target: 'verifyingToken' },
        { target: 'requesting' },
      ],
    },
    requesting: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            EMAIL_CHANGED: { actions: 'assignEmail' },
            SUBMIT: 'validating',
          },
        },
        validating: {
          always: [
            { guard: 'hasRequestProblem', target: 'editing', actions: 'assignRequestProblem' },
            { target: 'sending', actions: 'clearOutcome' },
          ],
        },
        sending: {
          invoke: {
            id: 'requestReset',
            src: 'requestReset',
            input: ({ context }) => ({ email: context.email.trim(), redirectTo: recoveryRedirect(context.origin) }),
            onDone: { target: '#passwordReset.emailSent', actions: 'assignSentTo' },
            onError: [
              // GoTrue answers the address's 60-second rule with 429 only for a real account: to say nothing about
              // whether the address has one, that answer is the same 'Check your email' (a link did go out moments
              // ago), with the seconds until another can be asked for.
              { guard: 'isAddressCooldown', target: '#passwordReset.emailSent', actions: ['assignSentTo', 'assignWait'] },
              { guard: 'isRateLimited', target: 'editing', actions: 'assignRateLimited' },
              { guard: 'isNetworkFailure', target: 'editing', actions: { type: 'assignFailure', params: { failure: 'network' } } },
              { target: 'editing', actions: { type: 'assignFailure', params: { failure: 'unexpected' } } },
            ],
          },
        },
      },
    },
    /** 'Check your email': the same answer whether or not an account exists for the address. */
    emailSent: {
      on: { REQUEST_NEW_LINK: { target: 'requesting', actions: 'clearOutcome' } },
    },
    exchangingCode: {
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ context }) => ({ code: context.params.code ?? '' }),
        onDone: { target: 'choosingPassword', actions: 'clearUrl' },
        onError: [
          { guard: 'isVerifierMissing', target: 'linkInvalid', actions: { type: 'assignLinkProblem', params: { problem: 'otherBrowser' } } },
          { guard: 'isLinkRejected', target: 'linkInvalid', actions: { type: 'assignLinkProblem', params: { problem: 'expired' } } },
          { target: 'failed' },
        ],
      },
    },
    verifyingToken: {
      invoke: {
        id: 'verifyToken',
        src: 'verifyToken',
        input: ({ context }) => ({ tokenHash: context.params.token_hash ?? '' }),
        onDone: { target: 'choosingPassword', actions: 'clearUrl' },
        onError: [
          { guard: 'isLinkRejected', target: 'linkInvalid', actions: { type: 'assignLinkProblem', params: { problem: 'expired' } } },
          { target: 'failed' },
        ],
      },
    },
    /** The code exchange failed for want of the server: the code is kept for Try again. */
    failed: {
      on: { RETRY: 'routing' },
    },
    linkInvalid: {
      entry: 'clearUrl',
      on: { REQUEST_NEW_LINK: { target: 'requesting', actions: 'clearOutcome' } },
    },
    choosingPassword: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            PASSWORD_CHANGED: { actions: 'assignPassword' },
            SUBMIT: 'validating',
          },
        },
        validating: {
          always: [
            { guard: 'hasPasswordProblem', target: 'editing', actions: 'assignPasswordProblem' },
            { target: 'updating', actions: 'clearOutcome' },
          ],
        },
        updating: {
          invoke: {
            id: 'updatePassword',
            src: 'updatePassword',
            input: ({ context }) => ({ password: context.values.password }),
            onDone: { target: '#passwordReset.updated', actions: 'forgetPasswords' },
            onError: [
              { guard: 'isWeakPassword', target: 'editing', actions: { type: 'assignFailure', params: { failure: 'weakPassword' } } },
              { guard: 'isSamePassword', target: 'editing', actions: { type: 'assignFailure', params: { failure: 'samePassword' } } },
              {
                guard: 'isSessionMissing',
                target: '#passwordReset.linkInvalid',
                actions: ['forgetPasswords', { type: 'assignLinkProblem', params: { problem: 'expired' } }],
              },
              { guard: 'isNetworkFailure', target: 'editing', actions: { type: 'assignFailure', params: { failure: 'network' } } },
              { target: 'editing', actions: { type: 'assignFailure', params: { failure: 'unexpected' } } },
            ],
          },
        },
      },
    },
    updated: {
      entry: 'notifyPasswordUpdated',
      after: { onwardDelay: 'signedIn' },
    },
    signedIn: { type: 'final', entry: 'goToGate' },
  },
})
