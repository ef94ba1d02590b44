import type { ContactReferralInput } from './contactReferral.machine'

/** machines/contactReferral.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

/** Sample events for path generation (machines/testing/graph.ts). */
export const contactReferralSampleEvents = [
  { type: 'FIELD_CHANGED', field: 'name', value: 'Jane Smith' },
  { type: 'FIELD_CHANGED', field: 'email', value: 'jane@care.org.uk' },
  { type: 'FIELD_CHANGED', field: 'email', value: 'not-an-email' },
  { type: 'FIELD_CHANGED', field: 'message', value: 'A young person would like to join.' },
  { type: 'PROGRAMME_SELECTED', programme: 'ready4life' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.sendReferral', output: undefined },
  { type: 'xstate.error.actor.sendReferral', error: { kind: 'rate-limited' } },
  { type: 'xstate.error.actor.sendReferral', error: new TypeError('Failed to fetch') },
] as const

/** Input for path generation and the living spec (docs/flows). */
export const contactReferralSampleInput: ContactReferralInput = { to: 'referrals@inspectready.co.uk', brand: 'InspectReady' }
