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

describe('dates at the edges', () => {
  it('writes years before 1000 with four digits', () => {
    const d = new Date(2000, 0, 5)
    d.setFullYear(999)
    expect(isoDate(d)).toBe('0999-01-05')
  })

  it('takes only a whole YYYY-MM-DD of a real day, and keeps years below 100 where they are', () => {
    expect(parseIsoDate('x2025-06-01')).toBeUndefined()
    expect(parseIsoDate('0050-01-01')).toBeUndefined()
    expect(parseIsoDate('2024-02-29')?.getDate()).toBe(29)
    expect(parseIsoDate('2025-04-31')).toBeUndefined()
  })

  it('sorts newest first and keeps entries of the same date in their order', () => {
    const entries = [
      { id: 'a', date: '2025-01-01' },
      { id: 'b', date: '2025-06-01' },
      { id: 'c', date: '2025-06-01' },
      { id: 'd', date: '2024-12-31' },
      { id: 'e', date: '2025-06-01' },
    ]
    expect(sortNewestFirst(entries).map((e) => e.id)).toEqual(['b', 'c', 'e', 'a', 'd'])
  })
})

