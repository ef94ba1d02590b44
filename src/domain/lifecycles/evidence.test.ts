import { describe, expect, it } from 'vitest'
import { EVIDENCE_LIFECYCLE, evidenceMay } from './evidence'

describe('the evidence lifecycle', () => {
  it('notes and links are added; files uploaded, recorded or cancelled, and removed', () => {
    expect(EVIDENCE_LIFECYCLE.transitions.map((t) => `${t.from} --${t.step}--> ${t.to}`)).toEqual([
      'new --add--> attached',
      'new --upload--> uploading',
      'uploading --record--> attached',
      'uploading --cancel--> removed',
      'attached --remove--> removed',
    ])
    expect(EVIDENCE_LIFECYCLE.final).toEqual(['removed'])
  })

  it('says which kind may take which step from where', () => {
    expect(evidenceMay('add', 'note', 'new')).toBe(true)
    expect(evidenceMay('add', 'link', 'new')).toBe(true)
    expect(evidenceMay('add', 'file', 'new')).toBe(false)
    expect(evidenceMay('upload', 'file', 'new')).toBe(true)
    expect(evidenceMay('upload', 'note', 'new')).toBe(false)
    expect(evidenceMay('record', 'file', 'uploading')).toBe(true)
    expect(evidenceMay('record', 'file', 'new')).toBe(false)
    expect(evidenceMay('remove', 'file', 'attached')).toBe(true)
    expect(evidenceMay('remove', 'note', 'attached')).toBe(false)
    expect(evidenceMay('remove', 'link', 'attached')).toBe(false)
    expect(evidenceMay('remove', 'file', 'removed')).toBe(false)
  })
})
