/**
 * Sign-up's two calls (machines/signup.machine.ts): the auth sign-up with the section 7 metadata, then the
 * complete-user-signup function. Errors the backend reports in words become BackendFailure data (the machine picks
 * the toast); anything else is rethrown as is and shown as "Unexpected error".
 */
import { fromPromise } from 'xstate'
import type { CompleteSignupOutput, SignUpInput, SignUpOutput } from '../../machines/signup.machine'
import type { CompleteSignupPayload } from '../domain/signup'
import { getSupabase } from './client'
import { authFailure, functionErrorMessage } from './failures'

export async function signUp(input: SignUpInput): Promise<SignUpOutput> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: { emailRedirectTo: input.emailRedirectTo, data: input.metadata },
  })
  if (error) throw authFailure('auth', error)
  return { userId: data.user?.id ?? null, emailConfirmed: Boolean(data.user?.email_confirmed_at) }
}

export async function completeSignup(payload: CompleteSignupPayload): Promise<CompleteSignupOutput> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.functions.invoke<{ success?: boolean; error?: string }>('complete-user-signup', {
    body: payload,
  })
  if (error) throw authFailure('setup', { message: await functionErrorMessage(error) })
  return { success: data?.success === true }
}

/** Implementations for signupMachine.provide({ actors }). */
export const signupActors = {
  signUp: fromPromise<SignUpOutput, SignUpInput>(({ input }) => signUp(input)),
  completeSignup: fromPromise<CompleteSignupOutput, CompleteSignupPayload>(({ input }) => completeSignup(input)),
}
