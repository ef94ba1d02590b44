import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BSR_HRB_2023 } from './bsrHrb2023'
import { CQC_SAF_2024 } from './cqcSaf2024'
import { allItems, belowGoodItems, isBelowGood, isOnScale, ratingOf } from './items'
import { OFSTED_EIF_2025 } from './ofstedEif2025'
import { RSH_CONSUMER_2024 } from './rshConsumer2024'
import {
  bandFor,
  complianceResult,
  completionOf,
  gradesResult,
  ofstedOutcome,
  percentageResult,
  summariseFramework,
  wholePercent,
} from './scoring'
import type { AssessmentState, FrameworkGroup, FrameworkVersion, RatingsByItem } from './types'

const AT = '2026-11-02T10:00:00.000Z'
const rate = (entries: Record<string, string>): RatingsByItem =>
  Object.fromEntries(Object.entries(entries).map(([id, value]) => [id, { value, ratedAt: AT }]))
const group = (v: FrameworkVersion, key: string) => v.groups.find((g) => g.key === key)!
const SAFE = group(CQC_SAF_2024, 'safe')
const cqc = (key: string) => `cqc-saf-2024/${key}`
const area = (key: string) => `ofsted-eif-2025/evaluation-areas/${key}`
const SAFEGUARDING = 'ofsted-eif-2025/safeguarding/safeguarding'
const BANDS = CQC_SAF_2024.scoring.kind === 'cqc-percentage' ? CQC_SAF_2024.scoring.bands : []

/** The score values of a group's statements, as a state (undefined leaves a statement unrated). */
function cqcState(g: FrameworkGroup, scores: readonly (number | undefined)[]): AssessmentState {
  const ratings: Record<string, { value: string; ratedAt: string }> = {}
  g.items.forEach((item, i) => {
    const s = scores[i]
    if (s !== undefined) ratings[item.id] = { value: String(s), ratedAt: AT }
  })
  return { ratings }
}

describe('wholePercent: rounding to a whole percentage, halves up, in whole numbers', () => {
  it('matches CQC’s worked example and the boundary cases of the bands', () => {
    expect(wholePercent(11, 16)).toBe(69) // CQC's own example: 11 of 16 is 69 %
    expect(wholePercent(20, 32)).toBe(63) // 62.5 %: Good, not Requires improvement
    expect(wholePercent(12, 32)).toBe(38) // 37.5 %: still Inadequate
    expect(wholePercent(28, 32)).toBe(88) // 87.5 %: Outstanding
    expect(wholePercent(1, 3)).toBe(33)
    expect(wholePercent(2, 3)).toBe(67)
    expect(wholePercent(0, 7)).toBe(0)
    expect(wholePercent(7, 7)).toBe(100)
  })

  it('refuses what is not a fraction of a whole', () => {
    for (const [p, w] of [[1, 0], [-1, 4], [5, 4], [1.5, 4], [1, Number.NaN]] as const) expect(() => wholePercent(p, w)).toThrow(RangeError)
  })

  it('property: the result is the nearest whole percentage, a half rounding up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }).chain((w) => fc.tuple(fc.integer({ min: 0, max: w }), fc.constant(w))), ([p, w]) => {
        const r = wholePercent(p, w)
        // r - 1/2 <= 100p/w < r + 1/2, multiplied out by 2w.
        expect((2 * r - 1) * w).toBeLessThanOrEqual(200 * p)
        expect(200 * p).toBeLessThan((2 * r + 1) * w)
      }),
    )
  })
})

describe('CQC bands', () => {
  it('every whole percentage from 25 to 100 has exactly one band, at the published edges', () => {
    const edges = [25, 38, 39, 62, 63, 87, 88, 100].map((p) => [p, bandFor(BANDS, p).label])
    expect(edges).toEqual([
      [25, 'Inadequate'],
      [38, 'Inadequate'],
      [39, 'Requires improvement'],
      [62, 'Requires improvement'],
      [63, 'Good'],
      [87, 'Good'],
      [88, 'Outstanding'],
      [100, 'Outstanding'],
    ])
    for (let p = 25; p <= 100; p++) expect(BANDS.filter((b) => p >= b.from && p <= b.to)).toHaveLength(1)
    expect(bandFor(BANDS, 10).key).toBe('inadequate')
    expect(() => bandFor(BANDS, 101)).toThrow(RangeError)
  })

  it('every possible key question score of 1–8 statements gets the band its exact percentage rounds into', () => {
    // Rounded half up, the band edges fall at exactly 38.5 %, 62.5 % and 87.5 %: compared here in whole numbers.
    const expectedBand = (total: number, max: number) => {
      const twice = (200 * total) / max // twice the exact percentage, compared with 77, 125 and 175
      return twice < 77 ? 'inadequate' : twice < 125 ? 'requires-improvement' : twice < 175 ? 'good' : 'outstanding'
    }
    let checked = 0
    for (let n = 1; n <= 8; n++) {
      for (let total = n; total <= 4 * n; total++, checked++) {
        expect(bandFor(BANDS, wholePercent(total, 4 * n)).key, `${total}/${4 * n}`).toBe(expectedBand(total, 4 * n))
      }
    }
    expect(checked).toBe(116) // 3n + 1 totals for each n
  })
})

describe('CQC key question score', () => {
  it('three Safe statements rated 3, 3 and 2: 8 of 12 is 67 %, Good, and Safe is incomplete', () => {
    const state = cqcState(SAFE, [3, 3, 2])
    expect(percentageResult(CQC_SAF_2024, SAFE, state)).toEqual({ kind: 'percentage', score: 8, maxScore: 12, percent: 67, band: BANDS[2] })
    expect(completionOf(CQC_SAF_2024, SAFE, state)).toEqual({ rated: 3, applicable: 8, percent: 37, complete: false })
  })

  it('all eight Safe statements: 20 of 32 (62.5 %) is Good; 19 of 32 (59 %) requires improvement', () => {
    expect(percentageResult(CQC_SAF_2024, SAFE, cqcState(SAFE, [3, 3, 3, 3, 2, 2, 2, 2])).band?.label).toBe('Good')
    expect(percentageResult(CQC_SAF_2024, SAFE, cqcState(SAFE, [3, 3, 3, 2, 2, 2, 2, 2])).band?.label).toBe('Requires improvement')
    expect(percentageResult(CQC_SAF_2024, SAFE, cqcState(SAFE, [4, 4, 4, 4, 4, 4, 4, 4]))).toMatchObject({ score: 32, maxScore: 32, percent: 100 })
    expect(percentageResult(CQC_SAF_2024, SAFE, cqcState(SAFE, [1, 1, 1, 1, 1, 1, 1, 1]))).toMatchObject({ percent: 25, band: { label: 'Inadequate' } })
  })

  it('has no percentage or band before a statement is rated; a value off the scale counts as unrated', () => {
    expect(percentageResult(CQC_SAF_2024, SAFE, { ratings: {} })).toEqual({ kind: 'percentage', score: 0, maxScore: 0, percent: null, band: null })
    const state = { ratings: rate({ [cqc('safe/learning-culture')]: '5', [cqc('safe/safeguarding')]: 'good', [cqc('safe/medicines-optimisation')]: '4' }) }
    expect(percentageResult(CQC_SAF_2024, SAFE, state)).toMatchObject({ score: 4, maxScore: 4, percent: 100 })
    expect(completionOf(CQC_SAF_2024, SAFE, state).rated).toBe(1)
  })

  it('ignores ratings of another key question or framework', () => {
    const state = { ratings: rate({ [cqc('caring/treating-people-as-individuals')]: '1', [area('inclusion')]: 'exceptional', [cqc('safe/safeguarding')]: '3' }) }
    expect(percentageResult(CQC_SAF_2024, SAFE, state)).toMatchObject({ score: 3, maxScore: 4, percent: 75 })
  })

  const scores = (n: number) => fc.array(fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }), { minLength: n, maxLength: n })

  it('property: the percentage is the rated total over 4 × rated, and its band holds it', () => {
    const groupAndScores = fc.constantFrom(...CQC_SAF_2024.groups).chain((g) => fc.tuple(fc.constant(g), scores(g.items.length)))
    fc.assert(
      fc.property(groupAndScores, ([g, values]) => {
        const result = percentageResult(CQC_SAF_2024, g, cqcState(g, values))
        const rated = values.filter((s): s is number => s !== undefined)
        if (rated.length === 0) return expect(result.percent).toBeNull()
        const total = rated.reduce((a, b) => a + b, 0)
        expect(result).toMatchObject({ score: total, maxScore: 4 * rated.length, percent: wholePercent(total, 4 * rated.length) })
        expect(result.percent).toBeGreaterThanOrEqual(25)
        expect(result.percent! >= result.band!.from && result.percent! <= result.band!.to).toBe(true)
      }),
    )
  })

  it('property: the order of the ratings does not matter, and raising one never lowers the percentage', () => {
    fc.assert(
      fc.property(scores(8), fc.nat(7), (values, i) => {
        const shuffled = [...values].reverse()
        const a = percentageResult(CQC_SAF_2024, SAFE, cqcState(SAFE, values))
        const b = percentageResult(CQC_SAF_2024, SAFE, cqcState(SAFE, shuffled))
        expect(a.percent).toBe(b.percent)
        const v = values[i]
        if (v === undefined || v === 4) return
        const raised = values.map((x, j) => (j === i ? v + 1 : x))
        expect(percentageResult(CQC_SAF_2024, SAFE, cqcState(SAFE, raised)).percent!).toBeGreaterThanOrEqual(a.percent!)
      }),
    )
  })

  it('property: all statements at the same score k give 25·k %', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CQC_SAF_2024.groups), fc.integer({ min: 1, max: 4 }), (g, k) => {
        expect(percentageResult(CQC_SAF_2024, g, cqcState(g, g.items.map(() => k))).percent).toBe(25 * k)
      }),
    )
  })
})

describe('Ofsted: grades per area and the consequence rules, live', () => {
  const expected = (others: Record<string, string> = {}) =>
    rate({
      ...Object.fromEntries(group(OFSTED_EIF_2025, 'evaluation-areas').items.map((i) => [i.id, 'expected-standard'])),
      [SAFEGUARDING]: 'met',
      ...others,
    })
  const outcome = (ratings: RatingsByItem, conditions?: Record<string, boolean>) => ofstedOutcome(OFSTED_EIF_2025, { ratings, conditions })

  it('no category when every area is at least needs attention and safeguarding is met', () => {
    expect(outcome(expected({ [area('achievement')]: 'needs-attention' }))).toEqual({ category: null, because: [], complete: true })
  })

  it('safeguarding not met: requires significant improvement, whatever the areas', () => {
    const o = outcome(expected({ [SAFEGUARDING]: 'not-met' }))
    expect(o.category).toBe('requires-significant-improvement')
    expect(o.because.map((i) => i.id)).toEqual([SAFEGUARDING])
  })

  it('any area at urgent improvement: requires significant improvement', () => {
    const o = outcome(expected({ [area('attendance-and-behaviour')]: 'urgent-improvement' }))
    expect([o.category, o.because.map((i) => i.key)]).toEqual(['requires-significant-improvement', ['attendance-and-behaviour']])
  })

  it('leadership and governance at urgent improvement alone is not special measures; with another area it is', () => {
    expect(outcome(expected({ [area('leadership-and-governance')]: 'urgent-improvement' })).category).toBe('requires-significant-improvement')
    const o = outcome(expected({ [area('leadership-and-governance')]: 'urgent-improvement', [area('inclusion')]: 'urgent-improvement' }))
    expect([o.category, o.because.map((i) => i.key)]).toEqual(['special-measures', ['inclusion', 'leadership-and-governance']])
    // Two other areas at urgent improvement, leadership not: still "requires significant improvement".
    expect(outcome(expected({ [area('inclusion')]: 'urgent-improvement', [area('achievement')]: 'urgent-improvement' })).category).toBe('requires-significant-improvement')
  })

  it('is live: applies to the grades so far, and says when grading is incomplete', () => {
    expect(outcome({})).toEqual({ category: null, because: [], complete: false })
    expect(outcome(rate({ [SAFEGUARDING]: 'not-met' }))).toMatchObject({ category: 'requires-significant-improvement', complete: false })
  })

  it('an area the school does not have counts nowhere; unanswered, it counts', () => {
    const ratings = expected({ [area('sixth-form')]: 'urgent-improvement' })
    expect(outcome(ratings, { 'sixth-form': false }).category).toBeNull()
    expect(outcome(ratings, {}).category).toBe('requires-significant-improvement')
    const noEarlyYears = { ratings: rate({ [area('early-years')]: 'exceptional' }), conditions: { 'early-years': false } }
    const grades = gradesResult(OFSTED_EIF_2025, group(OFSTED_EIF_2025, 'evaluation-areas'), noEarlyYears)
    expect(grades.grades.map((g) => g.item.key)).not.toContain('early-years')
    expect(completionOf(OFSTED_EIF_2025, null, noEarlyYears)).toEqual({ rated: 0, applicable: 8, percent: 0, complete: false })
    expect(completionOf(OFSTED_EIF_2025, null, { ratings: expected(), conditions: { 'early-years': false, 'sixth-form': false } })).toMatchObject({ rated: 7, applicable: 7, percent: 100, complete: true })
  })

  const gradeOf = fc.constantFrom('urgent-improvement', 'needs-attention', 'expected-standard', 'strong-standard', 'exceptional', undefined)
  it('property: the category follows the published rules exactly', () => {
    const areas = group(OFSTED_EIF_2025, 'evaluation-areas').items
    fc.assert(
      fc.property(fc.array(gradeOf, { minLength: 8, maxLength: 8 }), fc.constantFrom('met', 'not-met', undefined), (grades, sg) => {
        const ratings: Record<string, { value: string; ratedAt: string }> = {}
        areas.forEach((a, i) => {
          if (grades[i]) ratings[a.id] = { value: grades[i]!, ratedAt: AT }
        })
        if (sg) ratings[SAFEGUARDING] = { value: sg, ratedAt: AT }
        const o = outcome(ratings)
        const urgent = areas.filter((_, i) => grades[i] === 'urgent-improvement').map((a) => a.key)
        const special = urgent.includes('leadership-and-governance') && urgent.length >= 2
        const significant = urgent.length > 0 || sg === 'not-met'
        expect(o.category).toBe(special ? 'special-measures' : significant ? 'requires-significant-improvement' : null)
        expect(o.complete).toBe(grades.every((g) => g !== undefined) && sg !== undefined)
      }),
    )
  })
})

describe('RSH and BSR: our three-point scale per standard or group of duties', () => {
  const SQ = group(RSH_CONSUMER_2024, 'safety-and-quality')
  const rsh = (key: string) => `rsh-consumer-2024/safety-and-quality/${key}`

  it('counts each point, best first, and reports the worst rating so far', () => {
    const state = { ratings: rate({ [rsh('stock-quality')]: 'compliant', [rsh('decency')]: 'partly-compliant', [rsh('adaptations')]: 'compliant' }) }
    const r = complianceResult(RSH_CONSUMER_2024, SQ, state)
    expect(r.counts.map((c) => [c.point.label, c.count])).toEqual([
      ['Compliant', 2],
      ['Partly compliant', 1],
      ['Not compliant', 0],
    ])
    expect(r.worst?.label).toBe('Partly compliant')
    expect(completionOf(RSH_CONSUMER_2024, SQ, state)).toEqual({ rated: 3, applicable: 5, percent: 60, complete: false })
    expect(complianceResult(RSH_CONSUMER_2024, SQ, { ratings: {} }).worst).toBeNull()
  })

  it('property: counts add up to the rated outcomes, and the worst is the lowest of them', () => {
    const values = fc.constantFrom('compliant', 'partly-compliant', 'not-compliant', undefined)
    fc.assert(
      fc.property(fc.constantFrom(...RSH_CONSUMER_2024.groups, ...BSR_HRB_2023.groups), fc.array(values, { minLength: 10, maxLength: 10 }), (g, vs) => {
        const v = g.id.startsWith('rsh') ? RSH_CONSUMER_2024 : BSR_HRB_2023
        const ratings: Record<string, { value: string; ratedAt: string }> = {}
        g.items.forEach((item, i) => {
          if (vs[i]) ratings[item.id] = { value: vs[i]!, ratedAt: AT }
        })
        const r = complianceResult(v, g, { ratings })
        const rated = g.items.map((_, i) => vs[i]).filter((x) => x !== undefined)
        expect(r.counts.reduce((a, c) => a + c.count, 0)).toBe(rated.length)
        const order = ['not-compliant', 'partly-compliant', 'compliant']
        const worst = rated.sort((a, b) => order.indexOf(a!) - order.indexOf(b!))[0]
        expect(r.worst?.value ?? undefined).toBe(worst)
      }),
    )
  })
})

describe('completion and the framework summary', () => {
  it('counts per group and per framework; an empty assessment is 0 %', () => {
    const s = summariseFramework(CQC_SAF_2024, { ratings: rate({ [cqc('safe/safeguarding')]: '2', [cqc('well-led/freedom-to-speak-up')]: '4' }) })
    expect(s.completion).toEqual({ rated: 2, applicable: 34, percent: 5, complete: false })
    expect(s.groups.map((g) => [g.group.name, g.completion.rated, g.completion.applicable, g.result.kind === 'percentage' ? g.result.percent : null])).toEqual([
      ['Safe', 1, 8, 50],
      ['Effective', 0, 6, null],
      ['Caring', 0, 5, null],
      ['Responsive', 0, 7, null],
      ['Well-led', 1, 8, 100],
    ])
    expect(s.ofsted).toBeNull()
    expect(summariseFramework(OFSTED_EIF_2025, { ratings: {} }).ofsted).toEqual({ category: null, because: [], complete: false })
    expect(summariseFramework(BSR_HRB_2023, { ratings: {} }).groups[0]?.result.kind).toBe('compliance')
  })

  it('property: completion is floor(rated / applicable) and 100 % only when complete', () => {
    const versions = [CQC_SAF_2024, OFSTED_EIF_2025, RSH_CONSUMER_2024, BSR_HRB_2023]
    fc.assert(
      fc.property(fc.constantFrom(...versions), fc.infiniteStream(fc.boolean()), fc.boolean(), (v, picks, conditionHolds) => {
        const ratings: Record<string, { value: string; ratedAt: string }> = {}
        for (const item of allItems(v)) {
          if (picks.next().value) ratings[item.id] = { value: v.scales.find((s) => s.id === item.scaleId)!.points[0]!.value, ratedAt: AT }
        }
        const conditions = Object.fromEntries(v.conditions.map((c) => [c.key, conditionHolds]))
        const c = completionOf(v, null, { ratings, conditions })
        const applicable = allItems(v).filter((i) => i.condition === null || conditionHolds)
        expect(c.applicable).toBe(applicable.length)
        expect(c.rated).toBe(applicable.filter((i) => ratings[i.id]).length)
        expect(c.percent).toBe(Math.floor((100 * c.rated) / c.applicable))
        expect(c.percent === 100).toBe(c.complete)
      }),
    )
  })
})

describe('below good (what may raise an action, issue 30)', () => {
  it('is CQC 1–2; Ofsted needs attention, urgent improvement or safeguarding not met; RSH and BSR partly or not compliant', () => {
    const below = (v: FrameworkVersion, itemId: string) =>
      v.scales.find((s) => s.id === allItems(v).find((i) => i.id === itemId)!.scaleId)!.points.filter((p) => isBelowGood(v, itemId, p.value)).map((p) => p.value)
    expect(below(CQC_SAF_2024, cqc('safe/safeguarding'))).toEqual(['1', '2'])
    expect(below(OFSTED_EIF_2025, area('inclusion'))).toEqual(['urgent-improvement', 'needs-attention'])
    expect(below(OFSTED_EIF_2025, SAFEGUARDING)).toEqual(['not-met'])
    expect(below(RSH_CONSUMER_2024, 'rsh-consumer-2024/tenancy/tenure')).toEqual(['not-compliant', 'partly-compliant'])
    expect(below(BSR_HRB_2023, 'bsr-hrb-2023/accountable-person-duties/golden-thread')).toEqual(['not-compliant', 'partly-compliant'])
    expect(isBelowGood(CQC_SAF_2024, 'cqc-saf-2024/safe/nothing', '1')).toBe(false)
    expect(isBelowGood(CQC_SAF_2024, cqc('safe/safeguarding'), '7')).toBe(false)
  })

  it('lists the applicable items rated below good, in framework order', () => {
    const state = { ratings: rate({ [cqc('well-led/freedom-to-speak-up')]: '2', [cqc('safe/safeguarding')]: '1', [cqc('caring/independence-choice-and-control')]: '3' }) }
    expect(belowGoodItems(CQC_SAF_2024, state).map((i) => i.key)).toEqual(['safeguarding', 'freedom-to-speak-up'])
  })

  it('isOnScale and ratingOf agree with the item’s own scale', () => {
    expect(isOnScale(OFSTED_EIF_2025, SAFEGUARDING, 'met')).toBe(true)
    expect(isOnScale(OFSTED_EIF_2025, SAFEGUARDING, 'exceptional')).toBe(false)
    expect(isOnScale(OFSTED_EIF_2025, 'ofsted-eif-2025/nope/nope', 'met')).toBe(false)
    const item = allItems(OFSTED_EIF_2025).find((i) => i.id === SAFEGUARDING)!
    expect(ratingOf(OFSTED_EIF_2025, item, rate({ [SAFEGUARDING]: 'exceptional' }))).toBeNull()
    expect(ratingOf(OFSTED_EIF_2025, item, rate({ [SAFEGUARDING]: 'met' }))?.label).toBe('Met')
  })
})
