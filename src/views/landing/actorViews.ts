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

export interface CarouselView {
  still: boolean
  /** data-state of the viewport: 'moving' for any moving sub-state, else the state's name. */
  state: string
}
export const carouselView = (snapshot: SnapshotFrom<typeof carouselMachine>): CarouselView => ({
  still: snapshot.matches('still'),
  state: snapshot.matches('moving') ? 'moving' : String(snapshot.value),
})
export const CAROUSEL_INITIAL: CarouselView = { still: false, state: 'waiting' }
export const sameCarouselView = (a: CarouselView, b: CarouselView) => a.still === b.still && a.state === b.state
