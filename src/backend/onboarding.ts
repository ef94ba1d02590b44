/**
 * Actor implementations for the onboarding machines (gate, SSO profile dialog, setup wizard): the session,
 * the signed-out subscription, sign-out, the two RPCs and the users-row PATCH. supabase-js only through
 * getSupabase(), so pages that never call these never download it.
 */
import { type AnyEventObject, fromCallback, fromPromise } from 'xstate'
import { buildWizardPatch, parseCompletionStatus, type ProfileCompletionStatus, SSO_UNASSIGNED_SECTOR, type WizardAnswers } from '../domain/onboarding'
import { getSupabase } from './client'

export interface SessionUser {
  userId: string
  email: string
}

/** The signed-in user from the stored session (refreshed by supabase-js if it has expired), or null. */
export async function currentSessionUser(): Promise<SessionUser | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.getSession()
  if (error) throw new Error('Could not read the session')
  const user = data.session?.user
  return user ? { userId: user.id, email: user.email ?? '' } : null
}

export async function signOut(): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.signOut()
  // The local session is cleared even when the server call fails; nothing else to do.
  if (error) console.warn('Sign-out request failed:', error.code ?? error.name)
}

export async function profileCompletionStatus(): Promise<ProfileCompletionStatus> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('get_profile_completion_status')
  if (error) throw new Error(`Profile status failed (${error.code ?? 'unknown'})`)
  return parseCompletionStatus(data)
}

export async function updateSelfProfileDetails(input: { companyName: string; staffCount: number }): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.rpc('update_self_profile_details', {
    p_company_name: input.companyName,
    p_sector: SSO_UNASSIGNED_SECTOR,
    p_staff_count: input.staffCount,
  })
  if (error) throw new Error(`Saving profile details failed (${error.code ?? 'unknown'})`)
}

export async function saveWizardAnswers(input: { userId: string; answers: WizardAnswers }): Promise<void> {
  const patch = buildWizardPatch(input.answers, new Date())
  if (!patch || !input.userId) throw new Error('The wizard answers are incomplete')
  const supabase = await getSupabase()
  // Ask for the updated id back: under RLS a PATCH that matches no row still answers 204, which is not a save.
  const { data, error } = await supabase.from('users').update(patch).eq('id', input.userId).select('id')
  if (error) throw new Error(`Saving the setup failed (${error.code ?? 'unknown'})`)
  if (data?.length !== 1) throw new Error('Saving the setup updated no row')
}

/** Calls back when the auth state becomes signed out; returns the unsubscribe function. */
export function onSignedOut(callback: () => void): () => void {
  let unsubscribe: (() => void) | undefined
  let stopped = false
  getSupabase()
    .then((supabase) => {
      if (stopped) return
      const { data } = supabase.auth.onAuthStateChange((event) => {
        if (event === 'SIGNED_OUT') callback()
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
export const getSessionActor = fromPromise(() => currentSessionUser())
export const signOutActor = fromPromise(() => signOut())
export const completionStatusActor = fromPromise(() => profileCompletionStatus())
export const saveProfileActor = fromPromise(({ input }: { input: { companyName: string; staffCount: number } }) =>
  updateSelfProfileDetails(input),
)
export const saveWizardActor = fromPromise(({ input }: { input: { userId: string; answers: WizardAnswers } }) => saveWizardAnswers(input))
export const signedOutListener = fromCallback<AnyEventObject>(({ sendBack }) => onSignedOut(() => sendBack({ type: 'SIGNED_OUT' })))
