import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { reduceMotionMachine } from './reduceMotion.machine'
import { reduceMotionSampleEvents } from './reduceMotion.samples'
import { planPaths, uncovered } from './testing/tours'

function run(input: { stored: boolean | null; system: boolean }) {
  const calls: string[] = []
  const actor = createActor(
    reduceMotionMachine.provide({
      actions: {
        persistSetting: (_, p) => calls.push(`persist:${p.value}`),
        applyRootClass: (_, p) => calls.push(`class:${p.reduce}`),
        announceChange: (_, p) => calls.push(`event:${p.reduce}`),
      },
    }),
    { input },
  )
  actor.start()
  return { actor, calls }
}

describe('reduceMotion machine', () => {
  it('is reduced when the system prefers it and nothing is stored', () => {
    const { actor, calls } = run({ stored: null, system: true })
    expect(actor.getSnapshot().value).toBe('reduced')
    expect(calls).toEqual(['class:true', 'event:true'])
  })

  it('is reduced when the stored setting is true even if the system does not ask', () => {
    expect(run({ stored: true, system: false }).actor.getSnapshot().value).toBe('reduced')
  })

  it('lets an explicit stored false turn motion back on', () => {
    expect(run({ stored: false, system: true }).actor.getSnapshot().value).toBe('full')
  })

  it('follows a setting stored in another tab, and its removal', () => {
    const { actor } = run({ stored: null, system: false })
    actor.send({ type: 'STORED_SETTING_CHANGED', value: true })
    expect(actor.getSnapshot().value).toBe('reduced')
    expect(actor.getSnapshot().context.stored).toBe(true)
    actor.send({ type: 'STORED_SETTING_CHANGED', value: null })
    expect(actor.getSnapshot().value).toBe('full')
    expect(actor.getSnapshot().context.stored).toBeNull()
  })

  it('toggling stores the new value, sets the class and announces it', () => {
    const { actor, calls } = run({ stored: null, system: false })
    calls.length = 0
    actor.send({ type: 'TOGGLE' })
    expect(actor.getSnapshot().value).toBe('reduced')
    expect(actor.getSnapshot().context.stored).toBe(true)
    expect(calls).toEqual(['persist:true', 'class:true', 'event:true'])
    actor.send({ type: 'TOGGLE' })
    expect(actor.getSnapshot().value).toBe('full')
    expect(calls.slice(-3)).toEqual(['persist:false', 'class:false', 'event:false'])
  })

  it('follows a system change while nothing is stored, and a storage change from another tab', () => {
    const { actor } = run({ stored: null, system: false })
    actor.send({ type: 'SYSTEM_PREFERENCE_CHANGED', reduce: true })
    expect(actor.getSnapshot().value).toBe('reduced')
    actor.send({ type: 'STORED_SETTING_CHANGED', value: false })
    expect(actor.getSnapshot().value).toBe('full')
  })

  it('generated paths reach every state and every transition', () => {
    for (const input of [
      { stored: null, system: false },
      { stored: null, system: true },
    ]) {
      const paths = planPaths(reduceMotionMachine, { events: reduceMotionSampleEvents, inputs: [input] })
      expect(uncovered(reduceMotionMachine, paths)).toEqual({ states: [], transitions: [] })
    }
  })
})
