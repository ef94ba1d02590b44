import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ssoSignInMachine, ssoSignInSampleEvents, ssoSignInSampleInput } from './ssoSignIn.machine'
import { coverage, generatePaths } from './testing/graph'

function run(start: () => Promise<void>) {
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
    { input: ssoSignInSampleInput },
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
    const { actor, calls } = run(async () => {})
    actor.send({ type: 'ARRIVED', error: 'access_denied', description: 'The user denied the request' })
    expect(actor.getSnapshot().value).toBe('providerError')
    expect(actor.getSnapshot().context.error).toEqual({ code: 'access_denied', description: 'The user denied the request' })
    actor.send({ type: 'PROVIDER_CHOSEN', provider: 'google' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls[0]).toBe('clearUrl')
  })

  it('a redirect that cannot start says whether the network was the cause', async () => {
    const { actor } = run(() => Promise.reject({ kind: 'auth', code: 'network', message: 'x' }))
    actor.send({ type: 'PROVIDER_CHOSEN', provider: 'apple' })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.failure).toBe('network')
  })

  it('generated paths reach every state and every transition', () => {
    const paths = generatePaths(ssoSignInMachine, { events: ssoSignInSampleEvents, input: ssoSignInSampleInput })
    const cov = coverage(ssoSignInMachine, paths, ssoSignInSampleInput)
    expect(cov.states.missing).toEqual([])
    expect(cov.transitions.missing).toEqual([])
  })
})
