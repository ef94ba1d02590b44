import type { AnyEventObject } from 'xstate'

/**
 * The samples of machines/accountMenu.machine.ts, kept out of the production module (docs/flows-and-testing.md#the-machine-convention):
 * the events, inputs and data its graph, docs/flows, the path drivers and the machine tests use.
 */

export const accountMenuSampleEvents = [
  { type: 'TOGGLE' },
  { type: 'CLOSE' },
  { type: 'SIGN_OUT' },
  { type: 'xstate.done.actor.signOut', output: { revoked: true } },
  { type: 'xstate.done.actor.signOut', output: { revoked: false } },
  { type: 'xstate.error.actor.signOut', error: new Error('storage unavailable') },
] as const satisfies readonly AnyEventObject[]
