import { describe, expect, it } from 'vitest'
import { CQC_SAF_2024 } from './cqcSaf2024'
import { defineFramework, scaleProblems, versionProblems } from './define'
import { OFSTED_EIF_2025 } from './ofstedEif2025'
import type { FrameworkVersion, Scale } from './types'

/**
 * versionProblems and scaleProblems guard the framework data (and the database rows made from it): each test
 * below breaks one thing in a version that is otherwise right, and expects that one thing named.
 */
const V = CQC_SAF_2024
const scale = V.scales[0]!
const withScale = (s: Partial<Scale>): FrameworkVersion => ({ ...V, scales: [{ ...scale, ...s }] })
const [safe, effective] = V.groups
const first = safe!.items[0]!

describe('what makes a framework version unusable', () => {
  it('the real versions have no problem', () => {
    expect(versionProblems(V)).toEqual([])
    expect(versionProblems(OFSTED_EIF_2025)).toEqual([])
  })

  it.each([
    [{ frameworkId: 'CQC SAF' }, 'framework id "CQC SAF" is not lower-case-with-hyphens'],
    [{ version: '2024 ' }, 'version "2024 " is not lower-case-with-hyphens'],
    [{ id: 'cqc-2024' }, 'version id cqc-2024 is not cqc-saf-2024'],
    [{ groups: [] }, 'cqc-saf-2024 has no groups'],
    [{ scales: [scale, scale] }, 'cqc-saf-2024 repeats scale cqc-score'],
    [{ groups: [safe!, safe!] }, 'cqc-saf-2024 repeats group safe'],
    [{ evidenceCategories: [...V.evidenceCategories, V.evidenceCategories[0]!] }, 'cqc-saf-2024 repeats evidence category people-experience'],
    [{ evidenceCategories: [{ key: 'Site visits', name: 'Site visits' }] }, 'cqc-saf-2024: key "Site visits" is not lower-case-with-hyphens'],
    [{ conditions: [{ key: 'Nursing', name: 'Nursing' }] }, 'cqc-saf-2024: key "Nursing" is not lower-case-with-hyphens'],
    [{ groups: [{ ...safe!, id: 'cqc-saf-2024/safety' }] }, 'group cqc-saf-2024/safety is not cqc-saf-2024/safe'],
    [{ groups: [{ ...safe!, items: [] }, effective!] }, 'group cqc-saf-2024/safe has no items'],
    [{ groups: [{ ...safe!, items: [{ ...first, key: 'Learning' }] }] }, 'cqc-saf-2024/safe: item key "Learning" is not lower-case-with-hyphens'],
    [{ groups: [{ ...safe!, items: [{ ...first, id: `${safe!.id}/learning` }] }] }, `item ${safe!.id}/learning is not ${first.id}`],
    [{ groups: [{ ...safe!, items: [{ ...first, groupId: effective!.id }] }] }, `item ${first.id} is not ${first.id}`],
    [{ scales: [scale, { ...scale, id: 'spare' }] }, 'cqc-saf-2024: scale spare is used by no item'],
  ] as const)('%o: %s', (change, problem) => {
    expect(versionProblems({ ...V, ...change } as FrameworkVersion)).toContain(problem)
  })

  it("checks each scale's points", () => {
    expect(versionProblems(withScale({ points: [scale.points[0]!] }))).toContain('scale cqc-score has fewer than two points')
    expect(scaleProblems({ ...scale, points: scale.points.slice(0, 2).map((p) => ({ ...p, belowGood: false })) })).toEqual([])
    const bad = { ...scale, points: scale.points.map((p, i) => (i === 3 ? { ...p, value: 'Exceptional' } : p)) }
    expect(scaleProblems(bad)).toEqual(['scale cqc-score: value "Exceptional" is not lower-case-with-hyphens'])
    const repeated = { ...scale, points: scale.points.map((p, i) => (i === 1 ? { ...p, value: '1' } : p)) }
    expect(scaleProblems(repeated)).toEqual(['scale cqc-score repeats 1'])
    const topBelowGood = { ...scale, points: scale.points.map((p) => ({ ...p, belowGood: true })) }
    expect(scaleProblems(topBelowGood)).toContain('scale cqc-score: its best point is below good')
  })

  it('CQC bands in any order are fine; none, an empty one or a gap is not', () => {
    const bands = V.scoring.kind === 'cqc-percentage' ? V.scoring.bands : []
    expect(versionProblems({ ...V, scoring: { kind: 'cqc-percentage', bands: [...bands].reverse() } })).toEqual([])
    const oneWide = [{ ...bands[0]!, to: 25 }, { ...bands[1]!, from: 26 }, ...bands.slice(2)]
    expect(versionProblems({ ...V, scoring: { kind: 'cqc-percentage', bands: oneWide } })).toEqual([])
    expect(versionProblems({ ...V, scoring: { kind: 'cqc-percentage', bands: [] } })).toEqual(['cqc-saf-2024: no bands', 'cqc-saf-2024: the top band does not reach 100 %'])
    const empty = [{ ...bands[0]!, to: 24 }, { ...bands[1]!, from: 25 }, ...bands.slice(2)]
    expect(versionProblems({ ...V, scoring: { kind: 'cqc-percentage', bands: empty } })).toEqual(['cqc-saf-2024: band inadequate is empty'])
  })

  it('Ofsted: exactly one separately judged group of exactly one item (safeguarding)', () => {
    const O = OFSTED_EIF_2025
    const [areas, safeguarding] = O.groups
    expect(versionProblems({ ...O, groups: [areas!, { ...safeguarding!, items: [...safeguarding!.items, ...safeguarding!.items] }] })).toContain(
      'ofsted-eif-2025: expected one separately judged item (safeguarding)',
    )
    expect(versionProblems({ ...O, groups: [{ ...areas!, judgedSeparately: true }, safeguarding!] })).toContain('ofsted-eif-2025: expected one separately judged item (safeguarding)')
    expect(versionProblems({ ...O, groups: [areas!, { ...safeguarding!, judgedSeparately: false }] })).toContain('ofsted-eif-2025: expected one separately judged item (safeguarding)')
  })

  it('a group is judged with the others unless its description says otherwise', () => {
    const spec = {
      frameworkId: 'demo',
      version: '1',
      name: 'Demo',
      shortName: 'Demo',
      regulator: V.regulator,
      sector: V.sector,
      groupNoun: V.groupNoun,
      itemNoun: V.itemNoun,
      scoring: V.scoring,
      scales: V.scales,
      evidenceCategories: [],
      conditions: [],
    }
    const plain = defineFramework({ ...spec, groups: [{ key: 'a', name: 'A', kind: 'key-question', scale: scale.id, items: [{ key: 'x', name: 'X' }] }] })
    expect(plain.groups[0]!.judgedSeparately).toBe(false)
    const separate = defineFramework({ ...spec, groups: [{ key: 'a', name: 'A', kind: 'key-question', judgedSeparately: true, scale: scale.id, items: [{ key: 'x', name: 'X' }] }] })
    expect(separate.groups[0]!.judgedSeparately).toBe(true)
  })
})
