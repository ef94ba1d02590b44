import { describe, expect, it } from 'vitest'
import { isSector, SECTORS, sectorPath } from './sectors'

describe('sectors', () => {
  it('each sector has its landing page', () => {
    expect(SECTORS.map(sectorPath)).toEqual(['/care', '/education', '/housing', '/construction'])
  })

  it('knows its four sectors and nothing else', () => {
    for (const s of SECTORS) expect(isSector(s)).toBe(true)
    for (const other of ['Care', 'retail', '', null, 3, ['care']]) expect(isSector(other)).toBe(false)
  })
})
