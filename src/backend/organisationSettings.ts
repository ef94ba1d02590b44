/**
 * The organisation's settings (issue 39, item 1; supabase/migrations/20261128110000_organisation_settings.sql)
 * through supabase-js against PostgREST:
 *
 * - /settings reads them with rpc get_organisation_settings (the settings, the reader's role, the admins' names)
 *   and an admin saves them with rpc update_organisation_settings, which names the version it was made from (409
 *   settings_conflict when another admin saved meanwhile) and re-syncs the organisation's assessments in the same
 *   transaction;
 * - the setup wizard, after writing the person's own users row, hands its answers to
 *   rpc apply_setup_to_organisation, which makes them the organisation's when the person is its admin (and changes
 *   nothing for a member).
 *
 * Refusals become an `AssessmentFailure` ({ code, message }, ../domain/organisationSettings.ts `settingsFailure`).
 * Each function takes the client, so the backend tests run this very code against the local server.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { fromPromise } from 'xstate'
import type { SaveSettingsInput } from '../../machines/organisationSettings.machine'
import type { WizardAnswers } from '../domain/onboarding'
import { type OrganisationSettings, orderedRegulators, parseSettings, settingsFailure } from '../domain/organisationSettings'
import { client } from './assessments'

type Reply = { data: unknown; error: { message?: string; hint?: string | null; code?: string; details?: string | null } | null }

async function call(run: () => PromiseLike<Reply>): Promise<unknown> {
  let reply: Reply
  try {
    reply = await run()
  } catch {
    throw settingsFailure({ message: 'Failed to fetch' })
  }
  if (reply.error) throw settingsFailure(reply.error)
  return reply.data
}

function settingsOf(data: unknown): OrganisationSettings {
  const settings = parseSettings(data)
  if (!settings) throw settingsFailure({ code: 'unknown', message: '' })
  return settings
}

export async function readSettings(sb: SupabaseClient): Promise<OrganisationSettings> {
  return settingsOf(await call(() => sb.rpc('get_organisation_settings')))
}

export async function saveSettings(sb: SupabaseClient, input: SaveSettingsInput): Promise<OrganisationSettings> {
  const { draft } = input
  return settingsOf(
    await call(() =>
      sb.rpc('update_organisation_settings', {
        p_expected_version: input.expectedVersion,
        p_regulators: orderedRegulators(draft.regulators),
        p_sector: draft.sector,
        p_review_frequency: draft.frequency,
        p_review_reminders_default: draft.remindersDefault,
      }),
    ),
  )
}

/** The wizard's answers become the organisation's settings when the person is its admin; true when they did. */
export async function applySetupToOrganisation(sb: SupabaseClient, answers: Pick<WizardAnswers, 'regulators' | 'sector' | 'frequency'>): Promise<boolean> {
  const data = await call(() =>
    sb.rpc('apply_setup_to_organisation', { p_regulators: [...answers.regulators], p_sector: answers.sector, p_review_frequency: answers.frequency }),
  )
  return (data as { applied?: unknown } | null)?.applied === true
}

const load = fromPromise<OrganisationSettings, { userId: string }>(async () => readSettings(await client()))

export const organisationSettingsActors = {
  loadSettings: load,
  reloadSettings: load,
  saveSettings: fromPromise<OrganisationSettings, SaveSettingsInput>(async ({ input }) => saveSettings(await client(), input)),
}
