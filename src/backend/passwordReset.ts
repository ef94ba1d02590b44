/**
 * The password reset's calls (machines/passwordReset.machine.ts): asking for the link, verifying a token-hash link,
 * and saving the new password. A PKCE recovery link's code is exchanged by ./codeExchange.
 */
import { fromPromise } from 'xstate'
import { getSupabase } from './client'
import { exchangeCodeActor } from './codeExchange'
import { authFailure } from './failures'

export async function requestPasswordReset(input: { email: string; redirectTo: string }): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.resetPasswordForEmail(input.email, { redirectTo: input.redirectTo })
  if (error) throw authFailure('auth', error)
}

export async function verifyRecoveryToken(input: { tokenHash: string }): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.verifyOtp({ token_hash: input.tokenHash, type: 'recovery' })
  if (error) throw authFailure('auth', error)
}

export async function updatePassword(input: { password: string }): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.updateUser({ password: input.password })
  if (error) throw authFailure('auth', error)
}

export const passwordResetActors = {
  requestReset: fromPromise(({ input }: { input: { email: string; redirectTo: string } }) => requestPasswordReset(input)),
  exchangeCode: exchangeCodeActor,
  verifyToken: fromPromise(({ input }: { input: { tokenHash: string } }) => verifyRecoveryToken(input)),
  updatePassword: fromPromise(({ input }: { input: { password: string } }) => updatePassword(input)),
}
