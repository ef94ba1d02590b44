/**
 * The signed-in person's own review reminder setting (public.reminder_preferences; RLS: own row only, and only
 * review_reminders_muted may change), read with their organisation's default for whoever never chose (issue 39:
 * embedded through their own users row). Small on purpose: /account loads it (its first-load JS has a budget).
 */
import { fromPromise } from 'xstate'
import { parseMuted } from '../domain/reminders'
import { getSupabase } from './client'

export async function loadReminderSetting(input: { userId: string }): Promise<boolean> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.from('reminder_preferences').select('review_reminders_muted, users(organisations(review_reminders_default))').eq('id', input.userId).maybeSingle()
  if (error) throw new Error(`Loading the reminder setting failed (${error.code ?? 'unknown'})`)
  return parseMuted(data)
}

/** Saves the setting; resolves once the server's row says it is stored. */
export async function saveReminderSetting(input: { userId: string; muted: boolean }): Promise<void> {
  const supabase = await getSupabase()
  // Ask for the row back: under RLS a PATCH that matches no row still answers 204, which is not a save.
  const { data, error } = await supabase
    .from('reminder_preferences')
    .update({ review_reminders_muted: input.muted })
    .eq('id', input.userId)
    .select('review_reminders_muted')
  if (error) throw new Error(`Saving the reminder setting failed (${error.code ?? 'unknown'})`)
  if (data?.length !== 1) throw new Error('Saving the reminder setting updated no row')
  if (parseMuted(data[0]) !== input.muted) throw new Error('The reminder setting was not stored')
}

export const loadReminderSettingActor = fromPromise(({ input }: { input: { userId: string } }) => loadReminderSetting(input))
export const saveReminderSettingActor = fromPromise(({ input }: { input: { userId: string; muted: boolean } }) => saveReminderSetting(input))
