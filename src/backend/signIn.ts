/**
 * Signing in at /auth: with a password (machines/signIn.machine.ts), or by leaving for an SSO provider
 * (machines/ssoSignIn.machine.ts; the provider sends the person back to /onboarding, where ./codeExchange ends it).
 */
import { fromPromise } from 'xstate'
import type { SsoProvider } from '../domain/ssoProviders'
import { getSupabase } from './client'
import { authFailure } from './failures'

export async function signInWithPassword(input: { email: string; password: string }): Promise<{ userId: string }> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.signInWithPassword({ email: input.email, password: input.password })
  if (error) throw authFailure('auth', error)
  return { userId: data.user?.id ?? '' }
}

export async function startOAuth(input: { provider: SsoProvider; redirectTo: string }): Promise<void> {
  const supabase = await getSupabase()
  // supabase-js stores the PKCE verifier, then sends the browser to /authorize (the provider, or the local stand-in).
  const { error } = await supabase.auth.signInWithOAuth({ provider: input.provider, options: { redirectTo: input.redirectTo } })
  if (error) throw authFailure('auth', error)
}

export const signInActor = fromPromise(({ input }: { input: { email: string; password: string } }) => signInWithPassword(input))
export const startOAuthActor = fromPromise(({ input }: { input: { provider: SsoProvider; redirectTo: string } }) => startOAuth(input))
