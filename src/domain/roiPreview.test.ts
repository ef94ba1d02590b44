import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clampLearners, formatGBP, ROI_PREVIEW, roiPreview } from './roiPreview'

describe('landing ROI preview', () => {
  it('computes the default figures for 100 learners', () => {
    expect(roiPreview(ROI_PREVIEW.defaultLearners)).toEqual({
      learners: 100,
      adminSavings: 90,
      courseProfit: 2500,
      monthlyTotal: 2590,
      annualTotal: 31080,
    })
  })

  it('computes the ends of the slider', () => {
    expect(roiPreview(10)).toMatchObject({ courseProfit: 250, monthlyTotal: 340, annualTotal: 4080 })
    expect(roiPreview(1000)).toMatchObject({ courseProfit: 25000, monthlyTotal: 25090, annualTotal: 301080 })
  })

  it('formats pounds in en-GB with no decimals', () => {
    expect(formatGBP(2590)).toBe('£2,590')
    expect(formatGBP(301080)).toBe('£301,080')
    expect(formatGBP(90)).toBe('£90')
  })

  it('snaps stray inputs onto the slider range and step', () => {
    expect(clampLearners(0)).toBe(10)
    expect(clampLearners(5000)).toBe(1000)
    expect(clampLearners(104)).toBe(100)
    expect(clampLearners(Number.NaN)).toBe(100)
  })

  it('totals add up and the year is twelve months, for every slider value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (n) => {
        const r = roiPreview(n * 10)
        expect(r.learners).toBe(n * 10)
        expect(r.monthlyTotal).toBe(r.adminSavings + r.courseProfit)
        expect(r.annualTotal).toBe(r.monthlyTotal * 12)
        expect(formatGBP(r.annualTotal)).toMatch(/^£\d{1,3}(,\d{3})*$/)
      }),
    )
  })

  it('is monotonic in learners', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a]
        expect(roiPreview(lo).monthlyTotal).toBeLessThanOrEqual(roiPreview(hi).monthlyTotal)
      }),
    )
  })
})
