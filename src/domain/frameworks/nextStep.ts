/**
 * "The one next thing to do" on the dashboard, over all of an organisation's frameworks, as one pure rule.
 * The first rule that finds something wins:
 *
 * 1. fix-safeguarding: a separately judged item (Ofsted's safeguarding) is at its worst (not met): on its own it
 *    puts a school in a category of concern.
 * 2. address-shortfall: an item at the bottom of its scale (CQC 1 significant shortfalls, Ofsted urgent
 *    improvement, not compliant): a known serious gap comes before everything that is merely unknown.
 * 3. review-overdue: a rating past its review date, the longest overdue first: an old answer may no longer be true.
 * 4. rate: an unrated item. Separately judged items first; then the weakest group that still has unrated items
 *    (lowest average rating so far, so a weak key question is finished before a strong one); groups with no
 *    rating yet come last, in framework order, so a new organisation starts at the top (CQC: Safe, Learning
 *    culture). Within a group, the first unrated item.
 * 5. review-due: a rating due for review today.
 * 6. improve: an item below good but not at the bottom (CQC 2, needs attention, partly compliant), worst first.
 * 7. up-to-date: nothing to do; says when the next review falls due.
 *
 * Items in `handled` (issue 30: an open action is already dealing with them) are skipped by rules 2 and 6. Ties
 * keep the order of the frameworks given, then the framework's own order.
 */
import { applicableItems, ratingOf, scaleOf } from './items'
import { type ReviewFrequency, reviewDueOn, ukDate } from './review'
import type { AssessmentState, FrameworkGroup, FrameworkItem, FrameworkVersion } from './types'

export interface AssessedFramework {
  readonly version: FrameworkVersion
  readonly state: AssessmentState
}

export interface NextStepOptions {
  /** The organisation's review frequency; null when none is set (no review steps then). */
  readonly frequency: ReviewFrequency | null
  readonly now: Date
  /** Item ids an open action already deals with (issue 30). */
  readonly handled?: ReadonlySet<string>
}

type ItemStep<K extends string> = { readonly kind: K; readonly versionId: string; readonly itemId: string }

export type NextStep =
  | { readonly kind: 'choose-frameworks' }
  | ItemStep<'fix-safeguarding'>
  | (ItemStep<'address-shortfall'> & { readonly value: string })
  | (ItemStep<'review-overdue'> & { readonly dueOn: string })
  | ItemStep<'rate'>
  | (ItemStep<'review-due'> & { readonly dueOn: string })
  | (ItemStep<'improve'> & { readonly value: string })
  | { readonly kind: 'up-to-date'; readonly nextReviewOn: string | null }

interface Entry {
  readonly version: FrameworkVersion
  readonly state: AssessmentState
  readonly group: FrameworkGroup
  readonly item: FrameworkItem
  readonly order: number
}

function entries(frameworks: readonly AssessedFramework[]): Entry[] {
  const out: Entry[] = []
  for (const { version, state } of frameworks)
    for (const group of version.groups) for (const item of applicableItems(version, group, state)) out.push({ version, state, group, item, order: out.length })
  return out
}

/** Ascending order that also holds for infinities (Infinity - Infinity is NaN). */
const compare = (x: number, y: number) => (x < y ? -1 : x > y ? 1 : 0)

const pointOf = (e: Entry) => ratingOf(e.version, e.item, e.state.ratings)

/** 0 for the worst point of a scale, 1 for the best. */
function strength(e: Entry): number | null {
  const p = pointOf(e)
  if (!p) return null
  const n = scaleOf(e.version, e.item.scaleId).points.length
  return (p.score - 1) / (n - 1)
}

export function nextStep(frameworks: readonly AssessedFramework[], options: NextStepOptions): NextStep {
  if (frameworks.length === 0) return { kind: 'choose-frameworks' }
  const all = entries(frameworks)
  const handled = options.handled ?? new Set<string>()
  const step = <K extends string>(kind: K, e: Entry) => ({ kind, versionId: e.version.id, itemId: e.item.id })

  const worst = all.filter((e) => pointOf(e)?.score === 1)
  const safeguarding = worst.find((e) => e.group.judgedSeparately)
  if (safeguarding) return step('fix-safeguarding', safeguarding)
  const shortfall = worst.find((e) => !handled.has(e.item.id))
  if (shortfall) return { ...step('address-shortfall', shortfall), value: pointOf(shortfall)!.value }

  const today = ukDate(options.now)
  const reviews = options.frequency
    ? all
        .filter((e) => pointOf(e) !== null)
        .map((e) => ({ e, dueOn: reviewDueOn(e.state.ratings[e.item.id]!.ratedAt, options.frequency!) }))
        .sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : a.e.order - b.e.order))
    : []
  const overdue = reviews.find((r) => r.dueOn < today)
  if (overdue) return { ...step('review-overdue', overdue.e), dueOn: overdue.dueOn }

  const unrated = all.filter((e) => pointOf(e) === null)
  if (unrated.length > 0) {
    const weakness = new Map<string, number>()
    for (const e of all) {
      if (weakness.has(e.group.id)) continue
      const rated = all.filter((x) => x.group.id === e.group.id).map(strength).filter((s): s is number => s !== null)
      weakness.set(e.group.id, rated.length === 0 ? Number.POSITIVE_INFINITY : rated.reduce((a, b) => a + b, 0) / rated.length)
    }
    const rank = (e: Entry) => (e.group.judgedSeparately ? Number.NEGATIVE_INFINITY : weakness.get(e.group.id)!)
    const first = [...unrated].sort((a, b) => compare(rank(a), rank(b)) || a.order - b.order)[0]!
    return step('rate', first)
  }

  const due = reviews.find((r) => r.dueOn === today)
  if (due) return { ...step('review-due', due.e), dueOn: due.dueOn }

  const below = all
    .filter((e) => pointOf(e)?.belowGood && !handled.has(e.item.id))
    .sort((a, b) => compare(strength(a)!, strength(b)!) || a.order - b.order)[0]
  if (below) return { ...step('improve', below), value: pointOf(below)!.value }

  return { kind: 'up-to-date', nextReviewOn: reviews[0]?.dueOn ?? null }
}
