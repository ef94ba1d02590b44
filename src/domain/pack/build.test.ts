import { describe, expect, it } from 'vitest'
import { BSR_HRB_2023 } from '../frameworks/bsrHrb2023'
import { CQC_SAF_2024 } from '../frameworks/cqcSaf2024'
import { OFSTED_EIF_2025 } from '../frameworks/ofstedEif2025'
import { RSH_CONSUMER_2024 } from '../frameworks/rshConsumer2024'
import { COMPLIANCE } from '../frameworks/scales'
import { summariseFramework } from '../frameworks/scoring'
import type { FrameworkVersion, RatingsByItem } from '../frameworks/types'
import { buildPackDocument, cleanText, longUkDate, PackInputError, slug } from './build'
import { fullCqcPackInput, SAMPLE_PREPARED_AT } from './samples'
import type { InspectionPackInput, PackItem } from './types'

const AT = '2026-11-02T10:00:00.000Z'
const rate = (entries: Record<string, string>): RatingsByItem =>
  Object.fromEntries(Object.entries(entries).map(([id, value]) => [id, { value, ratedAt: AT }]))
const area = (key: string) => `ofsted-eif-2025/evaluation-areas/${key}`
const SAFEGUARDING = 'ofsted-eif-2025/safeguarding/safeguarding'
const evidence = { name: 'Policy.pdf', kind: 'file' as const, addedAt: AT, addedBy: 'Jo Bloggs' }

function input(version: FrameworkVersion, ratings: RatingsByItem = {}, extra: Partial<InspectionPackInput> = {}): InspectionPackInput {
  return { organisation: 'Hill Top', versionId: version.id, assessment: { ratings }, items: {}, preparedBy: 'Sam Lee', preparedAt: SAMPLE_PREPARED_AT, ...extra }
}
const itemOf = (doc: ReturnType<typeof buildPackDocument>, id: string): PackItem => doc.groups.flatMap((g) => g.items).find((i) => i.id === id)!

describe('the cover', () => {
  it('names the organisation, the UK date, the framework and who prepared it', () => {
    const doc = buildPackDocument(fullCqcPackInput())
    expect(doc).toMatchObject({
      title: 'Inspection pack',
      organisation: 'Sunrise Care (Leeds) Ltd',
      date: '24 November 2026',
      isoDate: '2026-11-24',
      framework: { versionId: 'cqc-saf-2024', name: 'CQC single assessment framework (2024)', shortName: 'CQC' },
      preparedLine: 'Prepared by Priya Shah on 24 November 2026',
      completion: '34 of 34 quality statements rated (100\u00a0%)',
      fileName: 'inspection-pack-cqc-2024-sunrise-care-leeds-ltd-2026-11-24.pdf',
      scaleNotice: null,
      outcome: null,
    })
  })

  it('takes the date in the United Kingdom: 23:30 UTC on a summer evening is already the next day in London', () => {
    expect(buildPackDocument(input(CQC_SAF_2024, {}, { preparedAt: '2026-06-30T23:30:00Z' })).date).toBe('1 July 2026')
    expect(buildPackDocument(input(CQC_SAF_2024, {}, { preparedAt: '2026-12-31T23:30:00Z' })).date).toBe('31 December 2026')
  })

  it('refuses an unknown framework version or a date that is not one, and nothing else', () => {
    expect(() => buildPackDocument(input(CQC_SAF_2024, {}, { versionId: 'cqc-saf-1999' }))).toThrow(PackInputError)
    expect(() => buildPackDocument(input(CQC_SAF_2024, {}, { preparedAt: 'yesterday' }))).toThrow(PackInputError)
  })
})

describe('scores and bands, exactly as the framework rules compute them', () => {
  it('CQC: every key question shows summariseFramework’s percentage and band', () => {
    const pack = fullCqcPackInput()
    const doc = buildPackDocument(pack)
    const summary = summariseFramework(CQC_SAF_2024, pack.assessment)
    expect(doc.summary.map((r) => r.label)).toEqual(['Safe', 'Effective', 'Caring', 'Responsive', 'Well-led'])
    summary.groups.forEach((g, i) => {
      if (g.result.kind !== 'percentage') throw new Error('CQC is scored by percentage')
      expect(doc.summary[i]!.score).toBe(`${g.result.band!.label}, ${g.result.percent}\u00a0%`)
      expect(doc.summary[i]!.detail).toContain(`${g.result.score} of ${g.result.maxScore} points`)
      expect(doc.groups[i]!.score).toBe(doc.summary[i]!.score)
    })
    // The sample's known scores: Safe 21/32 = 66 % Good, Effective 22/24 = 92 % Outstanding, Caring 15/20 = 75 %
    // Good, Responsive 14/28 = 50 % Requires improvement, Well-led 10/32 = 31 % Inadequate.
    expect(doc.summary.map((r) => [r.score, r.tone])).toEqual([
      ['Good, 66\u00a0%', 'good'],
      ['Outstanding, 92\u00a0%', 'good'],
      ['Good, 75\u00a0%', 'good'],
      ['Requires improvement, 50\u00a0%', 'attention'],
      ['Inadequate, 31\u00a0%', 'serious'],
    ])
  })

  it('CQC: a key question with unrated statements is provisional, over the rated ones only, with CQC’s rounding (5 of 8 is 62.5, so 63 %: Good)', () => {
    const safe = CQC_SAF_2024.groups[0]!.items
    const ratings = rate({ [safe[0]!.id]: '3', [safe[1]!.id]: '2' })
    const doc = buildPackDocument(input(CQC_SAF_2024, ratings))
    expect(doc.summary[0]).toMatchObject({ score: 'Good, 63\u00a0% (provisional)', detail: '5 of 8 points; 2 of 8 quality statements rated, so the band may change' })
    expect(doc.summary[1]).toMatchObject({ score: 'Not yet rated', tone: 'none' })
    const half = Object.fromEntries(CQC_SAF_2024.groups[4]!.items.map((i, k) => [i.id, k < 4 ? '3' : '2']))
    expect(buildPackDocument(input(CQC_SAF_2024, rate(half))).summary[4]!.score).toBe('Good, 63\u00a0%')
  })

  it('Ofsted: each area keeps its own grade; safeguarding not met means the school requires significant improvement', () => {
    const ratings = rate({ [area('inclusion')]: 'strong-standard', [area('achievement')]: 'needs-attention', [SAFEGUARDING]: 'not-met' })
    const doc = buildPackDocument(input(OFSTED_EIF_2025, ratings))
    expect(doc.outcome).toEqual({ text: 'On these grades the school requires significant improvement: safeguarding is not met.', tone: 'serious' })
    expect(doc.summaryHeading).toBe('Evaluation areas and safeguarding')
    expect(doc.summary.find((r) => r.label === 'Inclusion')).toMatchObject({ score: 'Strong standard', tone: 'good' })
    expect(doc.summary.find((r) => r.label === 'Achievement')).toMatchObject({ score: 'Needs attention', tone: 'attention' })
    expect(doc.summary.find((r) => r.label === 'Curriculum and teaching')).toMatchObject({ score: 'Not yet graded', tone: 'none' })
    expect(doc.summary.at(-1)).toMatchObject({ label: 'Safeguarding', score: 'Not met', tone: 'serious' })
    expect(doc.groups.find((g) => g.name === 'Safeguarding')).toMatchObject({ score: 'Not met', kicker: 'Judged separately' })
  })

  it('Ofsted: urgent improvement in leadership and another area means special measures; all graded and fine says so', () => {
    const urgent = rate({ [area('leadership-and-governance')]: 'urgent-improvement', [area('inclusion')]: 'urgent-improvement' })
    expect(buildPackDocument(input(OFSTED_EIF_2025, urgent)).outcome?.text).toBe(
      'On these grades the school would be placed in special measures: Inclusion and Leadership and governance are at urgent improvement.',
    )
    const one = rate({ [area('achievement')]: 'urgent-improvement', [SAFEGUARDING]: 'not-met' })
    expect(buildPackDocument(input(OFSTED_EIF_2025, one)).outcome?.text).toBe(
      'On these grades the school requires significant improvement: safeguarding is not met and Achievement is at urgent improvement.',
    )
    const all = Object.fromEntries(OFSTED_EIF_2025.groups.flatMap((g) => g.items).map((i) => [i.id, i.scaleId === 'ofsted-safeguarding' ? 'met' : 'expected-standard']))
    expect(buildPackDocument(input(OFSTED_EIF_2025, rate(all))).outcome).toMatchObject({ tone: 'good', text: expect.stringContaining('neither special measures nor requires significant improvement') })
    expect(buildPackDocument(input(OFSTED_EIF_2025, {})).outcome?.text).toBe('No category of concern on the grades so far (0 of 9 graded); it can change as the rest are graded.')
  })

  it('Ofsted: an area whose condition does not hold is listed as not applicable and counts nowhere', () => {
    const doc = buildPackDocument({ ...input(OFSTED_EIF_2025), assessment: { ratings: {}, conditions: { 'sixth-form': false } } })
    expect(doc.summary.map((r) => r.label)).not.toContain('Sixth form')
    expect(itemOf(doc, area('sixth-form'))).toMatchObject({ applicable: false, rating: null, ratingText: 'Not applicable: the assessment answers no to “A sixth form”' })
    expect(doc.completion).toBe('0 of 8 evaluation areas rated (0\u00a0%)')
  })

  it.each([RSH_CONSUMER_2024, BSR_HRB_2023])('$shortName: our compliance scale, with the notice that it is ours, the worst rating per group', (version) => {
    const [first, second] = version.groups[0]!.items
    const doc = buildPackDocument(input(version, rate({ [first!.id]: 'compliant', [second!.id]: 'partly-compliant' })))
    expect(doc.scaleNotice).toBe(COMPLIANCE.notice)
    expect(doc.summaryHeading).toBe('Compliance on our scale')
    expect(doc.summary[0]).toMatchObject({ score: 'Partly compliant so far', tone: 'attention' })
    expect(doc.summary[0]!.detail).toMatch(/^1 compliant, 1 partly compliant, 0 not compliant; 2 of \d+ .* rated, on our compliance scale$/)
  })
})

describe('items: rating, evidence, actions and the notes on gaps', () => {
  const [learning, systems, safeguarding] = CQC_SAF_2024.groups[0]!.items.map((i) => i.id)

  it('a rating shows who made it, when, and its evidence category; evidence newest first with UK dates', () => {
    const doc = buildPackDocument(
      input(CQC_SAF_2024, { [learning!]: { value: '3', ratedAt: '2026-03-31T23:15:00Z', evidenceCategory: 'processes' } }, {
        items: {
          [learning!]: {
            ratedBy: 'Priya Shah',
            evidence: [
              { ...evidence, name: 'Old audit.xlsx', addedAt: '2026-01-05T09:00:00Z', category: 'outcomes' },
              { ...evidence, name: 'New policy.pdf', addedAt: '2026-03-02T09:00:00Z', category: 'processes' },
              { ...evidence, name: 'Ward walk', kind: 'note', addedAt: '2026-02-02T09:00:00Z', category: 'unknown-key' },
            ],
          },
        },
      }),
    )
    const item = itemOf(doc, learning!)
    expect(item.ratingText).toBe('3 – Good standard')
    expect(item.ratingDetail).toBe('Rated 1 April 2026 by Priya Shah · evidence category: Processes')
    expect(item.evidence.map((e) => e.name)).toEqual(['New policy.pdf', 'Ward walk', 'Old audit.xlsx'])
    expect(item.evidence[0]!.line).toBe('File · Processes · added 2 March 2026 by Jo Bloggs')
    expect(item.evidence[1]!.line).toBe('Note · unknown-key · added 2 February 2026 by Jo Bloggs')
    expect(item.notes).toEqual([])
  })

  it('a rating without evidence, and a rating below good without an open action, each get a note', () => {
    const doc = buildPackDocument(
      input(CQC_SAF_2024, rate({ [learning!]: '3', [systems!]: '2', [safeguarding!]: '1' }), {
        items: {
          [systems!]: { evidence: [evidence], actions: [{ title: 'Re-audit', owner: 'Sam', dueOn: '2026-10-01', status: 'closed', closedAt: AT, verifiedBy: 'Ann' }] },
          [safeguarding!]: { evidence: [evidence], actions: [{ title: 'Retrain', owner: 'Sam', dueOn: '2026-11-01', status: 'awaiting_verification' }] },
        },
      }),
    )
    expect(itemOf(doc, learning!).notes).toEqual([{ kind: 'no-evidence', text: 'No evidence is recorded for this rating.' }])
    expect(itemOf(doc, systems!).notes).toEqual([
      { kind: 'below-good-no-action', text: 'Rated below good, with no open action (its actions are closed but it has not been rated good since).' },
    ])
    expect(itemOf(doc, systems!).closedActions[0]!.line).toBe('Owner Sam · closed 2 November 2026 · verified by Ann')
    const sg = itemOf(doc, safeguarding!)
    expect(sg.notes).toEqual([])
    expect(sg.openActions[0]).toMatchObject({ statusLabel: 'Awaiting verification', overdue: true, line: 'Owner Sam · due 1 November 2026 · Awaiting verification · overdue' })
    expect(doc.attention).toEqual([
      '31 quality statements are not yet rated.',
      '1 rating has no evidence recorded.',
      '1 quality statement rated below good has no open action.',
      '1 open action is past its due date.',
    ])
  })

  it('an empty assessment gives a sensible pack: every item listed, nothing rated, no notes', () => {
    const doc = buildPackDocument(input(CQC_SAF_2024))
    expect(doc.groups.flatMap((g) => g.items)).toHaveLength(34)
    expect(doc.groups.flatMap((g) => g.items).every((i) => i.ratingText === 'Not yet rated' && i.notes.length === 0)).toBe(true)
    expect(doc.summary.every((r) => r.score === 'Not yet rated')).toBe(true)
    expect(doc.completion).toBe('0 of 34 quality statements rated (0\u00a0%)')
    expect(doc.attention).toEqual(['34 quality statements are not yet rated.', 'Every rating has evidence recorded.', 'No quality statement is rated below good.'])
  })

  it('odd input never throws: blank names, control characters, bidi overrides, bad dates, unknown kinds and items', () => {
    const doc = buildPackDocument(
      input(CQC_SAF_2024, { [learning!]: { value: '3', ratedAt: 'not a date' } }, {
        organisation: ' \u0000\n ',
        preparedBy: '',
        items: {
          [learning!]: {
            ratedBy: 'Eve\u202eevil',
            evidence: [{ name: 'a\tb\r\nc', kind: 'video' as never, addedAt: 'soon', addedBy: '  ' }],
            actions: [{ title: '', owner: '', dueOn: '2026-02-30', status: 'done' as never }],
          },
          'ofsted-eif-2025/safeguarding/safeguarding': { evidence: [evidence] },
        },
      }),
    )
    expect(doc.organisation).toBe('Unnamed organisation')
    expect(doc.preparedLine).toBe('Prepared by a member on 24 November 2026')
    expect(doc.fileName).toBe('inspection-pack-cqc-2024-unnamed-organisation-2026-11-24.pdf')
    const item = itemOf(doc, learning!)
    expect(item.ratingDetail).toBe('Rated an unknown date by Eve evil')
    expect(item.evidence[0]).toMatchObject({ name: 'a b c', kind: 'file', addedOn: 'an unknown date', addedBy: 'unknown' })
    expect(item.openActions[0]).toMatchObject({ title: 'Untitled action', status: 'open', dueOn: 'an unknown date', overdue: false })
    expect(doc.unknownItemIds).toEqual(['ofsted-eif-2025/safeguarding/safeguarding'])
  })
})

describe('what needs attention, in words that agree with the numbers', () => {
  const [learning, systems, safeguarding] = CQC_SAF_2024.groups[0]!.items.map((i) => i.id)

  it('a complete pack: everything rated with evidence and actions, and the overdue actions counted', () => {
    const doc = buildPackDocument(fullCqcPackInput())
    expect(doc.attention).toEqual([
      'Every applicable quality statement is rated.',
      'Every rating has evidence recorded.',
      'Every quality statement rated below good has an open action.',
      '4 open actions are past their due date.',
    ])
    expect(doc.summaryColumn).toBe('Key question')
    expect(doc.framework.regulator).toBe('CQC — Care Quality Commission')
  })

  it('one of each: is, has, its', () => {
    const base = fullCqcPackInput()
    const ratings = { ...base.assessment.ratings, [safeguarding!]: { value: '1', ratedAt: AT } }
    delete ratings[learning!]
    const items = { ...base.items, [systems!]: { ...base.items[systems!], evidence: [] }, [safeguarding!]: { ...base.items[safeguarding!], actions: [] } }
    const doc = buildPackDocument({ ...base, assessment: { ...base.assessment, ratings }, items })
    expect(doc.attention.slice(0, 3)).toEqual([
      '1 quality statement is not yet rated.',
      '1 rating has no evidence recorded.',
      '1 quality statement rated below good has no open action.',
    ])
  })

  it('several: are, have, their; and one overdue action says its', () => {
    const doc = buildPackDocument(
      input(CQC_SAF_2024, rate({ [learning!]: '1', [systems!]: '2' }), {
        items: { [learning!]: { actions: [{ title: 'Late', owner: 'Sam', dueOn: '2026-11-01', status: 'open' }] } },
      }),
    )
    expect(doc.attention).toEqual([
      '32 quality statements are not yet rated.',
      '2 ratings have no evidence recorded.',
      '1 quality statement rated below good has no open action.',
      '1 open action is past its due date.',
    ])
    const two = buildPackDocument(input(CQC_SAF_2024, rate({ [learning!]: '1', [systems!]: '2' })))
    expect(two.attention[2]).toBe('2 quality statements rated below good have no open action.')
  })

  it('Ofsted lists areas in its summary; other frameworks name their groups', () => {
    expect(buildPackDocument(input(OFSTED_EIF_2025)).summaryColumn).toBe('Area')
    expect(buildPackDocument(input(RSH_CONSUMER_2024)).summaryColumn).not.toBe('Area')
  })
})

describe("an item's actions and evidence", () => {
  const [learning] = CQC_SAF_2024.groups[0]!.items.map((i) => i.id)

  it('open actions overdue first; due today is not overdue; a closed action is never overdue; no owner and no verifier say so', () => {
    const doc = buildPackDocument(
      input(CQC_SAF_2024, rate({ [learning!]: '2' }), {
        items: {
          [learning!]: {
            evidence: [
              { ...evidence, name: 'First', addedAt: AT },
              { ...evidence, name: '  ', addedAt: AT },
            ],
            actions: [
              { title: 'Due today', owner: 'Sam', dueOn: '2026-11-24', status: 'open' },
              { title: 'Late', owner: ' ', dueOn: '2026-11-01', status: 'in_progress' },
              { title: 'Closed late', owner: 'Ann', dueOn: '2026-10-01', status: 'closed', closedAt: AT },
            ],
          },
        },
      }),
    )
    const item = itemOf(doc, learning!)
    expect(item.openActions.map((a) => [a.title, a.overdue, a.line])).toEqual([
      ['Late', true, 'Owner no owner · due 1 November 2026 · In progress · overdue'],
      ['Due today', false, 'Owner Sam · due 24 November 2026 · Open'],
    ])
    expect(item.closedActions.map((a) => [a.title, a.overdue, a.line])).toEqual([['Closed late', false, 'Owner Ann · closed 2 November 2026']])
    // Evidence added at the same moment keeps the order it was given in; a blank name reads Untitled.
    expect(item.evidence.map((e) => e.name)).toEqual(['First', 'Untitled'])
    expect(item.ratingDetail).toBe('Rated 2 November 2026')
    expect(item.notes).toEqual([])
  })

  it('an item with no records has no actions, evidence or notes; a low rating with no action at all says only that', () => {
    const empty = itemOf(buildPackDocument(input(CQC_SAF_2024)), learning!)
    expect([empty.evidence, empty.openActions, empty.closedActions, empty.notes]).toEqual([[], [], [], []])
    const low = itemOf(buildPackDocument(input(CQC_SAF_2024, rate({ [learning!]: '1' }), { items: { [learning!]: { evidence: [evidence] } } })), learning!)
    expect(low.notes).toEqual([{ kind: 'below-good-no-action', text: 'Rated below good, with no open action.' }])
  })

  it('a not-applicable Ofsted area has no notes', () => {
    const doc = buildPackDocument({ ...input(OFSTED_EIF_2025), assessment: { ratings: {}, conditions: { 'sixth-form': false } } })
    expect(itemOf(doc, area('sixth-form')).notes).toEqual([])
  })
})

describe('helpers', () => {
  it('longUkDate writes real dates the British way and refuses others', () => {
    expect(longUkDate('2026-03-01')).toBe('1 March 2026')
    expect(longUkDate('2024-02-29')).toBe('29 February 2024')
    expect(longUkDate('2026-02-29')).toBeNull()
    expect(longUkDate('1 March')).toBeNull()
  })

  it('longUkDate takes only a whole ISO date of a real day', () => {
    expect(longUkDate('x2026-03-01')).toBeNull()
    expect(longUkDate('2026-03-01T10:00')).toBeNull()
    expect(longUkDate('2026-02-30')).toBeNull()
    expect(longUkDate('2026-13-01')).toBeNull()
    expect(longUkDate('2026-00-10')).toBeNull()
    expect(longUkDate('2026-04-31')).toBeNull()
    // Years below 100 are not moved to the 1900s (Date.UTC's habit).
    expect(longUkDate('0050-01-01')).toBeNull()
    expect(longUkDate('2026-12-31')).toBe('31 December 2026')
  })

  it('cleanText turns every control, direction mark and override into a space, and keeps every letter and sign', () => {
    for (const cp of [0x00, 0x1f, 0x7f, 0x85, 0x9f, 0x200e, 0x200f, 0x202a, 0x202e, 0x2066, 0x2069]) {
      expect(cleanText(`a${String.fromCodePoint(cp)}b`), cp.toString(16)).toBe('a b')
    }
    expect(cleanText('Zoë Brontë paid £250 and €30 — ½ · ‘ok’ “yes”')).toBe('Zoë Brontë paid £250 and €30 — ½ · ‘ok’ “yes”')
    expect(cleanText('a\u2010b\u2030c\u2070d')).toBe('a\u2010b\u2030c\u2070d')
    expect(cleanText(null)).toBe('')
  })

  it('slug keeps at most 60 characters, with no dash at either end', () => {
    expect(slug(`${'a'.repeat(59)} b`)).toBe('a'.repeat(59))
    expect(slug('a'.repeat(80))).toBe('a'.repeat(60))
    expect(slug(' — Hill Top — ')).toBe('hill-top')
  })

  it('cleanText and slug', () => {
    expect(cleanText('  a \u0007 b\u2066c\u2069  ')).toBe('a b c')
    expect(slug('Zoë’s Care & Co. — Łódź')).toBe('zoe-s-care-co-odz')
    expect(slug('株式会社')).toBe('')
  })
})
