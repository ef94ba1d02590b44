/**
 * 'Run setup again' (issue 29): after the setup wizard saves, the organisation's open assessments follow the
 * frameworks its answers choose, through rpc sync_assessments (archived, never deleted; reopened with their
 * answers). Its own module, loaded by the wizard's save only, so the frameworks' data stays out of the pages that
 * merely read or save the users row (/account).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { frameworksFor } from '../domain/frameworks/selection'

/**
 * The organisation's open assessments follow the frameworks its answers choose (the
 * regulators, else the sector). Best effort, never throws: a person in no organisation, or a dropped connection,
 * leaves the assessments as they were (the signed-in home offers to start what is missing).
 */
export async function syncChosenFrameworks(sb: SupabaseClient, answers: { regulators: readonly string[]; sector: string | null }): Promise<boolean> {
  const frameworkIds = frameworksFor({ selectedRegulators: answers.regulators, sector: answers.sector }).map((v) => v.frameworkId)
  if (frameworkIds.length === 0) return false
  try {
    const { error } = await sb.rpc('sync_assessments', { p_framework_ids: frameworkIds })
    return error === null
  } catch {
    return false
  }
}

