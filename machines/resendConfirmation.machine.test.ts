import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { RESEND_INTERVAL_SECONDS } from '../src/domain/account'
import { type ResendConfirmationInput, resendConfirmationMachine } from './resendConfirmation.machine'
import {
  resendConfirmationSampleEvents,
  resendConfirmationSampleInputs,
  resendConfirmationSerializeState,
} from './resendConfirmation.samples'
import { planPaths, uncovered } from './testing/tours'

function run(input: Partial<ResendConfirmationInput>, resend: () => Promise<void>) {
  const clock = new SimulatedClock()
  const sent: unknown[] = []
  const actor = createActor(
    resendConfirmationMachine.provide({
      actors: {
        resend: fromPromise(async ({ input }) => {
          sent.push(input)
          return resend()
        }),
      },
    }),
    { input: { email: 'ada@sunrise-care.co.uk', origin: 'https://site.example', justSent: false, ...input }, clock },
  )
  actor.start()
  return { actor, clock, sent }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('resend confirmation', () => {
  it('right after sign-up the button counts down the server’s 60 seconds before it is ready', () => {
    const { actor, clock } = run({ justSent: true }, async () => {})
    expect(actor.getSnapshot().value).toBe('coolingDown')
    expect(actor.getSnapshot().context.secondsLeft).toBe(RESEND_INTERVAL_SECONDS)
    clock.increment(1000)
    expect(actor.getSnapshot().context.secondsLeft).toBe(RESEND_INTERVAL_SECONDS - 1)
    for (let i = 1; i < RESEND_INTERVAL_SECONDS; i++) clock.increment(1000)
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.secondsLeft).toBe(0)
  })

  it('sends with the confirmation redirect, then cools down again', async () => {
    const { actor, sent } = run({}, async () => {})
    actor.send({ type: 'RESEND' })
    await settle()
    expect(sent).toEqual([{ email: 'ada@sunrise-care.co.uk', emailRedirectTo: 'https://site.example/auth?type=signup' }])
    expect(actor.getSnapshot().value).toBe('coolingDown')
    expect(actor.getSnapshot().context).toMatchObject({ outcome: 'sent', secondsLeft: RESEND_INTERVAL_SECONDS })
  })

  it('a 429 counts down the seconds the server named, and one more', async () => {
    const { actor } = run({}, () =>
      Promise.reject({ kind: 'confirmation', code: 'over_email_send_rate_limit', status: 429, message: 'For security purposes, you can only request this after 42 seconds.' }),
    )
    actor.send({ type: 'RESEND' })
    await settle()
    expect(actor.getSnapshot().context).toMatchObject({ outcome: 'rateLimited', secondsLeft: 43 })
  })

  it('a network failure is said and the button is ready again', async () => {
    const { actor } = run({}, () => Promise.reject({ kind: 'confirmation', code: 'network', message: 'x' }))
    actor.send({ type: 'RESEND' })
    await settle()
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.outcome).toBe('network')
  })

  it('any other failure is unexpected, and the button is ready again', async () => {
    const { actor } = run({}, () => Promise.reject({ kind: 'confirmation', code: 'unexpected_failure', message: 'Database error', status: 500 }))
    actor.send({ type: 'RESEND' })
    await settle()
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.outcome).toBe('unexpected')
  })

  it('RESEND is refused while counting down', () => {
    const { actor, sent } = run({ justSent: true }, async () => {})
    actor.send({ type: 'RESEND' })
    expect(actor.getSnapshot().value).toBe('coolingDown')
    expect(sent).toEqual([])
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(resendConfirmationMachine, {
      events: resendConfirmationSampleEvents,
      inputs: resendConfirmationSampleInputs,
      serializeState: resendConfirmationSerializeState,
    })
    expect(uncovered(resendConfirmationMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
