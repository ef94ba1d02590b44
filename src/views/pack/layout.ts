/**
 * The inspection pack's page layout, apart from any PDF library: the document (src/domain/pack) → A4 pages of
 * positioned text runs, rules and boxes. The PDF renderer (./pdf.ts) only draws what this returns, with the fonts'
 * own widths (`MeasureText`), so wrapping and page breaks are decided here and tested without a PDF.
 *
 * - A4 portrait, 20 mm margins at the sides and top, 25 mm at the bottom for the footer.
 * - The cover (organisation, date, framework, the summary of scores, what to look at first), then each key question
 *   or area from a new page, then each item with its rating, notes, evidence and actions.
 * - Every block is kept whole when it fits on a page; a heading is kept with what follows it (a key question's
 *   heading with its first item, an item's heading with its rating and the start of its evidence), so no heading
 *   ends a page. Text wraps at word boundaries; a word wider than the line (a long address) breaks anywhere.
 * - Each page's footer: the organisation and the pack's date on the left, 'Page n of N' on the right.
 * - Text is made encodable by the standard fonts first (./winAnsi.ts); `replaced` counts what could not be.
 */
import type { PackDocument, PackItem, PackTone } from '../../domain/pack/types'
import { toWinAnsi } from './winAnsi'

/** Points (1/72 inch). A4 is 210 × 297 mm. */
export const PAGE = { width: 595.28, height: 841.89 } as const
const MM = 72 / 25.4
export const MARGIN = { top: 20 * MM, right: 20 * MM, bottom: 25 * MM, left: 20 * MM } as const
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right
const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom
/** The footer's baseline, inside the bottom margin. */
const FOOTER_BASELINE = PAGE.height - 12 * MM

export type FontKey = 'regular' | 'bold'
export type Colour = 'text' | 'muted' | 'good' | 'attention' | 'serious' | 'rule'

/** RGB 0..1. Tone colours are dark enough for text on white (WCAG AA); the words carry the meaning, not the colour. */
export const COLOURS: Readonly<Record<Colour, readonly [number, number, number]>> = {
  text: [0.1, 0.1, 0.12],
  muted: [0.33, 0.35, 0.4],
  good: [0.06, 0.42, 0.2],
  attention: [0.6, 0.33, 0],
  serious: [0.72, 0.08, 0.1],
  rule: [0.78, 0.8, 0.84],
}

const TONE_COLOURS: Readonly<Record<PackTone, Colour>> = { good: 'good', attention: 'attention', serious: 'serious', none: 'muted' }

/** y is the baseline, measured from the top of the page. */
export interface TextMark {
  readonly kind: 'text'
  readonly text: string
  readonly x: number
  readonly y: number
  readonly font: FontKey
  readonly size: number
  readonly colour: Colour
}

/** A horizontal rule; y from the top of the page. */
export interface RuleMark {
  readonly kind: 'rule'
  readonly x: number
  readonly y: number
  readonly width: number
  readonly thickness: number
  readonly colour: Colour
}

export type Mark = TextMark | RuleMark

export interface LaidOutPage {
  readonly marks: readonly Mark[]
}

export interface LaidOutPack {
  readonly pages: readonly LaidOutPage[]
  /** Characters the standard fonts cannot show, drawn as '?'. */
  readonly replaced: number
}

/** The width of a string in points, as the font will draw it. */
export type MeasureText = (text: string, font: FontKey, size: number) => number

/** A row of marks whose y is relative to the row's top. */
interface Row {
  readonly height: number
  readonly marks: readonly Mark[]
}

/** A block kept on one page when it fits; `keepWithNext` keeps it with the start of the next one. */
interface Unit {
  readonly rows: readonly Row[]
  readonly keepWithNext?: boolean
  readonly pageBreakBefore?: boolean
  readonly spaceBefore?: number
}

interface TextStyle {
  readonly font: FontKey
  readonly size: number
  readonly colour: Colour
}

const LEADING = 1.32

class Typesetter {
  constructor(private readonly measure: MeasureText) {}

  /** Text as the standard fonts can show it. */
  safe(text: string): string {
    return toWinAnsi(text).text
  }

  width(text: string, style: Pick<TextStyle, 'font' | 'size'>): number {
    return this.measure(text, style.font, style.size)
  }

  /** Lines of at most `width` points: breaks at spaces, and inside a word only when the word alone is too wide. */
  wrap(text: string, style: TextStyle, width: number): string[] {
    const words = this.safe(text).split(' ').filter((w) => w !== '')
    const lines: string[] = []
    // Widths add up (the standard fonts are drawn without kerning), so each word is measured once.
    const spaceWidth = this.width(' ', style)
    let line = ''
    let lineWidth = 0
    for (const word of words) {
      const wordWidth = this.width(word, style)
      const candidateWidth = line ? lineWidth + spaceWidth + wordWidth : wordWidth
      if (candidateWidth <= width) {
        line = line ? `${line} ${word}` : word
        lineWidth = candidateWidth
        continue
      }
      if (line) lines.push(line)
      line = ''
      lineWidth = 0
      if (wordWidth <= width) {
        line = word
        lineWidth = wordWidth
        continue
      }
      // A word wider than the line (an address, a file name without spaces): break it by characters.
      let piece = ''
      let pieceWidth = 0
      for (const ch of word) {
        const w = this.width(ch, style)
        if (piece && pieceWidth + w > width) {
          lines.push(piece)
          piece = ''
          pieceWidth = 0
        }
        piece += ch
        pieceWidth += w
      }
      line = piece
      lineWidth = pieceWidth
    }
    if (line || lines.length === 0) lines.push(line)
    return lines
  }

  /** Rows of a wrapped paragraph, indented by `indent`; a bullet hangs in the indent of its first line. */
  paragraph(text: string, style: TextStyle, options: { indent?: number; bullet?: string; width?: number } = {}): Row[] {
    const indent = options.indent ?? 0
    const width = (options.width ?? CONTENT_WIDTH) - indent
    const height = style.size * LEADING
    return this.wrap(text, style, width).map((line, i) => {
      // The bullet first, so text extraction reads it before its line.
      const marks: Mark[] = i === 0 && options.bullet ? [{ kind: 'text', text: options.bullet, x: MARGIN.left + indent - 10, y: style.size, ...style }] : []
      marks.push({ kind: 'text', text: line, x: MARGIN.left + indent, y: style.size, ...style })
      return { height, marks }
    })
  }

  /** One row of columns, each wrapped in its own width; the row is as tall as its tallest cell. */
  columns(cells: readonly { text: string; style: TextStyle; x: number; width: number }[]): Row {
    const wrapped = cells.map((c) => ({ ...c, lines: this.wrap(c.text, c.style, c.width) }))
    const marks: Mark[] = []
    let height = 0
    for (const c of wrapped) {
      const lh = c.style.size * LEADING
      c.lines.forEach((line, i) => {
        marks.push({ kind: 'text', text: line, x: MARGIN.left + c.x, y: c.style.size + i * lh, ...c.style })
      })
      height = Math.max(height, c.lines.length * lh)
    }
    return { height, marks }
  }
}

const space = (height: number): Row => ({ height, marks: [] })
const rule = (colour: Colour = 'rule', thickness = 0.75): Row => ({
  height: 8,
  marks: [{ kind: 'rule', x: MARGIN.left, y: 2, width: CONTENT_WIDTH, thickness, colour }],
})

const S = {
  kicker: { font: 'bold', size: 9, colour: 'muted' },
  title: { font: 'bold', size: 24, colour: 'text' },
  subtitle: { font: 'regular', size: 14, colour: 'text' },
  h2: { font: 'bold', size: 18, colour: 'text' },
  h3: { font: 'bold', size: 12, colour: 'text' },
  body: { font: 'regular', size: 10, colour: 'text' },
  bodyBold: { font: 'bold', size: 10, colour: 'text' },
  small: { font: 'regular', size: 9, colour: 'muted' },
  label: { font: 'bold', size: 9, colour: 'muted' },
  footer: { font: 'regular', size: 8, colour: 'muted' },
} as const satisfies Record<string, TextStyle>

const tone = (base: TextStyle, t: PackTone): TextStyle => ({ ...base, colour: TONE_COLOURS[t] })

/** How many characters of the document's text the standard fonts cannot show. */
function unencodable(doc: PackDocument): number {
  let count = 0
  const walk = (value: unknown): void => {
    if (typeof value === 'string') count += toWinAnsi(value).replaced
    else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(doc)
  return count
}

function coverUnits(doc: PackDocument, t: Typesetter, replaced: number): Unit[] {
  const units: Unit[] = [
    {
      rows: [
        ...t.paragraph(doc.title.toUpperCase(), S.kicker),
        space(6),
        // A name too long for three lines of the title size is set smaller, so it never fills the cover.
        ...(t.wrap(doc.organisation, S.title, CONTENT_WIDTH).length <= 3 ? t.paragraph(doc.organisation, S.title) : t.paragraph(doc.organisation, S.h3)),
        space(6),
        ...t.paragraph(doc.framework.name, S.subtitle),
        ...t.paragraph(doc.framework.regulator, S.small),
        space(10),
        ...t.paragraph(doc.preparedLine, S.body),
        ...t.paragraph(`Completion: ${doc.completion}`, S.body),
      ],
    },
  ]
  if (replaced > 0) {
    // So a reader knows why a name shows '?', and where to see it whole.
    const what = replaced === 1 ? 'One character' : `${replaced} characters`
    units.push({ spaceBefore: 8, rows: t.paragraph(`${what} in names or titles cannot be shown in this PDF’s standard font and appear as ‘?’. The print-ready page shows them in full.`, S.small) })
  }
  if (doc.outcome) units.push({ spaceBefore: 12, rows: t.paragraph(doc.outcome.text, tone(S.h3, doc.outcome.tone)) })
  if (doc.scaleNotice) units.push({ spaceBefore: 12, rows: [...t.paragraph('Our scale, not the regulator’s', S.label), ...t.paragraph(doc.scaleNotice, S.body)] })
  units.push({ spaceBefore: 18, keepWithNext: true, rows: [...t.paragraph(doc.summaryHeading, S.h3), space(4)] })
  const cols = { label: 0, score: CONTENT_WIDTH * 0.28, detail: CONTENT_WIDTH * 0.62 }
  for (const row of doc.summary) {
    units.push({
      rows: [
        rule(),
        t.columns([
          { text: row.label, style: S.bodyBold, x: cols.label, width: cols.score - 8 },
          { text: row.score, style: tone(S.bodyBold, row.tone), x: cols.score, width: cols.detail - cols.score - 8 },
          { text: row.detail, style: S.small, x: cols.detail, width: CONTENT_WIDTH - cols.detail },
        ]),
        space(4),
      ],
    })
  }
  units.push({ spaceBefore: 18, keepWithNext: true, rows: [...t.paragraph('What to look at first', S.h3), space(4)] })
  for (const line of doc.attention) units.push({ rows: t.paragraph(line, S.body, { indent: 12, bullet: '•' }) })
  return units
}

function itemUnits(item: PackItem, t: Typesetter): Unit[] {
  const ratingStyle = item.rating ? tone(S.bodyBold, item.rating.belowGood ? (item.rating.score === 1 ? 'serious' : 'attention') : 'good') : { ...S.bodyBold, colour: 'muted' as const }
  const head: Row[] = [rule(), ...t.paragraph(item.name, S.h3), space(2), ...t.paragraph(`Rating: ${item.ratingText}`, ratingStyle)]
  if (item.ratingDetail) head.push(...t.paragraph(item.ratingDetail, S.small))
  for (const note of item.notes) head.push(space(2), ...t.paragraph(`Note: ${note.text}`, { ...S.bodyBold, colour: 'serious' }))
  if (!item.applicable) return [{ spaceBefore: 8, rows: head }]
  const units: Unit[] = []
  const sections: { label: string; entries: Row[][] }[] = [
    { label: `Evidence (${item.evidence.length})`, entries: item.evidence.map((e) => [...t.paragraph(e.name, S.body, { indent: 12, bullet: '•' }), ...t.paragraph(e.line, S.small, { indent: 12 })]) },
    {
      label: `Open actions (${item.openActions.length})`,
      entries: item.openActions.map((a) => [
        ...t.paragraph(a.title, S.body, { indent: 12, bullet: '•' }),
        ...t.paragraph(a.line, a.overdue ? { ...S.small, colour: 'serious' } : S.small, { indent: 12 }),
      ]),
    },
    {
      label: `Closed actions, verified (${item.closedActions.length})`,
      entries: item.closedActions.map((a) => [...t.paragraph(a.title, S.body, { indent: 12, bullet: '•' }), ...t.paragraph(a.line, S.small, { indent: 12 })]),
    },
  ]
  const shown = sections.filter((s, i) => s.entries.length > 0 || i === 0)
  units.push({ spaceBefore: 8, keepWithNext: true, rows: head })
  shown.forEach((section) => {
    if (section.entries.length === 0) {
      units.push({ spaceBefore: 4, rows: t.paragraph(`${section.label.replace(/ \(0\)$/, '')}: none recorded`, S.label) })
      return
    }
    units.push({ spaceBefore: 4, keepWithNext: true, rows: t.paragraph(section.label, S.label) })
    for (const rows of section.entries) units.push({ spaceBefore: 2, rows })
  })
  return units
}

function groupUnits(doc: PackDocument, t: Typesetter): Unit[] {
  return doc.groups.flatMap((group) => {
    const head: Row[] = [
      ...t.paragraph(group.kicker.toUpperCase(), S.kicker),
      space(2),
      ...t.paragraph(group.name, S.h2),
      space(4),
      ...t.paragraph(group.score, tone(S.h3, group.tone)),
      ...t.paragraph(group.detail, S.small),
      space(6),
    ]
    return [{ pageBreakBefore: true, keepWithNext: true, rows: head } as Unit, ...group.items.flatMap((item) => itemUnits(item, t))]
  })
}

const heightOf = (rows: readonly Row[]) => rows.reduce((h, r) => h + r.height, 0)

/** Places units on pages (see the module's comment for the rules). */
function paginate(units: readonly Unit[]): Mark[][] {
  const pages: Mark[][] = [[]]
  let y = MARGIN.top
  const newPage = () => {
    pages.push([])
    y = MARGIN.top
  }
  const atTop = () => y === MARGIN.top
  units.forEach((unit, i) => {
    if (unit.pageBreakBefore && !(atTop() && pages.at(-1)!.length === 0)) newPage()
    const before = atTop() ? 0 : (unit.spaceBefore ?? 0)
    // This unit, every unit it is kept with, and the first two rows of the last of them.
    let need = before + heightOf(unit.rows)
    for (let j = i; units[j]?.keepWithNext && units[j + 1]; j++) {
      const next = units[j + 1]!
      need += (next.spaceBefore ?? 0) + heightOf(next.keepWithNext ? next.rows : next.rows.slice(0, 2))
    }
    if (y + need > CONTENT_BOTTOM && !atTop()) newPage()
    else y += before
    for (const row of unit.rows) {
      // Only a unit taller than a page gets here with rows left over: it continues on the next page.
      if (y + row.height > CONTENT_BOTTOM && !atTop()) newPage()
      for (const m of row.marks) pages.at(-1)!.push({ ...m, y: m.y + y })
      y += row.height
    }
  })
  return pages
}

/** `text` cut to `width` with an ellipsis (widths add up: see `wrap`). */
function ellipsise(t: Typesetter, text: string, style: TextStyle, width: number): string {
  if (t.width(text, style) <= width) return text
  const room = width - t.width('…', style)
  let out = ''
  let used = 0
  for (const ch of text) {
    used += t.width(ch, style)
    if (used > room) break
    out += ch
  }
  return `${out.trimEnd()}…`
}

/** The pack's pages, with their footers. */
export function layoutPack(doc: PackDocument, measure: MeasureText): LaidOutPack {
  const t = new Typesetter(measure)
  const replaced = unencodable(doc)
  const pages = paginate([...coverUnits(doc, t, replaced), ...groupUnits(doc, t)])
  const footerLeft = t.safe(`${doc.organisation} · ${doc.title}, ${doc.date}`)
  const out = pages.map((marks, i) => {
    const right = `Page ${i + 1} of ${pages.length}`
    const rightWidth = t.width(right, S.footer)
    const left = ellipsise(t, footerLeft, S.footer, CONTENT_WIDTH - rightWidth - 16)
    const footer: Mark[] = [
      { kind: 'rule', x: MARGIN.left, y: FOOTER_BASELINE - 12, width: CONTENT_WIDTH, thickness: 0.5, colour: 'rule' },
      { kind: 'text', text: left, x: MARGIN.left, y: FOOTER_BASELINE, ...S.footer },
      { kind: 'text', text: right, x: PAGE.width - MARGIN.right - rightWidth, y: FOOTER_BASELINE, ...S.footer },
    ]
    return { marks: [...marks, ...footer] }
  })
  return { pages: out, replaced }
}
