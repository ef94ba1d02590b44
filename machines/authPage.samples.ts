import type { AnyEventObject } from 'xstate'

/** machines/authPage.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

export const authPageSampleInput = { origin: 'https://site.example' }

export const authPageSampleEvents = [
  { type: 'ARRIVED', arrival: {} },
  { type: 'ARRIVED', arrival: { mode: 'signup' } },
  { type: 'ARRIVED', arrival: { mode: 'reset' } },
  { type: 'ARRIVED', arrival: { type: 'signup' } },
  { type: 'ARRIVED', arrival: { type: 'recovery', code: 'c0de' } },
  { type: 'ARRIVED', arrival: { sso_error: 'access_denied', sso_error_description: 'The user denied the request' } },
  { type: 'MODE_CHANGED', mode: 'signin' },
  { type: 'MODE_CHANGED', mode: 'signup' },
  { type: 'MODE_CHANGED', mode: 'reset' },
  { type: 'xstate.done.actor.confirmation', output: undefined },
] as const satisfies readonly AnyEventObject[]
