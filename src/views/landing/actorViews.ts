import type { SnapshotFrom } from 'xstate'
import type { carouselMachine } from '../../../machines/carousel.machine'
import type { featureTableMachine } from '../../../machines/featureTable.machine'

/**
 * What the landing page's deferred sections read from their machines (see useDeferredActor), and what they
 * show before the actors start: the machines' initial states, as the server rendered them
 * (actorViews.test.ts checks both against the machines). Types only from xstate: no runtime import here.
 */
export const featureTableExtended = (snapshot: SnapshotFrom<typeof featureTableMachine>): boolean => snapshot.matches('extended')
export const FEATURE_TABLE_INITIAL = false

/** The carousel's states the page names in the viewport's data-state ('moving' for any moving sub-state). */
const CAROUSEL_STATES = ['waiting', 'still', 'paused', 'moving'] as const

export interface CarouselView {
  still: boolean
  /** data-state of the viewport: the carousel state it is in. */
  state: (typeof CAROUSEL_STATES)[number]
}
export const carouselView = (snapshot: SnapshotFrom<typeof carouselMachine>): CarouselView => ({
  still: snapshot.matches('still'),
  // `deciding` passes within the step that enters it: the carousel still waits.
  state: CAROUSEL_STATES.find((state) => snapshot.matches(state)) ?? 'waiting',
})
export const CAROUSEL_INITIAL: CarouselView = { still: false, state: 'waiting' }
export const sameCarouselView = (a: CarouselView, b: CarouselView) => a.still === b.still && a.state === b.state
