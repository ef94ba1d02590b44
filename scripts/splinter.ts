/**
 * Runs Supabase's own database linter, splinter (github.com/supabase/splinter, the SQL behind the dashboard's
 * Security and Performance Advisors), over this repository's migrated schema on a throwaway PostgreSQL 15.
 *
 *   npx tsx scripts/splinter.ts <splinter.sql | a clone of supabase/splinter | its bare git dir>
 *   SPLINTER_SQL=<same> npx tsx scripts/splinter.ts
 *
 * Splinter is not vendored (we never commit fetched code) and no npm package ships it, so CI cannot run this:
 * bring a copy of the repository and pass its path. The schema is the local bootstrap (what hosted Supabase
 * already has: roles, auth, extensions) plus supabase/migrations; `pgrst.db_schemas` is set to the API schemas
 * of supabase/config.toml, as hosted sets it, because the exposure lints (0028, 0029, ...) read it.
 * Prints every finding and exits 1 when any is ERROR or WARN. The last run's output is in docs/security.md.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { openDb } from '../supabase/local/db.ts'
import { setupDatabase } from '../supabase/local/migrate.ts'
import { startPostgres } from '../tests/backend/helpers.ts'

function splinterSql(source: string | undefined): string {
  if (!source) {
    console.error('usage: npx tsx scripts/splinter.ts <path to splinter.sql, a splinter checkout or its git dir> (or SPLINTER_SQL=...)')
    process.exit(2)
  }
  if (statSync(source).isFile()) return readFileSync(source, 'utf8')
  if (existsSync(join(source, 'splinter.sql'))) return readFileSync(join(source, 'splinter.sql'), 'utf8')
  // A bare git directory (e.g. a mirror): read the committed file.
  return execFileSync('git', ['--git-dir', existsSync(join(source, '.git')) ? join(source, '.git') : source, 'show', 'HEAD:splinter.sql'], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  })
}

/** The schemas PostgREST serves, from supabase/config.toml's [api] schemas. */
function apiSchemas(): string[] {
  const toml = readFileSync(new URL('../supabase/config.toml', import.meta.url), 'utf8')
  const api = toml.split(/^\[/m).find((s) => s.startsWith('api]')) ?? ''
  const list = /^schemas\s*=\s*\[([^\]]*)\]/m.exec(api)?.[1] ?? '"public"'
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string)
}

interface Finding {
  name: string
  level: 'ERROR' | 'WARN' | 'INFO'
  facing: string
  detail: string
}

const sql = splinterSql(process.argv[2] ?? process.env.SPLINTER_SQL)
const server = await startPostgres()
let exitCode = 0
try {
  const db = await openDb(server.url, 'postgres')
  await setupDatabase(db)
  await db.close()
  const client = new pg.Client({ connectionString: server.url })
  await client.connect()
  const schemas = apiSchemas()
  await client.query('begin')
  await client.query(`select set_config('pgrst.db_schemas', $1, true)`, [schemas.join(', ')])
  // splinter.sql is `set local search_path = ''; (lint) union all (lint) ...`: the last result holds the rows.
  const results = (await client.query(sql)) as unknown as pg.QueryResult<Finding> | pg.QueryResult<Finding>[]
  await client.query('rollback')
  await client.end()
  const findings = (Array.isArray(results) ? results[results.length - 1] : results)?.rows ?? []
  console.log(`splinter over ${schemas.join(', ')} (PostgreSQL ${server.url.split('@')[1]}): ${findings.length} finding(s)`)
  for (const level of ['ERROR', 'WARN', 'INFO'] as const) {
    const some = findings.filter((f) => f.level === level)
    console.log(`${level}: ${some.length}`)
    for (const f of some) console.log(`  ${f.name} (${f.facing}): ${f.detail}`)
  }
  if (findings.some((f) => f.level === 'ERROR' || f.level === 'WARN')) exitCode = 1
} finally {
  server.stop()
}
process.exit(exitCode)
