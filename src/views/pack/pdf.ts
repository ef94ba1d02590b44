/**
 * The inspection pack as a PDF, drawn with pdf-lib from the pages ./layout.ts lays out. This module is the pack's
 * own chunk: nothing imports it statically (./loadPack.ts imports it when a person asks for a pack), so pdf-lib is
 * in no page's first load. Why pdf-lib, measured against @react-pdf/renderer and jsPDF: docs/performance.md.
 *
 * Text is real text in the standard Helvetica fonts (selectable and searchable, no font embedded); the document's
 * title, author, subject and language (en-GB) are set, so a reader's window and screen readers name it.
 */
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib'
import type { PackDocument } from '../../domain/pack/types'
import { COLOURS, type FontKey, type LaidOutPack, layoutPack, PAGE } from './layout'

export interface PackPdf {
  readonly bytes: Uint8Array
  readonly fileName: string
  readonly pages: number
  /** Characters the standard fonts could not show (drawn as '?'; the cover says so). */
  readonly replaced: number
}

/** The pack's PDF. `now` is the file's creation date (the pack's own date is the document's). */
export async function renderPackPdf(doc: PackDocument, now: Date = new Date()): Promise<PackPdf> {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  pdf.setTitle(`${doc.title}: ${doc.organisation}, ${doc.date}`, { showInWindowTitleBar: true })
  pdf.setSubject(doc.framework.name)
  pdf.setAuthor(doc.preparedBy)
  pdf.setCreator('InspectReady')
  pdf.setProducer('InspectReady (pdf-lib)')
  pdf.setLanguage('en-GB')
  pdf.setCreationDate(now)
  pdf.setModificationDate(now)
  const fonts: Record<FontKey, PDFFont> = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  }
  const laid: LaidOutPack = layoutPack(doc, (text, font, size) => fonts[font].widthOfTextAtSize(text, size))
  for (const laidPage of laid.pages) {
    const page = pdf.addPage([PAGE.width, PAGE.height])
    for (const mark of laidPage.marks) {
      const [r, g, b] = COLOURS[mark.colour]
      const color = rgb(r, g, b)
      if (mark.kind === 'text') {
        page.drawText(mark.text, { x: mark.x, y: PAGE.height - mark.y, size: mark.size, font: fonts[mark.font], color })
      } else {
        const y = PAGE.height - mark.y
        page.drawLine({ start: { x: mark.x, y }, end: { x: mark.x + mark.width, y }, thickness: mark.thickness, color })
      }
    }
  }
  const bytes = await pdf.save({ useObjectStreams: true })
  return { bytes, fileName: doc.fileName, pages: laid.pages.length, replaced: laid.replaced }
}
