import { createInspector } from '@statelyai/inspect'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { signupMachine } from '../../machines/signup.machine'
import { sanitise } from './inspector'

const SECRET = 'Tr0ub4dor&3-secret'

// sanitise on hand-made objects: sanitise.test.ts. Here: a real sign-up actor through @statelyai/inspect's own
// pipeline (createInspector with sanitise as serialize, as load() in inspector.ts sets it up).
describe('sanitise (what the Stately inspector receives)', () => {
  it('no inspection event of a real sign-up run (typing, submit, copy password) carries the password', async () => {
    const sent: unknown[] = []
    const inspector = createInspector({ send: (event: unknown) => void sent.push(event), start() {}, stop() {} } as never, {
      serialize: (event) => sanitise(event),
    })
    const actor = createActor(
      signupMachine.provide({
        actions: { notify: () => {}, redirect: () => {} } as never,
        actors: {
          signUp: fromPromise(async () => ({ userId: '00000000-0000-4000-8000-000000000001', emailConfirmed: false })),
          completeSignup: fromPromise(async () => ({ success: true })),
          copyPassword: fromPromise(async () => undefined),
        } as never,
      }),
      { input: { origin: 'https://site.example' }, inspect: inspector.inspect },
    )
    actor.start()
    // Typed one character at a time, as the field sends it.
    for (let i = 1; i <= SECRET.length; i++) actor.send({ type: 'FIELD_CHANGED', field: 'password', value: SECRET.slice(0, i) })
    for (const [field, value] of [['firstName', 'Ada'], ['lastName', 'Lovelace'], ['email', 'ada@carehome.co.uk'], ['company', 'Sunrise Care'], ['phone', '07700 900123'], ['sector', 'care'], ['staffCount', '12']] as const) {
      actor.send({ type: 'FIELD_CHANGED', field, value })
    }
    actor.send({ type: 'COPY_PASSWORD' })
    actor.send({ type: 'SUBMIT' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    actor.stop()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const text = JSON.stringify(sent)
    expect(sent.length).toBeGreaterThan(20)
    // The other fields did reach the inspector (it is useful), the password did not.
    expect(text).toContain('Sunrise Care')
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain(SECRET.slice(0, 8))
  })
})
