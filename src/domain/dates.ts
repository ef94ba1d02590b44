/**
 * Calendar dates shown on pages: legal effective dates (today, in the reader's time zone) and dated entries
 * such as changelog releases. Pure functions; the caller decides which Date is "now".
 */

/** The local calendar date of `date` as YYYY-MM-DD (for <time datetime>). */
export function isoDate(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, '0')
  const m = String(date.getMonth() + 1).padStart(2, '0')
  const d = String(date.getDate()).padStart(2, '0')
  return `${y}-${m}-${d}`
}

const longEnGB = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })

/** '22 November 2026': the long British form of the local calendar date. */
export function formatLongDateEnGB(date: Date): string {
  return longEnGB.format(date)
}

/** Parse a YYYY-MM-DD calendar date as a local date (no UTC shift), or undefined when it is not a real date. */
export function parseIsoDate(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return undefined
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(y, m - 1, d)
  // new Date rolls 2025-02-30 over to March; a real calendar date survives unchanged.
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return undefined
  return date
}

/** '2025-06-01' -> '1 June 2025'; throws on a malformed date so bad content fails the build, not the reader. */
export function formatIsoDateEnGB(text: string): string {
  const date = parseIsoDate(text)
  if (!date) throw new Error(`Not a calendar date: ${text}`)
  return formatLongDateEnGB(date)
}

/** Newest first; ties keep their order. */
export function sortNewestFirst<T extends { date: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
}
