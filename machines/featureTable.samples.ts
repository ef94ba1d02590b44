import type { Sector } from '../src/domain/sectors'
import type { FeatureTableEvent } from './featureTable.machine'

/**
 * The samples of machines/featureTable.machine.ts, kept out of the production module (docs/flows-and-testing.md#the-machine-convention):
 * the events, inputs and data its graph, docs/flows, the path drivers and the machine tests use.
 */

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
