import type { CarouselEvent } from './carousel.machine'

/** machines/carousel.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

export const carouselSampleEvents: CarouselEvent[] = [
  { type: 'MOTION_PREFERENCE_CHANGED', reduce: false },
  { type: 'MOTION_PREFERENCE_CHANGED', reduce: true },
  { type: 'VISIBILITY_CHANGED', hidden: true },
  { type: 'VISIBILITY_CHANGED', hidden: false },
  { type: 'HOVER_STARTED' },
  { type: 'HOVER_ENDED' },
]
