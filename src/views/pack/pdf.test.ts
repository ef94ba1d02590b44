/**
 * The inspection pack's PDF, read back with a reader nobody here wrote: Mozilla's PDF.js (pdfjs-dist), the engine
 * Firefox shows PDFs with. What it extracts is what a person can select, copy and search.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { describe, expect, it } from 'vitest'
import { BSR_HRB_2023 } from '../../domain/frameworks/bsrHrb2023'
import { CQC_SAF_2024 } from '../../domain/frameworks/cqcSaf2024'
import { OFSTED_EIF_2025 } from '../../domain/frameworks/ofstedEif2025'
import { RSH_CONSUMER_2024 } from '../../domain/frameworks/rshConsumer2024'
import { COMPLIANCE } from '../../domain/frameworks/scales'
import type { FrameworkVersion, RatingsByItem } from '../../domain/frameworks/types'
import { buildPackDocument } from '../../domain/pack/build'
import { fullCqcPackInput, SAMPLE_PREPARED_AT } from '../../domain/pack/samples'
import type { InspectionPackInput } from '../../domain/pack/types'
import { renderPackPdf } from './pdf'

interface ReadBack {
  readonly pages: readonly string[]
  /** Every page's text, white space (line ends, non-breaking spaces) made single spaces. */
  readonly text: string
  readonly info: Record<string, unknown>
  readonly sizes: readonly (readonly number[])[]
}

async function readPdf(bytes: Uint8Array): Promise<ReadBack> {
  const pdf = await getDocument({ data: bytes.slice(), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise
  try {
    const pages: string[] = []
    const sizes: number[][] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n)
      sizes.push(page.view)
      const content = await page.getTextContent()
      pages.push(
        content.items
          .map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : ' ') : ''))
          .join('')
          .replace(/\s+/g, ' ')
          .trim(),
      )
    }
    const { info } = await pdf.getMetadata()
    return { pages, text: pages.join(' '), info: info as Record<string, unknown>, sizes }
  } finally {
    await pdf.destroy()
  }
}

const rate = (entries: Record<string, string>): RatingsByItem =>
  Object.fromEntries(Object.entries(entries).map(([id, value]) => [id, { value, ratedAt: '2026-11-02T10:00:00Z' }]))
const input = (version: FrameworkVersion, ratings: RatingsByItem = {}, extra: Partial<InspectionPackInput> = {}): InspectionPackInput => ({
  organisation: 'Hill Top',
  versionId: version.id,
  assessment: { ratings },
  items: {},
  preparedBy: 'Sam Lee',
  preparedAt: SAMPLE_PREPARED_AT,
  ...extra,
})
const render = async (pack: InspectionPackInput) => {
  const pdf = await renderPackPdf(buildPackDocument(pack), new Date('2026-11-24T09:30:00Z'))
  return { pdf, read: await readPdf(pdf.bytes) }
}

describe('the full CQC pack', () => {
  it('has the organisation, the date and all 34 quality statements as real text, with the known scores and bands', async () => {
    const { pdf, read } = await render(fullCqcPackInput())
    expect(read.text).toContain('Sunrise Care (Leeds) Ltd')
    expect(read.text).toContain('Prepared by Priya Shah on 24 November 2026')
    const statements = CQC_SAF_2024.groups.flatMap((g) => g.items.map((i) => i.name))
    expect(statements).toHaveLength(34)
    for (const name of statements) expect(read.text, name).toContain(name)
    for (const score of ['Safe', 'Good, 66 %', 'Outstanding, 92 %', 'Good, 75 %', 'Requires improvement, 50 %', 'Inadequate, 31 %', '34 of 34 quality statements rated (100 %)']) {
      expect(read.pages[0], score).toContain(score)
    }
    // An item with its rating, evidence (name, category, date) and open action.
    expect(read.text).toContain('Safeguarding Rating: 1 – Significant shortfalls')
    expect(read.text).toContain('• Safeguarding policy – reviewed 2026.pdf File · Processes · added 5 September 2026 by Tom O’Neill')
    expect(read.text).toContain('Owner José Álvarez · due 15 December 2026 · Open')
    // A Polish name in the standard font: its base letters (the print-ready page shows it whole).
    expect(read.text).toContain('Lucja Wisniewska')
    expect(pdf.replaced).toBe(0)
  })

  it('is A4, every page with the organisation and its number in the footer, and names itself in its metadata', async () => {
    const { pdf, read } = await render(fullCqcPackInput())
    expect(pdf.pages).toBe(read.pages.length)
    expect(read.pages.length).toBeGreaterThan(6)
    for (const size of read.sizes) expect(size.map((n) => Math.round(n))).toEqual([0, 0, 595, 842])
    read.pages.forEach((page, i) => {
      expect(page).toContain(`Sunrise Care (Leeds) Ltd · Inspection pack, 24 November 2026`)
      expect(page).toContain(`Page ${i + 1} of ${read.pages.length}`)
    })
    // Each key question starts a page.
    for (const [i, name] of ['Safe', 'Effective', 'Caring', 'Responsive', 'Well-led'].entries()) {
      expect(read.pages.some((p) => p.startsWith(`KEY QUESTION ${name} `)), `${i}: ${name}`).toBe(true)
    }
    expect(read.info).toMatchObject({ Title: 'Inspection pack: Sunrise Care (Leeds) Ltd, 24 November 2026', Language: 'en-GB', Author: 'Priya Shah' })
    expect(pdf.fileName).toBe('inspection-pack-cqc-2024-sunrise-care-leeds-ltd-2026-11-24.pdf')
  })
})

describe('the other frameworks and states', () => {
  it('Ofsted with safeguarding not met: the pack says the school requires significant improvement', async () => {
    const ratings = rate({ 'ofsted-eif-2025/evaluation-areas/inclusion': 'strong-standard', 'ofsted-eif-2025/safeguarding/safeguarding': 'not-met' })
    const { read } = await render(input(OFSTED_EIF_2025, ratings, { organisation: 'St Mary’s C of E Primary' }))
    expect(read.pages[0]).toContain('St Mary’s C of E Primary')
    expect(read.pages[0]).toContain('On these grades the school requires significant improvement: safeguarding is not met.')
    expect(read.pages[0]).toContain('Inclusion Strong standard')
    expect(read.pages[0]).toContain('Safeguarding Not met')
  })

  it.each([RSH_CONSUMER_2024, BSR_HRB_2023])('$shortName: the notice that the compliance scale is ours, and every item', async (version) => {
    const first = version.groups[0]!.items[0]!
    const { read } = await render(input(version, rate({ [first.id]: 'not-compliant' })))
    expect(read.pages[0]).toContain('Our scale, not the regulator’s')
    expect(read.pages[0]).toContain(COMPLIANCE.notice!)
    expect(read.pages[0]).toContain('Not compliant so far')
    for (const item of version.groups.flatMap((g) => g.items)) expect(read.text).toContain(item.name)
    expect(read.text).toContain(`${first.name} Rating: Not compliant`)
    expect(read.text).toContain('Note: No evidence is recorded for this rating.')
    expect(read.text).toContain('Note: Rated below good, with no open action.')
  })

  it('an empty assessment gives a sensible pack: every statement, not yet rated', async () => {
    const { read } = await render(input(CQC_SAF_2024))
    expect(read.text.match(/Rating: Not yet rated/g)).toHaveLength(34)
    expect(read.pages[0]).toContain('0 of 34 quality statements rated (0 %)')
    expect(read.pages[0]).toContain('34 quality statements are not yet rated.')
    expect(read.text).not.toContain('Note:')
  })
})

describe('hostile text never breaks the pack', () => {
  it('very long names, emoji, right-to-left and Chinese text, HTML-like text and control characters', async () => {
    const long = `${'Very long organisation name '.repeat(60)}Ltd`
    const [learning, systems] = CQC_SAF_2024.groups[0]!.items.map((i) => i.id)
    const pack = input(CQC_SAF_2024, rate({ [learning!]: '3', [systems!]: '2' }), {
      organisation: long,
      preparedBy: '<script>alert("x")</script> 😀',
      items: {
        [learning!]: {
          ratedBy: 'مريم الحسن',
          evidence: [
            { name: `${'a'.repeat(600)}.pdf`, kind: 'file', addedAt: '2026-11-01T10:00:00Z', addedBy: '王芳 👩🏽‍⚕️' },
            { name: '<img src=x onerror=alert(1)> & "quotes" \u202eexe.pdf', kind: 'link', addedAt: '2026-11-01T10:00:00Z', addedBy: 'שרה כהן' },
            { name: 'Line one\nline two\u0000\u0007', kind: 'note', addedAt: '2026-11-01T10:00:00Z', addedBy: 'Zoë' },
          ],
        },
        [systems!]: { actions: Array.from({ length: 60 }, (_, i) => ({ title: `Action ${i} ${'x'.repeat(i * 5)}`, owner: 'Ştefan Țurcanu', dueOn: '2026-12-01', status: 'open' as const })) },
      },
    })
    const { pdf, read } = await render(pack)
    expect(pdf.replaced).toBeGreaterThan(0)
    expect(read.pages[0]).toContain('characters in names or titles cannot be shown in this PDF’s standard font and appear as ‘?’')
    expect(read.text).toContain('Very long organisation name Very long organisation name')
    expect(read.text).toContain('<script>alert("x")</script> ?')
    expect(read.text).toContain('<img src=x onerror=alert(1)> & "quotes" exe.pdf')
    expect(read.text).toContain('Line one line two')
    expect(read.text).toContain('Action 59')
    expect(read.text).toContain('Owner Stefan Turcanu')
    // The 600-character name wraps onto several lines, none of it lost.
    expect(read.text.replace(/ /g, '')).toContain(`${'a'.repeat(600)}.pdf`)
    // The footer's organisation is cut to fit beside the page number.
    for (const [i, page] of read.pages.entries()) expect(page).toContain(`… Page ${i + 1} of ${read.pages.length}`)
  })
})
