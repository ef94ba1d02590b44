import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import type { ProfileCompletionStatus } from '../src/domain/onboarding'
import { type GateArrival, onboardingGateMachine } from './onboardingGate.machine'
import { onboardingGateSampleEvents } from './onboardingGate.samples'
import type { SessionUser as SessionInfo } from './session.machine'
import { ssoProfileMachine } from './ssoProfile.machine'
import { planPaths, uncovered } from './testing/tours'

const work: SessionInfo = { userId: 'u1', email: 'ada@sunrise-care.co.uk' }

const done = (over: Partial<ProfileCompletionStatus> = {}): ProfileCompletionStatus => ({
  profile_completion_required: false,
  signup_method: 'email',
  last_sso_provider: null,
  onboarding_completed: true,
  ...over,
})

function run(opts: {
  session?: SessionInfo | null
  status?: ProfileCompletionStatus | Error
  saveProfile?: () => Promise<void>
  params?: GateArrival
  exchange?: () => Promise<void>
}) {
  const calls: string[] = []
  let emitSignedOut: (() => void) | undefined
  const actor = createActor(
    onboardingGateMachine.provide({
      actions: {
        goHome: () => calls.push('go:/'),
        goToSignup: () => calls.push('go:/auth?mode=signup'),
        goToAccount: () => calls.push('go:/account'),
        goToSetup: () => calls.push('go:/onboarding/setup'),
        returnToSignIn: (_, p) => calls.push(`go:/auth?sso_error=${p.error}`),
        clearUrl: () => calls.push('clearUrl'),
        notifyConsumerEmail: () => calls.push('toast:consumer'),
        notifySetupComplete: () => calls.push('toast:complete'),
      },
      actors: {
        exchangeCode: fromPromise(async () => {
          calls.push('exchange')
          await (opts.exchange ?? (async () => {}))()
        }),
        getSession: fromPromise(async () => opts.session ?? null),
        sessionEvents: fromCallback(({ sendBack }) => {
          emitSignedOut = () => sendBack({ type: 'SIGNED_OUT' })
          return () => {}
        }),
        // The session signs this device out; it announces no SIGNED_OUT for its own sign-out.
        signOut: fromPromise(async (): Promise<{ revoked: boolean }> => {
          calls.push('signOut')
          return { revoked: true }
        }),
        getCompletionStatus: fromPromise(async () => {
          if (opts.status instanceof Error) throw opts.status
          return opts.status ?? done()
        }),
        ssoProfile: ssoProfileMachine.provide({
          actions: { notifyDetailsSaved: () => calls.push('toast:saved'), notifySaveFailed: () => calls.push('toast:failed') },
          actors: { saveProfile: fromPromise(opts.saveProfile ?? (async () => {})) },
        }),
      },
    }),
  )
  actor.start()
  actor.send({ type: 'ARRIVED', params: opts.params ?? {} })
  return { actor, calls, signOutNow: () => emitSignedOut?.() }
}

describe('onboarding gate', () => {
  it('no session goes to /', async () => {
    const { actor, calls } = run({ session: null })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(calls).toEqual(['go:/'])
  })

  it('a consumer e-mail is told, signed out and sent to sign-up', async () => {
    const { actor, calls } = run({ session: { userId: 'u', email: 'Someone@GMAIL.com' } })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('consumerEmailRejected')
    expect(calls).toEqual(['toast:consumer', 'signOut', 'go:/auth?mode=signup'])
  })

  it('a complete profile whose setup is finished completes with the message and goes to /account', async () => {
    const { actor, calls } = run({ session: work })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('complete')
    expect(calls).toEqual(['toast:complete', 'go:/account'])
  })

  it('a profile whose setup was never finished goes to the wizard, without claiming completion', async () => {
    const { actor, calls } = run({ session: work, status: done({ onboarding_completed: false }) })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('setupNeeded')
    expect(calls).toEqual(['go:/onboarding/setup'])
  })

  it('a server that does not say whether setup was finished counts as finished', async () => {
    const { actor, calls } = run({ session: work, status: done({ onboarding_completed: null }) })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual(['toast:complete', 'go:/account'])
  })

  it('a failing status call completes the same way', async () => {
    const { actor, calls } = run({ session: work, status: new Error('boom') })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual(['toast:complete', 'go:/account'])
  })

  it('a provider code is exchanged and cleared from the URL before the session is read', async () => {
    const { actor, calls } = run({ session: work, params: { code: 'c0de' } })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual(['exchange', 'clearUrl', 'toast:complete', 'go:/account'])
  })

  it('a code that cannot be exchanged returns to sign-in with the reason', async () => {
    const { actor, calls } = run({
      session: work,
      params: { code: 'used' },
      exchange: async () => {
        throw new Error('invalid flow state')
      },
    })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('exchangeFailed')
    expect(calls).toEqual(['exchange', 'clearUrl', 'go:/auth?sso_error=exchange_failed'])
  })

  it("a provider's refusal returns to sign-in with the provider's error", async () => {
    const { actor, calls } = run({ session: work, params: { error: 'access_denied', error_description: 'The user denied the request' } })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('providerError')
    expect(calls).toEqual(['clearUrl', 'go:/auth?sso_error=access_denied'])
  })


  it('a new SSO user gets the dialog with the provider; saving goes on to the wizard', async () => {
    const { actor, calls } = run({
      session: work,
      status: done({ profile_completion_required: true, signup_method: 'sso', last_sso_provider: 'linkedin_oidc', onboarding_completed: false }),
    })
    await waitFor(actor, (s) => s.matches({ signedIn: 'ssoProfile' }))
    const child = actor.getSnapshot().children.ssoProfile as AnyActorRef
    expect(child.getSnapshot().context.provider).toBe('linkedin_oidc')
    child.send({ type: 'COMPANY_CHANGED', value: 'Sunrise Care' })
    child.send({ type: 'STAFF_CHANGED', value: '12' })
    child.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('setupNeeded')
    expect(calls).toEqual(['toast:saved', 'go:/onboarding/setup'])
  })

  it('an SSO user who finished setup earlier but must complete the profile: saving completes', async () => {
    const { actor, calls } = run({
      session: work,
      status: done({ profile_completion_required: true, signup_method: 'sso', last_sso_provider: 'linkedin_oidc' }),
    })
    await waitFor(actor, (s) => s.matches({ signedIn: 'ssoProfile' }))
    const child = actor.getSnapshot().children.ssoProfile as AnyActorRef
    expect(child.getSnapshot().context.provider).toBe('linkedin_oidc')
    child.send({ type: 'COMPANY_CHANGED', value: 'Sunrise Care' })
    child.send({ type: 'STAFF_CHANGED', value: '12' })
    child.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('complete')
    expect(calls).toEqual(['toast:saved', 'toast:complete', 'go:/account'])
  })

  it('closing the dialog goes to / without claiming completion', async () => {
    const { actor, calls } = run({
      session: work,
      status: done({ profile_completion_required: true, signup_method: 'sso' }),
    })
    await waitFor(actor, (s) => s.matches({ signedIn: 'ssoProfile' }))
    ;(actor.getSnapshot().children.ssoProfile as AnyActorRef).send({ type: 'CLOSE' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('dismissed')
    expect(calls).toEqual(['go:/'])
  })

  it('a sign-out while the dialog is open goes to /', async () => {
    const { actor, calls, signOutNow } = run({
      session: work,
      status: done({ profile_completion_required: true, signup_method: 'sso', last_sso_provider: 'google' }),
    })
    await waitFor(actor, (s) => s.matches({ signedIn: 'ssoProfile' }))
    signOutNow()
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(calls).toEqual(['go:/'])
  })

  it("hands the provider's error and its description to sign-in, which words its message from both", async () => {
    const seen: { error: string; description: string }[] = []
    const arrive = async (params: GateArrival) => {
      const actor = createActor(onboardingGateMachine.provide({ actions: { returnToSignIn: (_, p) => seen.push(p) } }))
      actor.start()
      actor.send({ type: 'ARRIVED', params })
      await waitFor(actor, (s) => s.status === 'done')
    }
    await arrive({ error: 'access_denied', error_description: 'Database error saving new user' })
    await arrive({ error: 'access_denied' })
    await arrive({ error_code: 'bad_oauth_state', error_description: 'OAuth state is invalid' })
    expect(seen).toEqual([
      { error: 'access_denied', description: 'Database error saving new user' },
      { error: 'access_denied', description: '' },
      { error: 'bad_oauth_state', description: 'OAuth state is invalid' },
    ])
  })

  it("exchanges the provider's own code", async () => {
    const codes: string[] = []
    const actor = createActor(
      onboardingGateMachine.provide({
        actors: {
          exchangeCode: fromPromise(async ({ input }: { input: { code: string } }) => {
            codes.push(input.code)
          }),
          getSession: fromPromise(async (): Promise<SessionInfo | null> => null),
        },
      }),
    )
    actor.start()
    actor.send({ type: 'ARRIVED', params: { code: 'c0de-from-google' } })
    await waitFor(actor, (s) => s.status === 'done')
    expect(codes).toEqual(['c0de-from-google'])
  })

  it('closing the dialog when setup is also owed still goes to /, not to the wizard', async () => {
    const { actor, calls } = run({
      session: work,
      status: done({ profile_completion_required: true, signup_method: 'sso', last_sso_provider: 'google', onboarding_completed: false }),
    })
    await waitFor(actor, (s) => s.matches({ signedIn: 'ssoProfile' }))
    ;(actor.getSnapshot().children.ssoProfile as AnyActorRef).send({ type: 'CLOSE' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('dismissed')
    expect(calls).toEqual(['go:/'])
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(onboardingGateMachine, { events: onboardingGateSampleEvents })
    expect(uncovered(onboardingGateMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
