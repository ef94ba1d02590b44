/**
 * What kind of file this is, from its first bytes (never from its name): the evidence files' type check, run in
 * the browser before an upload and again on the server on the stored bytes. A copy of this module is
 * supabase/functions/_shared/fileType.ts (a Deno function cannot import src/); fileType.test.ts keeps the two
 * identical.
 *
 * Recognised: PDF, PNG, JPEG, GIF, WebP; Word, Excel and PowerPoint documents (a zip whose first entries include
 * [Content_Types].xml and the part word/, xl/ or ppt/); OpenDocument text and spreadsheets (a zip whose first
 * entry is `mimetype` naming the type); legacy Word/Excel/PowerPoint (an OLE compound file: told apart by the
 * name's extension, the container being the same). Give it the first 64 KB at least.
 */

export const MAX_FILE_BYTES = 20 * 1024 * 1024
export const SNIFF_BYTES = 64 * 1024

export interface FileKind {
  /** The content type stored and served. */
  readonly mime: string
  /** What people call it: "PDF", "Word document". */
  readonly label: string
}

export const FILE_KINDS = {
  pdf: { mime: 'application/pdf', label: 'PDF' },
  png: { mime: 'image/png', label: 'PNG image' },
  jpeg: { mime: 'image/jpeg', label: 'JPEG image' },
  gif: { mime: 'image/gif', label: 'GIF image' },
  webp: { mime: 'image/webp', label: 'WebP image' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word document' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel spreadsheet' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', label: 'PowerPoint presentation' },
  doc: { mime: 'application/msword', label: 'Word document' },
  xls: { mime: 'application/vnd.ms-excel', label: 'Excel spreadsheet' },
  ppt: { mime: 'application/vnd.ms-powerpoint', label: 'PowerPoint presentation' },
  odt: { mime: 'application/vnd.oasis.opendocument.text', label: 'OpenDocument text' },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', label: 'OpenDocument spreadsheet' },
} as const satisfies Record<string, FileKind>

export type FileKindId = keyof typeof FILE_KINDS

export const ALLOWED_MIME_TYPES: readonly string[] = Object.values(FILE_KINDS).map((k) => k.mime)

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false
  return prefix.every((b, i) => bytes[at + i] === b)
}

const ascii = (text: string): number[] => [...text].map((ch) => ch.charCodeAt(0))

function latin1(bytes: Uint8Array, from: number, to: number): string {
  let out = ''
  for (let i = from; i < Math.min(to, bytes.length); i++) out += String.fromCharCode(bytes[i] as number)
  return out
}

/** The names of the zip's local file entries found in these bytes, in order. */
function zipEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = []
  let at = 0
  while (names.length < 64 && startsWith(bytes, [0x50, 0x4b, 0x03, 0x04], at)) {
    const flags = (bytes[at + 6] as number) | ((bytes[at + 7] as number) << 8)
    const compressed = ((bytes[at + 18] as number) | ((bytes[at + 19] as number) << 8) | ((bytes[at + 20] as number) << 16) | ((bytes[at + 21] as number) << 24)) >>> 0
    const nameLength = (bytes[at + 26] as number) | ((bytes[at + 27] as number) << 8)
    const extraLength = (bytes[at + 28] as number) | ((bytes[at + 29] as number) << 8)
    if (at + 30 + nameLength > bytes.length) break
    names.push(latin1(bytes, at + 30, at + 30 + nameLength))
    // Sizes written after the data (flag bit 3) are unknown here: stop at that entry.
    if (flags & 0x08) break
    at += 30 + nameLength + extraLength + compressed
  }
  return names
}

function zipKind(bytes: Uint8Array): FileKindId | null {
  const names = zipEntryNames(bytes)
  if (names[0] === 'mimetype') {
    const text = latin1(bytes, 38, 38 + 60)
    if (text.startsWith(FILE_KINDS.odt.mime)) return 'odt'
    if (text.startsWith(FILE_KINDS.ods.mime)) return 'ods'
    return null
  }
  if (!names.includes('[Content_Types].xml')) return null
  if (names.some((n) => n.startsWith('word/'))) return 'docx'
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx'
  if (names.some((n) => n.startsWith('ppt/'))) return 'pptx'
  return null
}

const LEGACY_BY_EXTENSION: Record<string, FileKindId> = { doc: 'doc', dot: 'doc', xls: 'xls', xlt: 'xls', ppt: 'ppt', pps: 'ppt' }

/** The kind of file these first bytes begin, or null when it is none we take. `name` only tells apart the legacy Office formats. */
export function sniffFileKind(bytes: Uint8Array, name = ''): FileKindId | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return zipKind(bytes)
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const extension = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''
    return LEGACY_BY_EXTENSION[extension] ?? 'doc'
  }
  return null
}

export type FileNameProblem = 'empty' | 'too_long' | 'path'

/** A file's own name as it may be kept and shown: 1-200 characters, no folders, no control characters, not '.' or '..'. */
export function fileNameProblem(name: string): FileNameProblem | null {
  if (name.trim() === '') return 'empty'
  if (name.length > 200) return 'too_long'
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (NUL included) are what is refused
  if (/[/\\\u0000-\u001f\u007f]/.test(name) || name === '.' || name === '..' || /%2e|%2f|%5c|%00/i.test(name)) return 'path'
  return null
}

export type FileProblem =
  | { readonly code: 'empty'; readonly message: string }
  | { readonly code: 'too_large'; readonly message: string }
  | { readonly code: 'bad_name'; readonly message: string }
  | { readonly code: 'wrong_type'; readonly message: string }

export const FILE_MESSAGES = {
  empty: 'This file is empty: choose a file with something in it.',
  too_large: 'This file is larger than 20 MB: choose a smaller file.',
  bad_name: 'This file name cannot be used: rename the file without slashes or special characters and try again.',
  wrong_type: 'Only PDFs, images (PNG, JPEG, GIF, WebP) and office documents can be attached; this file is none of those.',
} as const

/** Why this file cannot be evidence, from its name, size and first bytes; null when it can (with its kind). */
export function checkFile(input: { name: string; size: number; head: Uint8Array }): { ok: true; kind: FileKindId } | { ok: false; problem: FileProblem } {
  if (fileNameProblem(input.name)) return { ok: false, problem: { code: 'bad_name', message: FILE_MESSAGES.bad_name } }
  if (input.size <= 0 || input.head.length === 0) return { ok: false, problem: { code: 'empty', message: FILE_MESSAGES.empty } }
  if (input.size > MAX_FILE_BYTES) return { ok: false, problem: { code: 'too_large', message: FILE_MESSAGES.too_large } }
  const kind = sniffFileKind(input.head, input.name)
  if (!kind) return { ok: false, problem: { code: 'wrong_type', message: FILE_MESSAGES.wrong_type } }
  return { ok: true, kind }
}

/** "2.4 MB", "830 KB", "12 bytes". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** The label for a stored content type ("PDF"), or the type itself. */
export function fileTypeLabel(mime: string): string {
  return Object.values(FILE_KINDS).find((k) => k.mime === mime)?.label ?? mime
}
