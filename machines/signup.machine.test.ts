import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  EMPTY_SIGNUP,
  type SignupField,
  type SignupValues,
  type Toast,
} from '../src/domain/signup'
import { type CompleteSignupOutput, type SignUpInput, type SignUpOutput, signupMachine } from './signup.machine'
import { signupSampleEvents, signupSerializeState } from './signup.samples'
import { planPaths, uncovered } from './testing/tours'

const input = { origin: 'https://site.example' }

const serializeState = signupSerializeState

const valid: SignupValues = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: '  Ada@CareHome.co.uk ',
  password: 'correct-horse',
  company: ' Sunrise Care ',
  phone: '07700 900123',
  sector: 'care',
  staffCount: '12',
}

interface Fakes {
  signUp?: (input: SignUpInput) => Promise<SignUpOutput>
  completeSignup?: (input: unknown) => Promise<CompleteSignupOutput>
  copy?: (text: string) => Promise<void>
}

function run(fakes: Fakes = {}) {
  const toasts: Toast[] = []
  const redirects: string[] = []
  const calls: { signUp: SignUpInput[]; complete: unknown[] } = { signUp: [], complete: [] }
  const actor = createActor(
    signupMachine.provide({
      actions: {
        notify: (_, t) => toasts.push(t),
        redirectToApp: () => redirects.push('app'),
      },
      actors: {
        signUp: fromPromise(async ({ input: i }) => {
          calls.signUp.push(i)
          return (fakes.signUp ?? (async () => ({ userId: 'u-1', emailConfirmed: false })))(i)
        }),
        completeSignup: fromPromise(async ({ input: i }) => {
          calls.complete.push(i)
          return (fakes.completeSignup ?? (async () => ({ success: true })))(i)
        }),
        copyPassword: fromPromise(async ({ input: i }) => (fakes.copy ?? (async () => {}))(i.text)),
      },
    }),
    { input },
  )
  actor.start()
  return { actor, toasts, redirects, calls }
}

function fill(actor: ReturnType<typeof run>['actor'], values: Partial<SignupValues>) {
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'FIELD_CHANGED', field: field as SignupField, value: value as string })
  }
}

const settle = () => new Promise((r) => setTimeout(r, 0))
const formState = (actor: ReturnType<typeof run>['actor']) => (actor.getSnapshot().value as { form: string }).form

describe('signup machine', () => {
  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(signupMachine, { events: signupSampleEvents, inputs: [input], serializeState })
    expect(uncovered(signupMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  it.each([
    [{ ...valid, phone: '  ' }, 'Missing fields'],
    [{ ...valid, password: '123456' }, 'Password too short'],
    [{ ...valid, email: 'ada@GMAIL.com' }, 'Work email required'],
    [{ ...valid, email: 'ada@' }, 'Check your email'],
    [{ ...valid, staffCount: '0' }, 'Check the number of staff'],
  ])('refuses %o with its own toast and keeps every value', async (values, title) => {
    const { actor, toasts, calls } = run()
    fill(actor, values)
    actor.send({ type: 'SUBMIT' })
    await settle()
    expect(formState(actor)).toBe('editing')
    expect(toasts.map((t) => t.title)).toEqual([title])
    expect(toasts[0]?.variant).toBe('destructive')
    expect(calls.signUp).toEqual([])
    expect(actor.getSnapshot().context.values).toEqual({ ...EMPTY_SIGNUP, ...values })
  })

  it('signs up with the trimmed e-mail, the redirect and the metadata of section 7, then completes with section 3', async () => {
    const { actor, toasts, calls } = run()
    fill(actor, valid)
    actor.send({ type: 'SUBMIT' })
    expect(formState(actor)).toBe('submitting')
    await settle()
    expect(calls.signUp).toEqual([
      {
        email: 'Ada@CareHome.co.uk',
        password: 'correct-horse',
        emailRedirectTo: 'https://site.example/auth?type=signup',
        metadata: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          company_name: 'Sunrise Care',
          phone_number: '07700 900123',
          staff_count: 12,
          requested_plan: 'free',
          sector: 'care',
          signup_source: 'website',
          tenant_name: 'Sunrise Care',
        },
      },
    ])
    await settle()
    expect(calls.complete).toEqual([
      {
        userId: 'u-1',
        email: 'Ada@CareHome.co.uk',
        userData: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          company: 'Sunrise Care',
          company_name: 'Sunrise Care',
          phone_number: '07700 900123',
          staff_count: 12,
          sector: 'care',
          plan: 'free',
        },
      },
    ])
    expect(formState(actor)).toBe('awaitingEmail')
    expect(actor.getSnapshot().context.values).toEqual(EMPTY_SIGNUP)
    expect(actor.getSnapshot().context.sentTo).toBe('Ada@CareHome.co.uk')
    expect(toasts.map((t) => t.title)).toEqual(['Account created!'])
  })

  it('sends staff_count null when the optional count is empty', async () => {
    const { actor, calls } = run()
    fill(actor, { ...valid, staffCount: '' })
    actor.send({ type: 'SUBMIT' })
    await settle()
    expect(calls.signUp[0]?.metadata.staff_count).toBeNull()
  })

  it('an already confirmed e-mail says Account created! and redirects after exactly 1 second', async () => {
    vi.useFakeTimers()
    try {
      const { actor, toasts, redirects } = run({ signUp: async () => ({ userId: 'u-2', emailConfirmed: true }) })
      fill(actor, valid)
      actor.send({ type: 'SUBMIT' })
      await vi.advanceTimersByTimeAsync(0)
      expect(formState(actor)).toBe('confirmed')
      expect(toasts.map((t) => t.title)).toEqual(['Account created!'])
      await vi.advanceTimersByTimeAsync(999)
      expect(redirects).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      expect(redirects).toEqual(['app'])
      expect(formState(actor)).toBe('redirecting')
    } finally {
      vi.useRealTimers()
    }
  })

  it.each([
    [{ kind: 'auth', message: 'User already registered' }, 'Account already exists', 'This email is already registered. Try logging in instead.'],
    [{ kind: 'auth', message: 'Signups not allowed for this instance' }, 'Sign up failed', 'Signups not allowed for this instance'],
    [{ kind: 'auth', message: 'Email already in use' }, 'Account already exists', 'This email is already registered. Try logging in instead.'],
    [{ kind: 'auth', message: 'Failed to fetch' }, 'Sign up failed', 'Failed to fetch'],
    [{ kind: 'auth', message: '' }, 'Sign up failed', 'Unable to create account. Please check your details and try again.'],
    [new Error('Importing a module script failed.'), 'Unexpected error', 'Importing a module script failed.'],
    [42, 'Unexpected error', 'Please try again.'],
  ])('sign-up failure %o gives %s and keeps the form', async (error, title, description) => {
    const { actor, toasts, calls } = run({ signUp: () => Promise.reject(error) })
    fill(actor, valid)
    actor.send({ type: 'SUBMIT' })
    await settle()
    expect(formState(actor)).toBe('editing')
    expect(toasts).toEqual([{ title, description, variant: 'destructive' }])
    expect(calls.complete).toEqual([])
    expect(actor.getSnapshot().context.values).toEqual(valid)
  })

  it('no user id gives Signup incomplete', async () => {
    const { actor, toasts } = run({ signUp: async () => ({ userId: null, emailConfirmed: false }) })
    fill(actor, valid)
    actor.send({ type: 'SUBMIT' })
    await settle()
    expect(toasts.map((t) => t.title)).toEqual(['Signup incomplete'])
  })

  it.each([
    [() => Promise.resolve({ success: false }), 'Setup incomplete', 'Account setup incomplete. Please contact support.'],
    [
      () => Promise.reject({ kind: 'setup', message: 'no user with that id' }),
      'Setup failed',
      'Account created but setup failed: no user with that id. Please contact support.',
    ],
    [() => Promise.reject(new Error('boom')), 'Unexpected error', 'boom'],
  ])('setup outcome %# gives its toast and keeps the form', async (completeSignup, title, description) => {
    const { actor, toasts } = run({ completeSignup })
    fill(actor, valid)
    actor.send({ type: 'SUBMIT' })
    await settle()
    await settle()
    expect(formState(actor)).toBe('editing')
    expect(toasts).toEqual([{ title, description, variant: 'destructive' }])
    expect(actor.getSnapshot().context.values).toEqual(valid)
  })

  it('copies the password, shows the indicator for 2 seconds, and says Copy failed when refused', async () => {
    vi.useFakeTimers()
    try {
      const copied: string[] = []
      const ok = run({ copy: async (t) => void copied.push(t) })
      ok.actor.send({ type: 'COPY_PASSWORD' })
      expect(ok.actor.getSnapshot().matches({ copy: 'idle' })).toBe(true)
      fill(ok.actor, { password: 'secret-pass' })
      ok.actor.send({ type: 'COPY_PASSWORD' })
      await vi.advanceTimersByTimeAsync(0)
      expect(copied).toEqual(['secret-pass'])
      expect(ok.actor.getSnapshot().matches({ copy: 'copied' })).toBe(true)
      await vi.advanceTimersByTimeAsync(1999)
      expect(ok.actor.getSnapshot().matches({ copy: 'copied' })).toBe(true)
      await vi.advanceTimersByTimeAsync(1)
      expect(ok.actor.getSnapshot().matches({ copy: 'idle' })).toBe(true)

      const refused = run({ copy: () => Promise.reject(new Error('NotAllowedError')) })
      fill(refused.actor, { password: 'secret-pass' })
      refused.actor.send({ type: 'COPY_PASSWORD' })
      await vi.advanceTimersByTimeAsync(0)
      expect(refused.actor.getSnapshot().matches({ copy: 'idle' })).toBe(true)
      expect(refused.toasts).toEqual([
        { title: 'Copy failed', description: 'Could not copy password to clipboard.', variant: 'destructive' },
      ])
    } finally {
      vi.useRealTimers()
    }
  })
})
