/**
 * The two RPCs of the onboarding gate and its SSO dialog: whether the profile still needs completing (and the
 * wizard), and the dialog's save of company and staff.
 */
import { fromPromise } from 'xstate'
import { parseCompletionStatus, type ProfileCompletionStatus, SSO_UNASSIGNED_SECTOR } from '../domain/onboarding'
import { getSupabase } from './client'

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

export const completionStatusActor = fromPromise(() => profileCompletionStatus())
export const saveProfileActor = fromPromise(({ input }: { input: { companyName: string; staffCount: number } }) => updateSelfProfileDetails(input))
