import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { errorOf } from './actorEvents'
import { SSO_START_MESSAGES, type SsoProvider, ssoErrorMessage, ssoRedirect } from '../src/domain/account'
import { authFailureKind } from '../src/domain/authErrors'

/**
 * 'Continue with Google / LinkedIn / Apple / Facebook' on both /auth forms (issue 15, item 3). Choosing a provider
 * starts supabase-js signInWithOAuth (PKCE: the verifier stays in this browser) and the browser leaves for the
 * provider, which sends the person back to /onboarding, where the gate exchanges the code. When the provider
 * refuses or the person cancels, the gate brings them back to /auth with the provider's error, which the page (the
 * authPage machine) hands this flow as input: `providerError` explains it in plain words. Starting the redirect can
 * fail too (the network, a provider switched off): `failed`, with the buttons ready again. What the page says is
 * the machine's `message`.
 */
export interface SsoSignInContext {
  origin: string
  provider: SsoProvider | null
  /** The provider's error code and description when it sent the person back with one. */
  error: { code: string; description: string } | null
  failure: 'network' | 'unexpected' | null
  /** What the page says: the provider's refusal or why the redirect could not start, in plain words. */
  message: string | null
}

export interface SsoSignInInput {
  origin: string
  /** The provider's refusal the onboarding gate forwarded (`sso_error`), or null. */
  providerError: { code: string; description: string } | null
}

export type SsoSignInEvent =
  | { type: 'PROVIDER_CHOSEN'; provider: SsoProvider }
  | { type: 'xstate.done.actor.startOAuth'; output: undefined }
  | { type: 'xstate.error.actor.startOAuth'; error: unknown }

export const ssoSignInMachine = setup({
  types: {
    context: {} as SsoSignInContext,
    events: {} as SsoSignInEvent,
    input: {} as SsoSignInInput,
  },
  actions: {
    /** Remove the provider's error from the address bar once shown. */
    clearUrl: () => {},
    assignProvider: assign({
      provider: ({ event }) => {
        assertEvent(event, 'PROVIDER_CHOSEN')
        return event.provider
      },
      error: null,
      failure: null,
      message: null,
    }),
    assignProviderError: assign(({ context }) => ({
      message: context.error ? ssoErrorMessage(context.error.code, context.error.description) : null,
    })),
    assignFailure: assign(({ event }) => {
      const failure = authFailureKind(errorOf(event)) === 'network' ? ('network' as const) : ('unexpected' as const)
      return { failure, message: SSO_START_MESSAGES[failure] }
    }),
  },
  actors: {
    /** supabase-js signInWithOAuth({ provider, options: { redirectTo } }): resolves as the browser leaves. */
    startOAuth: fromPromise<void, { provider: SsoProvider; redirectTo: string }>(() => Promise.reject(new Error('startOAuth not provided'))),
  },
  guards: {
    hasProviderError: ({ context }) => context.error !== null,
  },
}).createMachine({
  id: 'ssoSignIn',
  context: ({ input }) => ({
    origin: input.origin,
    provider: null,
    error: input.providerError ? { code: input.providerError.code.slice(0, 100), description: input.providerError.description.slice(0, 300) } : null,
    failure: null,
    message: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasProviderError', target: 'providerError' }, { target: 'idle' }],
    },
    idle: {
      on: { PROVIDER_CHOSEN: { target: 'redirecting', actions: 'assignProvider' } },
    },
    providerError: {
      entry: ['assignProviderError', 'clearUrl'],
      on: { PROVIDER_CHOSEN: { target: 'redirecting', actions: 'assignProvider' } },
    },
    redirecting: {
      invoke: {
        id: 'startOAuth',
        src: 'startOAuth',
        input: ({ context }) => ({ provider: context.provider ?? 'google', redirectTo: ssoRedirect(context.origin) }),
        onDone: 'leaving',
        onError: { target: 'failed', actions: 'assignFailure' },
      },
    },
    /** The browser is on its way to the provider. */
    leaving: { type: 'final' },
    failed: {
      on: { PROVIDER_CHOSEN: { target: 'redirecting', actions: 'assignProvider' } },
    },
  },
})
