import { describe, expect, it } from 'vitest'
import { CQC_SAF_2024 } from './cqcSaf2024'
import { findGroup, scaleOf } from './items'
import { OFSTED_EIF_2025 } from './ofstedEif2025'
import { createRegistry, FRAMEWORKS } from './registry'
import type { FrameworkMapping } from './types'

const map = (fromVersionId: string, toVersionId: string): FrameworkMapping => ({ fromVersionId, toVersionId, entries: [] })

describe('the framework registry', () => {
  it('finds the mapping between exactly the two versions asked for', () => {
    const ab = map('cqc-saf-2024', 'cqc-saf-2026')
    const ac = map('cqc-saf-2024', 'cqc-saf-2027')
    const db = map('cqc-saf-2022', 'cqc-saf-2026')
    const registry = createRegistry([CQC_SAF_2024], [db, ac, ab])
    expect(registry.mapping('cqc-saf-2024', 'cqc-saf-2026')).toBe(ab)
    expect(registry.mapping('cqc-saf-2024', 'cqc-saf-2027')).toBe(ac)
    expect(registry.mapping('cqc-saf-2022', 'cqc-saf-2027')).toBeUndefined()
    expect(registry.mapping('cqc-saf-2026', 'cqc-saf-2024')).toBeUndefined()
  })

  it('has no mappings unless given some', () => {
    expect(createRegistry([CQC_SAF_2024]).mappings).toEqual([])
    expect(FRAMEWORKS.mapping('cqc-saf-2024', 'cqc-saf-2024')).toBeUndefined()
  })
})

describe("a version's groups and scales", () => {
  it('finds a group by its id, and nothing for an unknown one', () => {
    const [, effective] = CQC_SAF_2024.groups
    expect(findGroup(CQC_SAF_2024, effective!.id)).toBe(effective)
    expect(findGroup(CQC_SAF_2024, 'cqc-saf-2024/unknown')).toBeUndefined()
  })

  it('finds a scale by its id, and says which version lacks one', () => {
    expect(scaleOf(OFSTED_EIF_2025, OFSTED_EIF_2025.scales[0]!.id)).toBe(OFSTED_EIF_2025.scales[0])
    expect(() => scaleOf(CQC_SAF_2024, 'ofsted-grade')).toThrow('cqc-saf-2024 has no scale ofsted-grade')
  })
})
