import { describe, expect, it } from 'vitest'
import type { AssessmentRecord, ItemRecord } from '../assessments'
import { buildPackDocument } from './build'
import { EVIDENCE_NAME_MAX, evidenceName, packFrameworkOf, packInputFrom, parsePackActions } from './fromAssessment'

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

  it('names a file by its own name, and puts each action of this assessment with its item: open, or closed with when, who verified it and how', () => {
    const file = { id: 'e-3', kind: 'file' as const, note: null, url: null, createdAt: '2026-11-19T11:00:00.000Z', createdByName: 'Mia Member', file: { path: 'o/i/u', name: 'Safeguarding policy.pdf', size: 99, contentType: 'application/pdf', createdBy: 'u-2' } }
    const withFile: AssessmentRecord = { ...assessment, items: { ...assessment.items, [SAFE]: { ...rated, evidence: [file] } } }
    const row = (over: Record<string, unknown>) => ({
      id: 'x-1', assessment_id: 'a', item_id: SAFE, title: 'Refresh training', owner_id: 'u-3', owner_name: 'Olu Owner', due_on: '2026-12-01', status: 'open', version: 1, ...over,
    })
    const actions = parsePackActions([
      row({ id: 'x-1', status: 'closed', version: 4, closed_at: '2026-11-24T15:00:00.000Z', verified_by_name: 'Mia Member', verification_note: 'Certificates seen\nall six', verification_url: 'https://x.example' }),
      row({ id: 'x-2', title: 'Name a lead', status: 'in_progress', due_on: '2026-11-20' }),
      row({ id: 'x-3', assessment_id: 'another' }),
      row({ id: 'x-4', title: 'Linked only', status: 'closed', closed_at: '2026-11-24T15:00:00.000Z', verified_by_name: 'Mia Member', verification_url: 'https://x.example/v' }),
      { id: 'broken' },
      'nonsense',
    ])
    expect(actions.map((a) => [a.id, a.closedAt])).toEqual([['x-1', '2026-11-24T15:00:00.000Z'], ['x-2', null], ['x-3', null], ['x-4', '2026-11-24T15:00:00.000Z']])
    expect(parsePackActions(null)).toEqual([])
    const input = packInputFrom({ organisation: 'Sunrise Care', assessment: withFile, preparedBy: 'Ada', preparedAt: '2026-11-27T12:00:00.000Z', actions })
    expect(input.items[SAFE]!.evidence!.map((e) => [e.name, e.kind])).toEqual([['Safeguarding policy.pdf', 'file']])
    expect(input.items[SAFE]!.actions).toEqual([
      { title: 'Refresh training', owner: 'Olu Owner', dueOn: '2026-12-01', status: 'closed', closedAt: '2026-11-24T15:00:00.000Z', verifiedBy: 'Mia Member', verification: 'Certificates seen' },
      { title: 'Name a lead', owner: 'Olu Owner', dueOn: '2026-11-20', status: 'in_progress', closedAt: null, verifiedBy: null, verification: null },
      { title: 'Linked only', owner: 'Olu Owner', dueOn: '2026-12-01', status: 'closed', closedAt: '2026-11-24T15:00:00.000Z', verifiedBy: 'Mia Member', verification: 'https://x.example/v' },
    ])
    const item = buildPackDocument(input).groups[0]!.items.find((i) => i.id === SAFE)!
    expect(item.evidence.map((e) => e.name)).toEqual(['Safeguarding policy.pdf'])
    expect(item.closedActions.map((a) => a.line)).toEqual([
      'Owner Olu Owner · closed 24 November 2026 · verified by Mia Member · verification: Certificates seen',
      'Owner Olu Owner · closed 24 November 2026 · verified by Mia Member · verification: https://x.example/v',
    ])
    expect(item.openActions.map((a) => a.line)).toEqual(['Owner Olu Owner · due 20 November 2026 · In progress · overdue'])
    expect(item.notes).toEqual([])
    // Without actions read, as before: none.
    expect(packInputFrom({ organisation: 'S', assessment, preparedBy: 'A', preparedAt: '2026-11-27T12:00:00.000Z' }).items[SAFE]!.actions).toEqual([])
  })

  it('names evidence by what was written, shortened', () => {
    expect(evidenceName({ kind: 'file', note: null, url: null, file: { name: ' Rota.pdf ' } })).toBe('Rota.pdf')
    expect(evidenceName({ kind: 'file', note: null, url: null })).toBe('Note')
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
