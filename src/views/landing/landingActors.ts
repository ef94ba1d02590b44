/**
 * Loaded after hydration (useDeferredActor): the landing page's below-the-fold machines with xstate, in a
 * chunk of their own instead of the page's first load.
 */
import { createActor } from 'xstate'
import { CAROUSEL_LOOP_MS, carouselMachine } from '../../../machines/carousel.machine'
import { featureTableMachine } from '../../../machines/featureTable.machine'
import { inspect } from '../../devtools/inspector'
import type { Sector } from '../../domain/sectors'

export { CAROUSEL_LOOP_MS }

export function startFeatureTable(sector: Sector) {
  return createActor(featureTableMachine, { input: { sector }, inspect }).start()
}

export type CarouselAnimation = Parameters<typeof carouselMachine.provide>[0]['actions']

export function startCarousel(actions: CarouselAnimation) {
  return createActor(carouselMachine.provide({ actions }), { inspect }).start()
}
