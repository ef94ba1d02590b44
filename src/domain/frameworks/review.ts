/**
 * When a rating is due for review, from the wizard's review frequency (daily, weekly, monthly) and the date of
 * the item's latest rating. Reviews are calendar days in the United Kingdom (Europe/London), not 24-hour
 * periods: a statement rated at 4 pm on Monday with a daily review is due on Tuesday, all of Tuesday, and
 * overdue from Wednesday. A monthly review of a rating made on 31 January is due on the last day of February.
 */
import type { Frequency } from '../onboarding'

export type ReviewFrequency = Frequency

export const REVIEW_TIME_ZONE = 'Europe/London'

export type ReviewStatus = 'current' | 'due' | 'overdue'

const londonParts = new Intl.DateTimeFormat('en-GB', { timeZone: REVIEW_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** The calendar date (YYYY-MM-DD) in the United Kingdom at an instant. */
export function ukDate(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`)
  const parts = Object.fromEntries(londonParts.formatToParts(date).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

function parts(date: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) throw new RangeError(`Not a calendar date: ${date}`)
  return [Number(m[1]), Number(m[2]), Number(m[3])]
}

function format(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/** A calendar date plus whole days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date)
  const t = new Date(Date.UTC(y, m - 1, d + days))
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate())
}

/** A calendar date plus whole months, kept within the month it lands in (31 January + 1 month = 28 or 29 February). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date)
  const first = new Date(Date.UTC(y, m - 1 + months, 1))
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return format(first.getUTCFullYear(), first.getUTCMonth() + 1, Math.min(d, lastDay))
}

/** The UK calendar date on which a rating made at `ratedAt` falls due for review. */
export function reviewDueOn(ratedAt: Date | string, frequency: ReviewFrequency): string {
  const rated = ukDate(ratedAt)
  switch (frequency) {
    case 'daily':
      return addDays(rated, 1)
    case 'weekly':
      return addDays(rated, 7)
    case 'monthly':
      return addMonths(rated, 1)
  }
}

/** 'due' on the due date, 'overdue' after it, 'current' before it (all in UK calendar days). */
export function reviewStatus(ratedAt: Date | string, frequency: ReviewFrequency, now: Date): ReviewStatus {
  const due = reviewDueOn(ratedAt, frequency)
  const today = ukDate(now)
  return today < due ? 'current' : today === due ? 'due' : 'overdue'
}
