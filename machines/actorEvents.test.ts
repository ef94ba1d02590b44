import { describe, expect, it } from 'vitest'
import { errorOf } from './actorEvents'

describe('errorOf', () => {
  it("reads an actor failure's error, whatever it is", () => {
    const error = new Error('network')
    expect(errorOf({ type: 'xstate.error.actor.load', error } as { type: string; error: unknown })).toBe(error)
    expect(errorOf({ type: 'xstate.error.actor.load', error: null } as { type: string; error: unknown })).toBeNull()
  })

  it('is undefined for an event that carries no error', () => {
    expect(errorOf({ type: 'RETRY' })).toBeUndefined()
    expect(errorOf({ type: 'xstate.done.actor.load', output: 1 } as { type: string; output: number })).toBeUndefined()
  })
})
