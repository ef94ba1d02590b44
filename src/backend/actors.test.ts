import { beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * The actor implementations with a stand-in supabase client: which backend answers become plain
 * BackendFailure data (the machines pick the toast) and which are rethrown as unexpected.
 * The real client against the local backend is exercised by tests/e2e/auth.spec.ts and the path tests.
 */
const fake = {
  auth: {
    signUp: vi.fn(),
    exchangeCodeForSession: vi.fn(),
    setSession: vi.fn(),
    getSession: vi.fn(),
    resend: vi.fn(),
    signOut: vi.fn(),
  },
  functions: { invoke: vi.fn() },
}
vi.mock('./client', () => ({ getSupabase: async () => fake, onClientLoaded: () => () => {} }))

const auth = { ...(await import('./signUp')), ...(await import('./codeExchange')), ...(await import('./emailLinks')), ...(await import('./session')) }

const metadata = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company_name: 'Sunrise Care',
  phone_number: '07700 900123',
  staff_count: null,
  requested_plan: 'free' as const,
  sector: 'care' as const,
  signup_source: 'website' as const,
  tenant_name: 'Sunrise Care',
}
const input = { email: 'ada@sunrise-care.co.uk', password: 'correct-horse', emailRedirectTo: 'https://x/auth?type=signup', metadata }

beforeEach(() => vi.clearAllMocks())

describe('backend auth actors', () => {
  it('signs up with the redirect and metadata, and reads the user id and confirmation', async () => {
    fake.auth.signUp.mockResolvedValue({ data: { user: { id: 'u-1', email_confirmed_at: null } }, error: null })
    await expect(auth.signUp(input)).resolves.toEqual({ userId: 'u-1', emailConfirmed: false })
    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: input.email,
      password: input.password,
      options: { emailRedirectTo: input.emailRedirectTo, data: metadata },
    })
    fake.auth.signUp.mockResolvedValue({ data: { user: { id: 'u-2', email_confirmed_at: '2026-01-01' } }, error: null })
    await expect(auth.signUp(input)).resolves.toEqual({ userId: 'u-2', emailConfirmed: true })
    fake.auth.signUp.mockResolvedValue({ data: { user: null }, error: null })
    await expect(auth.signUp(input)).resolves.toEqual({ userId: null, emailConfirmed: false })
  })

  it('turns auth errors into auth failures; a network failure gets a readable message', async () => {
    fake.auth.signUp.mockResolvedValue({
      data: { user: null },
      error: { name: 'AuthApiError', message: 'User already registered', code: 'user_already_exists' },
    })
    await expect(auth.signUp(input)).rejects.toEqual({
      kind: 'auth',
      message: 'User already registered',
      code: 'user_already_exists',
    })
    fake.auth.signUp.mockResolvedValue({ data: { user: null }, error: { name: 'AuthRetryableFetchError', message: 'Failed to fetch' } })
    await expect(auth.signUp(input)).rejects.toEqual({
      kind: 'auth',
      code: 'network',
      message: "We couldn't reach the server. Check your connection and try again.",
    })
  })

  it('reads the setup function error from its JSON body', async () => {
    const payload = { userId: 'u-1', email: input.email, userData: {} } as never
    fake.functions.invoke.mockResolvedValue({ data: { success: true }, error: null })
    await expect(auth.completeSignup(payload)).resolves.toEqual({ success: true })
    expect(fake.functions.invoke).toHaveBeenCalledWith('complete-user-signup', { body: payload })
    fake.functions.invoke.mockResolvedValue({ data: { success: false }, error: null })
    await expect(auth.completeSignup(payload)).resolves.toEqual({ success: false })
    const context = new Response(JSON.stringify({ success: false, error: 'user older than 24 hours' }), { status: 410 })
    fake.functions.invoke.mockResolvedValue({ data: null, error: { message: 'Edge Function returned a non-2xx status code', context } })
    await expect(auth.completeSignup(payload)).rejects.toEqual({ kind: 'setup', message: 'user older than 24 hours' })
    fake.functions.invoke.mockResolvedValue({
      data: null,
      error: { message: 'Failed to send a request to the Edge Function', context: new TypeError('Failed to fetch') },
    })
    await expect(auth.completeSignup(payload)).rejects.toEqual({
      kind: 'setup',
      message: 'Failed to send a request to the Edge Function',
    })
  })

  it('keeps the code of a confirmation failure so the machine can tell a missing verifier from a used link', async () => {
    fake.auth.exchangeCodeForSession.mockResolvedValue({
      data: {},
      error: { name: 'AuthPKCECodeVerifierMissingError', message: 'PKCE code verifier not found in storage.', code: 'pkce_code_verifier_not_found' },
    })
    await expect(auth.exchangeCode('c')).rejects.toMatchObject({ kind: 'confirmation', code: 'pkce_code_verifier_not_found' })
    fake.auth.exchangeCodeForSession.mockResolvedValue({ data: {}, error: null })
    await expect(auth.exchangeCode('c')).resolves.toBeUndefined()
  })

  it('sets a session from tokens, reads the session, resends and signs out', async () => {
    fake.auth.setSession.mockResolvedValue({ data: {}, error: null })
    await auth.setSessionFromTokens('at', 'rt')
    expect(fake.auth.setSession).toHaveBeenCalledWith({ access_token: 'at', refresh_token: 'rt' })
    fake.auth.getSession.mockResolvedValue({ data: { session: { access_token: 'x', user: { id: 'u-1', email: 'ada@x.co.uk' } } }, error: null })
    await expect(auth.readSession()).resolves.toEqual({ userId: 'u-1', email: 'ada@x.co.uk' })
    fake.auth.getSession.mockResolvedValue({ data: { session: null }, error: null })
    await expect(auth.readSession()).resolves.toBeNull()
    fake.auth.getSession.mockResolvedValue({ data: { session: null }, error: { name: 'AuthApiError', message: 'Invalid Refresh Token: Refresh Token Not Found', code: 'refresh_token_not_found', status: 400 } })
    await expect(auth.readSession()).rejects.toMatchObject({ kind: 'auth', code: 'refresh_token_not_found' })
    fake.auth.resend.mockResolvedValue({ data: {}, error: null })
    await auth.resendConfirmation('a@b.co.uk', 'https://x/auth?type=signup')
    expect(fake.auth.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'a@b.co.uk',
      options: { emailRedirectTo: 'https://x/auth?type=signup' },
    })
    vi.stubGlobal('window', { localStorage: new Map(), sessionStorage: { length: 0, key: () => null } })
    fake.auth.signOut.mockResolvedValue({ error: null })
    await expect(auth.signOutHere()).resolves.toEqual({ revoked: true })
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'local' })
    fake.auth.signOut.mockResolvedValue({ error: { name: 'AuthRetryableFetchError', message: 'Failed to fetch' } })
    await expect(auth.signOutHere()).resolves.toEqual({ revoked: false })
    vi.unstubAllGlobals()
  })
})
