/**
 * The inspection pack as a PDF, drawn with jsPDF from the pages ./layout.ts lays out. This module is the pack's own
 * chunk: nothing imports it statically (./loadPack.ts imports it when a person asks for a pack), so jsPDF is in no
 * page's first load. Why jsPDF, measured against pdf-lib and @react-pdf/renderer: docs/performance.md.
 *
 * Only jsPDF's text, line, metadata and output calls are used: none of the parts its security advisories were about
 * (AcroForm, addJS, images, HTML, annotations, opening a new window). Text is real text in the standard Helvetica
 * fonts (selectable and searchable, no font embedded); the title, author, subject and language (en-GB) are set, so a
 * reader's window and screen readers name the document.
 */
import { jsPDF } from 'jspdf'
import type { PackDocument } from '../../domain/pack/types'
import { COLOURS, type FontKey, layoutPack } from './layout'

/** In every pack (its creator): the bench looks for it to prove no page loads this chunk up front. */
export const PACK_PRODUCER = 'InspectReady inspection pack'

export interface PackPdf {
  readonly bytes: Uint8Array
  readonly fileName: string
  readonly pages: number
  /** Characters the standard fonts could not show (drawn as '?'; the cover says so). */
  readonly replaced: number
}

const STYLES: Record<FontKey, string> = { regular: 'normal', bold: 'bold' }

/** The pack's PDF. `now` is the file's creation date (the pack's own date is the document's). */
export async function renderPackPdf(doc: PackDocument, now: Date = new Date()): Promise<PackPdf> {
  const pdf = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait', compress: true })
  pdf.setProperties({ title: `${doc.title}: ${doc.organisation}, ${doc.date}`, subject: doc.framework.name, author: doc.preparedBy, creator: PACK_PRODUCER })
  pdf.setCreationDate(now)
  pdf.setLanguage('en-GB')
  // The layout reads widths from the same fonts the text is drawn in.
  let font: FontKey | null = null
  let size = 0
  const use = (f: FontKey, s: number) => {
    if (f !== font) pdf.setFont('helvetica', STYLES[f])
    if (s !== size) pdf.setFontSize(s)
    font = f
    size = s
  }
  const laid = layoutPack(doc, (text, f, s) => {
    use(f, s)
    return pdf.getTextWidth(text)
  })
  laid.pages.forEach((page, i) => {
    if (i > 0) pdf.addPage('a4', 'portrait')
    for (const mark of page.marks) {
      const [r, g, b] = COLOURS[mark.colour].map((c) => Math.round(c * 255)) as [number, number, number]
      if (mark.kind === 'text') {
        use(mark.font, mark.size)
        pdf.setTextColor(r, g, b)
        pdf.text(mark.text, mark.x, mark.y)
      } else {
        pdf.setDrawColor(r, g, b)
        pdf.setLineWidth(mark.thickness)
        pdf.line(mark.x, mark.y, mark.x + mark.width, mark.y)
      }
    }
  })
  const bytes = new Uint8Array(pdf.output('arraybuffer'))
  return { bytes, fileName: doc.fileName, pages: laid.pages.length, replaced: laid.replaced }
}
