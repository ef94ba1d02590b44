import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/**
 * A PDF's text as a reader's tool extracts it (PDF.js, the engine of Firefox's viewer): every page's text items in
 * order, whitespace collapsed, so a test asserts what a person or a screen reader finds in the file, not the
 * bytes the page's PDF library wrote.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise
  try {
    const pages: string[] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent()
      pages.push(content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : ' ') : '')).join(''))
    }
    return pages.join(' ').replace(/\s+/g, ' ')
  } finally {
    await pdf.destroy()
  }
}
