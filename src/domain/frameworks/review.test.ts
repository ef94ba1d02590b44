import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FREQUENCIES } from '../onboarding'
import { addDays, addMonths, reviewDueOn, reviewStatus, ukDate } from './review'

describe('UK calendar dates', () => {
  it('reads the date in the United Kingdom, in winter (GMT) and summer (BST)', () => {
    expect(ukDate('2026-01-15T23:30:00Z')).toBe('2026-01-15') // GMT: 23:30 is still the 15th
    expect(ukDate('2026-07-15T23:30:00Z')).toBe('2026-07-16') // BST: 00:30 on the 16th
    expect(ukDate('2026-03-29T00:59:59Z')).toBe('2026-03-29') // clocks go forward at 01:00 GMT
    expect(ukDate('2026-10-24T23:00:00Z')).toBe('2026-10-25') // BST until 01:00 GMT on the 25th
    expect(ukDate(new Date(Date.UTC(2026, 11, 31, 23, 59)))).toBe('2026-12-31')
    expect(() => ukDate('not a date')).toThrow(RangeError)
  })

  it('adds days and months on the calendar, keeping month ends', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 7)).toBe('2027-01-07')
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29')
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30')
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15')
    expect(() => addDays('2026-2-1', 1)).toThrow(RangeError)
  })
})

describe('due for review', () => {
  it('daily, weekly and monthly from the UK date of the latest rating', () => {
    const rated = '2026-11-02T16:00:00Z' // a Monday afternoon
    expect(reviewDueOn(rated, 'daily')).toBe('2026-11-03')
    expect(reviewDueOn(rated, 'weekly')).toBe('2026-11-09')
    expect(reviewDueOn(rated, 'monthly')).toBe('2026-12-02')
    // Rated at 23:30 UTC in summer: that is already the next day in the UK.
    expect(reviewDueOn('2026-07-15T23:30:00Z', 'daily')).toBe('2026-07-17')
  })

  it('is current before the due date, due on it (all day), overdue after it', () => {
    const rated = '2026-11-02T16:00:00Z'
    expect(reviewStatus(rated, 'daily', new Date('2026-11-02T23:59:00Z'))).toBe('current')
    expect(reviewStatus(rated, 'daily', new Date('2026-11-03T00:00:00Z'))).toBe('due')
    expect(reviewStatus(rated, 'daily', new Date('2026-11-03T23:59:59Z'))).toBe('due')
    expect(reviewStatus(rated, 'daily', new Date('2026-11-04T00:00:00Z'))).toBe('overdue')
    expect(reviewStatus(rated, 'weekly', new Date('2026-11-08T12:00:00Z'))).toBe('current')
    expect(reviewStatus(rated, 'monthly', new Date('2026-12-02T09:00:00Z'))).toBe('due')
    expect(reviewStatus(rated, 'monthly', new Date('2026-12-03T09:00:00Z'))).toBe('overdue')
  })

  it('covers every review frequency the wizard offers', () => {
    for (const f of FREQUENCIES) expect(reviewDueOn('2026-01-01T12:00:00Z', f)).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  const days = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000

  it('property: a daily review is 1 day on, weekly 7, monthly 28–31 days and the same day of the month where it exists', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const rated = ukDate(at)
        expect(days(rated, reviewDueOn(at, 'daily'))).toBe(1)
        expect(days(rated, reviewDueOn(at, 'weekly'))).toBe(7)
        const monthly = reviewDueOn(at, 'monthly')
        expect(days(rated, monthly)).toBeGreaterThanOrEqual(28)
        expect(days(rated, monthly)).toBeLessThanOrEqual(31)
        const day = Number(rated.slice(8))
        if (day <= 28) expect(Number(monthly.slice(8))).toBe(day)
      }),
    )
  })

  it('property: the status only moves forward as time passes (current → due → overdue)', () => {
    const order = { current: 0, due: 1, overdue: 2 }
    fc.assert(
      fc.property(instant, fc.constantFrom(...FREQUENCIES), fc.nat(60 * 86_400_000), fc.nat(60 * 86_400_000), (at, f, d1, d2) => {
        const [early, late] = [Math.min(d1, d2), Math.max(d1, d2)]
        const s1 = reviewStatus(at, f, new Date(at.getTime() + early))
        const s2 = reviewStatus(at, f, new Date(at.getTime() + late))
        expect(order[s1]).toBeLessThanOrEqual(order[s2])
        expect(reviewStatus(at, f, at)).toBe('current')
      }),
    )
  })
})
