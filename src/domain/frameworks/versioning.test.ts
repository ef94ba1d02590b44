/**
 * A new framework version added as data, with a map from old items to new, shown on a small made-up framework
 * (not any regulator's text): answers are carried across, and the old assessment keeps its version.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defineFramework, type GroupSpec, type ItemSpec, versionProblems } from './define'
import { allItems } from './items'
import { createRegistry, FRAMEWORK_VERSIONS } from './registry'
import { CQC_SCORE } from './scales'
import { completionOf, percentageResult } from './scoring'
import { frameworksFor } from './selection'
import type { FrameworkMapping, FrameworkVersion, RatingsByItem, Scale } from './types'
import { carryAnswers, changeKind, mappingProblems } from './versioning'

const base = {
  frameworkId: 'cqc-saf',
  name: 'Made-up care framework',
  shortName: 'Made-up',
  regulator: 'cqc',
  sector: 'care',
  groupNoun: { singular: 'key question', plural: 'key questions' },
  itemNoun: { singular: 'statement', plural: 'statements' },
  scoring: { kind: 'cqc-percentage', bands: [{ key: 'low', label: 'Low', from: 0, to: 49 }, { key: 'high', label: 'High', from: 50, to: 100 }] },
  evidenceCategories: [
    { key: 'observation', name: 'Observation' },
    { key: 'processes', name: 'Processes' },
  ],
  conditions: [{ key: 'nursing', name: 'Nursing care' }],
} as const

/** The 'safe' group of either version, scored 1–4. */
const safe = (items: readonly ItemSpec[]): GroupSpec => ({ key: 'safe', name: 'Safe', kind: 'key-question', scale: CQC_SCORE.id, items })

/** Version 1: two groups, five items, scored 1–4, with an evidence category the next version drops. */
const V1 = defineFramework({
  ...base,
  version: '2090',
  scales: [CQC_SCORE],
  evidenceCategories: [...base.evidenceCategories, { key: 'outcomes', name: 'Outcomes' }],
  groups: [
    safe([
      { key: 'staffing', name: 'Staffing' },
      { key: 'medicines', name: 'Medicines' },
      { key: 'buildings', name: 'Buildings' },
      { key: 'equipment', name: 'Equipment' },
    ]),
    { key: 'led', name: 'Led', kind: 'key-question', scale: CQC_SCORE.id, items: [{ key: 'leaders', name: 'Leaders', condition: 'nursing' }, { key: 'paperwork', name: 'Paperwork' }] },
  ],
})

/** A made-up three-point scale the next version uses for one group. */
const THREE: Scale = {
  id: 'made-up-three',
  name: 'Three points',
  source: 'regulator',
  notice: null,
  points: [
    { value: 'weak', score: 1, label: 'Weak', belowGood: true },
    { value: 'fair', score: 2, label: 'Fair', belowGood: false },
    { value: 'strong', score: 3, label: 'Strong', belowGood: false },
  ],
}

/**
 * Version 2: staffing stays (same), medicines splits in two, buildings and equipment merge into premises,
 * leaders and paperwork are reworked into two new items on a new scale, and one item is new.
 */
const V2 = defineFramework({
  ...base,
  version: '2095',
  scales: [CQC_SCORE, THREE],
  groups: [
    safe([
      { key: 'staffing', name: 'Staffing' },
      { key: 'medicines-storage', name: 'Medicines storage' },
      { key: 'medicines-giving', name: 'Giving medicines' },
      { key: 'premises', name: 'Premises' },
      { key: 'digital-safety', name: 'Digital safety' },
    ]),
    {
      key: 'led',
      name: 'Led',
      kind: 'key-question',
      scale: THREE.id,
      items: [
        { key: 'leadership', name: 'Leadership', condition: 'nursing' },
        { key: 'governance', name: 'Governance' },
      ],
    },
  ],
})

const v1 = (path: string) => `cqc-saf-2090/${path}`
const v2 = (path: string) => `cqc-saf-2095/${path}`

const MAPPING: FrameworkMapping = {
  fromVersionId: V1.id,
  toVersionId: V2.id,
  entries: [
    { from: [v1('safe/staffing')], to: [v2('safe/staffing')] },
    { from: [v1('safe/medicines')], to: [v2('safe/medicines-storage'), v2('safe/medicines-giving')] },
    { from: [v1('safe/buildings'), v1('safe/equipment')], to: [v2('safe/premises')] },
    { from: [], to: [v2('safe/digital-safety')] },
    { from: [v1('led/leaders'), v1('led/paperwork')], to: [v2('led/leadership'), v2('led/governance')] },
  ],
  scaleMaps: [{ fromScaleId: CQC_SCORE.id, toScaleId: THREE.id, values: { '1': 'weak', '2': 'weak', '3': 'fair', '4': 'strong' } }],
}

const at = (day: number) => `2090-01-${String(day).padStart(2, '0')}T09:00:00.000Z`

describe('a made-up next version, added as data', () => {
  it('both versions are well formed and the mapping is valid', () => {
    expect(versionProblems(V1)).toEqual([])
    expect(versionProblems(V2)).toEqual([])
    expect(mappingProblems(MAPPING, V1, V2)).toEqual([])
    expect(MAPPING.entries.map(changeKind)).toEqual(['same', 'split', 'merged', 'new', 'reworked'])
    expect(changeKind({ from: ['x'], to: [] })).toBe('dropped')
  })

  it('the registry makes the new version current for new organisations; old assessments keep theirs', () => {
    const registry = createRegistry([...FRAMEWORK_VERSIONS.filter((v) => v.frameworkId !== 'cqc-saf'), V1, V2], [MAPPING])
    expect(registry.current('cqc-saf')).toBe(V2)
    expect(registry.version('cqc-saf-2090')).toBe(V1)
    expect(registry.mapping(V1.id, V2.id)).toBe(MAPPING)
    expect(registry.locate(v1('safe/medicines'))?.version).toBe(V1)
    expect(frameworksFor({ selectedRegulators: ['cqc'], sector: 'care' }, registry)).toEqual([V2])
    // An assessment made against 2090 is still scored on 2090's items and bands.
    const ratings: RatingsByItem = { [v1('safe/staffing')]: { value: '2', ratedAt: at(1) } }
    expect(percentageResult(V1, V1.groups[0]!, { ratings })).toMatchObject({ percent: 50, band: { key: 'high' } })
  })

  it('carries answers: same keeps the rating and its date, split and merge suggest, new is blank, nothing is lost', () => {
    const ratings: RatingsByItem = {
      [v1('safe/staffing')]: { value: '3', ratedAt: at(2), evidenceCategory: 'outcomes' },
      [v1('safe/medicines')]: { value: '2', ratedAt: at(3), evidenceCategory: 'observation' },
      [v1('safe/buildings')]: { value: '4', ratedAt: at(4) },
      [v1('safe/equipment')]: { value: '1', ratedAt: at(5) },
      [v1('led/leaders')]: { value: '4', ratedAt: at(6) },
      [v1('led/paperwork')]: { value: '3', ratedAt: at(7) },
    }
    const r = carryAnswers(MAPPING, V1, V2, { ratings, conditions: { nursing: false, retired: true } })
    expect(r.items.map((i) => [i.itemId, i.kind, i.rating?.value ?? null, i.suggestion, i.sources.map((s) => s.itemId)])).toEqual([
      [v2('safe/staffing'), 'same', '3', null, [v1('safe/staffing')]],
      [v2('safe/medicines-storage'), 'split', null, '2', [v1('safe/medicines')]],
      [v2('safe/medicines-giving'), 'split', null, '2', [v1('safe/medicines')]],
      [v2('safe/premises'), 'merged', null, '1', [v1('safe/buildings'), v1('safe/equipment')]],
      [v2('safe/digital-safety'), 'new', null, null, []],
      [v2('led/leadership'), 'reworked', null, 'fair', [v1('led/leaders'), v1('led/paperwork')]],
      [v2('led/governance'), 'reworked', null, 'fair', [v1('led/leaders'), v1('led/paperwork')]],
    ])
    // The carried rating keeps its date (reviews stay on schedule) but not a category the new version lacks.
    expect(r.state.ratings[v2('safe/staffing')]).toEqual({ value: '3', ratedAt: at(2), evidenceCategory: null })
    expect(Object.keys(r.state.ratings)).toEqual([v2('safe/staffing')])
    expect(r.state.conditions).toEqual({ nursing: false })
    expect(r.dropped).toEqual([])
    expect(completionOf(V2, null, r.state)).toEqual({ rated: 1, applicable: 6, percent: 16, complete: false }) // leadership needs nursing care
  })

  it('keeps a 1:1 evidence category the new version has; lists dropped items with their ratings; an unmappable value needs re-rating', () => {
    const dropping: FrameworkMapping = {
      ...MAPPING,
      entries: [
        { from: [v1('safe/staffing')], to: [v2('safe/staffing')] },
        { from: [v1('safe/medicines')], to: [v2('safe/medicines-storage'), v2('safe/medicines-giving')] },
        { from: [v1('safe/buildings')], to: [v2('safe/premises')] },
        { from: [v1('safe/equipment')], to: [] },
        { from: [], to: [v2('safe/digital-safety')] },
        { from: [v1('led/leaders')], to: [v2('led/leadership')] },
        { from: [v1('led/paperwork')], to: [v2('led/governance')] },
      ],
      scaleMaps: [{ fromScaleId: CQC_SCORE.id, toScaleId: THREE.id, values: { '3': 'fair', '4': 'strong' } }],
    }
    const ratings: RatingsByItem = {
      [v1('safe/staffing')]: { value: '4', ratedAt: at(2), evidenceCategory: 'observation' },
      [v1('safe/equipment')]: { value: '2', ratedAt: at(3) },
      [v1('led/leaders')]: { value: '1', ratedAt: at(4) },
      [v1('led/paperwork')]: { value: '4', ratedAt: at(5) },
    }
    const r = carryAnswers(dropping, V1, V2, { ratings })
    expect(r.state.ratings).toEqual({
      [v2('safe/staffing')]: { value: '4', ratedAt: at(2), evidenceCategory: 'observation' },
      [v2('led/governance')]: { value: 'strong', ratedAt: at(5), evidenceCategory: null },
    })
    expect(r.dropped).toEqual([{ itemId: v1('safe/equipment'), rating: ratings[v1('safe/equipment')] }])
    const leadership = r.items.find((i) => i.itemId === v2('led/leadership'))!
    expect([leadership.kind, leadership.rating, leadership.suggestion, leadership.sources]).toEqual(['same', null, null, [{ itemId: v1('led/leaders'), rating: ratings[v1('led/leaders')] }]])
  })

  it('refuses an invalid mapping, naming every problem', () => {
    const bad: FrameworkMapping = {
      fromVersionId: V1.id,
      toVersionId: 'cqc-saf-2094',
      entries: [
        { from: [v1('safe/staffing')], to: [v2('safe/staffing'), 'cqc-saf-2095/safe/nothing'] },
        { from: [v1('safe/staffing')], to: [] },
        { from: [], to: [] },
      ],
      scaleMaps: [{ fromScaleId: 'nope', toScaleId: THREE.id, values: { '1': 'awful' } }],
    }
    const problems = mappingProblems(bad, V1, V2)
    expect(problems).toEqual([
      'mapping cqc-saf-2090 → cqc-saf-2094 is not for cqc-saf-2090 → cqc-saf-2095',
      `${v1('safe/staffing')} appears in 2 entries`,
      `${v1('safe/medicines')} is in no entry`,
      `${v1('safe/buildings')} is in no entry`,
      `${v1('safe/equipment')} is in no entry`,
      `${v1('led/leaders')} is in no entry`,
      `${v1('led/paperwork')} is in no entry`,
      'cqc-saf-2095/safe/nothing is not an item of cqc-saf-2095',
      `${v2('safe/medicines-storage')} is in no entry`,
      `${v2('safe/medicines-giving')} is in no entry`,
      `${v2('safe/premises')} is in no entry`,
      `${v2('safe/digital-safety')} is in no entry`,
      `${v2('led/leadership')} is in no entry`,
      `${v2('led/governance')} is in no entry`,
      'entry 2 is empty',
      'scale map from unknown scale nope',
      'made-up-three has no value awful',
    ])
    expect(() => carryAnswers(bad, V1, V2, { ratings: {} })).toThrow(/Invalid mapping/)
    const otherFramework: FrameworkVersion = { ...V2, frameworkId: 'other' }
    expect(mappingProblems(MAPPING, V1, otherFramework)).toContain('cqc-saf-2090 and cqc-saf-2095 are different frameworks')
  })

  it('property: carrying never invents an answer, covers every new item once, and every carried rating comes from its one source', () => {
    const value = fc.constantFrom('1', '2', '3', '4', '9', undefined)
    fc.assert(
      fc.property(fc.array(value, { minLength: 6, maxLength: 6 }), (values) => {
        const ratings: Record<string, { value: string; ratedAt: string }> = {}
        allItems(V1).forEach((item, i) => {
          if (values[i]) ratings[item.id] = { value: values[i]!, ratedAt: at(i + 1) }
        })
        const r = carryAnswers(MAPPING, V1, V2, { ratings })
        expect(r.items.map((i) => i.itemId)).toEqual(allItems(V2).map((i) => i.id))
        for (const item of r.items) {
          if (item.rating) {
            expect(item.kind).toBe('same')
            expect(item.sources).toHaveLength(1)
            expect(item.rating.ratedAt).toBe(item.sources[0]!.rating.ratedAt)
          }
          if (item.kind === 'new') expect([item.rating, item.suggestion]).toEqual([null, null])
          if (item.suggestion !== null) {
            expect(item.sources.length).toBeGreaterThan(0)
            const scale = V2.scales.find((s) => s.id === allItems(V2).find((x) => x.id === item.itemId)!.scaleId)!
            expect(scale.points.map((p) => p.value)).toContain(item.suggestion)
          }
        }
        // An off-scale old value ('9') is never carried or suggested.
        expect(Object.values(r.state.ratings).map((x) => x?.value)).not.toContain('9')
      }),
    )
  })
})
