import { type AnyEventObject, assign, fromCallback, fromPromise, setup } from 'xstate'
import { isConsumerEmail } from '../src/domain/consumerDomains'
import { needsSsoProfile, type ProfileCompletionStatus } from '../src/domain/onboarding'
import { ssoProfileMachine } from './ssoProfile.machine'

/**
 * The /onboarding gate (spec sections 2, 4, 5, 8): check the session; none goes to /. A consumer e-mail is
 * told 'Please use a company email', signed out and sent to /auth?mode=signup. Otherwise the profile
 * completion status decides: required with signup_method sso opens the SSO profile dialog (the child machine
 * `ssoProfile`); anything else, a failed status call included, completes with 'Account setup complete!' and
 * goes to /. Saving the dialog completes the same way; closing it goes to / without the success message (the
 * profile is still incomplete, so claiming "complete" would be untrue). A sign-out at any time goes to /.
 */
export interface SessionInfo {
  userId: string
  email: string
}

export interface OnboardingGateContext {
  session: SessionInfo | null
  provider: string | null
}

export type OnboardingGateEvent = { type: 'SIGNED_OUT' }

export const onboardingGateMachine = setup({
  types: {
    context: {} as OnboardingGateContext,
    events: {} as OnboardingGateEvent,
  },
  actions: {
    /** Client-side navigation to '/'. */
    goHome: () => {},
    /** Client-side navigation to '/auth?mode=signup'. */
    goToSignup: () => {},
    /** Destructive toast 'Please use a company email' / 'Consumer email addresses are not allowed.' */
    notifyConsumerEmail: () => {},
    /** Success toast 'Account setup complete!' */
    notifySetupComplete: () => {},
  },
  actors: {
    /** The current session's user id and e-mail, or null when signed out. */
    getSession: fromPromise<SessionInfo | null>(async () => {
      throw new Error('getSession not provided')
    }),
    /** Sends SIGNED_OUT when the auth state changes to signed out. */
    authListener: fromCallback<OnboardingGateEvent>(() => () => {}),
    signOut: fromPromise<void>(async () => {
      throw new Error('signOut not provided')
    }),
    /** rpc get_profile_completion_status, parsed (JSON or JSON string). */
    getCompletionStatus: fromPromise<ProfileCompletionStatus>(async () => {
      throw new Error('getCompletionStatus not provided')
    }),
    ssoProfile: ssoProfileMachine,
  },
  guards: {
    hasNoSession: ({ event }) => (event as { output?: SessionInfo | null }).output == null,
    isConsumerEmail: ({ event }) => isConsumerEmail((event as { output?: SessionInfo | null }).output?.email ?? ''),
    needsSsoProfile: ({ event }) => {
      const output = (event as { output?: ProfileCompletionStatus }).output
      return output ? needsSsoProfile(output) : false
    },
    wasSaved: ({ event }) => (event as { output?: { saved?: boolean } }).output?.saved === true,
  },
}).createMachine({
  id: 'onboardingGate',
  context: { session: null, provider: null },
  invoke: { id: 'authListener', src: 'authListener' },
  on: { SIGNED_OUT: '.signedOut' },
  initial: 'checkingSession',
  states: {
    checkingSession: {
      invoke: {
        id: 'getSession',
        src: 'getSession',
        onDone: [
          { guard: 'hasNoSession', target: 'signedOut' },
          { guard: 'isConsumerEmail', target: 'rejectingConsumerEmail' },
          { target: 'checkingStatus', actions: assign({ session: ({ event }) => event.output }) },
        ],
        // An unreadable session is no session.
        onError: { target: 'signedOut' },
      },
    },
    rejectingConsumerEmail: {
      entry: 'notifyConsumerEmail',
      // Our own sign-out fires SIGNED_OUT: here it means the sign-out finished, not "go to /".
      on: { SIGNED_OUT: 'consumerEmailRejected' },
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: 'consumerEmailRejected',
        onError: 'consumerEmailRejected',
      },
    },
    checkingStatus: {
      invoke: {
        id: 'getCompletionStatus',
        src: 'getCompletionStatus',
        onDone: [
          {
            guard: 'needsSsoProfile',
            target: 'ssoProfile',
            actions: assign({ provider: ({ event }) => event.output.last_sso_provider }),
          },
          { target: 'complete' },
        ],
        // Spec section 8: a status-call failure silently completes.
        onError: { target: 'complete' },
      },
    },
    ssoProfile: {
      invoke: {
        id: 'ssoProfile',
        src: 'ssoProfile',
        input: ({ context }) => ({ provider: context.provider }),
        onDone: [{ guard: 'wasSaved', target: 'complete' }, { target: 'dismissed' }],
      },
    },
    complete: { type: 'final', entry: ['notifySetupComplete', 'goHome'] },
    dismissed: { type: 'final', entry: 'goHome' },
    consumerEmailRejected: { type: 'final', entry: 'goToSignup' },
    signedOut: { type: 'final', entry: 'goHome' },
  },
})

const session = { userId: '00000000-0000-4000-8000-000000000001', email: 'ada@sunrise-care.co.uk' }

export const onboardingGateSampleEvents = [
  { type: 'SIGNED_OUT' },
  { type: 'xstate.done.actor.getSession', output: null },
  { type: 'xstate.done.actor.getSession', output: { ...session, email: 'ada@gmail.com' } },
  { type: 'xstate.done.actor.getSession', output: session },
  { type: 'xstate.error.actor.getSession', error: { message: 'storage unavailable' } },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: { message: 'network' } },
  {
    type: 'xstate.done.actor.getCompletionStatus',
    output: { profile_completion_required: true, signup_method: 'sso', last_sso_provider: 'google' },
  },
  {
    type: 'xstate.done.actor.getCompletionStatus',
    output: { profile_completion_required: true, signup_method: 'email', last_sso_provider: null },
  },
  { type: 'xstate.error.actor.getCompletionStatus', error: { message: 'network' } },
  { type: 'xstate.done.actor.ssoProfile', output: { saved: true } },
  { type: 'xstate.done.actor.ssoProfile', output: { saved: false } },
] as const satisfies readonly AnyEventObject[]
