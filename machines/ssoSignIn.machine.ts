import { type AnyEventObject, assertEvent, assign, fromPromise, setup } from 'xstate'
import { type SsoProvider, ssoRedirect } from '../src/domain/account'
import { authFailureKind } from '../src/domain/authErrors'

/**
 * 'Continue with Google / LinkedIn / Apple / Facebook' on both /auth forms (issue 15, item 3). Choosing a provider
 * starts supabase-js signInWithOAuth (PKCE: the verifier stays in this browser) and the browser leaves for the
 * provider, which sends the person back to /onboarding, where the gate exchanges the code. When the provider
 * refuses or the person cancels, the gate brings them back to /auth with the provider's error, and the view sends
 * ARRIVED with it: `providerError` explains it in plain words. Starting the redirect can fail too (the network,
 * a provider switched off): `failed`, with the buttons ready again.
 */
export interface SsoSignInContext {
  origin: string
  provider: SsoProvider | null
  /** The provider's error code and description when it sent the person back with one. */
  error: { code: string; description: string } | null
  failure: 'network' | 'unexpected' | null
}

export type SsoSignInEvent =
  | { type: 'ARRIVED'; error: string; description: string }
  | { type: 'PROVIDER_CHOSEN'; provider: SsoProvider }
  | { type: 'xstate.done.actor.startOAuth'; output: undefined }
  | { type: 'xstate.error.actor.startOAuth'; error: unknown }

export const ssoSignInMachine = setup({
  types: {
    context: {} as SsoSignInContext,
    events: {} as SsoSignInEvent,
    input: {} as { origin: string },
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
    }),
    assignError: assign({
      error: ({ event }) => {
        assertEvent(event, 'ARRIVED')
        return { code: event.error.slice(0, 100), description: event.description.slice(0, 300) }
      },
    }),
    assignFailure: assign({
      failure: ({ event }) => (authFailureKind((event as { error?: unknown }).error) === 'network' ? 'network' : 'unexpected'),
    }),
  },
  actors: {
    /** supabase-js signInWithOAuth({ provider, options: { redirectTo } }): resolves as the browser leaves. */
    startOAuth: fromPromise<void, { provider: SsoProvider; redirectTo: string }>(() => Promise.reject(new Error('startOAuth not provided'))),
  },
  guards: {
    hasProviderError: ({ event }) => {
      assertEvent(event, 'ARRIVED')
      return event.error !== ''
    },
  },
}).createMachine({
  id: 'ssoSignIn',
  context: ({ input }) => ({ origin: input.origin, provider: null, error: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        ARRIVED: { guard: 'hasProviderError', target: 'providerError', actions: 'assignError' },
        PROVIDER_CHOSEN: { target: 'redirecting', actions: 'assignProvider' },
      },
    },
    providerError: {
      entry: 'clearUrl',
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

export const ssoSignInSampleEvents = [
  { type: 'ARRIVED', error: 'access_denied', description: 'The user denied the request' },
  { type: 'ARRIVED', error: '', description: '' },
  { type: 'PROVIDER_CHOSEN', provider: 'google' },
  { type: 'xstate.done.actor.startOAuth', output: undefined },
  { type: 'xstate.error.actor.startOAuth', error: { kind: 'auth', code: 'network', message: 'Failed to fetch' } },
  { type: 'xstate.error.actor.startOAuth', error: new Error('Unsupported provider') },
] as const satisfies readonly AnyEventObject[]

export const ssoSignInSampleInput = { origin: 'https://site.example' }
