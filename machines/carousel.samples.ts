import type { CarouselEvent } from './carousel.machine'

/**
 * The samples of machines/carousel.machine.ts, kept out of the production module (docs/flows-and-testing.md#the-machine-convention):
 * the events, inputs and data its graph, docs/flows, the path drivers and the machine tests use.
 */

export const carouselSampleEvents: CarouselEvent[] = [
  { type: 'MOTION_PREFERENCE_CHANGED', reduce: false },
  { type: 'MOTION_PREFERENCE_CHANGED', reduce: true },
  { type: 'VISIBILITY_CHANGED', hidden: true },
  { type: 'VISIBILITY_CHANGED', hidden: false },
  { type: 'HOVER_STARTED' },
  { type: 'HOVER_ENDED' },
]
