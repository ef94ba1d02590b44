import { describe, expect, it } from 'vitest'
import { checkFile, FILE_MESSAGES, fileNameProblem, formatFileSize, MAX_FILE_BYTES, sniffFileKind } from './fileType'

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))

/** A zip's local file entry (stored, no compression) as a zip writer lays it out. */
function entry(name: string, data: string, flags = 0): number[] {
  const le = (n: number, size: number) => Array.from({ length: size }, (_, i) => (n >>> (8 * i)) & 0xff)
  return [
    0x50, 0x4b, 0x03, 0x04, ...le(20, 2), ...le(flags, 2), ...le(0, 2), ...le(0, 4), ...le(0, 4),
    ...le(data.length, 4), ...le(data.length, 4), ...le(name.length, 2), ...le(0, 2),
    ...[...name].map((c) => c.charCodeAt(0)), ...[...data].map((c) => c.charCodeAt(0)),
  ]
}
const zip = (...entries: number[][]) => new Uint8Array(entries.flat())

describe('sniffFileKind: the type from the bytes, never the name', () => {
  it.each([
    ['pdf', bytes('%PDF-1.7\n')],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['gif', bytes('GIF89a')],
    ['gif', bytes('GIF87a')],
    ['webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')],
    ['docx', zip(entry('[Content_Types].xml', '<Types/>'), entry('_rels/.rels', 'r'), entry('word/document.xml', 'd'))],
    ['xlsx', zip(entry('[Content_Types].xml', '<Types/>'), entry('xl/workbook.xml', 'w'))],
    ['pptx', zip(entry('[Content_Types].xml', '<Types/>'), entry('ppt/presentation.xml', 'p'))],
    ['odt', zip(entry('mimetype', 'application/vnd.oasis.opendocument.text'), entry('content.xml', 'c'))],
    ['ods', zip(entry('mimetype', 'application/vnd.oasis.opendocument.spreadsheet'))],
  ])('%s', (kind, head) => {
    expect(sniffFileKind(head, 'misleading-name.txt')).toBe(kind)
  })

  it('tells the legacy Office files apart by extension inside the one OLE container', () => {
    const ole = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])
    expect(sniffFileKind(ole, 'minutes.doc')).toBe('doc')
    expect(sniffFileKind(ole, 'rota.XLS')).toBe('xls')
    expect(sniffFileKind(ole, 'training.ppt')).toBe('ppt')
    expect(sniffFileKind(ole, 'noextension')).toBe('doc')
  })

  it.each([
    ['a text file named .pdf', bytes('hello, I am not a PDF'), 'policy.pdf'],
    ['an executable', bytes([0x4d, 0x5a, 0x90, 0x00]), 'policy.pdf'],
    ['HTML', bytes('<!doctype html><script>'), 'policy.docx'],
    ['a plain zip', zip(entry('notes.txt', 'hi')), 'policy.docx'],
    ['a zip claiming OOXML without a document part', zip(entry('[Content_Types].xml', '<Types/>')), 'x.docx'],
    ['an OpenDocument of another kind', zip(entry('mimetype', 'application/vnd.oasis.opendocument.graphics')), 'x.odg'],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e]), 'x.png'],
    ['nothing', new Uint8Array(), 'x.pdf'],
  ])('refuses %s', (_, head, name) => {
    expect(sniffFileKind(head, name)).toBeNull()
  })
})

describe('checkFile', () => {
  const pdf = bytes('%PDF-1.4')
  it('accepts a PDF within 20 MB, whatever its extension', () => {
    expect(checkFile({ name: 'policy', size: 8, head: pdf })).toEqual({ ok: true, kind: 'pdf' })
    expect(checkFile({ name: 'policy.pdf', size: MAX_FILE_BYTES, head: pdf })).toEqual({ ok: true, kind: 'pdf' })
  })
  it('refuses with a clear message: too large, empty, wrong type, a name with path tricks', () => {
    expect(checkFile({ name: 'big.pdf', size: MAX_FILE_BYTES + 1, head: pdf })).toEqual({ ok: false, problem: { code: 'too_large', message: FILE_MESSAGES.too_large } })
    expect(checkFile({ name: 'empty.pdf', size: 0, head: new Uint8Array() })).toEqual({ ok: false, problem: { code: 'empty', message: FILE_MESSAGES.empty } })
    expect(checkFile({ name: 'fake.pdf', size: 5, head: bytes('hello') })).toEqual({ ok: false, problem: { code: 'wrong_type', message: FILE_MESSAGES.wrong_type } })
    expect(checkFile({ name: '../etc/passwd.pdf', size: 8, head: pdf })).toEqual({ ok: false, problem: { code: 'bad_name', message: FILE_MESSAGES.bad_name } })
  })
  it.each(['../x.pdf', '..', '.', 'a/b.pdf', 'a\\b.pdf', '/etc/x.pdf', '%2e%2e%2fx.pdf', 'x\u0000.pdf', 'x\n.pdf', ' ', 'x'.repeat(201)])(
    'refuses the name %j',
    (name) => {
      expect(fileNameProblem(name)).not.toBeNull()
    },
  )
  it.each(['Safeguarding policy 2026.pdf', 'rota (v2).xlsx', 'über.docx', '.hidden.pdf'])('takes the name %j', (name) => {
    expect(fileNameProblem(name)).toBeNull()
  })
})

it('formats sizes', () => {
  expect(formatFileSize(1)).toBe('1 byte')
  expect(formatFileSize(12)).toBe('12 bytes')
  expect(formatFileSize(2048)).toBe('2 KB')
  expect(formatFileSize(2.45 * 1024 * 1024)).toBe('2.5 MB')
})
