import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import type { ProfileCompletionStatus } from '../src/domain/onboarding'
import { onboardingGateMachine, onboardingGateSampleEvents, type SessionInfo } from './onboardingGate.machine'
import { ssoProfileMachine } from './ssoProfile.machine'
import { coverage, generatePaths } from './testing/graph'

const work: SessionInfo = { userId: 'u1', email: 'ada@sunrise-care.co.uk' }

function run(opts: {
  session?: SessionInfo | null
  status?: ProfileCompletionStatus | Error
  saveProfile?: () => Promise<void>
}) {
  const calls: string[] = []
  let emitSignedOut: (() => void) | undefined
  const actor = createActor(
    onboardingGateMachine.provide({
      actions: {
        goHome: () => calls.push('go:/'),
        goToSignup: () => calls.push('go:/auth?mode=signup'),
        notifyConsumerEmail: () => calls.push('toast:consumer'),
        notifySetupComplete: () => calls.push('toast:complete'),
      },
      actors: {
        getSession: fromPromise(async () => opts.session ?? null),
        authListener: fromCallback(({ sendBack }) => {
          emitSignedOut = () => sendBack({ type: 'SIGNED_OUT' })
          return () => {}
        }),
        signOut: fromPromise(async () => {
          calls.push('signOut')
          emitSignedOut?.()
        }),
        getCompletionStatus: fromPromise(async () => {
          if (opts.status instanceof Error) throw opts.status
          return opts.status ?? { profile_completion_required: false, signup_method: 'email', last_sso_provider: null }
        }),
        ssoProfile: ssoProfileMachine.provide({
          actions: { notifyDetailsSaved: () => calls.push('toast:saved'), notifySaveFailed: () => calls.push('toast:failed') },
          actors: { saveProfile: fromPromise(opts.saveProfile ?? (async () => {})) },
        }),
      },
    }),
  )
  actor.start()
  return { actor, calls, signOutNow: () => emitSignedOut?.() }
}

describe('onboarding gate', () => {
  it('no session goes to /', async () => {
    const { actor, calls } = run({ session: null })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(calls).toEqual(['go:/'])
  })

  it('a consumer e-mail is told, signed out and sent to sign-up (not to / by its own sign-out event)', async () => {
    const { actor, calls } = run({ session: { userId: 'u', email: 'Someone@GMAIL.com' } })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('consumerEmailRejected')
    expect(calls).toEqual(['toast:consumer', 'signOut', 'go:/auth?mode=signup'])
  })

  it('a complete profile (or an e-mail sign-up) completes with the message and goes to /', async () => {
    const { actor, calls } = run({ session: work })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('complete')
    expect(calls).toEqual(['toast:complete', 'go:/'])
  })

  it('a failing status call completes the same way', async () => {
    const { actor, calls } = run({ session: work, status: new Error('boom') })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual(['toast:complete', 'go:/'])
  })

  it('an SSO user who must complete the profile gets the dialog with the provider; saving completes', async () => {
    const { actor, calls } = run({
      session: work,
      status: { profile_completion_required: true, signup_method: 'sso', last_sso_provider: 'linkedin_oidc' },
    })
    await waitFor(actor, (s) => s.matches('ssoProfile'))
    const child = actor.getSnapshot().children.ssoProfile as AnyActorRef
    expect(child.getSnapshot().context.provider).toBe('linkedin_oidc')
    child.send({ type: 'COMPANY_CHANGED', value: 'Sunrise Care' })
    child.send({ type: 'STAFF_CHANGED', value: '12' })
    child.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('complete')
    expect(calls).toEqual(['toast:saved', 'toast:complete', 'go:/'])
  })

  it('closing the dialog goes to / without claiming completion', async () => {
    const { actor, calls } = run({
      session: work,
      status: { profile_completion_required: true, signup_method: 'sso', last_sso_provider: null },
    })
    await waitFor(actor, (s) => s.matches('ssoProfile'))
    ;(actor.getSnapshot().children.ssoProfile as AnyActorRef).send({ type: 'CLOSE' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('dismissed')
    expect(calls).toEqual(['go:/'])
  })

  it('a sign-out while the dialog is open goes to /', async () => {
    const { actor, calls, signOutNow } = run({
      session: work,
      status: { profile_completion_required: true, signup_method: 'sso', last_sso_provider: 'google' },
    })
    await waitFor(actor, (s) => s.matches('ssoProfile'))
    signOutNow()
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(calls).toEqual(['go:/'])
  })

  it('generated paths reach every state and every transition', () => {
    const paths = generatePaths(onboardingGateMachine, { events: onboardingGateSampleEvents })
    const cov = coverage(onboardingGateMachine, paths)
    expect(paths.length).toBeGreaterThan(8)
    expect(cov.states.missing).toEqual([])
    expect(cov.transitions.missing).toEqual([])
  })
})
