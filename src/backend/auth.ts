/**
 * The actors the sign-up and e-mail confirmation machines are given: supabase-js calls, through the lazy
 * client, so supabase-js is downloaded only when one of them runs. Errors the backend reports in words
 * become plain `BackendFailure` data (the machines decide which toast they mean); anything else is
 * rethrown as is and shown as "Unexpected error".
 */
import { fromPromise } from 'xstate'
import type { CompleteSignupOutput, SignUpInput, SignUpOutput } from '../../machines/signup.machine'
import { UNREACHABLE_MESSAGE } from '../domain/account'
import type { BackendFailure, CompleteSignupPayload } from '../domain/signup'
import { getSupabase } from './client'

interface AuthErrorLike {
  message: string
  code?: string
}


/**
 * A supabase-js auth error as plain data. supabase-js reports a network failure (and a 5xx from a gateway) as
 * AuthRetryableFetchError with the browser's bare 'Failed to fetch': that becomes code `network` with words a
 * person understands. A missing session (AuthSessionMissingError carries no code) becomes `session_not_found`.
 */
export function failure(kind: BackendFailure['kind'], error: AuthErrorLike & { name?: string; status?: number }): BackendFailure {
  if (error.name === 'AuthRetryableFetchError') {
    return { kind, message: UNREACHABLE_MESSAGE, code: 'network', ...(error.status ? { status: error.status } : {}) }
  }
  const code = error.code ?? (error.name === 'AuthSessionMissingError' ? 'session_not_found' : undefined)
  return { kind, message: error.message ?? '', ...(code ? { code } : {}), ...(error.status ? { status: error.status } : {}) }
}

export async function signUp(input: SignUpInput): Promise<SignUpOutput> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: { emailRedirectTo: input.emailRedirectTo, data: input.metadata },
  })
  if (error) throw failure('auth', error)
  return { userId: data.user?.id ?? null, emailConfirmed: Boolean(data.user?.email_confirmed_at) }
}

/** The function's own error text when it answered with one, else the client's. */
async function functionErrorMessage(error: { message: string; context?: unknown }): Promise<string> {
  const response = error.context
  if (response instanceof Response) {
    try {
      const body = (await response.clone().json()) as { error?: unknown }
      if (typeof body.error === 'string' && body.error) return body.error
    } catch {
      // Not JSON: fall back to the client's message.
    }
  }
  return error.message
}

export async function completeSignup(payload: CompleteSignupPayload): Promise<CompleteSignupOutput> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.functions.invoke<{ success?: boolean; error?: string }>('complete-user-signup', {
    body: payload,
  })
  if (error) throw failure('setup', { message: await functionErrorMessage(error) })
  return { success: data?.success === true }
}

/** supabase-js keeps the PKCE code verifier under `<storageKey>-code-verifier` in its storage (localStorage). */
function codeVerifiers(): Array<[string, string]> {
  if (typeof window === 'undefined') return []
  const entries: Array<[string, string]> = []
  for (let i = 0; i < window.localStorage.length; i++) {
    const key = window.localStorage.key(i)
    const value = key?.endsWith('-code-verifier') ? window.localStorage.getItem(key) : null
    if (key && value !== null) entries.push([key, value])
  }
  return entries
}

export async function exchangeCode(code: string): Promise<void> {
  const supabase = await getSupabase()
  const verifiers = codeVerifiers()
  const { error } = await supabase.auth.exchangeCodeForSession(code)
  if (error) {
    // supabase-js deletes the code verifier whatever went wrong. When the server was not reached or failed
    // (a retryable error), the code has not been used, so the verifier goes back and "Try again" can work.
    if (error.name === 'AuthRetryableFetchError') for (const [key, value] of verifiers) window.localStorage.setItem(key, value)
    throw failure('confirmation', error)
  }
}

export async function setSessionFromTokens(accessToken: string, refreshToken: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken })
  if (error) throw failure('confirmation', error)
}

export async function hasSession(): Promise<boolean> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.getSession()
  if (error) throw failure('confirmation', error)
  return data.session !== null
}

export async function resendConfirmation(email: string, emailRedirectTo: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo } })
  if (error) throw failure('confirmation', error)
}

export async function signOut(): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signOut()
  if (error) throw failure('auth', error)
}

/** Implementations for signupMachine.provide({ actors }). */
export const signupActors = {
  signUp: fromPromise<SignUpOutput, SignUpInput>(({ input }) => signUp(input)),
  completeSignup: fromPromise<CompleteSignupOutput, CompleteSignupPayload>(({ input }) => completeSignup(input)),
}

/** Implementations for emailConfirmationMachine.provide({ actors }). */
export const emailConfirmationActors = {
  exchangeCode: fromPromise<void, { code: string }>(({ input }) => exchangeCode(input.code)),
  setSession: fromPromise<void, { accessToken: string; refreshToken: string }>(({ input }) =>
    setSessionFromTokens(input.accessToken, input.refreshToken),
  ),
  getSession: fromPromise<{ hasSession: boolean }>(async () => ({ hasSession: await hasSession() })),
  resendConfirmation: fromPromise<void, { email: string; emailRedirectTo: string }>(({ input }) =>
    resendConfirmation(input.email, input.emailRedirectTo),
  ),
}
