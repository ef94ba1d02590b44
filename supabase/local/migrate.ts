/** Bootstrap (what hosted Supabase has) then the migrations in order, each once, each in a transaction. */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './db.ts'

const here = dirname(fileURLToPath(import.meta.url))
export const MIGRATIONS_DIR = join(here, '..', 'migrations')
export const BOOTSTRAP_SQL = join(here, 'bootstrap.sql')

export async function bootstrap(db: Db): Promise<void> {
  // Serialise concurrent starts on one PostgreSQL cluster (role creation is not concurrency-safe).
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(54321)')
    await tx.exec(readFileSync(BOOTSTRAP_SQL, 'utf8'))
  })
}

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
  const applied: string[] = []
  for (const file of files) {
    const version = file.split('_')[0] as string
    const name = file.slice(version.length + 1, -'.sql'.length)
    const sql = readFileSync(join(dir, file), 'utf8')
    const ran = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(54322)')
      const done = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [version])
      if (done.rows.length > 0) return false
      await tx.exec(sql)
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        name,
      ])
      return true
    })
    if (ran) applied.push(file)
  }
  return applied
}

export async function setupDatabase(db: Db): Promise<string[]> {
  await bootstrap(db)
  return migrate(db)
}
