import type { AnyEventObject } from 'xstate'

/** machines/accountMenu.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

export const accountMenuSampleEvents = [
  { type: 'TOGGLE' },
  { type: 'CLOSE' },
  { type: 'SIGN_OUT' },
  { type: 'xstate.done.actor.signOut', output: { revoked: true } },
  { type: 'xstate.done.actor.signOut', output: { revoked: false } },
  { type: 'xstate.error.actor.signOut', error: new Error('storage unavailable') },
] as const satisfies readonly AnyEventObject[]
