/** Small lookups every rule shares: a version's items and scales, whether an item applies, what it is rated. */
import type { AssessmentState, FrameworkGroup, FrameworkItem, FrameworkVersion, RatingsByItem, Scale, ScalePoint } from './types'

export function allItems(version: FrameworkVersion): FrameworkItem[] {
  return version.groups.flatMap((g) => g.items)
}

export function findItem(version: FrameworkVersion, itemId: string): FrameworkItem | undefined {
  for (const g of version.groups) for (const i of g.items) if (i.id === itemId) return i
  return undefined
}

export function findGroup(version: FrameworkVersion, groupId: string): FrameworkGroup | undefined {
  return version.groups.find((g) => g.id === groupId)
}

export function scaleOf(version: FrameworkVersion, scaleId: string): Scale {
  const scale = version.scales.find((s) => s.id === scaleId)
  if (!scale) throw new Error(`${version.id} has no scale ${scaleId}`)
  return scale
}

/** Whether an item counts in this assessment: unconditional, or its condition holds or is not yet answered. */
export function isApplicable(item: FrameworkItem, state: Pick<AssessmentState, 'conditions'>): boolean {
  return item.condition === null || state.conditions?.[item.condition] !== false
}

export function applicableItems(version: FrameworkVersion, group: FrameworkGroup | null, state: AssessmentState): FrameworkItem[] {
  return (group ? group.items : allItems(version)).filter((i) => isApplicable(i, state))
}

/** The point of the item's scale its latest rating names; null when unrated or when the value is off the scale. */
export function ratingOf(version: FrameworkVersion, item: FrameworkItem, ratings: RatingsByItem): ScalePoint | null {
  const rating = ratings[item.id]
  if (!rating) return null
  return scaleOf(version, item.scaleId).points.find((p) => p.value === rating.value) ?? null
}

/** Whether this value on this item's scale is below the standard a regulator expects (issue 30's actions). */
export function isBelowGood(version: FrameworkVersion, itemId: string, value: string): boolean {
  const item = findItem(version, itemId)
  if (!item) return false
  return scaleOf(version, item.scaleId).points.find((p) => p.value === value)?.belowGood ?? false
}

/** Applicable items whose latest rating is below good, in framework order. */
export function belowGoodItems(version: FrameworkVersion, state: AssessmentState): FrameworkItem[] {
  return applicableItems(version, null, state).filter((i) => ratingOf(version, i, state.ratings)?.belowGood === true)
}

/** Whether a value is on the item's scale (what the database's reference data also refuses). */
export function isOnScale(version: FrameworkVersion, itemId: string, value: string): boolean {
  const item = findItem(version, itemId)
  return !!item && scaleOf(version, item.scaleId).points.some((p) => p.value === value)
}
