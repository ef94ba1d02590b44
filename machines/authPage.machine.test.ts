import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, fromPromise } from 'xstate'
import type { AuthArrival } from '../src/domain/signup'
import { authPageMachine, authPageSampleEvents, authPageSampleInput } from './authPage.machine'
import { emailConfirmationMachine } from './emailConfirmation.machine'
import { passwordResetMachine } from './passwordReset.machine'
import { planPaths, uncovered } from './testing/tours'

// biome-ignore lint/suspicious/noExplicitAny: one pending stand-in for actors of every input and output type
const never: any = fromPromise(() => new Promise<never>(() => {}))

/** The page with its flows' backend calls left pending: what the parent decides is what is observed. */
function arrive(arrival: AuthArrival) {
  const actor = createActor(
    authPageMachine.provide({
      actors: {
        emailConfirmation: emailConfirmationMachine.provide({
          actors: { exchangeCode: never, setSession: never, getSession: fromPromise(async () => ({ hasSession: false as boolean })), resendConfirmation: never },
        }),
        passwordReset: passwordResetMachine.provide({ actors: { requestReset: never, exchangeCode: never, verifyToken: never, updatePassword: never } }),
      },
    }),
    { input: authPageSampleInput },
  ).start()
  actor.send({ type: 'ARRIVED', arrival })
  return actor
}
const child = (actor: ReturnType<typeof arrive>, id: string) => actor.getSnapshot().children[id] as AnyActorRef | undefined

describe('/auth as one machine', () => {
  it('waits for the URL, then runs sign-in, sign-up and SSO for as long as the page', () => {
    const actor = createActor(authPageMachine, { input: authPageSampleInput }).start()
    expect(actor.getSnapshot().value).toBe('arriving')
    expect(Object.keys(actor.getSnapshot().children)).toEqual([])
    actor.send({ type: 'ARRIVED', arrival: {} })
    expect(Object.keys(actor.getSnapshot().children).sort()).toEqual(['signIn', 'signup', 'sso'])
    expect(actor.getSnapshot().hasTag('signin')).toBe(true)
  })

  it.each([
    [{}, 'signin'],
    [{ mode: 'signup' }, 'signup'],
    [{ type: 'signup', code: 'c' }, 'signup'],
    [{ mode: 'reset' }, 'reset'],
    [{ type: 'recovery', code: 'c' }, 'reset'],
  ] as const)('reads %o as the %s form, by the head script’s rule', (arrival, mode) => {
    expect(arrive(arrival).getSnapshot().hasTag(mode)).toBe(true)
  })

  it('a confirmation link invokes the confirmation flow with it, on any form; a recovery link belongs to the reset', () => {
    const signup = arrive({ type: 'signup', code: 'c0de' })
    expect(child(signup, 'confirmation')?.getSnapshot().context.params).toEqual({ type: 'signup', code: 'c0de' })
    const verified = arrive({ verified: 'true' })
    expect(verified.getSnapshot().hasTag('signin')).toBe(true)
    expect(child(verified, 'confirmation')?.getSnapshot().value).toBe('verified')
    const recovery = arrive({ type: 'recovery', code: 'c0de' })
    expect(child(recovery, 'confirmation')).toBeUndefined()
    expect(child(recovery, 'reset')?.getSnapshot().context.params).toEqual({ type: 'recovery', code: 'c0de' })
    expect(child(arrive({ mode: 'signup' }), 'confirmation')).toBeUndefined()
  })

  it('hands an SSO provider’s refusal to the SSO flow', () => {
    const actor = arrive({ sso_error: 'access_denied', sso_error_description: 'denied' })
    expect(child(actor, 'sso')?.getSnapshot().value).toBe('providerError')
  })

  it('follows a client-side change of form; the reset starts fresh once its link was used', () => {
    const actor = arrive({ type: 'recovery', error_code: 'otp_expired' })
    expect(child(actor, 'reset')?.getSnapshot().value).toBe('linkInvalid')
    const signIn = child(actor, 'signIn')
    actor.send({ type: 'MODE_CHANGED', mode: 'signin' })
    expect(actor.getSnapshot().hasTag('signin')).toBe(true)
    expect(child(actor, 'reset')).toBeUndefined()
    actor.send({ type: 'MODE_CHANGED', mode: 'reset' })
    expect(child(actor, 'reset')?.getSnapshot().value).toEqual({ requesting: 'editing' })
    // The sign-in flow kept running all along: what was typed there stays.
    expect(child(actor, 'signIn')).toBe(signIn)
    expect(actor.getSnapshot().can({ type: 'MODE_CHANGED', mode: 'reset' })).toBe(false)
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(authPageMachine, { events: authPageSampleEvents, inputs: [authPageSampleInput] })
    expect(uncovered(authPageMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
