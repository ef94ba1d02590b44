/**
 * The one PKCE code exchange: a confirmation link (/auth?type=signup&code=), a recovery link
 * (/auth?type=recovery&code=) and an SSO provider's return (/onboarding?code=) all end here.
 */
import { fromPromise } from 'xstate'
import { getSupabase } from './client'
import { authFailure } from './failures'

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

/** Exchanges the code for a session; a failure throws a BackendFailure (kind `confirmation`) with GoTrue's code. */
export async function exchangeCode(code: string): Promise<void> {
  const supabase = await getSupabase()
  const verifiers = codeVerifiers()
  const { error } = await supabase.auth.exchangeCodeForSession(code)
  if (error) {
    // supabase-js deletes the code verifier whatever went wrong. When the server was not reached or failed
    // (a retryable error), the code has not been used, so the verifier goes back and "Try again" can work.
    if (error.name === 'AuthRetryableFetchError') for (const [key, value] of verifiers) window.localStorage.setItem(key, value)
    throw authFailure('confirmation', error)
  }
}

/** The machines' `exchangeCode` actor (emailConfirmation, passwordReset, onboardingGate). */
export const exchangeCodeActor = fromPromise<void, { code: string }>(({ input }) => exchangeCode(input.code))
