import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isWinAnsi, REPLACEMENT, toWinAnsi } from './winAnsi'

/** WinAnsi is Windows-1252: the WHATWG decoder built into Node says which character each byte is. */
const WINDOWS_1252 = new Set(
  Array.from({ length: 0x100 - 0x20 }, (_, i) => new TextDecoder('windows-1252').decode(new Uint8Array([i + 0x20])).codePointAt(0)!)
    // Bytes 0x7f, 0x81, 0x8d, 0x8f, 0x90 and 0x9d have no character: the decoder gives a control code.
    .filter((cp) => !(cp === 0x7f || (cp >= 0x80 && cp <= 0x9f))),
)

describe('isWinAnsi', () => {
  it('is exactly the printable characters of Windows-1252', () => {
    expect(WINDOWS_1252.size).toBe(218)
    for (const cp of WINDOWS_1252) expect(isWinAnsi(cp), cp.toString(16)).toBe(true)
    let count = 0
    for (let cp = 0; cp < 0x3000; cp++) if (isWinAnsi(cp)) count += 1
    expect(count).toBe(WINDOWS_1252.size)
  })
})

describe('toWinAnsi', () => {
  it('keeps what the standard fonts show: curly quotes, dashes, £, €, accented Western European names', () => {
    const text = 'Zoë’s “care” plan – £250, €40 — José Álvarez, Søren Ødegård, Œuvre, naïve, Straße'
    expect(toWinAnsi(text)).toEqual({ text, replaced: 0 })
  })

  it('spells letters outside WinAnsi by their base letter: Polish, Czech, Romanian, Turkish, Vietnamese names', () => {
    expect(toWinAnsi('Łucja Wiśniewska, Antonín Dvořák, Ştefan Țurcanu, Işıl Güneş, Nguyễn Thị Minh').text).toBe(
      'Lucja Wisniewska, Antonín Dvorák, Stefan Turcanu, Isil Günes, Nguyen Thi Minh',
    )
    expect(toWinAnsi('2 − 1 → 1, ﬁle').text).toBe('2 - 1 -> 1, file')
  })

  it('replaces what it cannot spell with one ? per run, counting every character, and drops invisible ones', () => {
    expect(toWinAnsi('Care 😀😀 home')).toEqual({ text: `Care ${REPLACEMENT} home`, replaced: 2 })
    expect(toWinAnsi('محمد and שלום and 王芳')).toEqual({ text: '? and ? and ?', replaced: 10 })
    expect(toWinAnsi('👍🏽 ok\u200b\ufeff')).toEqual({ text: '? ok', replaced: 1 })
    expect(toWinAnsi('a\tb\nc\u0085d').text).toBe('a b c d')
    expect(toWinAnsi('lone \ud800 surrogate')).toEqual({ text: 'lone ? surrogate', replaced: 1 })
  })

  it('property: whatever the input, every character of the output is WinAnsi', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => [...toWinAnsi(s).text].every((ch) => isWinAnsi(ch.codePointAt(0)!))),
      { numRuns: 200 },
    )
  })
})
