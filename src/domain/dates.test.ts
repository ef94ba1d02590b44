import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatIsoDateEnGB, formatLongDateEnGB, isoDate, parseIsoDate, sortNewestFirst } from './dates'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const day = fc.date({ min: new Date(1900, 0, 1), max: new Date(2199, 11, 31), noInvalidDate: true })

describe('dates', () => {
  it('formats the long British form', () => {
    expect(formatLongDateEnGB(new Date(2026, 10, 22, 23, 59))).toBe('22 November 2026')
    expect(formatIsoDateEnGB('2025-06-01')).toBe('1 June 2025')
    expect(formatIsoDateEnGB('2025-05-20')).toBe('20 May 2025')
  })

  it('uses the local calendar date, not UTC', () => {
    expect(isoDate(new Date(2025, 4, 1, 0, 5))).toBe('2025-05-01')
    expect(isoDate(new Date(2025, 4, 1, 23, 55))).toBe('2025-05-01')
  })

  it('rejects malformed and impossible dates', () => {
    for (const bad of ['2025-02-30', '2025-13-01', '2025-6-1', '01/06/2025', '', '2025-06-01T00:00']) {
      expect(parseIsoDate(bad), bad).toBeUndefined()
    }
    expect(() => formatIsoDateEnGB('2025-02-30')).toThrow(/Not a calendar date/)
  })

  it('property: isoDate and parseIsoDate round-trip any calendar day', () => {
    fc.assert(
      fc.property(day, (d) => {
        const text = isoDate(d)
        const back = parseIsoDate(text)
        expect(back && isoDate(back)).toBe(text)
      }),
    )
  })

  it('property: the long form is "<day> <Month> <year>" of the same local date', () => {
    fc.assert(
      fc.property(day, (d) => {
        expect(formatLongDateEnGB(d)).toBe(`${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`)
      }),
    )
  })

  it('property: sortNewestFirst is a descending permutation', () => {
    fc.assert(
      fc.property(fc.array(day.map((d) => ({ date: isoDate(d) }))), (entries) => {
        const sorted = sortNewestFirst(entries)
        expect(sorted).toHaveLength(entries.length)
        for (let i = 1; i < sorted.length; i++) expect(sorted[i - 1]!.date >= sorted[i]!.date).toBe(true)
        expect([...sorted].map((e) => e.date).sort()).toEqual([...entries].map((e) => e.date).sort())
      }),
    )
  })
})
