import { describe, expect, it } from 'vitest'
import { inspect, sanitise } from './inspector'

describe('sanitise: what may leave the page for the inspector window', () => {
  it('masks password keys at any depth and the value of a password field event, and keeps the rest', () => {
    const event = {
      snapshot: { context: { values: { email: 'a@care.org.uk', password: 'hunter22', confirmPassword: '' }, passwordScore: 3 } },
      event: { type: 'FIELD_CHANGED', field: 'password', value: 'typed-secret' },
      other: { type: 'FIELD_CHANGED', field: 'email', value: 'a@care.org.uk' },
    }
    const out = sanitise(event)
    expect(out.snapshot.context.values).toEqual({ email: 'a@care.org.uk', password: '•••', confirmPassword: '' })
    expect(out.snapshot.context.passwordScore).toBe(3)
    expect(out.event.value).toBe('•••')
    expect(out.other.value).toBe('a@care.org.uk')
    expect(event.snapshot.context.values.password).toBe('hunter22')
  })

  it("masks the input of an actor named like a password once its @xstate.actor event is seen, not other actors' input", () => {
    sanitise({ type: '@xstate.actor', name: 'copyPassword', sessionId: 'test:7', rootId: 'test:0' })
    const init = sanitise({ type: '@xstate.event', sessionId: 'test:7', event: { type: 'xstate.init', input: { text: 'hunter22', n: 1 } } })
    expect(init.event.input).toEqual({ text: '•••', n: 1 })
    const other = sanitise({ type: '@xstate.event', sessionId: 'test:8', event: { type: 'xstate.init', input: { text: 'visible' } } })
    expect(other.event.input).toEqual({ text: 'visible' })
  })

  it('is not attached outside a development browser build (vitest loads it as a server module)', () => {
    expect(inspect).toBeUndefined()
  })
})
