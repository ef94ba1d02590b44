import { describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'

/**
 * Every machine names its backend actors in `setup()` with a stand-in that the view replaces through
 * `.provide()`. A stand-in that is not replaced must fail at once, saying so, so a view that forgets one
 * shows the flow's error branch in development instead of a flow that hangs or carries on as if the backend had
 * said yes.
 */
const machines = Object.entries(import.meta.glob<Record<string, unknown>>('./*.machine.ts', { eager: true })).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, AnyStateMachine] => entry[0].endsWith('Machine') && typeof (entry[1] as AnyStateMachine)?.implementations === 'object')
    .map(([name, machine]) => ({ file, name, machine })),
)

/** The stand-ins: actors that are logic of their own (promise or callback), not child machines. */
function standIns(machine: AnyStateMachine) {
  return Object.entries(machine.implementations.actors as Record<string, { config?: unknown; root?: unknown }>).filter(
    ([, logic]) => typeof logic.config === 'function' && logic.root === undefined,
  ) as [string, { config: (params: object) => unknown }][]
}

/** Stand-ins that stand for something real: what they resolve to, and why. */
const DEFAULTS: Record<string, unknown> = {
  // No answers saved from an earlier visit: the wizard starts empty (what a first visit looks like).
  'setupWizardMachine.savedAnswers': null,
}

describe('actors a view has not provided', () => {
  it('every machine is found', () => {
    expect(machines.length).toBeGreaterThanOrEqual(20)
  })

  for (const { file, name, machine } of machines) {
    const actors = standIns(machine)
    if (actors.length === 0) continue
    it(`${name} (${file}): each promise stand-in rejects at once, saying it was not provided`, async () => {
      for (const [actor, logic] of actors) {
        const noop = () => {}
        const started = logic.config({ input: {}, self: {}, system: {}, signal: new AbortController().signal, emit: noop, sendBack: noop, receive: noop })
        const key = `${name}.${actor}`
        if (key in DEFAULTS) {
          await expect(started, key).resolves.toBe(DEFAULTS[key])
        } else if (started instanceof Promise) {
          await expect(started, key).rejects.toThrow(/ not provided$/)
        } else {
          // A callback stand-in (session events, the motion preference) sends nothing and has nothing to clean up.
          expect(started === undefined || typeof started === 'function', actor).toBe(true)
        }
      }
    })
  }
})
