import type { AnyEventObject } from 'xstate'

/** machines/ssoProfile.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

export const ssoProfileSampleEvents = [
  { type: 'COMPANY_CHANGED', value: 'A' },
  { type: 'COMPANY_CHANGED', value: '  Sunrise Care  ' },
  { type: 'STAFF_CHANGED', value: '0' },
  { type: 'STAFF_CHANGED', value: '12' },
  { type: 'SUBMIT' },
  { type: 'CLOSE' },
  { type: 'xstate.done.actor.saveProfile', output: { success: true } },
  { type: 'xstate.error.actor.saveProfile', error: { message: 'network' } },
] as const satisfies readonly AnyEventObject[]

/** Input for path generation and the living spec (docs/flows). */
export const ssoProfileSampleInput: { provider: string | null } = { provider: 'google' }
