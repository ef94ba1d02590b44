/**
 * The signed-in person's own row of public.users (RLS: own row only): /account's profile and editable details,
 * and the setup wizard's answers (saved ones to prefill 'Run setup again', and the final save).
 */
import { fromPromise } from 'xstate'
import { ACCOUNT_COLUMNS, type AccountDetails, type AccountProfile, detailsPatch, parseAccountRow } from '../domain/account'
import { buildWizardPatch, parseWizardRow, type WizardAnswers } from '../domain/onboarding'
import { getSupabase } from './client'
import type { SessionUser } from '../../machines/session.machine'

/** The user's own row as /account shows it; without a row (not expected: the sign-up trigger makes one), the
 * session's address and empty details. */
export async function loadAccount(user: SessionUser): Promise<AccountProfile> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.from('users').select(ACCOUNT_COLUMNS).eq('id', user.userId).maybeSingle()
  if (error) throw new Error(`Loading the account failed (${error.code ?? 'unknown'})`)
  return parseAccountRow({ email: user.email, ...((data as Record<string, unknown> | null) ?? {}) })
}

export async function saveAccountDetails(input: { userId: string; details: AccountDetails }): Promise<void> {
  const supabase = await getSupabase()
  // Ask for the id back: under RLS a PATCH that matches no row still answers 204, which is not a save.
  const { data, error } = await supabase.from('users').update(detailsPatch(input.details)).eq('id', input.userId).select('id')
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

/** The wizard's final save: every answer and onboarding_completed_at, PATCHed by id (spec section 7), then the organisation's settings when the person is its admin. */
export async function saveWizardAnswers(input: { userId: string; answers: WizardAnswers }): Promise<void> {
  const patch = buildWizardPatch(input.answers, new Date())
  if (!patch || !input.userId) throw new Error('The wizard answers are incomplete')
  const supabase = await getSupabase()
  // Ask for the updated id back: under RLS a PATCH that matches no row still answers 204, which is not a save.
  const { data, error } = await supabase.from('users').update(patch).eq('id', input.userId).select('id')
  if (error) throw new Error(`Saving the setup failed (${error.code ?? 'unknown'})`)
  if (data?.length !== 1) throw new Error('Saving the setup updated no row')
  // An admin's answers become the organisation's settings (its regulators, sector and review frequency), and its
  // assessments follow the regulators' frameworks, in one transaction (rpc apply_setup_to_organisation, issue 39);
  // a member's run changes nothing of the organisation. A failure fails the save, so the person can try again.
  const { applySetupToOrganisation } = await import('./organisationSettings')
  await applySetupToOrganisation(supabase, input.answers)
}

export const loadAccountActor = fromPromise(({ input }: { input: SessionUser }) => loadAccount(input))
export const saveDetailsActor = fromPromise(({ input }: { input: { userId: string; details: AccountDetails } }) => saveAccountDetails(input))
export const saveWizardActor = fromPromise(({ input }: { input: { userId: string; answers: WizardAnswers } }) => saveWizardAnswers(input))
