/**
 * What the page that offers the inspection pack calls. The PDF code (./pdf.ts with its library, about 140–180 kB
 * gzip) is imported only here, dynamically, so it is in no page's first load and a signed-out visitor never
 * downloads it; `preloadPackPdf` starts the download when the button is hovered or focused, so the click is quick.
 *
 *   const file = await createPackPdf(input)   // InspectionPackInput, mapped from the tables' rows
 *   downloadPackPdf(file)                     // saves it as file.fileName
 *
 * `createPackPdf` rejects with PackInputError for an unknown framework version and with the import's own error when
 * the chunk cannot be downloaded (offline, a deploy replaced it); a later call tries the download again.
 */
import { loadOnce, preload } from '../../lib/load'
import { buildPackDocument } from '../../domain/pack/build'
import type { InspectionPackInput, PackDocument } from '../../domain/pack/types'

const loadRenderer = loadOnce(() => import('./pdf'))

/** Starts downloading the PDF code ahead of need (hover or focus on the pack button); failures are not reported here. */
export function preloadPackPdf(): void {
  preload(loadRenderer)
}

export interface PackFile {
  readonly blob: Blob
  readonly fileName: string
  readonly pages: number
  /** Characters the PDF's standard font could not show (they appear as '?'; the print-ready page shows them). */
  readonly replaced: number
  readonly document: PackDocument
}

/** The pack as a PDF file, from the pack's input (or a document already built for the print-ready page). */
export async function createPackPdf(input: InspectionPackInput | PackDocument): Promise<PackFile> {
  const document = 'groups' in input ? input : buildPackDocument(input)
  const { renderPackPdf } = await loadRenderer()
  const pdf = await renderPackPdf(document)
  const blob = new Blob([pdf.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' })
  return { blob, fileName: pdf.fileName, pages: pdf.pages, replaced: pdf.replaced, document }
}

/** Saves the file through the browser's download (a link with `download`, clicked, its URL released afterwards). */
export function downloadPackPdf(file: Pick<PackFile, 'blob' | 'fileName'>, doc: Document = document): void {
  const url = URL.createObjectURL(file.blob)
  const link = doc.createElement('a')
  link.href = url
  link.download = file.fileName
  link.rel = 'noopener'
  doc.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}
