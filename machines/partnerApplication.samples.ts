import type { PartnerApplicationDraft } from '../src/domain/partnerApplication'

/** machines/partnerApplication.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

/** The view starts the machine with the spec defaults (no draft given). */
export const partnerApplicationSampleInput: { draft?: PartnerApplicationDraft } = {}

/** Sample events for path generation: every event type, invoked-actor results and the delay. */
export const partnerApplicationSampleEvents = [
  { type: 'FIELD_CHANGED', field: 'company', value: 'Acme & Sons "Training" 🎓' },
  { type: 'FIELD_CHANGED', field: 'sites', value: '' },
  { type: 'FIELD_CHANGED', field: 'sites', value: '3' },
  { type: 'COPY' },
  { type: 'xstate.done.actor.copySummary', output: undefined },
  { type: 'xstate.error.actor.copySummary', error: { message: 'Write permission denied.' } },
  { type: 'xstate.after.copiedIndicatorDelay.partnerApplication.copied' },
] as const
