import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { REGULATORS } from '../onboarding'
import { SECTORS } from '../sectors'
import { BSR_HRB_2023 } from './bsrHrb2023'
import { CQC_SAF_2024 } from './cqcSaf2024'
import { OFSTED_EIF_2025 } from './ofstedEif2025'
import { RSH_CONSUMER_2024 } from './rshConsumer2024'
import { type ExistingAssessment, frameworksFor, planAssessments, regulatorsFor } from './selection'

const ids = (choice: Parameters<typeof frameworksFor>[0]) => frameworksFor(choice).map((v) => v.id)

describe('which frameworks an organisation gets', () => {
  it('the regulators chosen in the wizard, in the wizard’s order, whatever the sector', () => {
    expect(ids({ selectedRegulators: ['rsh', 'cqc'], sector: 'education' })).toEqual(['cqc-saf-2024', 'rsh-consumer-2024'])
    expect(ids({ selectedRegulators: ['bsr'], sector: 'care' })).toEqual(['bsr-hrb-2023'])
    expect(ids({ selectedRegulators: ['cqc', 'ofsted', 'bsr', 'rsh'], sector: null })).toEqual(['cqc-saf-2024', 'ofsted-eif-2025', 'bsr-hrb-2023', 'rsh-consumer-2024'])
    expect(ids({ selectedRegulators: ['ofsted', 'ofsted'], sector: 'care' })).toEqual(['ofsted-eif-2025'])
  })

  it('the sector decides when no regulator is chosen: care → CQC, education → Ofsted, housing → RSH, construction → BSR', () => {
    expect(frameworksFor({ selectedRegulators: [], sector: 'care' })).toEqual([CQC_SAF_2024])
    expect(frameworksFor({ selectedRegulators: null, sector: 'education' })).toEqual([OFSTED_EIF_2025])
    expect(frameworksFor({ selectedRegulators: undefined, sector: 'housing' })).toEqual([RSH_CONSUMER_2024])
    expect(frameworksFor({ selectedRegulators: [], sector: 'construction' })).toEqual([BSR_HRB_2023])
  })

  it('ignores values it does not know; no regulator and no sector means no framework yet', () => {
    expect(ids({ selectedRegulators: ['fsa', 7, null, 'CQC'], sector: 'housing' })).toEqual(['rsh-consumer-2024'])
    expect(ids({ selectedRegulators: [], sector: 'farming' })).toEqual([])
    expect(ids({ selectedRegulators: [], sector: null })).toEqual([])
    expect(regulatorsFor({ selectedRegulators: ['fsa'], sector: 'Unassigned' })).toEqual([])
  })

  it('property: the chosen regulators win; otherwise exactly the sector’s one framework', () => {
    const anything = fc.oneof(fc.constantFrom(...REGULATORS), fc.string(), fc.integer(), fc.constant(null))
    fc.assert(
      fc.property(fc.array(anything, { maxLength: 6 }), fc.oneof(fc.constantFrom(...SECTORS), fc.string()), (selected, sector) => {
        const result = frameworksFor({ selectedRegulators: selected, sector })
        const known = REGULATORS.filter((r) => selected.includes(r))
        if (known.length > 0) expect(result.map((v) => v.regulator)).toEqual(known)
        else if ((SECTORS as readonly string[]).includes(sector)) expect(result.map((v) => v.sector)).toEqual([sector])
        else expect(result).toEqual([])
      }),
    )
  })
})

describe("'Run setup again': assessments added, archived or restored, never lost", () => {
  const a = (id: string, versionId: string, archived = false): ExistingAssessment => ({ id, versionId, archived })

  it('a new organisation gets one new assessment per framework', () => {
    expect(planAssessments([], [CQC_SAF_2024, OFSTED_EIF_2025])).toEqual({ create: ['cqc-saf-2024', 'ofsted-eif-2025'], archive: [], restore: [], keep: [] })
  })

  it('adding a regulator creates its assessment; dropping one archives it; keeping one leaves it', () => {
    const existing = [a('A', 'cqc-saf-2024'), a('B', 'ofsted-eif-2025')]
    expect(planAssessments(existing, [CQC_SAF_2024, RSH_CONSUMER_2024])).toEqual({ create: ['rsh-consumer-2024'], archive: ['B'], restore: [], keep: ['A'] })
  })

  it('choosing a regulator again restores its archived assessment, answers and all, instead of a blank one', () => {
    const existing = [a('A', 'cqc-saf-2024', true), a('B', 'bsr-hrb-2023')]
    expect(planAssessments(existing, [CQC_SAF_2024, BSR_HRB_2023])).toEqual({ create: [], archive: [], restore: ['A'], keep: ['B'] })
  })

  it('leaves alone assessments of versions it does not know, and archived ones of frameworks not chosen', () => {
    const existing = [a('X', 'cqc-saf-2016'), a('Y', 'ofsted-eif-2025', true)]
    expect(planAssessments(existing, [CQC_SAF_2024])).toEqual({ create: ['cqc-saf-2024'], archive: [], restore: [], keep: [] })
  })

  it('property: every wanted framework ends with exactly one way to an active assessment, every other one with none', () => {
    const all = [CQC_SAF_2024, OFSTED_EIF_2025, RSH_CONSUMER_2024, BSR_HRB_2023]
    const existing = fc.uniqueArray(fc.record({ id: fc.uuid(), versionId: fc.constantFrom(...all.map((v) => v.id)), archived: fc.boolean() }), { selector: (x) => x.id, maxLength: 8 })
    fc.assert(
      fc.property(existing, fc.subarray(all), (ex, wanted) => {
        const plan = planAssessments(ex, wanted)
        const frameworkOf = (id: string) => all.find((v) => v.id === ex.find((x) => x.id === id)?.versionId)?.frameworkId
        for (const v of all) {
          const kept = plan.keep.filter((id) => frameworkOf(id) === v.frameworkId).length
          const ways = plan.create.filter((c) => c === v.id).length + plan.restore.filter((id) => frameworkOf(id) === v.frameworkId).length + (kept > 0 ? 1 : 0)
          expect(ways).toBe(wanted.includes(v) ? 1 : 0)
        }
        // Nothing is ever deleted: every existing assessment is kept, archived, restored or left as it was.
        for (const x of ex) {
          const touched = plan.keep.includes(x.id) || plan.archive.includes(x.id) || plan.restore.includes(x.id)
          if (!x.archived && !touched) throw new Error(`active assessment ${x.id} fell through`)
        }
        for (const id of plan.archive) expect(ex.find((x) => x.id === id)?.archived).toBe(false)
        for (const id of plan.restore) expect(ex.find((x) => x.id === id)?.archived).toBe(true)
      }),
    )
  })
})
