import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { SSO_START_MESSAGES, ssoErrorMessage } from '../src/domain/account'
import { type SsoSignInInput, ssoSignInMachine } from './ssoSignIn.machine'
import { ssoSignInSampleEvents, ssoSignInSampleInputs } from './ssoSignIn.samples'
import { planPaths, uncovered } from './testing/tours'

function run(start: () => Promise<void>, providerError: SsoSignInInput['providerError'] = null) {
  const calls: unknown[] = []
  const actor = createActor(
    ssoSignInMachine.provide({
      actions: { clearUrl: () => calls.push('clearUrl') },
      actors: {
        startOAuth: fromPromise(async ({ input }) => {
          calls.push(input)
          await start()
        }),
      },
    }),
    { input: { origin: 'https://site.example', providerError } },
  )
  actor.start()
  return { actor, calls }
}

describe('SSO sign-in buttons', () => {
  it('starts the provider with the gate as the place to come back to', async () => {
    const { actor, calls } = run(async () => {})
    actor.send({ type: 'PROVIDER_CHOSEN', provider: 'linkedin_oidc' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual([{ provider: 'linkedin_oidc', redirectTo: 'https://site.example/onboarding' }])
  })

  it("explains the provider's refusal, then lets the person try again", async () => {
    const { actor, calls } = run(async () => {}, { code: 'access_denied', description: 'The user denied the request' })
    expect(actor.getSnapshot().value).toBe('providerError')
    expect(actor.getSnapshot().context.error).toEqual({ code: 'access_denied', description: 'The user denied the request' })
    expect(actor.getSnapshot().context.message).toBe(ssoErrorMessage('access_denied', 'The user denied the request'))
    actor.send({ type: 'PROVIDER_CHOSEN', provider: 'google' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls[0]).toBe('clearUrl')
  })

  it('a redirect that cannot start says whether the network was the cause', async () => {
    const { actor } = run(() => Promise.reject({ kind: 'auth', code: 'network', message: 'x' }))
    actor.send({ type: 'PROVIDER_CHOSEN', provider: 'apple' })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.failure).toBe('network')
    expect(actor.getSnapshot().context.message).toBe(SSO_START_MESSAGES.network)
  })

  it('any other failure to start is unexpected; what the provider sent back is kept to a sane length', async () => {
    const { actor } = run(() => Promise.reject({ kind: 'auth', code: 'unexpected_failure', message: 'x' }))
    actor.send({ type: 'PROVIDER_CHOSEN', provider: 'apple' })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.failure).toBe('unexpected')
    expect(actor.getSnapshot().context.message).toBe(SSO_START_MESSAGES.unexpected)

    const long = run(async () => {}, { code: 'c'.repeat(150), description: 'd'.repeat(400) })
    expect(long.actor.getSnapshot().context.error).toEqual({ code: 'c'.repeat(100), description: 'd'.repeat(300) })
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(ssoSignInMachine, { events: ssoSignInSampleEvents, inputs: ssoSignInSampleInputs })
    expect(uncovered(ssoSignInMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
