import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { AuthArrival, Toast } from '../src/domain/signup'
import { emailConfirmationMachine } from './emailConfirmation.machine'
import { emailConfirmationSampleEvents, emailConfirmationSampleInputs } from './emailConfirmation.samples'
import { planPaths, uncovered } from './testing/tours'

const origin = 'https://site.example'

interface Fakes {
  exchangeCode?: (code: string) => Promise<void>
  setSession?: (tokens: { accessToken: string; refreshToken: string }) => Promise<void>
  getSession?: () => Promise<{ hasSession: boolean }>
  resend?: (i: { email: string; emailRedirectTo: string }) => Promise<void>
}

/** The flow as the page invokes it, with what the URL said. */
function arrive(params: AuthArrival, fakes: Fakes = {}) {
  const log: string[] = []
  const toasts: Toast[] = []
  const resends: { email: string; emailRedirectTo: string }[] = []
  const actor = createActor(
    emailConfirmationMachine.provide({
      actions: {
        notify: (_, t) => toasts.push(t),
        redirectToApp: () => log.push('redirect'),
        clearUrl: () => log.push('clearUrl'),
      },
      actors: {
        exchangeCode: fromPromise(async ({ input: i }) => {
          log.push(`exchange:${i.code}`)
          return (fakes.exchangeCode ?? (async () => {}))(i.code)
        }),
        setSession: fromPromise(async ({ input: i }) => (fakes.setSession ?? (async () => {}))(i)),
        getSession: fromPromise(async () => (fakes.getSession ?? (async () => ({ hasSession: false })))()),
        resendConfirmation: fromPromise(async ({ input: i }) => {
          resends.push(i)
          return (fakes.resend ?? (async () => {}))(i)
        }),
      },
    }),
    { input: { origin, params } },
  )
  actor.start()
  return { actor, log, toasts, resends }
}

describe('emailConfirmation machine', () => {
  it('generated paths reach every state and every transition', () => {
    const paths = planPaths(emailConfirmationMachine, { events: emailConfirmationSampleEvents, inputs: emailConfirmationSampleInputs })
    expect(uncovered(emailConfirmationMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  it('exchanges a code, clears the URL, says Email confirmed! and redirects after exactly 1 second', async () => {
    vi.useFakeTimers()
    try {
      const r = arrive({ type: 'signup', code: 'c-1' })
      await vi.advanceTimersByTimeAsync(0)
      expect(r.actor.getSnapshot().value).toBe('confirmed')
      expect(r.toasts.map((t) => t.title)).toEqual(['Email confirmed!'])
      expect(r.log).toEqual(['exchange:c-1', 'clearUrl'])
      await vi.advanceTimersByTimeAsync(999)
      expect(r.log).not.toContain('redirect')
      await vi.advanceTimersByTimeAsync(1)
      expect(r.log.at(-1)).toBe('redirect')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a missing code verifier means confirmed elsewhere, not an error', async () => {
    const r = arrive({ type: 'signup', code: 'c-2' }, {
      exchangeCode: () =>
        Promise.reject({ kind: 'confirmation', code: 'pkce_code_verifier_not_found', message: 'PKCE code verifier not found in storage.' }),
    })
    await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('confirmedElsewhere'))
    expect(r.toasts).toEqual([])
    expect(r.log).toContain('clearUrl')
  })

  it.each([
    [{ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' }],
    [{ code: 'used', type: 'signup' as const }],
  ])('an expired or used link (%o) offers a new confirmation e-mail', async (params) => {
    const r = arrive(params, {
      exchangeCode: () =>
        Promise.reject({ kind: 'confirmation', code: 'flow_state_not_found', message: 'invalid flow state, no valid flow state found' }),
    })
    await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('linkInvalid'))
    r.actor.send({ type: 'RESEND_REQUESTED', email: 'nope' })
    expect(r.toasts.map((t) => t.title)).toEqual(['Check your email'])
    expect(r.resends).toEqual([])
    r.actor.send({ type: 'RESEND_REQUESTED', email: ' ada@sunrise-care.co.uk ' })
    await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('resent'))
    expect(r.resends).toEqual([{ email: 'ada@sunrise-care.co.uk', emailRedirectTo: 'https://site.example/auth?type=signup' }])
    expect(r.toasts.at(-1)?.title).toBe('Confirmation email sent')
  })

  it('a refused resend says why and lets the user try again', async () => {
    const r = arrive({ error_code: 'otp_expired' }, { resend: () => Promise.reject({ kind: 'confirmation', message: 'For security purposes, you can only request this after 42 seconds.' }) })
    r.actor.send({ type: 'RESEND_REQUESTED', email: 'ada@sunrise-care.co.uk' })
    await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('linkInvalid'))
    expect(r.toasts).toEqual([
      {
        title: 'Could not send the email',
        description: 'For security purposes, you can only request this after 42 seconds.',
        variant: 'destructive',
      },
    ])
  })

  it('a network failure during the exchange is an error with a retry, and keeps the code for it', async () => {
    let attempts = 0
    const r = arrive({ code: 'c-3' }, {
      exchangeCode: () => (++attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve()),
    })
    await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('failed'))
    expect(r.toasts).toEqual([{ title: 'Unexpected error', description: 'Failed to fetch', variant: 'destructive' }])
    expect(r.log).not.toContain('clearUrl')
    r.actor.send({ type: 'RETRY' })
    await vi.waitFor(() => expect(r.actor.getSnapshot().value).toBe('confirmed'))
    expect(r.log.filter((l) => l === 'exchange:c-3')).toHaveLength(2)
  })

  it('sets a session only from both tokens; tokens the server no longer knows are a used link', async () => {
    const tokens: unknown[] = []
    const half = arrive({ access_token: 'at', type: 'signup' }, { setSession: async (t) => void tokens.push(t) })
    await vi.waitFor(() => expect(half.actor.getSnapshot().value).toBe('none'))
    expect(tokens).toEqual([])

    const ended = arrive(
      { access_token: 'at', refresh_token: 'rt', type: 'signup' },
      { setSession: () => Promise.reject({ kind: 'auth', code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' }) },
    )
    await vi.waitFor(() => expect(ended.actor.getSnapshot().value).toBe('linkInvalid'))
    expect(ended.toasts).toEqual([])
  })

  it('tokens set the session; verified=true says Email verified!; type=signup with a session says Email confirmed!', async () => {
    const tokens: unknown[] = []
    const a = arrive({ access_token: 'at', refresh_token: 'rt', type: 'signup' }, { setSession: async (t) => void tokens.push(t) })
    await vi.waitFor(() => expect(a.actor.getSnapshot().value).toBe('confirmed'))
    expect(tokens).toEqual([{ accessToken: 'at', refreshToken: 'rt' }])

    const b = arrive({ verified: 'true' })
    expect(b.actor.getSnapshot().value).toBe('verified')
    expect(b.toasts.map((t) => t.title)).toEqual(['Email verified!'])

    const c = arrive({ type: 'signup' }, { getSession: async () => ({ hasSession: true }) })
    await vi.waitFor(() => expect(c.actor.getSnapshot().value).toBe('confirmed'))
    expect(c.toasts.map((t) => t.title)).toEqual(['Email confirmed!'])

    const d = arrive({ type: 'signup' }, { getSession: async () => ({ hasSession: false }) })
    await vi.waitFor(() => expect(d.actor.getSnapshot().value).toBe('none'))
    expect(d.actor.getSnapshot().status).toBe('done')
    expect(d.toasts).toEqual([])
  })
})
