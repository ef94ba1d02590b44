/**
 * Loaded after hydration (useDeferredActor): the landing page's below-the-fold machines with xstate, in a
 * chunk of their own instead of the page's first load.
 */
import { createActor, type InspectionEvent, type Observer } from 'xstate'
import { CAROUSEL_LOOP_MS, carouselMachine } from '../../../machines/carousel.machine'
import { featureTableMachine } from '../../../machines/featureTable.machine'
import type { Sector } from '../../domain/sectors'

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined

export { CAROUSEL_LOOP_MS }

export function startFeatureTable(sector: Sector, inspect: Inspect) {
  return createActor(featureTableMachine, { input: { sector }, inspect }).start()
}

export type CarouselAnimation = Parameters<typeof carouselMachine.provide>[0]['actions']

export function startCarousel(actions: CarouselAnimation, inspect: Inspect) {
  return createActor(carouselMachine.provide({ actions }), { inspect }).start()
}
