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

/** The person's setting as their own reminder_preferences row has it (no row: never muted). */
export function parseMuted(row: unknown): boolean {
  return typeof row === 'object' && row !== null && (row as { review_reminders_muted?: unknown }).review_reminders_muted === true
}
