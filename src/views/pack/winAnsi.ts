/**
 * The PDF is set in the standard Helvetica fonts, which every PDF reader has, so the file carries no font and stays
 * small. Their text encoding (WinAnsi) covers English and Western European text: curly quotes, en and em dashes,
 * '£', '€', and accented letters such as é, ü, ñ, ø. Anything else would come out as the wrong glyph (or, in some
 * PDF libraries, throw), so every string passes through `toWinAnsi` first:
 *  - letters with marks outside WinAnsi keep their base letter (Wiśniewska → Wisniewska, Dvořák → Dvorak,
 *    Ştefan → Stefan), and a few letters without a decomposition are spelt the usual way (Ł → L, ı → i);
 *  - common typographic signs become their plain equivalent (− → -, → → ->, non-breaking hyphens, thin spaces);
 *  - anything else (emoji, Arabic, Hebrew, Chinese, ...) becomes '?', one per run, and is counted, so the pack can
 *    say that the print-ready page shows the text in full.
 * docs/performance.md (the inspection pack) says why the PDF embeds no font.
 */

/** The code points above U+00FF that WinAnsi (Windows-1252) encodes. */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020,
  0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
])

export function isWinAnsi(codePoint: number): boolean {
  return (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) || WIN_ANSI_EXTRA.has(codePoint)
}

/** Letters and signs with no decomposition to a WinAnsi character, spelt as they usually are without it. */
const SPELT: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 's',
  ŉ: "'n",
  Ŋ: 'N',
  ŋ: 'n',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '–',
  '\u2015': '—',
  '\u2212': '-',
  '\u2032': '’',
  '\u2033': '”',
  '\u2044': '/',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2194': '<->',
  '\u21d2': '=>',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2713': '',
  '\u2714': '',
  '\u00a0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2007': ' ',
  '\u2008': ' ',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u202f': ' ',
  '\u205f': ' ',
  '\u3000': ' ',
}

/** Zero-width characters, joiners, variation selectors, emoji skin tones and tag characters: nothing to show. */
function isInvisible(cp: number): boolean {
  return (
    (cp >= 0x200b && cp <= 0x200d) ||
    cp === 0x2060 ||
    cp === 0xfeff ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef) ||
    (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
    (cp >= 0xe0020 && cp <= 0xe007f)
  )
}

export const REPLACEMENT = '?'

export interface WinAnsiText {
  readonly text: string
  /** How many characters could not be shown and became REPLACEMENT (a run counts once per character). */
  readonly replaced: number
}

function spell(ch: string): string | null {
  const spelt = SPELT[ch]
  if (spelt !== undefined) return spelt
  // é is WinAnsi already; ś is not, but decomposes to s + a combining acute accent.
  const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
  if (base && [...base].every((c) => isWinAnsi(c.codePointAt(0)!))) return base
  return null
}

/** `text` in characters the standard PDF fonts can encode; never throws. */
export function toWinAnsi(text: string): WinAnsiText {
  let out = ''
  let replaced = 0
  let lastWasReplacement = false
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) {
      out += ' '
      lastWasReplacement = false
      continue
    }
    if (isWinAnsi(cp)) {
      out += ch
      lastWasReplacement = false
      continue
    }
    if (isInvisible(cp)) continue
    const spelt = spell(ch)
    if (spelt !== null) {
      out += spelt
      lastWasReplacement = false
      continue
    }
    replaced += 1
    if (!lastWasReplacement) out += REPLACEMENT
    lastWasReplacement = true
  }
  return { text: out, replaced }
}
