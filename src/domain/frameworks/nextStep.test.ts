import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BSR_HRB_2023 } from './bsrHrb2023'
import { CQC_SAF_2024 } from './cqcSaf2024'
import { allItems, isApplicable } from './items'
import { type AssessedFramework, nextStep } from './nextStep'
import { OFSTED_EIF_2025 } from './ofstedEif2025'
import { reviewDueOn } from './review'
import { RSH_CONSUMER_2024 } from './rshConsumer2024'
import type { FrameworkVersion, ItemRating } from './types'

const NOW = new Date('2026-11-20T10:00:00Z')
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString()
const cqc = (path: string) => `cqc-saf-2024/${path}`
const SAFEGUARDING = 'ofsted-eif-2025/safeguarding/safeguarding'

/** Every applicable item of a version rated `value`, a day ago unless `at` says otherwise. */
function allRated(v: FrameworkVersion, value: (scalePoints: readonly string[]) => string, at = daysAgo(1)): Record<string, ItemRating> {
  return Object.fromEntries(allItems(v).map((i) => [i.id, { value: value(v.scales.find((s) => s.id === i.scaleId)!.points.map((p) => p.value)), ratedAt: at }]))
}
const best = (points: readonly string[]) => points.at(-1)!
const fw = (version: FrameworkVersion, ratings: Record<string, ItemRating> = {}, conditions?: Record<string, boolean>): AssessedFramework => ({ version, state: { ratings, conditions } })
const monthly = { frequency: 'monthly' as const, now: NOW }

describe('the one next thing to do', () => {
  it('asks for a framework when there is none', () => {
    expect(nextStep([], monthly)).toEqual({ kind: 'choose-frameworks' })
  })

  it('a new care organisation starts with the first statement of Safe', () => {
    expect(nextStep([fw(CQC_SAF_2024)], monthly)).toEqual({ kind: 'rate', versionId: 'cqc-saf-2024', itemId: cqc('safe/learning-culture') })
  })

  it('1. safeguarding not met comes before everything, even another framework’s shortfall and an open action', () => {
    const school = fw(OFSTED_EIF_2025, { ...allRated(OFSTED_EIF_2025, best), [SAFEGUARDING]: { value: 'not-met', ratedAt: daysAgo(1) } })
    const care = fw(CQC_SAF_2024, { [cqc('safe/safeguarding')]: { value: '1', ratedAt: daysAgo(90) } })
    expect(nextStep([care, school], { ...monthly, handled: new Set([SAFEGUARDING]) })).toEqual({ kind: 'fix-safeguarding', versionId: 'ofsted-eif-2025', itemId: SAFEGUARDING })
  })

  it('2. then an item at the bottom of its scale, unless an action already deals with it', () => {
    const ratings = { ...allRated(CQC_SAF_2024, best), [cqc('caring/treating-people-as-individuals')]: { value: '1', ratedAt: daysAgo(1) }, [cqc('well-led/freedom-to-speak-up')]: { value: '1', ratedAt: daysAgo(1) } }
    expect(nextStep([fw(CQC_SAF_2024, ratings)], monthly)).toEqual({ kind: 'address-shortfall', versionId: 'cqc-saf-2024', itemId: cqc('caring/treating-people-as-individuals'), value: '1' })
    const handled = new Set([cqc('caring/treating-people-as-individuals')])
    expect(nextStep([fw(CQC_SAF_2024, ratings)], { ...monthly, handled })).toMatchObject({ kind: 'address-shortfall', itemId: cqc('well-led/freedom-to-speak-up') })
  })

  it('3. then the longest overdue review, before any unrated item', () => {
    const ratings = {
      [cqc('responsive/equity-in-access')]: { value: '3', ratedAt: daysAgo(40) },
      [cqc('effective/assessing-needs')]: { value: '4', ratedAt: daysAgo(70) },
    }
    const step = nextStep([fw(CQC_SAF_2024, ratings)], monthly)
    expect(step).toEqual({ kind: 'review-overdue', versionId: 'cqc-saf-2024', itemId: cqc('effective/assessing-needs'), dueOn: reviewDueOn(daysAgo(70), 'monthly') })
    // Without a review frequency there are no review steps.
    expect(nextStep([fw(CQC_SAF_2024, ratings)], { frequency: null, now: NOW }).kind).toBe('rate')
  })

  it('4. then an unrated item of the weakest group that still has one; groups not yet started come last', () => {
    const ratings = {
      [cqc('safe/learning-culture')]: { value: '4', ratedAt: daysAgo(1) },
      [cqc('caring/kindness-compassion-and-dignity')]: { value: '2', ratedAt: daysAgo(1) },
      [cqc('caring/treating-people-as-individuals')]: { value: '3', ratedAt: daysAgo(1) },
    }
    expect(nextStep([fw(CQC_SAF_2024, ratings)], monthly)).toMatchObject({ kind: 'rate', itemId: cqc('caring/independence-choice-and-control') })
    // Once Caring is complete, Safe (rated, strong) comes before the groups not yet started.
    const caringDone = { ...ratings, ...Object.fromEntries(CQC_SAF_2024.groups[2]!.items.map((i) => [i.id, { value: '2', ratedAt: daysAgo(1) }])) }
    expect(nextStep([fw(CQC_SAF_2024, caringDone)], monthly)).toMatchObject({ kind: 'rate', itemId: cqc('safe/safe-systems-pathways-and-transitions') })
  })

  it('4. a school rates safeguarding first; a school without a sixth form is never asked about it', () => {
    expect(nextStep([fw(OFSTED_EIF_2025)], monthly)).toEqual({ kind: 'rate', versionId: 'ofsted-eif-2025', itemId: SAFEGUARDING })
    const rated = allRated(OFSTED_EIF_2025, best)
    delete rated['ofsted-eif-2025/evaluation-areas/sixth-form']
    expect(nextStep([fw(OFSTED_EIF_2025, rated, { 'sixth-form': false })], monthly).kind).toBe('up-to-date')
    expect(nextStep([fw(OFSTED_EIF_2025, rated)], monthly)).toMatchObject({ kind: 'rate', itemId: 'ofsted-eif-2025/evaluation-areas/sixth-form' })
  })

  it('4. across frameworks, the weakest group wins; ties keep the order given', () => {
    const housing = fw(RSH_CONSUMER_2024, { 'rsh-consumer-2024/tenancy/tenure': { value: 'partly-compliant', ratedAt: daysAgo(1) } })
    const building = fw(BSR_HRB_2023, { 'bsr-hrb-2023/accountable-person-duties/golden-thread': { value: 'compliant', ratedAt: daysAgo(1) } })
    expect(nextStep([building, housing], monthly)).toMatchObject({ kind: 'rate', itemId: 'rsh-consumer-2024/tenancy/allocations-and-lettings' })
    expect(nextStep([fw(BSR_HRB_2023), fw(RSH_CONSUMER_2024)], monthly)).toMatchObject({ kind: 'rate', versionId: 'bsr-hrb-2023' })
  })

  it('5. then a review due today', () => {
    const ratings = { ...allRated(CQC_SAF_2024, best), [cqc('safe/safe-environments')]: { value: '3', ratedAt: daysAgo(7) } }
    expect(nextStep([fw(CQC_SAF_2024, ratings)], { frequency: 'weekly', now: NOW })).toEqual({ kind: 'review-due', versionId: 'cqc-saf-2024', itemId: cqc('safe/safe-environments'), dueOn: '2026-11-20' })
  })

  it('6. then the weakest item below good but not at the bottom, unless handled', () => {
    const ratings = {
      ...allRated(CQC_SAF_2024, best),
      [cqc('responsive/providing-information')]: { value: '2', ratedAt: daysAgo(1) },
    }
    expect(nextStep([fw(CQC_SAF_2024, ratings)], monthly)).toEqual({ kind: 'improve', versionId: 'cqc-saf-2024', itemId: cqc('responsive/providing-information'), value: '2' })
    expect(nextStep([fw(CQC_SAF_2024, ratings)], { ...monthly, handled: new Set([cqc('responsive/providing-information')]) }).kind).toBe('up-to-date')
    const needsAttention = { ...allRated(OFSTED_EIF_2025, best), 'ofsted-eif-2025/evaluation-areas/achievement': { value: 'needs-attention', ratedAt: daysAgo(1) } }
    expect(nextStep([fw(OFSTED_EIF_2025, needsAttention)], monthly)).toMatchObject({ kind: 'improve', value: 'needs-attention' })
  })

  it('7. up to date: says when the next review falls due', () => {
    const ratings = { ...allRated(CQC_SAF_2024, best, daysAgo(3)), [cqc('safe/safeguarding')]: { value: '4', ratedAt: daysAgo(10) } }
    expect(nextStep([fw(CQC_SAF_2024, ratings)], monthly)).toEqual({ kind: 'up-to-date', nextReviewOn: reviewDueOn(daysAgo(10), 'monthly') })
    expect(nextStep([fw(CQC_SAF_2024, ratings)], { frequency: null, now: NOW })).toEqual({ kind: 'up-to-date', nextReviewOn: null })
  })

  const versions = [CQC_SAF_2024, OFSTED_EIF_2025, RSH_CONSUMER_2024, BSR_HRB_2023]
  const randomFramework = fc.constantFrom(...versions).chain((version) =>
    fc
      .record({
        picks: fc.array(fc.option(fc.tuple(fc.nat(4), fc.nat(80)), { nil: undefined, freq: 2 }), { minLength: allItems(version).length, maxLength: allItems(version).length }),
        conditions: fc.dictionary(fc.constantFrom(...version.conditions.map((c) => c.key), 'x'), fc.boolean()),
      })
      .map(({ picks, conditions }): AssessedFramework => {
        const ratings: Record<string, ItemRating> = {}
        allItems(version).forEach((item, i) => {
          const pick = picks[i]
          if (!pick) return
          const points = version.scales.find((s) => s.id === item.scaleId)!.points
          ratings[item.id] = { value: points[pick[0] % points.length]!.value, ratedAt: daysAgo(pick[1]) }
        })
        return { version, state: { ratings, conditions } }
      }),
  )

  it('property: the step always names an applicable item of a given framework, in the state its kind says', () => {
    fc.assert(
      fc.property(fc.uniqueArray(randomFramework, { minLength: 1, maxLength: 4, selector: (f) => f.version.id }), fc.constantFrom('daily', 'weekly', 'monthly', null), (frameworks, frequency) => {
        const step = nextStep(frameworks, { frequency, now: NOW })
        if (step.kind === 'choose-frameworks' || step.kind === 'up-to-date') {
          expect(step.kind).toBe('up-to-date')
          // Up to date: every applicable item rated, none at the bottom or below good.
          for (const { version, state } of frameworks)
            for (const item of allItems(version).filter((i) => isApplicable(i, state))) {
              const point = version.scales.find((s) => s.id === item.scaleId)!.points.find((p) => p.value === state.ratings[item.id]?.value)
              expect(point?.belowGood).toBe(false)
            }
          return
        }
        const fwk = frameworks.find((f) => f.version.id === step.versionId)!
        const item = allItems(fwk.version).find((i) => i.id === step.itemId)!
        expect(isApplicable(item, fwk.state)).toBe(true)
        const rating = fwk.state.ratings[item.id]
        if (step.kind === 'rate') expect(rating).toBeUndefined()
        else expect(rating).toBeDefined()
        if (step.kind === 'fix-safeguarding' || step.kind === 'address-shortfall') expect(version0(fwk, item.scaleId)).toBe(rating?.value)
      }),
    )
  })

  it('property: nothing unrated is ever skipped for a lower rule — rating comes before due reviews and improvements', () => {
    fc.assert(
      fc.property(fc.uniqueArray(randomFramework, { minLength: 1, maxLength: 4, selector: (f) => f.version.id }), (frameworks) => {
        const step = nextStep(frameworks, { frequency: 'daily', now: NOW })
        const anyUnrated = frameworks.some(({ version, state }) => allItems(version).some((i) => isApplicable(i, state) && !state.ratings[i.id]))
        if (anyUnrated) expect(['fix-safeguarding', 'address-shortfall', 'review-overdue', 'rate']).toContain(step.kind)
      }),
    )
  })
})

/** The worst value of a scale of the framework. */
function version0(f: AssessedFramework, scaleId: string): string {
  return f.version.scales.find((s) => s.id === scaleId)!.points[0]!.value
}
