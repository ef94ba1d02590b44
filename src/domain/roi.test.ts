import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  calculateRoi,
  evaluateRoi,
  formatPounds,
  formatPoundsAndPence,
  ROI_DEFAULT_DRAFT,
  ROI_DEFAULTS,
  type RoiDraft,
} from './roi'

const nonNegative = fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true })
const inputs = fc.record({ learners: nonNegative, hoursSaved: nonNegative, staffCost: nonNegative, marginPercent: nonNegative })

describe('calculateRoi (spec section 9)', () => {
  it('gives the figures of the defaults 150 learners, 6 h, £26, 45 %', () => {
    expect(ROI_DEFAULTS).toEqual({ learners: 150, hoursSaved: 6, staffCost: 26, marginPercent: 45 })
    expect(calculateRoi(ROI_DEFAULTS)).toEqual({
      adminSavingsPerMonth: 150 * 6 * 26,
      courseProfitPerLearner: 27,
      courseProfitPerMonth: 150 * 27,
      totalPerMonth: 23_400 + 4_050,
      totalPerYear: 27_450 * 12,
    })
  })

  it('per-learner course profit is 12 x margin/100 x 5', () => {
    expect(calculateRoi({ learners: 1, hoursSaved: 0, staffCost: 0, marginPercent: 100 }).courseProfitPerLearner).toBe(60)
    expect(calculateRoi({ learners: 1, hoursSaved: 0, staffCost: 0, marginPercent: 0 }).courseProfitPerLearner).toBe(0)
  })

  it('never gives NaN or a negative figure for valid input, and the totals add up', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const r = calculateRoi(i)
        for (const value of Object.values(r)) {
          expect(Number.isNaN(value)).toBe(false)
          expect(value).toBeGreaterThanOrEqual(0)
        }
        expect(r.totalPerMonth).toBeCloseTo(r.adminSavingsPerMonth + r.courseProfitPerMonth, 6)
        expect(r.totalPerYear).toBeCloseTo(r.totalPerMonth * 12, 4)
      }),
    )
  })

  it('is monotonic in learners', () => {
    fc.assert(
      fc.property(inputs, nonNegative, (i, extra) => {
        const a = calculateRoi(i)
        const b = calculateRoi({ ...i, learners: i.learners + extra })
        expect(b.adminSavingsPerMonth).toBeGreaterThanOrEqual(a.adminSavingsPerMonth)
        expect(b.courseProfitPerMonth).toBeGreaterThanOrEqual(a.courseProfitPerMonth)
        expect(b.totalPerMonth).toBeGreaterThanOrEqual(a.totalPerMonth)
        expect(b.totalPerYear).toBeGreaterThanOrEqual(a.totalPerYear)
      }),
    )
  })
})

describe('evaluateRoi (what was typed)', () => {
  it('computes the defaults', () => {
    const e = evaluateRoi(ROI_DEFAULT_DRAFT)
    expect(e.ok).toBe(true)
    if (e.ok) expect(e.results.totalPerYear).toBe(329_400)
  })

  it('accepts decimals and surrounding spaces', () => {
    const e = evaluateRoi({ learners: ' 10 ', hoursSaved: '1.5', staffCost: '20', marginPercent: '33' })
    expect(e.ok).toBe(true)
    if (e.ok) expect(e.results.courseProfitPerLearner).toBeCloseTo(19.8, 10)
  })

  it('names each empty input', () => {
    const e = evaluateRoi({ learners: '', hoursSaved: '6', staffCost: '', marginPercent: '45' })
    expect(e).toEqual({
      ok: false,
      errors: { learners: 'Enter the number of active learners.', staffCost: 'Enter the average staff cost per hour.' },
    })
  })

  it('rejects negative and non-finite input with a clear message', () => {
    const e = evaluateRoi({ learners: '150', hoursSaved: '-1', staffCost: '26', marginPercent: '1e999' })
    expect(e.ok).toBe(false)
    expect(e.errors).toEqual({ hoursSaved: 'Hours saved can’t be negative.', marginPercent: 'Course margin (%) must be a number.' })
    expect(evaluateRoi({ ...ROI_DEFAULT_DRAFT, learners: '1e13' }).errors).toEqual({ learners: 'Active learners is too large to calculate.' })
  })

  it('never yields NaN or a negative pound figure: any text either computes cleanly or names the bad input', () => {
    const text = fc.oneof(fc.string(), fc.double().map(String), fc.integer({ min: -1000, max: 1000 }).map(String), fc.constant('1e12'))
    fc.assert(
      fc.property(fc.record({ learners: text, hoursSaved: text, staffCost: text, marginPercent: text }), (draft: RoiDraft) => {
        const e = evaluateRoi(draft)
        if (e.ok) {
          for (const value of Object.values(e.results)) {
            expect(Number.isFinite(value)).toBe(true)
            expect(value).toBeGreaterThanOrEqual(0)
            expect(formatPounds(value)).not.toMatch(/NaN|-/)
          }
        } else {
          expect(Object.keys(e.errors).length).toBeGreaterThan(0)
          for (const message of Object.values(e.errors)) expect(message).toMatch(/\.$/)
        }
      }),
    )
  })
})

describe('formatting (en-GB, GBP)', () => {
  it('shows whole pounds with separators for totals and pence for rates', () => {
    expect(formatPounds(329_400)).toBe('£329,400')
    expect(formatPounds(23_400.6)).toBe('£23,401')
    expect(formatPounds(-0)).toBe('£0')
    expect(formatPoundsAndPence(19.8)).toBe('£19.80')
  })
})
