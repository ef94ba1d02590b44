/**
 * Builds a framework version from a compact description: ids are derived from keys by one rule
 * (`<framework>-<version>/<group>/<item>`), so they cannot drift from the keys, and `versionProblems` lists
 * anything that would break the rules or the database (tested for every version).
 */
import type { FrameworkGroup, FrameworkItem, FrameworkVersion, GroupKind, Scale } from './types'

export interface ItemSpec {
  readonly key: string
  readonly name: string
  readonly condition?: string
  /** The item's scale id when it differs from its group's. */
  readonly scale?: string
}

export interface GroupSpec {
  readonly key: string
  readonly name: string
  readonly kind: GroupKind
  readonly judgedSeparately?: boolean
  /** The scale id every item of the group uses unless it names its own. */
  readonly scale: string
  readonly items: readonly ItemSpec[]
}

export type VersionSpec = Omit<FrameworkVersion, 'id' | 'groups'> & { readonly groups: readonly GroupSpec[] }

export function versionId(frameworkId: string, version: string): string {
  return `${frameworkId}-${version}`
}

export function defineFramework(spec: VersionSpec): FrameworkVersion {
  const id = versionId(spec.frameworkId, spec.version)
  const groups: FrameworkGroup[] = spec.groups.map((g) => {
    const groupId = `${id}/${g.key}`
    const items: FrameworkItem[] = g.items.map((i) => ({
      id: `${groupId}/${i.key}`,
      key: i.key,
      name: i.name,
      groupId,
      scaleId: i.scale ?? g.scale,
      condition: i.condition ?? null,
    }))
    return { id: groupId, key: g.key, name: g.name, kind: g.kind, judgedSeparately: g.judgedSeparately ?? false, items }
  })
  return { ...spec, id, groups }
}

const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

function duplicates(values: readonly string[]): string[] {
  return [...new Set(values.filter((v, i) => values.indexOf(v) !== i))]
}

/** Problems with one scale: empty, scores not 1..n in order, repeated values, a missing or stray notice. */
export function scaleProblems(scale: Scale): string[] {
  const problems: string[] = []
  if (scale.points.length < 2) problems.push(`scale ${scale.id} has fewer than two points`)
  scale.points.forEach((p, i) => {
    if (p.score !== i + 1) problems.push(`scale ${scale.id}: ${p.value} has score ${p.score}, expected ${i + 1}`)
    if (!KEY.test(p.value)) problems.push(`scale ${scale.id}: value "${p.value}" is not lower-case-with-hyphens`)
  })
  for (const d of duplicates(scale.points.map((p) => p.value))) problems.push(`scale ${scale.id} repeats ${d}`)
  const best = scale.points.at(-1)
  if (best?.belowGood) problems.push(`scale ${scale.id}: its best point is below good`)
  const firstGood = scale.points.findIndex((p) => !p.belowGood)
  if (scale.points.slice(firstGood).some((p) => p.belowGood)) problems.push(`scale ${scale.id}: below-good points are not all at the bottom`)
  if (scale.source === 'ours' && !scale.notice) problems.push(`scale ${scale.id} is ours but says nothing about it`)
  if (scale.source === 'regulator' && scale.notice) problems.push(`scale ${scale.id} is the regulator's but has a notice`)
  return problems
}

/** Everything that would make a version unusable by the rules or refused by the database. */
export function versionProblems(v: FrameworkVersion): string[] {
  const problems: string[] = []
  if (!KEY.test(v.frameworkId)) problems.push(`framework id "${v.frameworkId}" is not lower-case-with-hyphens`)
  if (!KEY.test(v.version)) problems.push(`version "${v.version}" is not lower-case-with-hyphens`)
  if (v.id !== versionId(v.frameworkId, v.version)) problems.push(`version id ${v.id} is not ${versionId(v.frameworkId, v.version)}`)
  if (v.groups.length === 0) problems.push(`${v.id} has no groups`)
  for (const s of v.scales) problems.push(...scaleProblems(s))
  for (const d of duplicates(v.scales.map((s) => s.id))) problems.push(`${v.id} repeats scale ${d}`)
  for (const d of duplicates(v.groups.map((g) => g.key))) problems.push(`${v.id} repeats group ${d}`)
  for (const d of duplicates(v.evidenceCategories.map((c) => c.key))) problems.push(`${v.id} repeats evidence category ${d}`)
  for (const d of duplicates(v.conditions.map((c) => c.key))) problems.push(`${v.id} repeats condition ${d}`)
  for (const c of [...v.evidenceCategories, ...v.conditions]) if (!KEY.test(c.key)) problems.push(`${v.id}: key "${c.key}" is not lower-case-with-hyphens`)
  const scaleIds = new Set(v.scales.map((s) => s.id))
  const conditionKeys = new Set(v.conditions.map((c) => c.key))
  const usedScales = new Set<string>()
  const usedConditions = new Set<string>()
  for (const g of v.groups) {
    if (!KEY.test(g.key)) problems.push(`${v.id}: group key "${g.key}" is not lower-case-with-hyphens`)
    if (g.id !== `${v.id}/${g.key}`) problems.push(`group ${g.id} is not ${v.id}/${g.key}`)
    if (g.items.length === 0) problems.push(`group ${g.id} has no items`)
    for (const d of duplicates(g.items.map((i) => i.key))) problems.push(`group ${g.id} repeats item ${d}`)
    for (const i of g.items) {
      if (!KEY.test(i.key)) problems.push(`${g.id}: item key "${i.key}" is not lower-case-with-hyphens`)
      if (i.id !== `${g.id}/${i.key}` || i.groupId !== g.id) problems.push(`item ${i.id} is not ${g.id}/${i.key}`)
      if (!scaleIds.has(i.scaleId)) problems.push(`item ${i.id} uses unknown scale ${i.scaleId}`)
      usedScales.add(i.scaleId)
      if (i.condition !== null) {
        usedConditions.add(i.condition)
        if (!conditionKeys.has(i.condition)) problems.push(`item ${i.id} has unknown condition ${i.condition}`)
      }
    }
  }
  for (const s of scaleIds) if (!usedScales.has(s)) problems.push(`${v.id}: scale ${s} is used by no item`)
  for (const c of conditionKeys) if (!usedConditions.has(c)) problems.push(`${v.id}: condition ${c} is used by no item`)
  problems.push(...scoringProblems(v))
  return problems
}

function scoringProblems(v: FrameworkVersion): string[] {
  const s = v.scoring
  const problems: string[] = []
  const allItems = v.groups.flatMap((g) => g.items)
  const scaleOf = (id: string) => v.scales.find((x) => x.id === id)
  if (s.kind === 'cqc-percentage') {
    // Bands cover every whole percentage a 1..n score can give (100/n .. 100) without gaps or overlaps.
    const sorted = [...s.bands].sort((a, b) => a.from - b.from)
    if (sorted.length === 0) problems.push(`${v.id}: no bands`)
    sorted.forEach((b, i) => {
      if (b.from > b.to) problems.push(`${v.id}: band ${b.key} is empty`)
      const next = sorted[i + 1]
      if (next && next.from !== b.to + 1) problems.push(`${v.id}: bands ${b.key} and ${next.key} do not meet`)
    })
    if (sorted.at(-1)?.to !== 100) problems.push(`${v.id}: the top band does not reach 100 %`)
    // All 1s on an n-point scale score 100/n %: the lowest band must hold it.
    const lowest = Math.min(...allItems.map((i) => Math.floor(100 / (scaleOf(i.scaleId)?.points.length ?? 1))))
    if (sorted[0] && sorted[0].from > lowest) problems.push(`${v.id}: the lowest band starts above ${lowest} %`)
  }
  if (s.kind === 'ofsted-grades') {
    const separate = v.groups.filter((g) => g.judgedSeparately)
    if (separate.length !== 1 || separate[0]?.items.length !== 1) problems.push(`${v.id}: expected one separately judged item (safeguarding)`)
    const safeguarding = separate[0]?.items[0]
    if (safeguarding && !scaleOf(safeguarding.scaleId)?.points.some((p) => p.value === s.notMetValue)) problems.push(`${v.id}: safeguarding's scale has no ${s.notMetValue}`)
    const areas = allItems.filter((i) => i !== safeguarding)
    if (!areas.some((i) => i.key === s.leadershipItemKey)) problems.push(`${v.id}: no area ${s.leadershipItemKey}`)
    for (const a of areas) if (!scaleOf(a.scaleId)?.points.some((p) => p.value === s.urgentValue)) problems.push(`${v.id}: ${a.id}'s scale has no ${s.urgentValue}`)
  }
  return problems
}
