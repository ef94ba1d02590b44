import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { authFailureKind, type BackendFailure, errorMessage, isBackendFailure } from '../src/domain/authErrors'
import {
  type CompleteSignupPayload,
  completeSignupPayload,
  confirmationRedirect,
  EMPTY_SIGNUP,
  parseSignup,
  SIGNUP_TOASTS,
  type SignupField,
  type SignupMetadata,
  type SignupValues,
  signupMetadata,
  signupProblem,
  type Toast,
} from '../src/domain/signup'

/**
 * Sign-up (spec sections 2, 4, 5, 7 and 8). Two parallel regions:
 * - `form`: editing -> validating (every refusal its own transition and toast) -> submitting (auth sign-up)
 *   -> completing (function complete-user-signup) -> confirmed (redirect after 1 s) or awaitingEmail
 *   (form cleared). Every failure returns to editing with the values kept, so nothing typed is lost.
 * - `copy`: the copy-password action and its 2-second 'Password copied!' indicator.
 * Side effects (toasts, redirect, clipboard, backend) are named and provided by the view.
 */
export interface SignUpInput {
  email: string
  password: string
  emailRedirectTo: string
  metadata: SignupMetadata
}
/** What the auth sign-up returns: the new user's id (null when none came back) and whether it is confirmed. */
export interface SignUpOutput {
  userId: string | null
  emailConfirmed: boolean
}
export interface CompleteSignupOutput {
  success: boolean
}

export interface SignupContext {
  values: SignupValues
  /** Site origin for the confirmation link's redirect (the view passes window.location.origin). */
  origin: string
  userId: string | null
  emailConfirmed: boolean
  /** The address the confirmation e-mail went to, shown after the form is cleared. */
  sentTo: string
}

export type SignupEvent =
  | { type: 'FIELD_CHANGED'; field: SignupField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'COPY_PASSWORD' }
  | { type: 'START_OVER' }
  | { type: 'xstate.done.actor.signUp'; output: SignUpOutput }
  | { type: 'xstate.error.actor.signUp'; error: unknown }
  | { type: 'xstate.done.actor.completeSignup'; output: CompleteSignupOutput }
  | { type: 'xstate.error.actor.completeSignup'; error: unknown }
  | { type: 'xstate.done.actor.copyPassword'; output: undefined }
  | { type: 'xstate.error.actor.copyPassword'; error: unknown }
  | { type: 'xstate.after.redirectDelay.signup.form.confirmed' }
  | { type: 'xstate.after.copiedDelay.signup.copy.copied' }

const problem = (context: SignupContext) => signupProblem(context.values)

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as { origin: string },
  },
  actions: {
    notify: (_, _params: Toast) => {},
    redirectToApp: () => {},
    assignField: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'FIELD_CHANGED')
        return { ...context.values, [event.field]: event.value }
      },
    }),
    assignSignUpResult: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.signUp')
      return { userId: event.output.userId, emailConfirmed: event.output.emailConfirmed }
    }),
    clearForm: assign(({ context }) => ({ values: EMPTY_SIGNUP, sentTo: context.values.email.trim() })),
  },
  actors: {
    signUp: fromPromise<SignUpOutput, SignUpInput>(() => Promise.reject(new Error('signUp not provided'))),
    completeSignup: fromPromise<CompleteSignupOutput, CompleteSignupPayload>(() =>
      Promise.reject(new Error('completeSignup not provided')),
    ),
    copyPassword: fromPromise<void, { text: string }>(() => Promise.reject(new Error('clipboard not provided'))),
  },
  guards: {
    hasMissingFields: ({ context }) => problem(context) === 'missingFields',
    isPasswordTooShort: ({ context }) => problem(context) === 'passwordTooShort',
    isConsumerEmail: ({ context }) => problem(context) === 'workEmailRequired',
    isInvalidEmail: ({ context }) => problem(context) === 'invalidEmail',
    isInvalidStaffCount: ({ context }) => problem(context) === 'invalidStaffCount',
    hasNoUserId: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.signUp')
      return !event.output.userId
    },
    isAlreadyRegistered: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.signUp')
      return isBackendFailure(event.error, 'auth') && authFailureKind(event.error) === 'alreadyRegistered'
    },
    isAuthFailure: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.signUp')
      return isBackendFailure(event.error, 'auth')
    },
    isSetupSuccessfulAndConfirmed: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.completeSignup')
      return event.output.success && context.emailConfirmed
    },
    isSetupSuccessful: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.completeSignup')
      return event.output.success
    },
    isSetupFailure: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.completeSignup')
      return isBackendFailure(event.error, 'setup')
    },
    hasPassword: ({ context }) => context.values.password !== '',
  },
  delays: {
    /** Spec section 9: redirect 1 second after a confirmed sign-up. */
    redirectDelay: 1000,
    /** Spec section 9: the copy confirmation shows for 2 seconds. */
    copiedDelay: 2000,
  },
}).createMachine({
  id: 'signup',
  type: 'parallel',
  context: ({ input }) => ({ values: EMPTY_SIGNUP, origin: input.origin, userId: null, emailConfirmed: false, sentTo: '' }),
  states: {
    form: {
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
            {
              guard: 'hasMissingFields',
              target: 'editing',
              actions: { type: 'notify', params: SIGNUP_TOASTS.missingFields },
            },
            {
              guard: 'isPasswordTooShort',
              target: 'editing',
              actions: { type: 'notify', params: SIGNUP_TOASTS.passwordTooShort },
            },
            {
              guard: 'isConsumerEmail',
              target: 'editing',
              actions: { type: 'notify', params: SIGNUP_TOASTS.workEmailRequired },
            },
            {
              guard: 'isInvalidEmail',
              target: 'editing',
              actions: { type: 'notify', params: SIGNUP_TOASTS.invalidEmail },
            },
            {
              guard: 'isInvalidStaffCount',
              target: 'editing',
              actions: { type: 'notify', params: SIGNUP_TOASTS.invalidStaffCount },
            },
            { target: 'submitting' },
          ],
        },
        submitting: {
          invoke: {
            id: 'signUp',
            src: 'signUp',
            input: ({ context }) => {
              const data = parseSignup(context.values)
              return {
                email: data.email,
                password: data.password,
                emailRedirectTo: confirmationRedirect(context.origin),
                metadata: signupMetadata(data),
              }
            },
            onDone: [
              {
                guard: 'hasNoUserId',
                target: 'editing',
                actions: { type: 'notify', params: SIGNUP_TOASTS.signupIncomplete },
              },
              { target: 'completing', actions: 'assignSignUpResult' },
            ],
            onError: [
              {
                guard: 'isAlreadyRegistered',
                target: 'editing',
                actions: { type: 'notify', params: SIGNUP_TOASTS.accountExists },
              },
              {
                guard: 'isAuthFailure',
                target: 'editing',
                actions: {
                  type: 'notify',
                  params: ({ event }) => SIGNUP_TOASTS.signUpFailed((event.error as BackendFailure).message),
                },
              },
              {
                target: 'editing',
                actions: { type: 'notify', params: ({ event }) => SIGNUP_TOASTS.unexpected(errorMessage(event.error)) },
              },
            ],
          },
        },
        completing: {
          invoke: {
            id: 'completeSignup',
            src: 'completeSignup',
            input: ({ context }) => {
              const data = parseSignup(context.values)
              return completeSignupPayload(context.userId ?? '', data.email, data)
            },
            onDone: [
              { guard: 'isSetupSuccessfulAndConfirmed', target: 'confirmed' },
              { guard: 'isSetupSuccessful', target: 'awaitingEmail' },
              {
                target: 'editing',
                actions: { type: 'notify', params: SIGNUP_TOASTS.setupIncomplete },
              },
            ],
            onError: [
              {
                guard: 'isSetupFailure',
                target: 'editing',
                actions: {
                  type: 'notify',
                  params: ({ event }) => SIGNUP_TOASTS.setupFailed((event.error as BackendFailure).message),
                },
              },
              {
                target: 'editing',
                actions: { type: 'notify', params: ({ event }) => SIGNUP_TOASTS.unexpected(errorMessage(event.error)) },
              },
            ],
          },
        },
        confirmed: {
          entry: { type: 'notify', params: SIGNUP_TOASTS.accountCreatedConfirmed },
          after: { redirectDelay: 'redirecting' },
        },
        redirecting: {
          entry: 'redirectToApp',
          type: 'final',
        },
        awaitingEmail: {
          entry: ['clearForm', { type: 'notify', params: SIGNUP_TOASTS.accountCreatedCheckEmail }],
          on: {
            FIELD_CHANGED: { target: 'editing', actions: 'assignField' },
            START_OVER: 'editing',
          },
        },
      },
    },
    copy: {
      initial: 'idle',
      states: {
        idle: {
          on: { COPY_PASSWORD: { guard: 'hasPassword', target: 'copying' } },
        },
        copying: {
          invoke: {
            id: 'copyPassword',
            src: 'copyPassword',
            input: ({ context }) => ({ text: context.values.password }),
            onDone: 'copied',
            onError: { target: 'idle', actions: { type: 'notify', params: SIGNUP_TOASTS.copyFailed } },
          },
        },
        copied: {
          after: { copiedDelay: 'idle' },
          on: { COPY_PASSWORD: { guard: 'hasPassword', target: 'copying', reenter: true } },
        },
      },
    },
  },
})
