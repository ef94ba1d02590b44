/**
 * Scores, as each regulator publishes its method (shared/frameworks.md), and completion. Pure functions of a
 * framework version and an assessment's latest ratings; a value off an item's scale counts as unrated, and an
 * item whose condition does not hold (a school without a sixth form) counts nowhere.
 *
 * CQC: a key question's score is its rated statements' total as a percentage of their maximum, rounded to a
 * whole percentage (half up), read against CQC's bands. Statements not yet rated are left out of the
 * percentage and the key question is shown as incomplete: see docs/frameworks.md for why.
 * Ofsted: each area keeps its own grade (there is no overall grade); the consequence rules are applied live.
 * RSH and BSR: counts on our three-point scale, and the worst rating so far.
 */
import { applicableItems, ratingOf, scaleOf } from './items'
import type { AssessmentState, Band, FrameworkGroup, FrameworkItem, FrameworkVersion, ScalePoint } from './types'

export interface Completion {
  readonly rated: number
  /** Items that count: all of them, less those whose condition does not hold. */
  readonly applicable: number
  /** Whole percentage, rounded down, so 100 means every applicable item is rated. */
  readonly percent: number
  readonly complete: boolean
}

export function completionOf(version: FrameworkVersion, group: FrameworkGroup | null, state: AssessmentState): Completion {
  const items = applicableItems(version, group, state)
  const rated = items.filter((i) => ratingOf(version, i, state.ratings) !== null).length
  const applicable = items.length
  return { rated, applicable, percent: applicable === 0 ? 100 : Math.floor((rated * 100) / applicable), complete: rated === applicable }
}

/**
 * `part` as a percentage of `whole`, rounded to the nearest whole number with halves rounded up, in integer
 * arithmetic (no floating-point surprises at 62.5 %). CQC publishes whole percentages and rounds in its own
 * worked example (11 of 16 is 69 %).
 */
export function wholePercent(part: number, whole: number): number {
  if (!Number.isInteger(part) || !Number.isInteger(whole) || whole <= 0 || part < 0 || part > whole) {
    throw new RangeError(`wholePercent(${part}, ${whole}): expected whole numbers with 0 <= part <= whole, whole > 0`)
  }
  return Math.floor((200 * part + whole) / (2 * whole))
}

/** The band a whole percentage falls in; below the lowest band counts as the lowest. */
export function bandFor(bands: readonly Band[], percent: number): Band {
  const sorted = [...bands].sort((a, b) => a.from - b.from)
  const found = sorted.find((b) => percent >= b.from && percent <= b.to)
  if (found) return found
  const lowest = sorted[0]
  if (lowest && percent < lowest.from) return lowest
  throw new RangeError(`No band holds ${percent} %`)
}

export interface PercentageResult {
  readonly kind: 'percentage'
  /** The rated statements' total and maximum. */
  readonly score: number
  readonly maxScore: number
  /** Null until a statement is rated. */
  readonly percent: number | null
  readonly band: Band | null
}

export function percentageResult(version: FrameworkVersion, group: FrameworkGroup, state: AssessmentState): PercentageResult {
  if (version.scoring.kind !== 'cqc-percentage') throw new Error(`${version.id} is not scored by percentage`)
  let score = 0
  let maxScore = 0
  for (const item of applicableItems(version, group, state)) {
    const point = ratingOf(version, item, state.ratings)
    if (!point) continue
    score += point.score
    maxScore += scaleOf(version, item.scaleId).points.length
  }
  if (maxScore === 0) return { kind: 'percentage', score, maxScore, percent: null, band: null }
  const percent = wholePercent(score, maxScore)
  return { kind: 'percentage', score, maxScore, percent, band: bandFor(version.scoring.bands, percent) }
}

export interface GradesResult {
  readonly kind: 'grades'
  /** Each applicable item (an Ofsted area, or safeguarding) with its grade, null when ungraded. */
  readonly grades: readonly { readonly item: FrameworkItem; readonly grade: ScalePoint | null }[]
}

export function gradesResult(version: FrameworkVersion, group: FrameworkGroup, state: AssessmentState): GradesResult {
  return { kind: 'grades', grades: applicableItems(version, group, state).map((item) => ({ item, grade: ratingOf(version, item, state.ratings) })) }
}

export interface ComplianceResult {
  readonly kind: 'compliance'
  /** How many applicable items sit at each point of the scale, best first. */
  readonly counts: readonly { readonly point: ScalePoint; readonly count: number }[]
  /** The worst rating so far: a standard is only as compliant as its weakest outcome. Null until one is rated. */
  readonly worst: ScalePoint | null
}

export function complianceResult(version: FrameworkVersion, group: FrameworkGroup, state: AssessmentState): ComplianceResult {
  const points = applicableItems(version, group, state)
    .map((i) => ratingOf(version, i, state.ratings))
    .filter((p): p is ScalePoint => p !== null)
  const scaleIds = new Set(group.items.map((i) => i.scaleId))
  const scalePoints = [...scaleIds].flatMap((id) => scaleOf(version, id).points)
  const counts = [...scalePoints].reverse().map((point) => ({ point, count: points.filter((p) => p === point).length }))
  const worst = points.reduce<ScalePoint | null>((w, p) => (w === null || p.score < w.score ? p : w), null)
  return { kind: 'compliance', counts, worst }
}

export type OfstedCategory = 'special-measures' | 'requires-significant-improvement'

export interface OfstedOutcome {
  /**
   * Ofsted's published consequences, live on the grades so far: any area at urgent improvement, or safeguarding
   * not met, means the school requires significant improvement; urgent improvement in leadership and governance
   * together with another area at urgent improvement means special measures. Null when neither applies yet.
   */
  readonly category: OfstedCategory | null
  /** The items that put the school in the category (empty when none). */
  readonly because: readonly FrameworkItem[]
  /** Every applicable area and safeguarding is graded, so the category can only change if a grade changes. */
  readonly complete: boolean
}

export function ofstedOutcome(version: FrameworkVersion, state: AssessmentState): OfstedOutcome {
  const s = version.scoring
  if (s.kind !== 'ofsted-grades') throw new Error(`${version.id} is not graded as Ofsted grades`)
  const separate = new Set(version.groups.filter((g) => g.judgedSeparately).map((g) => g.id))
  const items = applicableItems(version, null, state)
  const gradeOf = (i: FrameworkItem) => ratingOf(version, i, state.ratings)?.value ?? null
  const urgent = items.filter((i) => !separate.has(i.groupId) && gradeOf(i) === s.urgentValue)
  const notMet = items.filter((i) => separate.has(i.groupId) && gradeOf(i) === s.notMetValue)
  const leadership = urgent.find((i) => i.key === s.leadershipItemKey)
  const complete = items.every((i) => gradeOf(i) !== null)
  if (leadership && urgent.length >= 2) return { category: 'special-measures', because: urgent, complete }
  if (urgent.length > 0 || notMet.length > 0) return { category: 'requires-significant-improvement', because: [...notMet, ...urgent], complete }
  return { category: null, because: [], complete }
}

export type GroupResult = PercentageResult | GradesResult | ComplianceResult

export interface GroupSummary {
  readonly group: FrameworkGroup
  readonly completion: Completion
  readonly result: GroupResult
}

export interface FrameworkSummary {
  readonly version: FrameworkVersion
  readonly completion: Completion
  readonly groups: readonly GroupSummary[]
  /** Ofsted only: the consequence rules' result. */
  readonly ofsted: OfstedOutcome | null
}

export function groupResult(version: FrameworkVersion, group: FrameworkGroup, state: AssessmentState): GroupResult {
  switch (version.scoring.kind) {
    case 'cqc-percentage':
      return percentageResult(version, group, state)
    case 'ofsted-grades':
      return gradesResult(version, group, state)
    case 'compliance':
      return complianceResult(version, group, state)
  }
}

/** Everything the dashboard shows for one framework: completion, each group's result, Ofsted's category. */
export function summariseFramework(version: FrameworkVersion, state: AssessmentState): FrameworkSummary {
  return {
    version,
    completion: completionOf(version, null, state),
    groups: version.groups.map((group) => ({ group, completion: completionOf(version, group, state), result: groupResult(version, group, state) })),
    ofsted: version.scoring.kind === 'ofsted-grades' ? ofstedOutcome(version, state) : null,
  }
}
