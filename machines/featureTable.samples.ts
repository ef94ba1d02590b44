import type { Sector } from '../src/domain/sectors'
import type { FeatureTableEvent } from './featureTable.machine'

/** machines/featureTable.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

/**
 * Sample events for path generation. The planner prefers earlier events among equally new ones: sector changes
 * come before SHOW_LESS, so the tour changes sector from the extended list (the reset a visitor sees).
 */
export const featureTableSampleEvents: FeatureTableEvent[] = [
  { type: 'SHOW_MORE' },
  { type: 'SECTOR_CHANGED', sector: 'education' },
  { type: 'SECTOR_CHANGED', sector: 'care' },
  { type: 'SHOW_LESS' },
]

/** Input for path generation and the living spec (docs/flows). */
export const featureTableSampleInput: { sector: Sector } = { sector: 'care' }
