/**
 * Actor implementations for returning accounts (issue 15): sign-in, resend, password reset, SSO, the header's
 * account menu and /account. supabase-js only through getSupabase(), so it is downloaded when one of these runs.
 * Auth errors become plain BackendFailure data (src/domain/account classifies them); anything else is rethrown.
 */
import { type AnyEventObject, fromCallback, fromPromise } from 'xstate'
import { ACCOUNT_COLUMNS, type AccountDetails, type AccountProfile, detailsPatch, parseAccountRow } from '../domain/account'
import { parseWizardRow, type WizardAnswers } from '../domain/onboarding'
import type { SsoProvider } from '../domain/ssoProviders'
import { exchangeCode, failure } from './auth'
import { getSupabase } from './client'
import { clearStoredAccount, whileSigningOut } from './storedSession'

export { isSigningOutHere } from './storedSession'

export async function signInWithPassword(input: { email: string; password: string }): Promise<{ userId: string }> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.signInWithPassword({ email: input.email, password: input.password })
  if (error) throw failure('auth', error)
  return { userId: data.user?.id ?? '' }
}

export async function resendConfirmation(input: { email: string; emailRedirectTo: string }): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.resend({ type: 'signup', email: input.email, options: { emailRedirectTo: input.emailRedirectTo } })
  if (error) throw failure('confirmation', error)
}

export async function requestPasswordReset(input: { email: string; redirectTo: string }): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.resetPasswordForEmail(input.email, { redirectTo: input.redirectTo })
  if (error) throw failure('auth', error)
}

export async function verifyRecoveryToken(input: { tokenHash: string }): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.verifyOtp({ token_hash: input.tokenHash, type: 'recovery' })
  if (error) throw failure('auth', error)
}

export async function updatePassword(input: { password: string }): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.updateUser({ password: input.password })
  if (error) throw failure('auth', error)
}

export async function startOAuth(input: { provider: SsoProvider; redirectTo: string }): Promise<void> {
  const supabase = await getSupabase()
  // supabase-js stores the PKCE verifier, then sends the browser to /authorize (the provider, or the local stand-in).
  const { error } = await supabase.auth.signInWithOAuth({ provider: input.provider, options: { redirectTo: input.redirectTo } })
  if (error) throw failure('auth', error)
}

/** The stored session's user (refreshed by supabase-js if expired), or null. */
async function sessionUser() {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.getSession()
  if (error) throw failure('auth', error)
  return { supabase, user: data.session?.user ?? null }
}

export async function sessionEmail(): Promise<{ email: string } | null> {
  const { user } = await sessionUser()
  return user ? { email: user.email ?? '' } : null
}

/**
 * Sign out of this device: revoke this session's refresh token (scope 'local': the person's other devices stay
 * signed in) and clear what the browser keeps. supabase-js keeps the session when the server cannot be reached; a
 * person pressing Sign out on a shared computer must still be signed out here, so the storage is cleared anyway and
 * `revoked: false` lets the page say the server could not be told.
 */
export function signOutHere(): Promise<{ revoked: boolean }> {
  return whileSigningOut(async () => {
    let revoked = false
    try {
      const supabase = await getSupabase()
      const { error } = await supabase.auth.signOut({ scope: 'local' })
      revoked = !error
    } finally {
      clearStoredAccount()
    }
    return { revoked }
  })
}

export async function loadAccount(): Promise<AccountProfile | null> {
  const { supabase, user } = await sessionUser()
  if (!user) return null
  const { data, error } = await supabase.from('users').select(ACCOUNT_COLUMNS).eq('id', user.id).maybeSingle()
  if (error) throw new Error(`Loading the account failed (${error.code ?? 'unknown'})`)
  // No profile row (not expected: the sign-up trigger makes one): show the session's address and empty details.
  return parseAccountRow({ email: user.email ?? '', ...((data as Record<string, unknown> | null) ?? {}) })
}

export async function saveAccountDetails(details: AccountDetails): Promise<void> {
  const { supabase, user } = await sessionUser()
  if (!user) throw failure('auth', { message: 'Auth session missing!', name: 'AuthSessionMissingError' })
  // Ask for the id back: under RLS a PATCH that matches no row still answers 204, which is not a save.
  const { data, error } = await supabase.from('users').update(detailsPatch(details)).eq('id', user.id).select('id')
  if (error) throw new Error(`Saving the details failed (${error.code ?? 'unknown'})`)
  if (data?.length !== 1) throw new Error('Saving the details updated no row')
}

/** The answers of a finished setup, to prefill 'Run setup again'; null when setup was never finished. */
export async function savedWizardAnswers(userId: string): Promise<WizardAnswers | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('users')
    .select('country, phone_number, sector, life_skills, selected_regulators, selected_roles, selected_domains, policy_frequency, onboarding_completed_at')
    .eq('id', userId)
    .maybeSingle()
  if (error || !data || !(data as { onboarding_completed_at?: unknown }).onboarding_completed_at) return null
  return parseWizardRow(data as Record<string, unknown>)
}

/** Calls back on sign-in and sign-out (in this tab, or another through supabase-js's broadcast). */
export function onAuthChange(callback: (event: { type: 'SIGNED_IN'; email: string } | { type: 'SIGNED_OUT' }) => void): () => void {
  let unsubscribe: (() => void) | undefined
  let stopped = false
  getSupabase()
    .then((supabase) => {
      if (stopped) return
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        if (event === 'SIGNED_OUT') callback({ type: 'SIGNED_OUT' })
        else if (event === 'SIGNED_IN' && session) callback({ type: 'SIGNED_IN', email: session.user.email ?? '' })
      })
      unsubscribe = () => data.subscription.unsubscribe()
    })
    .catch(() => console.warn('Auth state subscription failed'))
  return () => {
    stopped = true
    unsubscribe?.()
  }
}

// Actors, as the machines name them.
export const signInActor = fromPromise(({ input }: { input: { email: string; password: string } }) => signInWithPassword(input))
export const resendActor = fromPromise(({ input }: { input: { email: string; emailRedirectTo: string } }) => resendConfirmation(input))
export const passwordResetActors = {
  requestReset: fromPromise(({ input }: { input: { email: string; redirectTo: string } }) => requestPasswordReset(input)),
  exchangeCode: fromPromise(({ input }: { input: { code: string } }) => exchangeCode(input.code)),
  verifyToken: fromPromise(({ input }: { input: { tokenHash: string } }) => verifyRecoveryToken(input)),
  updatePassword: fromPromise(({ input }: { input: { password: string } }) => updatePassword(input)),
}
export const startOAuthActor = fromPromise(({ input }: { input: { provider: SsoProvider; redirectTo: string } }) => startOAuth(input))
export const sessionEmailActor = fromPromise(() => sessionEmail())
export const signOutHereActor = fromPromise(() => signOutHere())
export const loadAccountActor = fromPromise(() => loadAccount())
export const saveDetailsActor = fromPromise(({ input }: { input: AccountDetails }) => saveAccountDetails(input))
export const authChangeListener = fromCallback<AnyEventObject>(({ sendBack }) => onAuthChange((event) => sendBack(event)))
