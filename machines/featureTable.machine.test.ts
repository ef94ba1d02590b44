import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { featureTableMachine } from './featureTable.machine'
import { featureTableSampleEvents } from './featureTable.samples'
import { allTransitionKeys } from './testing/shadow'
import { planPaths, uncovered } from './testing/tours'

const input = { sector: 'care' as const }

describe('featureTable machine', () => {
  it('starts on the short list; Learn more extends it and Show less shortens it', () => {
    const actor = createActor(featureTableMachine, { input }).start()
    expect(actor.getSnapshot().value).toBe('short')
    actor.send({ type: 'SHOW_MORE' })
    expect(actor.getSnapshot().value).toBe('extended')
    actor.send({ type: 'SHOW_LESS' })
    expect(actor.getSnapshot().value).toBe('short')
  })

  it('resets to the short list when the sector changes, and remembers the sector', () => {
    const actor = createActor(featureTableMachine, { input }).start()
    actor.send({ type: 'SHOW_MORE' })
    actor.send({ type: 'SECTOR_CHANGED', sector: 'housing' })
    expect(actor.getSnapshot().value).toBe('short')
    expect(actor.getSnapshot().context.sector).toBe('housing')
  })

  it('ignores a sector change to the sector already shown', () => {
    const actor = createActor(featureTableMachine, { input }).start()
    actor.send({ type: 'SHOW_MORE' })
    actor.send({ type: 'SECTOR_CHANGED', sector: 'care' })
    expect(actor.getSnapshot().value).toBe('extended')
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(featureTableMachine, { events: featureTableSampleEvents, inputs: [input] })
    expect(uncovered(featureTableMachine, paths)).toEqual({ states: [], transitions: [] })
    expect(allTransitionKeys(featureTableMachine)).toHaveLength(3)
  })
})
