import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { CAROUSEL_LOOP_MS, carouselMachine } from './carousel.machine'
import { carouselSampleEvents } from './carousel.samples'
import { planPaths, uncovered } from './testing/tours'

function run() {
  const calls: string[] = []
  const actor = createActor(
    carouselMachine.provide({
      actions: {
        playAnimation: () => calls.push('play'),
        setLoopDuration: (_, p) => calls.push(`loop:${p.loopMs}`),
        pauseAnimation: () => calls.push('pause'),
        stopAnimation: () => calls.push('stop'),
      },
    }),
  ).start()
  return { actor, calls }
}

describe('carousel machine', () => {
  it('waits (no animation, as on the server) until the motion preference is known', () => {
    const { actor, calls } = run()
    expect(actor.getSnapshot().value).toBe('waiting')
    actor.send({ type: 'HOVER_STARTED' })
    actor.send({ type: 'VISIBILITY_CHANGED', hidden: true })
    expect(actor.getSnapshot().value).toBe('waiting')
    expect(calls).toEqual([])
    actor.send({ type: 'MOTION_PREFERENCE_CHANGED', reduce: false })
    expect(actor.getSnapshot().value).toBe('paused')
  })

  it('loops in 120 s normally and 300 s while hovered', () => {
    const { actor, calls } = run()
    actor.send({ type: 'MOTION_PREFERENCE_CHANGED', reduce: false })
    expect(actor.getSnapshot().value).toEqual({ moving: 'normal' })
    expect(calls).toEqual(['play', `loop:${CAROUSEL_LOOP_MS.normal}`])
    actor.send({ type: 'HOVER_STARTED' })
    expect(actor.getSnapshot().value).toEqual({ moving: 'slowed' })
    expect(calls.at(-1)).toBe('loop:300000')
    actor.send({ type: 'HOVER_ENDED' })
    expect(calls.at(-1)).toBe('loop:120000')
    expect(CAROUSEL_LOOP_MS).toEqual({ normal: 120_000, hovered: 300_000 })
  })

  it('is still under reduced motion, and moves again when motion is allowed', () => {
    const { actor, calls } = run()
    actor.send({ type: 'MOTION_PREFERENCE_CHANGED', reduce: true })
    expect(actor.getSnapshot().value).toBe('still')
    expect(calls).toEqual(['stop'])
    actor.send({ type: 'HOVER_STARTED' })
    actor.send({ type: 'VISIBILITY_CHANGED', hidden: true })
    actor.send({ type: 'VISIBILITY_CHANGED', hidden: false })
    expect(actor.getSnapshot().value).toBe('still')
    actor.send({ type: 'MOTION_PREFERENCE_CHANGED', reduce: false })
    // The pointer is still over the carousel, so it resumes at the slow speed.
    expect(actor.getSnapshot().value).toEqual({ moving: 'slowed' })
  })

  it('pauses while the tab is hidden and resumes where it was', () => {
    const { actor, calls } = run()
    actor.send({ type: 'MOTION_PREFERENCE_CHANGED', reduce: false })
    actor.send({ type: 'VISIBILITY_CHANGED', hidden: true })
    expect(actor.getSnapshot().value).toBe('paused')
    expect(calls.at(-1)).toBe('pause')
    actor.send({ type: 'VISIBILITY_CHANGED', hidden: false })
    expect(actor.getSnapshot().value).toEqual({ moving: 'normal' })
    expect(calls.slice(-2)).toEqual(['play', 'loop:120000'])
  })

  it('does not restart the animation when a repeated preference arrives', () => {
    const { actor, calls } = run()
    actor.send({ type: 'MOTION_PREFERENCE_CHANGED', reduce: false })
    const before = calls.length
    actor.send({ type: 'MOTION_PREFERENCE_CHANGED', reduce: false })
    actor.send({ type: 'VISIBILITY_CHANGED', hidden: false })
    expect(calls.length).toBe(before)
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(carouselMachine, { events: carouselSampleEvents })
    expect(uncovered(carouselMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
