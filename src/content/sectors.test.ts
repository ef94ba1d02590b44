import { describe, expect, it } from 'vitest'
import { SECTORS } from '../domain/sectors'
import { pageEntry } from '../seo/pages'
import { ESSENTIAL_COURSES } from './courses'
import { SECTOR_CONTENT, SHARED_FEATURE_ROWS } from './sectors'

describe('sector content', () => {
  it.each(SECTORS)('%s: the headline is the page heading (the h1), with 4 bullets, 3 stats and 6 courses', (sector) => {
    const content = SECTOR_CONTENT[sector]
    expect(content.headline).toBe(pageEntry(sector === 'care' ? '/' : `/${sector}`).heading)
    expect(content.headline).toBe(pageEntry(`/${sector}`).heading)
    expect(content.bullets).toHaveLength(4)
    expect(content.stats).toHaveLength(3)
    expect(ESSENTIAL_COURSES[sector]).toHaveLength(6)
    expect(new Set(ESSENTIAL_COURSES[sector].map((c) => c.title)).size).toBe(6)
  })

  it('has the feature rows of the spec for each sector and the shared rows', () => {
    const rows = (sector: keyof typeof SECTOR_CONTENT) => SECTOR_CONTENT[sector].featureRows.map((r) => r.feature.toLowerCase())
    expect(rows('care')).toEqual(['unified calendar', 'feedback', 'support plans', 'incidents and logs', 'medication'])
    expect(rows('education')).toEqual(['attendance codes', 'cover hours', 'persistent absence', 'mobile registers'])
    expect(rows('housing')).toEqual(['property compliance packs', 'maintenance scheduling', 'document storage'])
    expect(rows('construction')).toEqual(['crew hours', 'safety checklists', 'incident reporting', 'compliance docs'])
    expect(SHARED_FEATURE_ROWS).toHaveLength(9)
  })

  it('offers the youth programme only for care and education', () => {
    expect(SECTORS.filter((s) => SECTOR_CONTENT[s].youthProgramme)).toEqual(['care', 'education'])
  })

  it('names the CQC key questions on the care page', () => {
    for (const q of ['Safe', 'Effective', 'Caring', 'Responsive', 'Well-led']) expect(SECTOR_CONTENT.care.subheading).toContain(q)
  })
})
