/**
 * What arrives by e-mail link and what asks for one: setting the session from an implicit-flow link's tokens, and
 * resending the sign-up confirmation e-mail (machines/emailConfirmation.machine.ts, resendConfirmation.machine.ts).
 * The code of a PKCE link is exchanged by ./codeExchange.
 */
import { fromPromise } from 'xstate'
import { getSupabase } from './client'
import { authFailure } from './failures'

export async function setSessionFromTokens(accessToken: string, refreshToken: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken })
  if (error) throw authFailure('confirmation', error)
}

export async function resendConfirmation(email: string, emailRedirectTo: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo } })
  if (error) throw authFailure('confirmation', error)
}

export const setSessionActor = fromPromise<void, { accessToken: string; refreshToken: string }>(({ input }) =>
  setSessionFromTokens(input.accessToken, input.refreshToken),
)
export const resendConfirmationActor = fromPromise<void, { email: string; emailRedirectTo: string }>(({ input }) =>
  resendConfirmation(input.email, input.emailRedirectTo),
)
