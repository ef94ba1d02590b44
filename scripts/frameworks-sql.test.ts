import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CQC_SAF_2024 } from '../src/domain/frameworks/cqcSaf2024'
import { allItems } from '../src/domain/frameworks/items'
import { FRAMEWORK_VERSIONS } from '../src/domain/frameworks/registry'
import { CQC_SCORE } from '../src/domain/frameworks/scales'
import { latestFrameworksMigration, literal, MIGRATIONS_DIR, nextMigrationVersion, referenceRows, renderFrameworksSql } from './frameworks-sql'

describe('the frameworks migration (npm run frameworks:sql)', () => {
  it('the newest <timestamp>_frameworks.sql equals what the script generates from src/domain/frameworks', () => {
    const latest = latestFrameworksMigration()
    expect(latest, 'no supabase/migrations/<timestamp>_frameworks.sql: run npm run frameworks:sql').not.toBeNull()
    const committed = readFileSync(join(MIGRATIONS_DIR, latest!), 'utf8')
    expect(committed === renderFrameworksSql(), `${latest} is stale: run npm run frameworks:sql and commit the new migration`).toBe(true)
  })

  it('comes after the migration that makes the reference tables', () => {
    expect(latestFrameworksMigration()! > '20261124100000_framework_reference.sql').toBe(true)
  })

  it('is deterministic and names every version', () => {
    const sql = renderFrameworksSql()
    expect(renderFrameworksSql()).toBe(sql)
    for (const v of FRAMEWORK_VERSIONS) expect(sql).toContain(`'${v.id}'`)
  })

  it('has one row per item, group, condition, category and scale point of the data', () => {
    const rows = referenceRows(FRAMEWORK_VERSIONS)
    expect(rows.framework_items).toHaveLength(FRAMEWORK_VERSIONS.reduce((n, v) => n + allItems(v).length, 0))
    expect(rows.framework_items).toHaveLength(34 + 9 + 19 + 10)
    expect(rows.framework_groups).toHaveLength(5 + 2 + 4 + 1)
    expect(rows.framework_evidence_categories).toHaveLength(6)
    expect(rows.framework_conditions).toHaveLength(2)
    expect(rows.framework_scales.map((s) => s.id)).toEqual(['cqc-score', 'ofsted-grade', 'ofsted-safeguarding', 'compliance'])
    expect(rows.framework_scale_points).toHaveLength(4 + 5 + 2 + 3)
    expect(rows.frameworks).toHaveLength(4)
  })

  it('a scale shared by two versions is written once; a scale changed under the same id is refused', () => {
    const next = { ...CQC_SAF_2024, version: '2099', id: 'cqc-saf-2099' }
    expect(referenceRows([CQC_SAF_2024, next]).framework_scales).toHaveLength(1)
    const changed = { ...next, scales: [{ ...CQC_SCORE, name: 'Renamed' }] }
    expect(() => referenceRows([CQC_SAF_2024, changed])).toThrow(/needs a new id/)
    const moved = { ...next, sector: 'housing' as const }
    expect(() => referenceRows([CQC_SAF_2024, moved])).toThrow(/another regulator or sector/)
  })

  it('quotes text safely', () => {
    expect(literal("people's 'needs'")).toBe("'people''s ''needs'''")
    expect(literal('people’s')).toBe("'people’s'")
    expect(literal(null)).toBe('null')
    expect(literal(false)).toBe('false')
    expect(literal(3)).toBe('3')
    expect(() => literal(1.5)).toThrow()
    expect(literal({ a: "it's" })).toBe(`'{"a":"it''s"}'::jsonb`)
  })

  describe('nextMigrationVersion', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ir-migrations-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it('is the UTC time as YYYYMMDDHHMMSS, or one more than a later migration', () => {
      expect(nextMigrationVersion(new Date('2026-12-01T09:08:07Z'), dir)).toBe('20261201090807')
      writeFileSync(join(dir, '20261201090807_frameworks.sql'), '')
      expect(nextMigrationVersion(new Date('2026-12-01T09:08:07Z'), dir)).toBe('20261201090808')
      expect(nextMigrationVersion(new Date('2026-11-01T00:00:00Z'), dir)).toBe('20261201090808')
      expect(latestFrameworksMigration(dir)).toBe('20261201090807_frameworks.sql')
    })
  })
})
