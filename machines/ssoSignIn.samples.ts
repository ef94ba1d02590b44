import type { AnyEventObject } from 'xstate'
import type { SsoSignInInput } from './ssoSignIn.machine'

/** machines/ssoSignIn.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

export const ssoSignInSampleEvents = [
  { type: 'PROVIDER_CHOSEN', provider: 'google' },
  { type: 'xstate.done.actor.startOAuth', output: undefined },
  { type: 'xstate.error.actor.startOAuth', error: { kind: 'auth', code: 'network', message: 'Failed to fetch' } },
  { type: 'xstate.error.actor.startOAuth', error: new Error('Unsupported provider') },
] as const satisfies readonly AnyEventObject[]

export const ssoSignInSampleInputs: SsoSignInInput[] = [
  { origin: 'https://site.example', providerError: null },
  { origin: 'https://site.example', providerError: { code: 'access_denied', description: 'The user denied the request' } },
]
