import { describe, expect, it } from 'vitest'
import type { AssessmentRecord, ItemRecord } from '../assessments'
import { buildPackDocument } from './build'
import { EVIDENCE_NAME_MAX, evidenceName, packFrameworkOf, packInputFrom } from './fromAssessment'

const SAFE = 'cqc-saf-2024/safe/safeguarding'
const rated: ItemRecord = {
  itemId: SAFE,
  status: 'rated',
  rating: '2',
  evidenceCategory: 'processes',
  ratedBy: 'u-1',
  ratedByName: 'Grace Hopper',
  ratedAt: '2026-11-20T10:00:00.000Z',
  reviewedAt: null,
  version: 1,
  evidence: [
    { id: 'e-1', kind: 'note', note: 'Policy read by all staff\nsecond line', url: null, createdAt: '2026-11-19T09:00:00.000Z', createdByName: 'Ada Lovelace' },
    { id: 'e-2', kind: 'link', note: null, url: 'https://intranet.example/policy', createdAt: '2026-11-19T10:00:00.000Z', createdByName: null },
  ],
}
const inProgress: ItemRecord = { ...rated, itemId: 'cqc-saf-2024/safe/learning-culture', status: 'in-progress', rating: null, ratedBy: null, ratedByName: null, ratedAt: null, version: 0, evidence: [] }
const assessment: AssessmentRecord = { id: 'a', organisationId: 'o', frameworkId: 'cqc-saf', versionId: 'cqc-saf-2024', conditions: {}, items: { [SAFE]: rated, [inProgress.itemId]: inProgress } }

describe('the pack from an assessment as read', () => {
  it('maps ratings, raters and evidence with its authors and dates into the pack', () => {
    const input = packInputFrom({ organisation: 'Sunrise Care', assessment, preparedBy: 'Ada Lovelace', preparedAt: '2026-11-27T12:00:00.000Z' })
    expect(input.assessment.ratings).toEqual({ [SAFE]: { value: '2', ratedAt: '2026-11-20T10:00:00.000Z', evidenceCategory: 'processes' } })
    expect(input.items[SAFE]).toEqual({
      ratedBy: 'Grace Hopper',
      actions: [],
      evidence: [
        { name: 'Policy read by all staff', kind: 'note', category: null, addedAt: '2026-11-19T09:00:00.000Z', addedBy: 'Ada Lovelace' },
        { name: 'https://intranet.example/policy', kind: 'link', category: null, addedAt: '2026-11-19T10:00:00.000Z', addedBy: 'a member' },
      ],
    })
    expect(input.items[inProgress.itemId]!.ratedBy).toBeNull()
    const doc = buildPackDocument(input)
    const item = doc.groups[0]!.items.find((i) => i.id === SAFE)!
    expect(item.ratingDetail).toContain('Rated 20 November 2026 by Grace Hopper')
    expect(item.evidence.map((e) => e.line).sort()).toEqual(['Link · added 19 November 2026 by a member', 'Note · added 19 November 2026 by Ada Lovelace'])
  })

  it('names evidence by what was written, shortened', () => {
    expect(evidenceName({ kind: 'link', note: ' Training matrix ', url: 'https://x.example' })).toBe('Training matrix')
    expect(evidenceName({ kind: 'note', note: null, url: null })).toBe('Note')
    const long = evidenceName({ kind: 'note', note: 'x'.repeat(500), url: null })
    expect(long).toHaveLength(EVIDENCE_NAME_MAX)
    expect(long.endsWith('…')).toBe(true)
  })

  it('reads ?framework= as a framework id it knows, else null', () => {
    expect(packFrameworkOf('cqc-saf')).toBe('cqc-saf')
    expect(packFrameworkOf('ofsted-eif')).toBe('ofsted-eif')
    for (const bad of ['cqc-saf-2024', 'CQC-SAF', '', 7, null, undefined, ['cqc-saf']]) expect(packFrameworkOf(bad)).toBeNull()
  })
})
