import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { carouselMachine } from '../../../machines/carousel.machine'
import { featureTableMachine } from '../../../machines/featureTable.machine'
import { SECTORS } from '../../domain/sectors'
import { CAROUSEL_INITIAL, carouselView, FEATURE_TABLE_INITIAL, featureTableExtended, sameCarouselView } from './actorViews'

// The deferred sections show these values until their actors start; they must be what the machines start in,
// or the page would change under the reader (and differ from the server's HTML) when the actor arrives.
describe('deferred landing sections before their actors start', () => {
  it('the feature table shows the short list, as its machine starts for every sector', () => {
    for (const sector of SECTORS) {
      const snapshot = createActor(featureTableMachine, { input: { sector } }).getSnapshot()
      expect(featureTableExtended(snapshot)).toBe(FEATURE_TABLE_INITIAL)
    }
  })

  it('the carousel waits, not still, as its machine starts', () => {
    expect(carouselView(createActor(carouselMachine).getSnapshot())).toEqual(CAROUSEL_INITIAL)
  })

  it('the selectors follow the machines after events', () => {
    const table = createActor(featureTableMachine, { input: { sector: 'care' } }).start()
    table.send({ type: 'SHOW_MORE' })
    expect(featureTableExtended(table.getSnapshot())).toBe(true)
    const carousel = createActor(carouselMachine).start()
    carousel.send({ type: 'MOTION_PREFERENCE_CHANGED', reduce: true })
    expect(carouselView(carousel.getSnapshot())).toEqual({ still: true, state: 'still' })
    carousel.send({ type: 'MOTION_PREFERENCE_CHANGED', reduce: false })
    expect(carouselView(carousel.getSnapshot()).state).toBe('moving')
  })

  it('compares carousel views by value', () => {
    expect(sameCarouselView({ still: false, state: 'moving' }, { still: false, state: 'moving' })).toBe(true)
    expect(sameCarouselView({ still: false, state: 'moving' }, { still: false, state: 'paused' })).toBe(false)
    expect(sameCarouselView({ still: true, state: 'still' }, { still: false, state: 'still' })).toBe(false)
  })
})
