import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { passwordResetMachine, type ResetArrival } from './passwordReset.machine'
import { passwordResetSampleEvents, passwordResetSampleInputs, passwordResetSerializeState } from './passwordReset.samples'
import { planPaths, uncovered } from './testing/tours'

type Call = (input: never) => Promise<void>
function run(params: ResetArrival, impl: Partial<Record<'requestReset' | 'exchangeCode' | 'verifyToken' | 'updatePassword', Call>> = {}) {
  const calls: string[] = []
  const inputs: Record<string, unknown[]> = { requestReset: [], exchangeCode: [], verifyToken: [], updatePassword: [] }
  // biome-ignore lint/suspicious/noExplicitAny: one stand-in for four actors with different inputs
  const actor = (name: keyof typeof inputs): any =>
    fromPromise(async ({ input }: { input: never }) => {
      inputs[name]!.push(input)
      await (impl[name as keyof typeof impl] ?? (async () => {}))(input)
    })
  const clock = new SimulatedClock()
  const a = createActor(
    passwordResetMachine.provide({
      actions: {
        clearUrl: () => calls.push('clearUrl'),
        notifyPasswordUpdated: () => calls.push('toast:updated'),
        goToGate: () => calls.push('go:/onboarding'),
      },
      actors: {
        requestReset: actor('requestReset'),
        exchangeCode: actor('exchangeCode'),
        verifyToken: actor('verifyToken'),
        updatePassword: actor('updatePassword'),
      },
    }),
    { input: { origin: 'https://site.example', params }, clock },
  )
  a.start()
  return { actor: a, calls, inputs, clock }
}

const fail = (code: string, message: string, status = 400) => () => Promise.reject({ kind: 'auth', code, message, status })

describe('password reset', () => {
  it('the reset form asks for the address', () => {
    const { actor } = run({ mode: 'reset' })
    expect(actor.getSnapshot().value).toEqual({ requesting: 'editing' })
  })

  it('asks for a link for the trimmed address with the recovery redirect, and answers the same either way', async () => {
    const { actor, inputs } = run({ mode: 'reset' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.requestProblem).toBe('missingEmail')
    actor.send({ type: 'EMAIL_CHANGED', value: 'ada@' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.requestProblem).toBe('invalidEmail')
    actor.send({ type: 'EMAIL_CHANGED', value: ' ada@sunrise-care.co.uk ' })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches('emailSent'))
    expect(inputs.requestReset).toEqual([{ email: 'ada@sunrise-care.co.uk', redirectTo: 'https://site.example/auth?type=recovery' }])
    expect(actor.getSnapshot().context.sentTo).toBe('ada@sunrise-care.co.uk')
  })

  it("the address's one-a-minute 429 looks like any other request: check your email, with the wait", async () => {
    const { actor } = run(
      { mode: 'reset' },
      { requestReset: fail('over_email_send_rate_limit', 'For security purposes, you can only request this after 37 seconds.', 429) },
    )
    actor.send({ type: 'EMAIL_CHANGED', value: 'ada@sunrise-care.co.uk' })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches('emailSent'))
    expect(actor.getSnapshot().context).toMatchObject({ sentTo: 'ada@sunrise-care.co.uk', waitSeconds: 37, failure: null })
  })

  it("the project's e-mail limit keeps the address and says so", async () => {
    const { actor } = run({ mode: 'reset' }, { requestReset: fail('over_email_send_rate_limit', 'email rate limit exceeded', 429) })
    actor.send({ type: 'EMAIL_CHANGED', value: 'ada@sunrise-care.co.uk' })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches({ requesting: 'editing' }) && s.context.failure !== null)
    expect(actor.getSnapshot().context).toMatchObject({ failure: 'rateLimited', waitSeconds: null, email: 'ada@sunrise-care.co.uk' })
  })

  it.each([
    [{ kind: 'auth', code: 'network', message: "We couldn't reach the server." }, 'network'],
    [{ kind: 'auth', code: 'unexpected_failure', message: 'Database error', status: 500 }, 'unexpected'],
  ])('a request that fails with %o keeps the address and says %s', async (error, failure) => {
    const { actor } = run({ mode: 'reset' }, { requestReset: () => Promise.reject(error) })
    expect(actor.getSnapshot().context.email).toBe('')
    actor.send({ type: 'EMAIL_CHANGED', value: 'ada@sunrise-care.co.uk' })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches({ requesting: 'editing' }) && s.context.failure !== null)
    expect(actor.getSnapshot().context).toMatchObject({ failure, email: 'ada@sunrise-care.co.uk' })
  })

  it('a code or token hash is a recovery link only with type=recovery; otherwise the form asks for the address', () => {
    const code = run({ code: 'c0de' } as ResetArrival)
    expect(code.actor.getSnapshot().value).toEqual({ requesting: 'editing' })
    expect(code.inputs.exchangeCode).toEqual([])
    const hash = run({ token_hash: 'h4sh' } as ResetArrival)
    expect(hash.actor.getSnapshot().value).toEqual({ requesting: 'editing' })
    expect(hash.inputs.verifyToken).toEqual([])
  })

  it('the mailed link: exchange, a new password typed twice, update, then on to the gate', async () => {
    const { actor, calls, inputs, clock } = run({ type: 'recovery', code: 'c0de' })
    await waitFor(actor, (s) => s.matches('choosingPassword'))
    expect(inputs.exchangeCode).toEqual([{ code: 'c0de' }])
    actor.send({ type: 'PASSWORD_CHANGED', field: 'password', value: 'short' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.passwordProblem).toBe('passwordTooShort')
    actor.send({ type: 'PASSWORD_CHANGED', field: 'password', value: 'new-horse-battery' })
    actor.send({ type: 'PASSWORD_CHANGED', field: 'repeat', value: 'new-horse-batterz' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.passwordProblem).toBe('mismatch')
    actor.send({ type: 'PASSWORD_CHANGED', field: 'repeat', value: 'new-horse-battery' })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches('updated'))
    expect(inputs.updatePassword).toEqual([{ password: 'new-horse-battery' }])
    expect(actor.getSnapshot().context.values).toEqual({ password: '', repeat: '' })
    clock.increment(1000)
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(calls).toEqual(['clearUrl', 'toast:updated', 'go:/onboarding'])
  })

  it.each([
    [{ code: 'pkce_code_verifier_not_found', message: 'PKCE code verifier not found in storage.' }, 'otherBrowser'],
    [{ code: 'flow_state_not_found', message: 'invalid flow state' }, 'expired'],
  ])('a link that cannot be used (%j) says why and offers a new one', async (error, problem) => {
    const { actor } = run({ type: 'recovery', code: 'c0de' }, { exchangeCode: () => Promise.reject({ kind: 'auth', ...error }) })
    await waitFor(actor, (s) => s.matches('linkInvalid'))
    expect(actor.getSnapshot().context.linkProblem).toBe(problem)
    actor.send({ type: 'REQUEST_NEW_LINK' })
    expect(actor.getSnapshot().value).toEqual({ requesting: 'editing' })
  })

  it('an error in the URL is an expired link; a token hash is verified', async () => {
    expect(run({ type: 'recovery', error: 'access_denied', error_code: 'otp_expired' }).actor.getSnapshot().value).toBe('linkInvalid')
    const { actor, inputs } = run({ type: 'recovery', token_hash: 'pkce_123' })
    await waitFor(actor, (s) => s.matches('choosingPassword'))
    expect(inputs.verifyToken).toEqual([{ tokenHash: 'pkce_123' }])
  })

  it('a network failure of the exchange offers Try again with the same code', async () => {
    let attempts = 0
    const { actor, inputs } = run(
      { type: 'recovery', code: 'c0de' },
      {
        exchangeCode: async () => {
          attempts += 1
          if (attempts === 1) throw { kind: 'auth', code: 'network', message: 'x' }
        },
      },
    )
    await waitFor(actor, (s) => s.matches('failed'))
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('choosingPassword'))
    expect(inputs.exchangeCode).toEqual([{ code: 'c0de' }, { code: 'c0de' }])
  })

  it.each([
    ['same_password', 'samePassword', 'choosingPassword'],
    ['weak_password', 'weakPassword', 'choosingPassword'],
    ['session_not_found', null, 'linkInvalid'],
  ] as const)('an update refused with %s is explained', async (code, failure, state) => {
    const { actor } = run({ type: 'recovery', code: 'c0de' }, { updatePassword: fail(code, 'refused', 422) })
    await waitFor(actor, (s) => s.matches('choosingPassword'))
    actor.send({ type: 'PASSWORD_CHANGED', field: 'password', value: 'new-horse-battery' })
    actor.send({ type: 'PASSWORD_CHANGED', field: 'repeat', value: 'new-horse-battery' })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches(state) && !s.matches({ choosingPassword: 'updating' }))
    if (failure) expect(actor.getSnapshot().context.failure).toBe(failure)
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(passwordResetMachine, {
      events: passwordResetSampleEvents,
      inputs: passwordResetSampleInputs,
      serializeState: passwordResetSerializeState,
    })
    expect(uncovered(passwordResetMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
