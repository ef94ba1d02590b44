import { describe, expect, it } from 'vitest'
import { CQC_SAF_2024 } from '../../domain/frameworks/cqcSaf2024'
import { buildPackDocument } from '../../domain/pack/build'
import { fullCqcPackInput } from '../../domain/pack/samples'
import type { InspectionPackInput, PackEvidenceInput } from '../../domain/pack/types'
import { type LaidOutPack, layoutPack, MARGIN, type Mark, type MeasureText, PAGE, type TextMark } from './layout'

/** A monospaced stand-in for the fonts' widths: the rules under test do not depend on the glyphs. */
const measure: MeasureText = (text, font, size) => [...text].length * size * (font === 'bold' ? 0.6 : 0.5)
const texts = (marks: readonly Mark[]) => marks.filter((m): m is TextMark => m.kind === 'text')
const FOOTER_TOP = PAGE.height - MARGIN.bottom

function laidOut(pack: InspectionPackInput): LaidOutPack {
  return layoutPack(buildPackDocument(pack), measure)
}

describe('layoutPack', () => {
  const pack = laidOut(fullCqcPackInput())

  it('keeps every line inside the margins, and the body above the footer', () => {
    for (const page of pack.pages) {
      for (const m of texts(page.marks)) {
        expect(m.x).toBeGreaterThanOrEqual(MARGIN.left - 10) // a bullet hangs 10 pt into the indent, never the margin
        expect(m.x + measure(m.text, m.font, m.size)).toBeLessThanOrEqual(PAGE.width - MARGIN.right + 0.01)
        if (m.size > 8) {
          expect(m.y).toBeGreaterThanOrEqual(MARGIN.top)
          expect(m.y).toBeLessThanOrEqual(FOOTER_TOP)
        }
      }
    }
  })

  it('numbers every page and puts the organisation in its footer', () => {
    pack.pages.forEach((page, i) => {
      const footer = texts(page.marks).filter((m) => m.y > FOOTER_TOP)
      expect(footer.map((m) => m.text)).toEqual(['Sunrise Care (Leeds) Ltd · Inspection pack, 24 November 2026', `Page ${i + 1} of ${pack.pages.length}`])
    })
  })

  it('starts each key question on a new page and never leaves an item’s heading without its rating', () => {
    for (const group of CQC_SAF_2024.groups) {
      const page = pack.pages.find((p) => texts(p.marks).some((m) => m.size === 18 && m.text === group.name))!
      expect(texts(page.marks)[0]).toMatchObject({ text: 'KEY QUESTION', y: MARGIN.top + 9 })
      for (const item of group.items) {
        const at = pack.pages.findIndex((p) => texts(p.marks).some((m) => m.size === 12 && m.text === item.name))
        expect(at, item.name).toBeGreaterThan(0)
        const marks = texts(pack.pages[at]!.marks)
        const heading = marks.findIndex((m) => m.size === 12 && m.text === item.name)
        // The rating line and the evidence heading follow on the same page.
        expect(marks[heading + 1]!.text).toMatch(/^Rating: /)
        expect(marks.slice(heading).some((m) => m.text.startsWith('Evidence ('))).toBe(true)
      }
    }
  })

  it('wraps long text at spaces, breaks a word longer than a line, and flows an item longer than a page', () => {
    const id = CQC_SAF_2024.groups[0]!.items[0]!.id
    const evidence: PackEvidenceInput[] = Array.from({ length: 120 }, (_, i) => ({
      name: i === 0 ? 'x'.repeat(400) : `Evidence ${i} ${'word '.repeat(i % 40)}`,
      kind: 'file',
      addedAt: '2026-11-01T10:00:00Z',
      addedBy: 'Jo',
    }))
    const long = laidOut({ ...fullCqcPackInput(), items: { [id]: { evidence } } })
    const lines = long.pages.flatMap((p) => texts(p.marks))
    expect(lines.filter((m) => /^x+$/.test(m.text)).map((m) => m.text).join('')).toBe('x'.repeat(400))
    expect(lines.filter((m) => m.text.startsWith('Evidence 119')).length).toBe(1)
    // One item's evidence over several pages, each page's part below the body's top margin and above the footer.
    const pagesWithEvidence = long.pages.filter((p) => texts(p.marks).some((m) => m.text.startsWith('Evidence ') && !m.text.startsWith('Evidence (')))
    expect(pagesWithEvidence.length).toBeGreaterThanOrEqual(3)
  })
})
