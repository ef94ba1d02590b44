/**
 * The frameworks' structure against the facts in shared/frameworks.md (copied here as plain lists, since CI
 * runs on a clean clone without the shared folder): names, counts, scales, evidence categories, conditions,
 * and the stability of every id.
 */
import { describe, expect, it } from 'vitest'
import { REGULATORS } from '../onboarding'
import { SECTORS } from '../sectors'
import { BSR_HRB_2023 } from './bsrHrb2023'
import { CQC_SAF_2024 } from './cqcSaf2024'
import { defineFramework, scaleProblems, versionProblems } from './define'
import { allItems } from './items'
import { OFSTED_EIF_2025 } from './ofstedEif2025'
import { createRegistry, FRAMEWORK_VERSIONS, FRAMEWORKS } from './registry'
import { RSH_CONSUMER_2024 } from './rshConsumer2024'
import { COMPLIANCE } from './scales'
import type { FrameworkVersion } from './types'

const names = (v: FrameworkVersion) => v.groups.map((g) => [g.name, g.items.map((i) => i.name)])
/** frameworks.md writes RSH's outcomes and BSR's duties in lower case; compare without case. */
const lower = (v: FrameworkVersion) => v.groups.map((g) => [g.name.toLowerCase(), g.items.map((i) => i.name.toLowerCase())])
const pointLabels = (v: FrameworkVersion, scaleId: string) => v.scales.find((s) => s.id === scaleId)?.points.map((p) => p.label)

/** A key is the item's name in lower case with hyphens; a bracketed aside is left out. */
const slug = (name: string) =>
  name
    .replace(/\s*\(.*\)$/, '')
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

describe('every framework version', () => {
  it.each(FRAMEWORK_VERSIONS.map((v) => [v.id, v] as const))('%s is well formed (ids from keys, scales, conditions, scoring)', (_, v) => {
    expect(versionProblems(v)).toEqual([])
  })

  it('ids are unique across versions, and each item id is <framework>-<version>/<group>/<item>', () => {
    const ids = FRAMEWORK_VERSIONS.flatMap((v) => allItems(v).map((i) => i.id))
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+-\d{4}\/[a-z0-9-]+\/[a-z0-9-]+$/)
    expect(allItems(CQC_SAF_2024).map((i) => i.id)).toContain('cqc-saf-2024/safe/medicines-optimisation')
  })

  it('one framework per wizard regulator, one per sector, with the sector the wizard gives it', () => {
    expect(FRAMEWORK_VERSIONS.map((v) => v.regulator).sort()).toEqual([...REGULATORS].sort())
    expect(FRAMEWORK_VERSIONS.map((v) => v.sector).sort()).toEqual([...SECTORS].sort())
    expect(Object.fromEntries(FRAMEWORK_VERSIONS.map((v) => [v.regulator, v.sector]))).toEqual({ cqc: 'care', ofsted: 'education', rsh: 'housing', bsr: 'construction' })
  })

  it('framework ids and versions are as shared/frameworks.md names them', () => {
    expect(FRAMEWORK_VERSIONS.map((v) => [v.frameworkId, v.version, v.id])).toEqual([
      ['cqc-saf', '2024', 'cqc-saf-2024'],
      ['ofsted-eif', '2025', 'ofsted-eif-2025'],
      ['rsh-consumer', '2024', 'rsh-consumer-2024'],
      ['bsr-hrb', '2023', 'bsr-hrb-2023'],
    ])
  })

  it('item keys follow their names (CQC, Ofsted, RSH), so ids cannot drift from what the regulator calls them', () => {
    for (const v of [CQC_SAF_2024, OFSTED_EIF_2025, RSH_CONSUMER_2024]) {
      for (const g of v.groups) {
        expect(g.key).toBe(slug(g.name))
        for (const i of g.items) expect(i.key, i.id).toBe(slug(i.name))
      }
    }
  })
})

describe('CQC single assessment framework 2024', () => {
  it('has five key questions and 34 quality statements split 8/6/5/7/8, named as CQC names them', () => {
    expect(CQC_SAF_2024.groups.map((g) => g.items.length)).toEqual([8, 6, 5, 7, 8])
    expect(allItems(CQC_SAF_2024)).toHaveLength(34)
    expect(names(CQC_SAF_2024)).toEqual([
      ['Safe', ['Learning culture', 'Safe systems, pathways and transitions', 'Safeguarding', 'Involving people to manage risks', 'Safe environments', 'Safe and effective staffing', 'Infection prevention and control', 'Medicines optimisation']],
      ['Effective', ['Assessing needs', 'Delivering evidence-based care and treatment', 'How staff, teams and services work together', 'Supporting people to live healthier lives', 'Monitoring and improving outcomes', 'Consent to care and treatment']],
      ['Caring', ['Kindness, compassion and dignity', 'Treating people as individuals', 'Independence, choice and control', 'Responding to people’s immediate needs', 'Workforce wellbeing and enablement']],
      ['Responsive', ['Person-centred care', 'Care provision, integration and continuity', 'Providing information', 'Listening to and involving people', 'Equity in access', 'Equity in experiences and outcomes', 'Planning for the future']],
      ['Well-led', ['Shared direction and culture', 'Capable, compassionate and inclusive leaders', 'Freedom to speak up', 'Workforce equality, diversity and inclusion', 'Governance, management and sustainability', 'Partnerships and communities', 'Learning, improvement and innovation', 'Environmental sustainability – sustainable development']],
    ])
    expect(CQC_SAF_2024.groups.every((g) => g.kind === 'key-question' && !g.judgedSeparately)).toBe(true)
  })

  it('has the six evidence categories', () => {
    expect(CQC_SAF_2024.evidenceCategories.map((c) => c.name.toLowerCase())).toEqual([
      'people’s experience of health and care services',
      'feedback from staff and leaders',
      'feedback from partners',
      'observation',
      'processes',
      'outcomes',
    ])
  })

  it('scores 1–4 with CQC’s labels, 1 and 2 below good, and has CQC’s bands', () => {
    const scale = CQC_SAF_2024.scales[0]!
    expect(scale.points.map((p) => [p.value, p.label, p.belowGood])).toEqual([
      ['1', 'Significant shortfalls', true],
      ['2', 'Some shortfalls', true],
      ['3', 'Good standard', false],
      ['4', 'Exceptional standard', false],
    ])
    expect(scale.source).toBe('regulator')
    expect(CQC_SAF_2024.scoring).toEqual({
      kind: 'cqc-percentage',
      bands: [
        { key: 'inadequate', label: 'Inadequate', from: 25, to: 38 },
        { key: 'requires-improvement', label: 'Requires improvement', from: 39, to: 62 },
        { key: 'good', label: 'Good', from: 63, to: 87 },
        { key: 'outstanding', label: 'Outstanding', from: 88, to: 100 },
      ],
    })
  })
})

describe('Ofsted education inspection framework 2025', () => {
  it('has the eight evaluation areas, early years and sixth form only where the school has them', () => {
    const [areas, safeguarding] = OFSTED_EIF_2025.groups
    expect(areas?.items.map((i) => [i.name, i.condition])).toEqual([
      ['Inclusion', null],
      ['Curriculum and teaching', null],
      ['Achievement', null],
      ['Attendance and behaviour', null],
      ['Personal development and wellbeing', null],
      ['Leadership and governance', null],
      ['Early years', 'early-years'],
      ['Sixth form', 'sixth-form'],
    ])
    expect(OFSTED_EIF_2025.conditions.map((c) => c.key)).toEqual(['early-years', 'sixth-form'])
    expect(safeguarding?.judgedSeparately).toBe(true)
    expect(safeguarding?.items.map((i) => i.name)).toEqual(['Safeguarding'])
  })

  it('grades areas on the five-point scale and safeguarding met or not met', () => {
    expect(pointLabels(OFSTED_EIF_2025, 'ofsted-grade')).toEqual(['Urgent improvement', 'Needs attention', 'Expected standard', 'Strong standard', 'Exceptional'])
    expect(pointLabels(OFSTED_EIF_2025, 'ofsted-safeguarding')).toEqual(['Not met', 'Met'])
    expect(OFSTED_EIF_2025.groups.map((g) => new Set(g.items.map((i) => i.scaleId)))).toEqual([new Set(['ofsted-grade']), new Set(['ofsted-safeguarding'])])
    const below = OFSTED_EIF_2025.scales.flatMap((s) => s.points.filter((p) => p.belowGood).map((p) => p.value))
    expect(below).toEqual(['urgent-improvement', 'needs-attention', 'not-met'])
  })
})

describe('RSH consumer standards 2024', () => {
  it('has the four standards with their outcomes', () => {
    expect(lower(RSH_CONSUMER_2024)).toEqual([
      ['safety and quality', ['stock quality', 'decency', 'health and safety', 'repairs, maintenance and planned improvements', 'adaptations']],
      ['transparency, influence and accountability', ['fairness and respect', 'diverse needs', 'engagement with tenants', 'information about landlord services', 'performance information (tenant satisfaction measures)', 'complaints']],
      ['neighbourhood and community', ['safety of shared spaces', 'local co-operation', 'anti-social behaviour and hate incidents', 'domestic abuse']],
      ['tenancy', ['allocations and lettings', 'tenancy sustainment and evictions', 'tenure', 'mutual exchange']],
    ])
  })
})

describe('BSR higher-risk building duties 2023', () => {
  it('has the accountable persons’ ten duties, in the order of the facts', () => {
    expect(BSR_HRB_2023.groups).toHaveLength(1)
    expect(BSR_HRB_2023.groups[0]?.items.map((i) => [i.key, i.name])).toEqual([
      ['registration-and-key-building-information', 'Register the building and give key building information'],
      ['principal-accountable-person', 'Appoint a principal accountable person'],
      ['assess-building-safety-risks', 'Assess building safety risks'],
      ['manage-building-safety-risks', 'Manage building safety risks'],
      ['safety-case-report', 'Prepare a safety case report and notify the regulator'],
      ['building-assessment-certificate', 'Apply for a building assessment certificate when directed'],
      ['mandatory-occurrence-reporting', 'Run a mandatory occurrence reporting system'],
      ['golden-thread', 'Keep the golden thread of information'],
      ['residents-engagement-strategy', 'Have a residents’ engagement strategy'],
      ['complaints-procedure', 'Have a complaints procedure'],
    ])
  })
})

describe('our compliance scale (RSH, BSR)', () => {
  it('is compliant · partly compliant · not compliant, flagged as ours with the sentence the product shows', () => {
    for (const v of [RSH_CONSUMER_2024, BSR_HRB_2023]) {
      expect(v.scales).toEqual([COMPLIANCE])
      expect(v.scoring).toEqual({ kind: 'compliance' })
    }
    expect(COMPLIANCE.points.map((p) => [p.label, p.belowGood])).toEqual([
      ['Not compliant', true],
      ['Partly compliant', true],
      ['Compliant', false],
    ])
    expect(COMPLIANCE.source).toBe('ours')
    expect(COMPLIANCE.notice).toMatch(/our own scale/)
    expect(COMPLIANCE.notice).toMatch(/not a judgement the regulator makes/)
  })

  it('only our scale carries a notice', () => {
    for (const s of FRAMEWORK_VERSIONS.flatMap((v) => v.scales)) expect(s.notice !== null).toBe(s.source === 'ours')
  })
})

describe('the checks can fail', () => {
  const good = CQC_SAF_2024
  it('versionProblems finds a bad key, a repeated item, an unknown scale and condition, gaps between bands', () => {
    const bad = defineFramework({
      ...good,
      conditions: [{ key: 'unused', name: 'Unused' }],
      scoring: { kind: 'cqc-percentage', bands: [{ key: 'a', label: 'A', from: 30, to: 50 }, { key: 'b', label: 'B', from: 52, to: 99 }] },
      groups: [
        { key: 'Safe', name: 'Safe', kind: 'key-question', scale: 'cqc-score', items: [{ key: 'x', name: 'X' }, { key: 'x', name: 'X again' }] },
        { key: 'empty', name: 'Empty', kind: 'key-question', scale: 'nope', items: [{ key: 'y', name: 'Y', condition: 'missing' }] },
      ],
    })
    expect(versionProblems(bad)).toEqual([
      'cqc-saf-2024: group key "Safe" is not lower-case-with-hyphens',
      'group cqc-saf-2024/Safe repeats item x',
      'item cqc-saf-2024/empty/y uses unknown scale nope',
      'item cqc-saf-2024/empty/y has unknown condition missing',
      'cqc-saf-2024: condition unused is used by no item',
      'cqc-saf-2024: bands a and b do not meet',
      'cqc-saf-2024: the top band does not reach 100 %',
      'cqc-saf-2024: the lowest band starts above 25 %',
    ])
  })

  it('scaleProblems finds scores out of order, a stray notice and below-good points above good ones', () => {
    expect(
      scaleProblems({
        id: 's',
        name: 'S',
        source: 'regulator',
        notice: 'Ours?',
        points: [
          { value: 'a', score: 1, label: 'A', belowGood: false },
          { value: 'b', score: 3, label: 'B', belowGood: true },
          { value: 'c', score: 3, label: 'C', belowGood: false },
        ],
      }),
    ).toEqual(['scale s: b has score 3, expected 2', 'scale s: below-good points are not all at the bottom', "scale s is the regulator's but has a notice"])
    expect(scaleProblems({ ...COMPLIANCE, notice: null })).toEqual(['scale compliance is ours but says nothing about it'])
  })

  it('Ofsted scoring needs safeguarding, leadership and the urgent value', () => {
    const v: FrameworkVersion = { ...OFSTED_EIF_2025, scoring: { kind: 'ofsted-grades', leadershipItemKey: 'leaders', urgentValue: 'awful', notMetValue: 'nope' } }
    const problems = versionProblems(v)
    expect(problems).toContain("ofsted-eif-2025: safeguarding's scale has no nope")
    expect(problems).toContain('ofsted-eif-2025: no area leaders')
    expect(problems).toContain("ofsted-eif-2025: ofsted-eif-2025/evaluation-areas/inclusion's scale has no awful")
  })
})

describe('the registry', () => {
  it('finds versions, the current version of a framework and of a regulator, and any item', () => {
    expect(FRAMEWORKS.version('ofsted-eif-2025')).toBe(OFSTED_EIF_2025)
    expect(FRAMEWORKS.version('ofsted-eif-2019')).toBeUndefined()
    expect(FRAMEWORKS.current('cqc-saf')).toBe(CQC_SAF_2024)
    expect(FRAMEWORKS.forRegulator('bsr')).toBe(BSR_HRB_2023)
    const found = FRAMEWORKS.locate('rsh-consumer-2024/tenancy/mutual-exchange')
    expect([found?.version.id, found?.group.name, found?.item.name]).toEqual(['rsh-consumer-2024', 'Tenancy', 'Mutual exchange'])
    expect(FRAMEWORKS.locate('rsh-consumer-2024/tenancy/nothing')).toBeUndefined()
    expect(FRAMEWORKS.mapping('cqc-saf-2024', 'cqc-saf-2026')).toBeUndefined()
  })

  it('refuses a version listed twice', () => {
    expect(() => createRegistry([CQC_SAF_2024, CQC_SAF_2024])).toThrow(/listed twice/)
  })
})
