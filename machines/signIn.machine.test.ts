import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { type SignInInput, signInMachine } from './signIn.machine'
import { signInSampleEvents, signInSerializeState } from './signIn.samples'
import { planPaths, uncovered } from './testing/tours'

function run(signIn: (input: SignInInput) => Promise<{ userId: string }>) {
  const calls: string[] = []
  const sent: SignInInput[] = []
  const actor = createActor(
    signInMachine.provide({
      actions: { goToGate: () => calls.push('go:/onboarding') },
      actors: {
        signIn: fromPromise(({ input }: { input: SignInInput }) => {
          sent.push(input)
          return signIn(input)
        }),
      },
    }),
  )
  actor.start()
  const fill = (email: string, password: string) => {
    actor.send({ type: 'FIELD_CHANGED', field: 'email', value: email })
    actor.send({ type: 'FIELD_CHANGED', field: 'password', value: password })
  }
  return { actor, calls, sent, fill }
}

const authError = (code: string, message: string, status = 400) => ({ kind: 'auth', code, message, status })

describe('sign-in', () => {
  it('names the empty or malformed field and sends nothing', () => {
    const { actor, sent, fill } = run(async () => ({ userId: 'u' }))
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.problem).toBe('missingEmail')
    fill('ada@', 'x')
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.problem).toBe('invalidEmail')
    fill('ada@sunrise-care.co.uk', '')
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.problem).toBe('missingPassword')
    expect(actor.getSnapshot().value).toBe('editing')
    expect(sent).toEqual([])
  })

  it('sends the trimmed e-mail and the password as typed, then hands over to the gate', async () => {
    const { actor, calls, sent, fill } = run(async () => ({ userId: 'u' }))
    fill('  ada@sunrise-care.co.uk ', ' pass word ')
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('signingIn')
    await waitFor(actor, (s) => s.status === 'done')
    expect(sent).toEqual([{ email: 'ada@sunrise-care.co.uk', password: ' pass word ' }])
    expect(calls).toEqual(['go:/onboarding'])
  })

  it.each([
    [authError('invalid_credentials', 'Invalid login credentials'), 'editing', 'invalidCredentials'],
    [authError('over_request_rate_limit', 'Request rate limit reached', 429), 'editing', 'rateLimited'],
    [{ kind: 'auth', code: 'network', message: "We couldn't reach the server." }, 'editing', 'network'],
    [authError('unexpected_failure', 'Database error', 500), 'editing', 'unexpected'],
    [authError('email_not_confirmed', 'Email not confirmed'), 'unconfirmed', null],
  ])('a failure %j ends in %s with %s, keeping what was typed', async (error, state, failure) => {
    const { actor, fill } = run(async () => Promise.reject(error))
    fill('ada@sunrise-care.co.uk', 'wrong-horse')
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.value === state)
    expect(actor.getSnapshot().context.failure).toBe(failure)
    expect(actor.getSnapshot().context.values).toEqual({ email: 'ada@sunrise-care.co.uk', password: 'wrong-horse' })
  })

  it("an unexpected failure keeps the server's words for the details, at most 300 characters, and none when it had none", async () => {
    const detailOf = async (error: unknown) => {
      const { actor, fill } = run(async () => Promise.reject(error))
      fill('ada@sunrise-care.co.uk', 'wrong-horse')
      actor.send({ type: 'SUBMIT' })
      await waitFor(actor, (s) => s.context.failure === 'unexpected')
      return actor.getSnapshot().context.detail
    }
    expect(await detailOf(authError('unexpected_failure', 'Database error', 500))).toBe('Database error')
    expect(await detailOf(authError('unexpected_failure', 'x'.repeat(400), 500))).toBe('x'.repeat(300))
    expect(await detailOf({ message: 42 })).toBe('')
    expect(await detailOf(null)).toBe('')
  })

  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(signInMachine, { events: signInSampleEvents, serializeState: signInSerializeState })
    expect(uncovered(signInMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
