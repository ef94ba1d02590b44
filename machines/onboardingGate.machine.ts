import { type AnyEventObject, assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate'
import { isConsumerEmail } from '../src/domain/consumerDomains'
import { needsSetup, needsSsoProfile, type ProfileCompletionStatus } from '../src/domain/onboarding'
import type { SessionUser } from './session.machine'
import { ssoProfileMachine } from './ssoProfile.machine'

/**
 * The /onboarding gate (spec sections 2, 4, 5, 8; issue 15). The prerendered page starts `arriving`; after mount
 * the view sends ARRIVED with the URL: an SSO provider sends people back here with `?code=` (PKCE), exchanged in
 * `exchangingCode`, or with `?error=` (refused or cancelled), which returns them to /auth with the provider's words.
 * Then the session, as the session machine knows it once settled: none goes to /. A consumer e-mail is told 'Please
 * use a company email', signed out (by the session) and sent to /auth?mode=signup. Otherwise the profile completion status decides: required with signup_method sso opens the SSO
 * profile dialog (the child machine `ssoProfile`); a profile whose setup wizard was never finished goes to the
 * wizard; anything else, a failed status call included, completes with 'Account setup complete!' and goes to the
 * signed-in home, /app. Saving the dialog ('Details saved') goes on to the wizard when setup is owed, else
 * completes; closing it goes to / without the success message (the profile is still incomplete, so claiming
 * "complete" would be untrue). The session ending elsewhere at any time (SIGNED_OUT) goes to /.
 */

/** What the gate reads from its URL after mount. */
export interface GateArrival {
  code?: string
  error?: string
  error_code?: string
  error_description?: string
}

export interface OnboardingGateContext {
  session: SessionUser | null
  provider: string | null
  /** Whether the setup wizard is owed (from the completion status). */
  setupOwed: boolean
  params: GateArrival
}

export type OnboardingGateEvent =
  | { type: 'SIGNED_OUT' }
  | { type: 'ARRIVED'; params: GateArrival }
  | { type: 'xstate.done.actor.exchangeCode'; output: undefined }
  | { type: 'xstate.error.actor.exchangeCode'; error: unknown }
  | { type: 'xstate.done.actor.getSession'; output: SessionUser | null }
  | { type: 'xstate.done.actor.signOut'; output: { revoked: boolean } }
  | { type: 'xstate.error.actor.signOut'; error: unknown }
  | { type: 'xstate.done.actor.getCompletionStatus'; output: ProfileCompletionStatus }
  | { type: 'xstate.error.actor.getCompletionStatus'; error: unknown }
  | { type: 'xstate.done.actor.ssoProfile'; output: { saved: boolean } }

export const onboardingGateMachine = setup({
  types: {
    context: {} as OnboardingGateContext,
    events: {} as OnboardingGateEvent,
  },
  actions: {
    assignParams: assign({
      params: ({ event }) => {
        assertEvent(event, 'ARRIVED')
        return event.params
      },
    }),
    assignSession: assign({
      session: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.getSession')
        return event.output
      },
    }),
    assignSsoProfileOwed: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.getCompletionStatus')
      return { provider: event.output.last_sso_provider, setupOwed: needsSetup(event.output) }
    }),
    /** Client-side navigation to '/'. */
    goHome: () => {},
    /** Client-side navigation to '/auth?mode=signup'. */
    goToSignup: () => {},
    /** Client-side navigation to '/app', the signed-in home (the name is older than /app). */
    goToAccount: () => {},
    /** Client-side navigation to the setup wizard, '/onboarding/setup'. */
    goToSetup: () => {},
    /** Navigation to /auth with the provider's (or the exchange's) error, which the sign-in page explains. */
    returnToSignIn: (_, _params: { error: string; description: string }) => {},
    /** Remove the single-use code or the error from the address bar. */
    clearUrl: () => {},
    /** Destructive toast 'Please use a company email' / 'Consumer email addresses are not allowed.' */
    notifyConsumerEmail: () => {},
    /** Success toast 'Account setup complete!' */
    notifySetupComplete: () => {},
  },
  actors: {
    /** supabase-js exchangeCodeForSession for the provider's PKCE code. */
    exchangeCode: fromPromise<void, { code: string }>(async () => {
      throw new Error('exchangeCode not provided')
    }),
    /** The session machine's user once it knows (null: no session); it never fails (an unreadable session is none). */
    getSession: fromPromise<SessionUser | null>(async () => {
      throw new Error('getSession not provided')
    }),
    /** Sends SIGNED_OUT when the session ends elsewhere (the session machine's SESSION_ENDED). */
    sessionEvents: fromCallback<AnyEventObject>(() => () => {}),
    /** Asks the session to sign this device out. */
    signOut: fromPromise<{ revoked: boolean }>(async () => {
      throw new Error('signOut not provided')
    }),
    /** rpc get_profile_completion_status, parsed (JSON or JSON string). */
    getCompletionStatus: fromPromise<ProfileCompletionStatus>(async () => {
      throw new Error('getCompletionStatus not provided')
    }),
    ssoProfile: ssoProfileMachine,
  },
  guards: {
    hasProviderError: ({ context }) => Boolean(context.params.error || context.params.error_code),
    hasCode: ({ context }) => Boolean(context.params.code),
    hasNoSession: (_, params: { session: SessionUser | null }) => params.session == null,
    isConsumerEmail: (_, params: { session: SessionUser | null }) => isConsumerEmail(params.session?.email ?? ''),
    needsSsoProfile: (_, params: { status: ProfileCompletionStatus }) => needsSsoProfile(params.status),
    needsSetup: (_, params: { status: ProfileCompletionStatus }) => needsSetup(params.status),
    wasSavedAndSetupOwed: ({ context }, params: { saved: boolean }) => params.saved && context.setupOwed,
    wasSaved: (_, params: { saved: boolean }) => params.saved,
  },
}).createMachine({
  id: 'onboardingGate',
  context: { session: null, provider: null, setupOwed: false, params: {} },
  invoke: { id: 'sessionEvents', src: 'sessionEvents' },
  initial: 'arriving',
  states: {
    arriving: {
      tags: ['checking'],
      on: { ARRIVED: { target: 'routing', actions: 'assignParams' } },
    },
    routing: {
      always: [
        { guard: 'hasProviderError', target: 'providerError' },
        { guard: 'hasCode', target: 'exchangingCode' },
        { target: 'checkingSession' },
      ],
    },
    providerError: {
      type: 'final',
      entry: [
        'clearUrl',
        {
          type: 'returnToSignIn',
          params: ({ context }) => ({
            error: context.params.error ?? context.params.error_code ?? 'server_error',
            description: context.params.error_description ?? '',
          }),
        },
      ],
    },
    exchangingCode: {
      tags: ['checking'],
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ context }) => ({ code: context.params.code ?? '' }),
        onDone: { target: 'checkingSession', actions: 'clearUrl' },
        onError: { target: 'exchangeFailed' },
      },
    },
    /** The code was used, expired or opened in another browser: back to sign-in, which explains it. */
    exchangeFailed: {
      type: 'final',
      entry: ['clearUrl', { type: 'returnToSignIn', params: { error: 'exchange_failed', description: '' } }],
    },
    checkingSession: {
      tags: ['checking'],
      invoke: {
        id: 'getSession',
        src: 'getSession',
        onDone: [
          { guard: { type: 'hasNoSession', params: ({ event }) => ({ session: event.output }) }, target: 'signedOut' },
          { guard: { type: 'isConsumerEmail', params: ({ event }) => ({ session: event.output }) }, target: 'rejectingConsumerEmail' },
          { target: 'signedIn', actions: 'assignSession' },
        ],
      },
    },
    rejectingConsumerEmail: {
      entry: 'notifyConsumerEmail',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: 'consumerEmailRejected',
        onError: 'consumerEmailRejected',
      },
    },
    /** The session is known: it ending elsewhere (SIGNED_OUT) sends the person home. */
    signedIn: {
      initial: 'checkingStatus',
      on: { SIGNED_OUT: 'signedOut' },
      states: {
        checkingStatus: {
          tags: ['checking'],
          invoke: {
            id: 'getCompletionStatus',
            src: 'getCompletionStatus',
            onDone: [
              { guard: { type: 'needsSsoProfile', params: ({ event }) => ({ status: event.output }) }, target: 'ssoProfile', actions: 'assignSsoProfileOwed' },
              { guard: { type: 'needsSetup', params: ({ event }) => ({ status: event.output }) }, target: '#onboardingGate.setupNeeded' },
              { target: '#onboardingGate.complete' },
            ],
            // Spec section 8: a status-call failure silently completes.
            onError: { target: '#onboardingGate.complete' },
          },
        },
        ssoProfile: {
          tags: ['dialog'],
          invoke: {
            id: 'ssoProfile',
            src: 'ssoProfile',
            input: ({ context }) => ({ provider: context.provider }),
            onDone: [
              { guard: { type: 'wasSavedAndSetupOwed', params: ({ event }) => ({ saved: event.output?.saved === true }) }, target: '#onboardingGate.setupNeeded' },
              { guard: { type: 'wasSaved', params: ({ event }) => ({ saved: event.output?.saved === true }) }, target: '#onboardingGate.complete' },
              { target: '#onboardingGate.dismissed' },
            ],
          },
        },
      },
    },
    /** Onboarding was never finished: on to the setup wizard. */
    setupNeeded: { type: 'final', entry: 'goToSetup' },
    complete: { type: 'final', entry: ['notifySetupComplete', 'goToAccount'] },
    dismissed: { type: 'final', entry: 'goHome' },
    consumerEmailRejected: { type: 'final', entry: 'goToSignup' },
    signedOut: { type: 'final', entry: 'goHome' },
  },
})
