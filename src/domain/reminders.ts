/**
 * Review reminders (issue 30, item 3): the words /account shows for the person's own setting. The digest itself is
 * written by the database (supabase/migrations/20261127000000_reminders.sql, queue_review_reminders).
 */
export const REMINDER_MESSAGES = {
  label: 'Review reminders: e-mail me a daily digest when reviews fall due or actions go overdue',
  heading: 'Review reminders',
  on: 'On: at most one e-mail a day, only when something needs you.',
  off: 'Off: no reminder e-mails. Your dashboard still shows what is due.',
  loading: 'Loading your reminder setting',
  loadFailed: 'Your reminder setting could not be loaded. Check your connection and try again.',
  saveFailed: 'Your reminder setting was not saved. Check your connection and try again.',
  savedOn: 'Review reminders on',
  savedOff: 'Review reminders off',
} as const

/**
 * Whether the person gets no reminders, from their own reminder_preferences row: true or false when they chose; not
 * chosen (null, issue 39), their organisation's default (`users(organisations(review_reminders_default))` embedded
 * in the same read: reminders on unless the default is off). No row, or anything unreadable: not muted.
 */
export function parseMuted(row: unknown): boolean {
  if (typeof row !== 'object' || row === null) return false
  const r = row as { review_reminders_muted?: unknown; users?: unknown }
  if (typeof r.review_reminders_muted === 'boolean') return r.review_reminders_muted
  if (r.review_reminders_muted !== null) return false
  const organisation = (r.users as { organisations?: unknown } | null | undefined)?.organisations
  return (organisation as { review_reminders_default?: unknown } | null | undefined)?.review_reminders_default === false
}
