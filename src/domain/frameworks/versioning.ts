/**
 * Moving an assessment to a framework's next version. A mapping, written as data beside the new version, says
 * which old items became which new ones; every old item and every new item appears in exactly one entry:
 *
 * - same (one old → one new): the rating is carried, with its date (so reviews stay on schedule) and its
 *   evidence category when the new version has it. It needs re-rating only if its value has no place on the new
 *   scale.
 * - split (one old → several new): each new item is unrated, with the old value as a suggestion: the old
 *   judgement covered more ground than any one of the new items.
 * - merged (several old → one new) and reworked (several → several): unrated, suggesting the worst of the old
 *   values (a merged item is no better than its weakest part).
 * - new (nothing → one new): unrated, no suggestion.
 * - dropped (one old → nothing): listed, with its rating, so the person can see what no longer applies.
 *
 * Nothing is lost: the old assessment keeps its version and its history; this only proposes the new one.
 */
import { allItems, findItem, scaleOf } from './items'
import type { AssessmentState, FrameworkMapping, FrameworkVersion, ItemRating, MappingEntry } from './types'

export type ChangeKind = 'same' | 'split' | 'merged' | 'reworked' | 'new' | 'dropped'

export function changeKind(entry: MappingEntry): ChangeKind {
  const [f, t] = [entry.from.length, entry.to.length]
  if (f === 0) return 'new'
  if (t === 0) return 'dropped'
  if (f === 1 && t === 1) return 'same'
  if (f === 1) return 'split'
  if (t === 1) return 'merged'
  return 'reworked'
}

/** Everything wrong with a mapping: unknown or foreign ids, items left out or listed twice, empty entries, bad scale maps. */
export function mappingProblems(mapping: FrameworkMapping, from: FrameworkVersion, to: FrameworkVersion): string[] {
  const problems: string[] = []
  if (mapping.fromVersionId !== from.id || mapping.toVersionId !== to.id) problems.push(`mapping ${mapping.fromVersionId} → ${mapping.toVersionId} is not for ${from.id} → ${to.id}`)
  if (from.frameworkId !== to.frameworkId) problems.push(`${from.id} and ${to.id} are different frameworks`)
  const check = (side: 'from' | 'to', version: FrameworkVersion) => {
    const seen = new Map<string, number>()
    for (const e of mapping.entries) for (const id of e[side]) seen.set(id, (seen.get(id) ?? 0) + 1)
    for (const [id, n] of seen) {
      if (!findItem(version, id)) problems.push(`${id} is not an item of ${version.id}`)
      if (n > 1) problems.push(`${id} appears in ${n} entries`)
    }
    for (const item of allItems(version)) if (!seen.has(item.id)) problems.push(`${item.id} is in no entry`)
  }
  check('from', from)
  check('to', to)
  mapping.entries.forEach((e, i) => {
    if (e.from.length === 0 && e.to.length === 0) problems.push(`entry ${i} is empty`)
  })
  for (const m of mapping.scaleMaps ?? []) {
    const fromScale = from.scales.find((s) => s.id === m.fromScaleId)
    const toScale = to.scales.find((s) => s.id === m.toScaleId)
    if (!fromScale) problems.push(`scale map from unknown scale ${m.fromScaleId}`)
    if (!toScale) problems.push(`scale map to unknown scale ${m.toScaleId}`)
    for (const [a, b] of Object.entries(m.values)) {
      if (fromScale && !fromScale.points.some((p) => p.value === a)) problems.push(`${m.fromScaleId} has no value ${a}`)
      if (toScale && !toScale.points.some((p) => p.value === b)) problems.push(`${m.toScaleId} has no value ${b}`)
    }
  }
  return problems
}

export interface CarriedItem {
  /** An item of the new version. */
  readonly itemId: string
  readonly kind: Exclude<ChangeKind, 'dropped'>
  /** The rating the new assessment starts with (kind 'same' only), or null: the item needs rating. */
  readonly rating: ItemRating | null
  /** A value on the new item's scale to offer when the person rates it, or null. */
  readonly suggestion: string | null
  /** The old items this one came from, with their ratings (rated ones only). */
  readonly sources: readonly { readonly itemId: string; readonly rating: ItemRating }[]
}

export interface CarryResult {
  readonly fromVersionId: string
  readonly toVersionId: string
  /** Every item of the new version, in its order. */
  readonly items: readonly CarriedItem[]
  /** Old items with no place in the new version, with their latest rating if they had one. */
  readonly dropped: readonly { readonly itemId: string; readonly rating: ItemRating | null }[]
  /** The new assessment's starting state: carried ratings, and condition answers whose condition still exists. */
  readonly state: AssessmentState
}

export function carryAnswers(mapping: FrameworkMapping, from: FrameworkVersion, to: FrameworkVersion, state: AssessmentState): CarryResult {
  const problems = mappingProblems(mapping, from, to)
  if (problems.length > 0) throw new Error(`Invalid mapping ${mapping.fromVersionId} → ${mapping.toVersionId}: ${problems.join('; ')}`)

  /** The old item's rated value read on the new item's scale, or null when unrated, off its scale or unmappable. */
  const valueOn = (fromItemId: string, toItemId: string): string | null => {
    const rating = state.ratings[fromItemId]
    const fromItem = findItem(from, fromItemId)!
    const toItem = findItem(to, toItemId)!
    if (!rating || !scaleOf(from, fromItem.scaleId).points.some((p) => p.value === rating.value)) return null
    const mapped =
      fromItem.scaleId === toItem.scaleId
        ? rating.value
        : mapping.scaleMaps?.find((m) => m.fromScaleId === fromItem.scaleId && m.toScaleId === toItem.scaleId)?.values[rating.value]
    return mapped !== undefined && scaleOf(to, toItem.scaleId).points.some((p) => p.value === mapped) ? mapped : null
  }
  const scoreOn = (toItemId: string, value: string) => scaleOf(to, findItem(to, toItemId)!.scaleId).points.find((p) => p.value === value)!.score
  const categories = new Set(to.evidenceCategories.map((c) => c.key))

  const carried = new Map<string, CarriedItem>()
  const dropped: { itemId: string; rating: ItemRating | null }[] = []
  for (const entry of mapping.entries) {
    const kind = changeKind(entry)
    const sources = entry.from.flatMap((itemId) => {
      const rating = state.ratings[itemId]
      return rating ? [{ itemId, rating }] : []
    })
    if (kind === 'dropped') {
      for (const itemId of entry.from) dropped.push({ itemId, rating: state.ratings[itemId] ?? null })
      continue
    }
    for (const toId of entry.to) {
      const values = entry.from.map((f) => valueOn(f, toId)).filter((v): v is string => v !== null)
      let rating: ItemRating | null = null
      let suggestion: string | null = null
      if (kind === 'same' && values[0] !== undefined) {
        const old = state.ratings[entry.from[0]!]!
        const category = old.evidenceCategory && categories.has(old.evidenceCategory) ? old.evidenceCategory : null
        rating = { value: values[0], ratedAt: old.ratedAt, evidenceCategory: category }
      } else if (kind === 'split') {
        suggestion = values[0] ?? null
      } else if (kind === 'merged' || kind === 'reworked') {
        suggestion = values.reduce<string | null>((w, v) => (w === null || scoreOn(toId, v) < scoreOn(toId, w) ? v : w), null)
      }
      carried.set(toId, { itemId: toId, kind, rating, suggestion, sources })
    }
  }

  const items = allItems(to).map((i) => carried.get(i.id)!)
  const ratings: Record<string, ItemRating> = {}
  for (const c of items) if (c.rating) ratings[c.itemId] = c.rating
  const conditionKeys = new Set(to.conditions.map((c) => c.key))
  const conditions = Object.fromEntries(Object.entries(state.conditions ?? {}).filter(([k, v]) => conditionKeys.has(k) && v !== undefined))
  return { fromVersionId: from.id, toVersionId: to.id, items, dropped, state: { ratings, conditions } }
}
