/**
 * `npm run frameworks:sql`: the database's copy of the framework reference data (src/domain/frameworks), as a
 * migration `supabase/migrations/<timestamp>_frameworks.sql` that fills the tables made by
 * 20261124100000_framework_reference.sql. The newest such migration must equal what this script generates
 * (scripts/frameworks-sql.test.ts); tests/backend/frameworks.test.ts applies the migrations and compares the rows.
 *
 * Each generated migration synchronises the whole data set: rows are inserted or updated, and rows of the listed
 * versions and scales the data no longer has are deleted (which fails, as it should, if an assessment still
 * refers to them). So a change to the data, such as a new framework version, is a new migration:
 *
 *   npm run frameworks:sql             writes a new <now>_frameworks.sql when the newest one is out of date
 *   npm run frameworks:sql -- --check  exits 1 when it is out of date, writing nothing
 *   npm run frameworks:sql -- --replace  rewrites the newest one instead (only before it was ever deployed)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { FRAMEWORK_VERSIONS } from '../src/domain/frameworks/registry'
import type { FrameworkVersion } from '../src/domain/frameworks/types'

export const MIGRATIONS_DIR = resolve(import.meta.dirname, '..', 'supabase', 'migrations')
export const FRAMEWORKS_MIGRATION = /^(\d{14})_frameworks\.sql$/

type Value = string | number | boolean | null | Record<string, unknown>
type Row = Readonly<Record<string, Value>>

export interface ReferenceRows {
  readonly frameworks: Row[]
  readonly framework_versions: Row[]
  readonly framework_scales: Row[]
  readonly framework_scale_points: Row[]
  readonly framework_conditions: Row[]
  readonly framework_evidence_categories: Row[]
  readonly framework_groups: Row[]
  readonly framework_items: Row[]
}

/** Each table's primary key, in the order rows are written (parents first). */
export const TABLES: readonly { readonly name: keyof ReferenceRows; readonly key: readonly string[] }[] = [
  { name: 'frameworks', key: ['id'] },
  { name: 'framework_versions', key: ['id'] },
  { name: 'framework_scales', key: ['id'] },
  { name: 'framework_scale_points', key: ['scale_id', 'value'] },
  { name: 'framework_conditions', key: ['version_id', 'key'] },
  { name: 'framework_evidence_categories', key: ['version_id', 'key'] },
  { name: 'framework_groups', key: ['id'] },
  { name: 'framework_items', key: ['id'] },
]

/** The rows of every reference table, as the database holds them, from the TypeScript data. */
export function referenceRows(versions: readonly FrameworkVersion[]): ReferenceRows {
  const rows: { [K in keyof ReferenceRows]: Row[] } = {
    frameworks: [],
    framework_versions: [],
    framework_scales: [],
    framework_scale_points: [],
    framework_conditions: [],
    framework_evidence_categories: [],
    framework_groups: [],
    framework_items: [],
  }
  const frameworks = new Map<string, Row>()
  const scales = new Map<string, string>()
  versions.forEach((v, position) => {
    const framework = { id: v.frameworkId, regulator: v.regulator, sector: v.sector }
    const known = frameworks.get(v.frameworkId)
    if (known && JSON.stringify(known) !== JSON.stringify(framework)) throw new Error(`${v.id} gives ${v.frameworkId} another regulator or sector`)
    if (!known) {
      frameworks.set(v.frameworkId, framework)
      rows.frameworks.push(framework)
    }
    rows.framework_versions.push({ id: v.id, framework_id: v.frameworkId, version: v.version, name: v.name, short_name: v.shortName, position, scoring: v.scoring as unknown as Record<string, unknown> })
    for (const s of v.scales) {
      const text = JSON.stringify(s)
      if (scales.has(s.id)) {
        if (scales.get(s.id) !== text) throw new Error(`Scale ${s.id} differs between versions: a changed scale needs a new id`)
        continue
      }
      scales.set(s.id, text)
      rows.framework_scales.push({ id: s.id, name: s.name, source: s.source, notice: s.notice })
      for (const p of s.points) rows.framework_scale_points.push({ scale_id: s.id, value: p.value, score: p.score, label: p.label, below_good: p.belowGood })
    }
    v.conditions.forEach((c, i) => {
      rows.framework_conditions.push({ version_id: v.id, key: c.key, name: c.name, position: i })
    })
    v.evidenceCategories.forEach((c, i) => {
      rows.framework_evidence_categories.push({ version_id: v.id, key: c.key, name: c.name, position: i })
    })
    v.groups.forEach((g, gi) => {
      rows.framework_groups.push({ id: g.id, version_id: v.id, key: g.key, name: g.name, kind: g.kind, judged_separately: g.judgedSeparately, position: gi })
      g.items.forEach((item, ii) => {
        rows.framework_items.push({ id: item.id, version_id: v.id, group_id: g.id, key: item.key, name: item.name, scale_id: item.scaleId, condition: item.condition, position: ii })
      })
    })
  })
  return rows
}

/** A SQL literal: text quoted (quotes doubled), numbers and booleans as they are, objects as jsonb. */
export function literal(value: Value): string {
  if (value === null) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error(`Not a whole number: ${value}`)
    return String(value)
  }
  if (typeof value === 'object') return `${literal(JSON.stringify(value))}::jsonb`
  return `'${value.replace(/'/g, "''")}'`
}

const list = (values: readonly Value[]) => values.map(literal).join(', ')
const tuple = (row: Row, columns: readonly string[]) => `(${columns.map((c) => literal(row[c] ?? null)).join(', ')})`

function upsert(table: string, key: readonly string[], rows: readonly Row[]): string {
  if (rows.length === 0) return ''
  const columns = Object.keys(rows[0]!)
  const update = columns.filter((c) => !key.includes(c))
  return [
    `insert into public.${table} (${columns.join(', ')}) values`,
    rows.map((r) => `  ${tuple(r, columns)}`).join(',\n'),
    `on conflict (${key.join(', ')}) do update set ${update.map((c) => `${c} = excluded.${c}`).join(', ')};`,
    '',
  ].join('\n')
}

/** Deletes the rows of the listed versions (or scales) that the data no longer has. */
function prune(table: string, scope: string, scopeValues: readonly string[], key: readonly string[], rows: readonly Row[]): string {
  if (scopeValues.length === 0) return ''
  const kept = rows.map((r) => `  ${key.length === 1 ? literal(r[key[0]!] ?? null) : tuple(r, key)}`).join(',\n')
  const column = key.length === 1 ? key[0]! : `(${key.join(', ')})`
  return `delete from public.${table} where ${scope} in (${list(scopeValues)})${rows.length === 0 ? '' : ` and ${column} not in (\n${kept}\n)`};\n`
}

/** The migration's text for these versions. Deterministic: the same data gives the same bytes. */
export function renderFrameworksSql(versions: readonly FrameworkVersion[] = FRAMEWORK_VERSIONS): string {
  const rows = referenceRows(versions)
  const versionIds = versions.map((v) => v.id)
  const scaleIds = rows.framework_scales.map((s) => s.id as string)
  const keyOf = (name: keyof ReferenceRows) => TABLES.find((t) => t.name === name)!.key
  return [
    '-- Generated by `npm run frameworks:sql` from src/domain/frameworks. Do not edit: change the TypeScript data and',
    '-- run the script, which adds a new migration (a migration that has run is never changed).',
    `-- Versions: ${versionIds.join(', ')}.`,
    '',
    '-- Items the data no longer has go first, so nothing below still refers to what is pruned after it.',
    prune('framework_items', 'version_id', versionIds, keyOf('framework_items'), rows.framework_items),
    ...TABLES.map((t) => upsert(t.name, t.key, rows[t.name])),
    '-- Groups, conditions, evidence categories and scale points the data no longer has.',
    prune('framework_groups', 'version_id', versionIds, keyOf('framework_groups'), rows.framework_groups),
    prune('framework_conditions', 'version_id', versionIds, keyOf('framework_conditions'), rows.framework_conditions),
    prune('framework_evidence_categories', 'version_id', versionIds, keyOf('framework_evidence_categories'), rows.framework_evidence_categories),
    prune('framework_scale_points', 'scale_id', scaleIds, keyOf('framework_scale_points'), rows.framework_scale_points),
  ].join('\n')
}

/** The newest `<timestamp>_frameworks.sql` in the migrations folder, or null. */
export function latestFrameworksMigration(dir = MIGRATIONS_DIR): string | null {
  return (
    readdirSync(dir)
      .filter((f) => FRAMEWORKS_MIGRATION.test(f))
      .sort()
      .at(-1) ?? null
  )
}

/** A migration version for now, in UTC (YYYYMMDDHHMMSS), later than every migration already there. */
export function nextMigrationVersion(now: Date, dir = MIGRATIONS_DIR): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14)
  const latest = readdirSync(dir)
    .map((f) => /^(\d{14})_/.exec(f)?.[1])
    .filter((v): v is string => !!v)
    .sort()
    .at(-1)
  return latest && latest >= stamp ? String(BigInt(latest) + 1n) : stamp
}

function main(args: readonly string[]): number {
  const sql = renderFrameworksSql()
  const latest = latestFrameworksMigration()
  const current = latest ? readFileSync(join(MIGRATIONS_DIR, latest), 'utf8') : null
  if (current === sql) {
    console.log(`${latest} is up to date with src/domain/frameworks.`)
    return 0
  }
  if (args.includes('--check')) {
    console.error(`${latest ?? 'No frameworks migration'} is out of date with src/domain/frameworks: run npm run frameworks:sql.`)
    return 1
  }
  const file = args.includes('--replace') && latest ? latest : `${nextMigrationVersion(new Date())}_frameworks.sql`
  writeFileSync(join(MIGRATIONS_DIR, file), sql)
  console.log(`Wrote supabase/migrations/${file}.`)
  return 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv.slice(2))
