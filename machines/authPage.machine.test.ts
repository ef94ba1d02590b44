import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, fromPromise } from 'xstate'
import type { AuthArrival } from '../src/domain/signup'
import { authPageMachine } from './authPage.machine'
import { authPageSampleEvents, authPageSampleInput } from './authPage.samples'
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

  it.each([
    [{ error: 'access_denied' }, true],
    [{ error_code: 'otp_expired' }, true],
    [{ code: 'c0de' }, true],
    [{ access_token: 'a', refresh_token: 'r' }, true],
    [{ access_token: 'a' }, false],
    [{ refresh_token: 'r' }, false],
    [{ verified: 'true' }, true],
    [{ type: 'signup' }, true],
    [{ mode: 'signup' }, false],
    // The reset form and recovery links are the reset flow's, whatever else they carry.
    [{ mode: 'reset', code: 'c0de' }, false],
    [{ mode: 'reset', error: 'access_denied' }, false],
    [{ type: 'recovery', access_token: 'a', refresh_token: 'r' }, false],
  ] as const)('an arrival %o is a confirmation link: %s', (arrival, confirms) => {
    const actor = arrive(arrival)
    expect(child(actor, 'confirmation') !== undefined).toBe(confirms)
  })

  it('hands the page origin to sign-up and SSO, and the provider error with its description (or none) to SSO', () => {
    const actor = createActor(authPageMachine, { input: { origin: 'https://inspectready.test' } }).start()
    actor.send({ type: 'ARRIVED', arrival: { sso_error: 'access_denied', sso_error_description: 'The user denied the request' } })
    expect(child(actor, 'signup')?.getSnapshot().context.origin).toBe('https://inspectready.test')
    expect(child(actor, 'sso')?.getSnapshot().context).toMatchObject({
      origin: 'https://inspectready.test',
      error: { code: 'access_denied', description: 'The user denied the request' },
    })
    const bare = arrive({ sso_error: 'server_error' })
    expect(child(bare, 'sso')?.getSnapshot().context.error).toEqual({ code: 'server_error', description: '' })
    expect(child(arrive({}), 'sso')?.getSnapshot().context.error).toBeNull()
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(authPageMachine, { events: authPageSampleEvents, inputs: [authPageSampleInput] })
    expect(uncovered(authPageMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
