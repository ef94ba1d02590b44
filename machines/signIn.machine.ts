import { type AnyEventObject, assertEvent, assign, fromPromise, setup } from 'xstate'
import { errorOf } from './actorEvents'
import { authFailureKind } from '../src/domain/authErrors'
import {
  EMPTY_SIGN_IN,
  type SignInFailure,
  type SignInProblem,
  type SignInValues,
  signInProblem,
} from '../src/domain/account'

/**
 * Sign-in with e-mail and password at /auth (issue 15): editing -> validating (an empty or malformed field is
 * named at the field, nothing is sent) -> signingIn (the password grant through supabase-js) -> signedIn, which
 * hands over to the onboarding gate (/onboarding decides: SSO profile dialog, setup wizard or /account).
 * Failures return to editing with what was typed kept, each with its own message: a wrong e-mail OR password
 * (one message for both, so the page never tells whether an account exists), too many attempts (429), the server
 * unreachable, anything else. An unconfirmed e-mail (told only after the password matched, as GoTrue does) goes to
 * `unconfirmed`, where the page offers to resend the confirmation e-mail (the resendConfirmation machine).
 */
export type SignInField = keyof SignInValues

export interface SignInContext {
  values: SignInValues
  /** The field problem found by the last submit (shown at the field), or null. */
  problem: SignInProblem | null
  /** How the last attempt failed, or null. */
  failure: SignInFailure | null
  /** The server's words, for an unexpected failure only. */
  detail: string
}

export interface SignInInput {
  email: string
  password: string
}

export type SignInEvent =
  | { type: 'FIELD_CHANGED'; field: SignInField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'xstate.done.actor.signIn'; output: { userId: string } }
  | { type: 'xstate.error.actor.signIn'; error: unknown }

const kindOf = (event: AnyEventObject) => authFailureKind(errorOf(event))

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
  },
  actions: {
    /** Client-side navigation to the onboarding gate (/onboarding). */
    goToGate: () => {},
    assignField: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'FIELD_CHANGED')
        return { ...context.values, [event.field]: event.value }
      },
      problem: null,
    }),
    assignProblem: assign({ problem: ({ context }) => signInProblem(context.values), failure: null }),
    clearOutcome: assign({ problem: null, failure: null, detail: '' }),
    assignFailure: assign((_, params: { failure: SignInFailure }) => ({ failure: params.failure })),
    assignUnexpected: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.signIn')
      const message = (event.error as { message?: unknown } | null)?.message
      return { failure: 'unexpected' as const, detail: typeof message === 'string' ? message.slice(0, 300) : '' }
    }),
  },
  actors: {
    /** supabase-js signInWithPassword; resolves with the user id, throws a BackendFailure. */
    signIn: fromPromise<{ userId: string }, SignInInput>(() => Promise.reject(new Error('signIn not provided'))),
  },
  guards: {
    hasProblem: ({ context }) => signInProblem(context.values) !== null,
    isInvalidCredentials: ({ event }) => kindOf(event) === 'invalidCredentials',
    isEmailNotConfirmed: ({ event }) => kindOf(event) === 'emailNotConfirmed',
    isRateLimited: ({ event }) => kindOf(event) === 'rateLimited',
    isNetworkFailure: ({ event }) => kindOf(event) === 'network',
  },
}).createMachine({
  id: 'signIn',
  context: { values: EMPTY_SIGN_IN, problem: null, failure: null, detail: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        FIELD_CHANGED: { actions: 'assignField' },
        SUBMIT: 'validating',
      },
    },
    validating: {
      always: [
        { guard: 'hasProblem', target: 'editing', actions: 'assignProblem' },
        { target: 'signingIn', actions: 'clearOutcome' },
      ],
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.values.email.trim(), password: context.values.password }),
        onDone: 'signedIn',
        onError: [
          { guard: 'isInvalidCredentials', target: 'editing', actions: { type: 'assignFailure', params: { failure: 'invalidCredentials' } } },
          { guard: 'isEmailNotConfirmed', target: 'unconfirmed' },
          { guard: 'isRateLimited', target: 'editing', actions: { type: 'assignFailure', params: { failure: 'rateLimited' } } },
          { guard: 'isNetworkFailure', target: 'editing', actions: { type: 'assignFailure', params: { failure: 'network' } } },
          { target: 'editing', actions: 'assignUnexpected' },
        ],
      },
    },
    /** The password matched but the e-mail is not confirmed yet: the page offers 'Resend confirmation e-mail'. */
    unconfirmed: {
      on: {
        FIELD_CHANGED: { target: 'editing', actions: 'assignField' },
        SUBMIT: 'validating',
      },
    },
    signedIn: { type: 'final', entry: 'goToGate' },
  },
})
