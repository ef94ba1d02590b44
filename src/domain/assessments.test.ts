import { describe, expect, it } from 'vitest'
import {
  ASSESSMENT_MESSAGES,
  asAssessmentFailure,
  assessmentFailure,
  assessmentState,
  draftEvidence,
  draftProblem,
  failure,
  isConflict,
  isDraftEmpty,
  isDueForReview,
  isRatingOnScale,
  itemProgress,
  longDate,
  longUkDate,
  nextStepText,
  PROGRESS_LABELS,
  type ItemRecord,
  needsEvidenceCategory,
  NOTE_MAX_LENGTH,
  parseAssessmentRows,
  parseItemRow,
  parseSetupAnswers,
  versionOf,
  withItem,
} from './assessments'

const SAFE = 'cqc-saf-2024/safe/safeguarding'
const itemRow = (over: Record<string, unknown> = {}) => ({
  item_id: SAFE,
  status: 'rated',
  rating: '3',
  evidence_category: 'processes',
  rated_by: 'u-1',
  rated_at: '2026-11-20T10:00:00Z',
  reviewed_at: null,
  version: 1,
  assessment_evidence: [
    { id: 'e-2', kind: 'link', note: null, url: 'https://x.example/a', created_at: '2026-11-20T09:00:00Z' },
    { id: 'e-1', kind: 'note', note: 'Policy', url: null, created_at: '2026-11-19T09:00:00Z' },
    { id: 'e-3', kind: 'file', note: 'not yet', url: null, created_at: '2026-11-19T09:00:00Z' },
  ],
  ...over,
})

describe('parsing the dashboard rows', () => {
  it('reads an item with its evidence oldest first, dropping evidence of unknown kinds', () => {
    const item = parseItemRow(itemRow())!
    expect(item).toMatchObject({ itemId: SAFE, status: 'rated', rating: '3', evidenceCategory: 'processes', ratedBy: 'u-1', ratedByName: null, version: 1 })
    expect(item.evidence.map((e) => e.id)).toEqual(['e-1', 'e-2'])
    // rate_item's answer names its evidence `evidence` and adds the rater's name.
    expect(parseItemRow({ ...itemRow(), assessment_evidence: undefined, evidence: [itemRow().assessment_evidence[0]], rated_by_name: 'Ada' })).toMatchObject({
      ratedByName: 'Ada',
      evidence: [{ id: 'e-2' }],
    })
  })

  it('drops an item it cannot read, and reads a bad version as 0', () => {
    expect(parseItemRow(null)).toBeNull()
    expect(parseItemRow('x')).toBeNull()
    expect(parseItemRow(itemRow({ status: 'done' }))).toBeNull()
    expect(parseItemRow(itemRow({ item_id: 'nope/x/y' }))).toBeNull()
    expect(parseItemRow(itemRow({ item_id: '' }))).toBeNull()
    expect(parseItemRow(itemRow({ version: -1 }))!.version).toBe(0)
    expect(parseItemRow(itemRow({ version: 1.5 }))!.version).toBe(0)
    expect(parseItemRow(itemRow({ version: '2' }))!.version).toBe(0)
    expect(parseItemRow(itemRow({ assessment_evidence: 'x' }))!.evidence).toEqual([])
    expect(parseItemRow(itemRow({ assessment_evidence: [null, { id: 'e', kind: 'note' }] }))!.evidence).toEqual([{ id: 'e', kind: 'note', note: null, url: null, createdAt: '', createdByName: null }])
    for (const status of ['in-progress', 'reviewed'] as const) expect(parseItemRow(itemRow({ status }))!.status).toBe(status)
  })

  it('reads assessments in the regulators’ order, keeping only their own framework’s items and boolean conditions', () => {
    const rows = [
      { id: 'a-2', organisation_id: 'o', framework_version_id: 'ofsted-eif-2025', conditions: { 'sixth-form': false, 'early-years': 'yes' }, assessment_items: [itemRow()] },
      { id: 'a-1', organisation_id: 'o', framework_version_id: 'cqc-saf-2024', conditions: null, assessment_items: [itemRow(), itemRow({ item_id: 'rsh-consumer-2024/tenancy/tenure' })] },
      { id: 'a-3', organisation_id: 'o', framework_version_id: 'unknown-2099', assessment_items: [] },
      { id: '', organisation_id: 'o', framework_version_id: 'bsr-hrb-2023' },
      { id: 'a-4', organisation_id: '', framework_version_id: 'bsr-hrb-2023' },
      null,
      { id: 'a-5', organisation_id: 'o', framework_version_id: 'rsh-consumer-2024' },
      { id: 'a-6', organisation_id: 'o', framework_version_id: 'bsr-hrb-2023', assessment_items: 'x' },
    ]
    const parsed = parseAssessmentRows(rows)
    expect(parsed.map((a) => [a.id, a.frameworkId])).toEqual([
      ['a-1', 'cqc-saf'],
      ['a-2', 'ofsted-eif'],
      ['a-6', 'bsr-hrb'],
      ['a-5', 'rsh-consumer'],
    ])
    expect(Object.keys(parsed[0]!.items)).toEqual([SAFE])
    expect(parsed[1]!.items).toEqual({})
    expect(parsed[1]!.conditions).toEqual({ 'sixth-form': false })
    expect(parseAssessmentRows({})).toEqual([])
  })

  it('reads the setup answers, ignoring what it does not know', () => {
    expect(parseSetupAnswers({ sector: 'care', selected_regulators: ['cqc', 3], policy_frequency: 'weekly' })).toEqual({ selectedRegulators: ['cqc'], sector: 'care', frequency: 'weekly' })
    expect(parseSetupAnswers({ sector: '', selected_regulators: 'cqc', policy_frequency: 'hourly' })).toEqual({ selectedRegulators: [], sector: null, frequency: null })
    expect(parseSetupAnswers(null)).toEqual({ selectedRegulators: [], sector: null, frequency: null })
  })
})

describe('the bridge to the scoring rules', () => {
  const item = parseItemRow(itemRow())!
  const assessment = parseAssessmentRows([{ id: 'a', organisation_id: 'o', framework_version_id: 'cqc-saf-2024', assessment_items: [itemRow(), itemRow({ item_id: 'cqc-saf-2024/safe/learning-culture', status: 'in-progress', rating: null, rated_at: null })] }])[0]!

  it('gives the rules each rated item’s latest rating', () => {
    expect(assessmentState(assessment)).toEqual({ ratings: { [SAFE]: { value: '3', ratedAt: '2026-11-20T10:00:00Z', evidenceCategory: 'processes' } }, conditions: {} })
    expect(versionOf(assessment).id).toBe('cqc-saf-2024')
    expect(() => versionOf({ ...assessment, versionId: 'x' })).toThrow('Unknown framework version x')
  })

  it('is due for review on its due date and after it, never when unrated or without a frequency', () => {
    const now = new Date('2026-11-27T12:00:00Z')
    expect(isDueForReview(item, 'weekly', now)).toBe(true)
    expect(isDueForReview(item, 'weekly', new Date('2026-11-26T12:00:00Z'))).toBe(false)
    expect(isDueForReview(item, 'monthly', now)).toBe(false)
    expect(isDueForReview(item, null, now)).toBe(false)
    expect(isDueForReview(null, 'daily', now)).toBe(false)
    expect(isDueForReview({ ...item, ratedAt: null }, 'daily', now)).toBe(false)
    expect(isDueForReview({ ...item, status: 'in-progress' }, 'daily', now)).toBe(false)
    expect(isDueForReview({ ...item, status: 'reviewed' }, 'daily', now)).toBe(true)
  })

  it('replaces one item of one assessment', () => {
    const other = { ...assessment, id: 'b' }
    const changed: ItemRecord = { ...item, rating: '4' }
    const [a, b] = withItem([assessment, other], 'a', changed)
    expect(a!.items[SAFE]!.rating).toBe('4')
    expect(b).toBe(other)
  })

  it('knows each item’s scale and whether a version records an evidence category', () => {
    expect(isRatingOnScale('cqc-saf-2024', SAFE, '4')).toBe(true)
    expect(isRatingOnScale('cqc-saf-2024', SAFE, '5')).toBe(false)
    expect(isRatingOnScale('nope', SAFE, '4')).toBe(false)
    expect(isRatingOnScale('ofsted-eif-2025', 'ofsted-eif-2025/safeguarding/safeguarding', 'not-met')).toBe(true)
    expect(needsEvidenceCategory('cqc-saf-2024')).toBe(true)
    expect(needsEvidenceCategory('ofsted-eif-2025')).toBe(false)
    expect(needsEvidenceCategory('nope')).toBe(false)
  })
})

describe('evidence drafts', () => {
  it('needs a note or a link, a note of at most 4000 characters and an http(s) link', () => {
    expect(draftProblem({ note: ' ', url: ' ' })).toBe('evidenceEmpty')
    expect(draftProblem({ note: 'x'.repeat(NOTE_MAX_LENGTH), url: '' })).toBeNull()
    expect(draftProblem({ note: 'x'.repeat(NOTE_MAX_LENGTH + 1), url: '' })).toBe('noteTooLong')
    expect(draftProblem({ note: '', url: 'https://x.example/a' })).toBeNull()
    expect(draftProblem({ note: '', url: 'http://x.example/a' })).toBeNull()
    expect(draftProblem({ note: '', url: 'ftp://x.example/a' })).toBe('badUrl')
    expect(draftProblem({ note: 'ok', url: 'https://x.example/a b' })).toBe('badUrl')
    expect(draftProblem({ note: '', url: `https://x.example/${'a'.repeat(2000)}` })).toBe('badUrl')
    expect(isDraftEmpty({ note: ' ', url: '' })).toBe(true)
    expect(isDraftEmpty({ note: '', url: 'h' })).toBe(false)
    expect(isDraftEmpty({ note: 'n', url: '' })).toBe(false)
  })

  it('sends a link with its note, or a note', () => {
    expect(draftEvidence({ note: ' Policy ', url: ' https://x.example/a ' })).toEqual({ kind: 'link', note: 'Policy', url: 'https://x.example/a' })
    expect(draftEvidence({ note: '', url: 'https://x.example/a' })).toEqual({ kind: 'link', note: null, url: 'https://x.example/a' })
    expect(draftEvidence({ note: 'Policy', url: ' ' })).toEqual({ kind: 'note', note: 'Policy', url: null })
  })
})

describe('refusals', () => {
  it('a failure keeps the server’s sentence, else ours for its code, else a generic one', () => {
    expect(failure('rating_off_scale', ' Off the scale. ')).toEqual({ code: 'rating_off_scale', message: 'Off the scale.' })
    expect(failure('network', undefined).message).toBe("We couldn't reach the server. Check your connection and try again.")
    expect(failure('not_authenticated', ' ').message).toBe('Your session has ended. Sign in again.')
    expect(failure('not_member', undefined).message).toBe('You are not a member of an organisation.')
    expect(failure(null, undefined)).toEqual({ code: 'unknown', message: 'Something went wrong. Please try again.' })
    expect(asAssessmentFailure({ code: 'x', message: 'y', extra: 1 })).toEqual({ code: 'x', message: 'y' })
    for (const odd of [new Error('boom'), null, 'text', { code: 1, message: 'y' }, { code: 'x' }]) expect(asAssessmentFailure(odd).code).toBe('network')
  })

  it('a lost update reads "changed by <name> — review and try again"', () => {
    const f = assessmentFailure({ code: 'PT409', hint: 'rating_conflict', message: 'changed by Ada Lovelace — review and try again' })
    expect(f).toEqual({ code: 'rating_conflict', message: 'changed by Ada Lovelace — review and try again' })
    expect(isConflict(f)).toBe(true)
    expect(assessmentFailure({ code: 'PT409', hint: 'rating_conflict', message: 'other' }).message).toBe(ASSESSMENT_MESSAGES.conflict('someone else'))
    expect(isConflict({ code: 'evidence_required', message: '' })).toBe(false)
  })

  it('maps the other refusals to their reason', () => {
    expect(assessmentFailure({ code: '22023', hint: 'evidence_required', message: 'x' })).toEqual({ code: 'evidence_required', message: ASSESSMENT_MESSAGES.evidenceRequired })
    expect(assessmentFailure({ message: 'TypeError: Failed to fetch' }).code).toBe('network')
    expect(assessmentFailure({ code: '', message: 'Load failed' }).code).toBe('network')
    expect(assessmentFailure({ code: '42501', message: 'permission denied' }).code).toBe('not_authenticated')
    expect(assessmentFailure({ code: 'PGRST301', message: 'JWT expired' }).code).toBe('not_authenticated')
    expect(assessmentFailure({ code: '22023', hint: 'rating_off_scale', message: 'Off the scale.' })).toEqual({ code: 'rating_off_scale', message: 'Off the scale.' })
    expect(assessmentFailure({ code: '23503', hint: null, message: 'fk' })).toEqual({ code: '23503', message: 'fk' })
    expect(assessmentFailure({ message: 'odd' })).toEqual({ code: 'unknown', message: 'odd' })
  })

  it('names files as evidence wherever evidence is asked for (issue 39)', () => {
    expect(ASSESSMENT_MESSAGES.evidenceRequired).toBe('Add evidence (a note, a link or a file) before rating.')
    expect(ASSESSMENT_MESSAGES.noEvidence).toBe('No evidence yet: add a note, a link or a file before rating.')
    expect(ASSESSMENT_MESSAGES.filesOnly(1)).toBe('The file below is the evidence so far.')
    expect(ASSESSMENT_MESSAGES.filesOnly(3)).toBe('The 3 files below are the evidence so far.')
  })
})

describe('an item’s progress', () => {
  it('runs not started → in progress → rated → due for review → reviewed', () => {
    const item = parseItemRow(itemRow())!
    expect(itemProgress(null, true)).toBe('not-started')
    expect(itemProgress({ ...item, status: 'in-progress' }, true)).toBe('in-progress')
    expect(itemProgress(item, false)).toBe('rated')
    expect(itemProgress(item, true)).toBe('due-for-review')
    expect(itemProgress({ ...item, status: 'reviewed' }, false)).toBe('reviewed')
    expect(itemProgress({ ...item, status: 'reviewed' }, true)).toBe('due-for-review')
    expect(Object.values(PROGRESS_LABELS)).toEqual(['Not started', 'In progress', 'Rated', 'Due for review', 'Reviewed'])
  })
})

describe('what the dashboard says', () => {
  it('writes dates the British way, in UK calendar days', () => {
    expect(longDate('2026-11-27')).toBe('27 November 2026')
    expect(longDate('not a date')).toBe('not a date')
    // 23:30 UTC on 31 July is 1 August in London.
    expect(longUkDate('2026-07-31T23:30:00Z')).toBe('1 August 2026')
    expect(longUkDate('nonsense')).toBe('nonsense')
  })

  it('says the one next thing to do, naming the item and its rating', () => {
    const cqc = (itemKey: string) => ({ versionId: 'cqc-saf-2024', itemId: `cqc-saf-2024/safe/${itemKey}` })
    expect(nextStepText({ kind: 'choose-frameworks' })).toEqual({ text: ASSESSMENT_MESSAGES.noFrameworks, itemId: null, versionId: null })
    expect(nextStepText({ kind: 'up-to-date', nextReviewOn: '2026-12-04' }).text).toBe('Everything is rated and up to date. The next review falls due on 4 December 2026.')
    expect(nextStepText({ kind: 'up-to-date', nextReviewOn: null })).toEqual({ text: 'Everything is rated and up to date.', itemId: null, versionId: null })
    expect(nextStepText({ kind: 'rate', ...cqc('learning-culture') })).toEqual({ text: 'Rate Learning culture.', ...cqc('learning-culture') })
    expect(nextStepText({ kind: 'address-shortfall', value: '1', ...cqc('safeguarding') }).text).toBe('Address the shortfall in Safeguarding, rated Significant shortfalls.')
    expect(nextStepText({ kind: 'improve', value: '2', ...cqc('safeguarding') }).text).toBe('Improve Safeguarding, rated Some shortfalls.')
    expect(nextStepText({ kind: 'review-overdue', dueOn: '2026-11-20', ...cqc('safeguarding') }).text).toBe('Review Safeguarding: its review was due on 20 November 2026.')
    expect(nextStepText({ kind: 'review-due', dueOn: '2026-11-27', ...cqc('safeguarding') }).text).toBe('Review Safeguarding: its review is due today.')
    const ofsted = { versionId: 'ofsted-eif-2025', itemId: 'ofsted-eif-2025/safeguarding/safeguarding' }
    expect(nextStepText({ kind: 'fix-safeguarding', ...ofsted })).toEqual({ text: 'Put safeguarding right first: Safeguarding is rated Not met.', ...ofsted })
    // An unknown item or value is named by its id rather than lost.
    expect(nextStepText({ kind: 'improve', value: 'x', versionId: 'nope', itemId: 'nope/a/b' }).text).toBe('Improve nope/a/b, rated x.')
    expect(nextStepText({ kind: 'improve', value: '9', ...cqc('safeguarding') }).text).toBe('Improve Safeguarding, rated 9.')
  })
})
