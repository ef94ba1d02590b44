/**
 * The data services of the local server: the database (embedded PostgreSQL 15 in dataDir, or the server
 * DATABASE_URL names), migrated, and then PostgREST on it (our own, or the one POSTGREST_URL names). ./index.ts
 * starts them side by side with the Deno functions and stops them last.
 */
import { rmSync } from 'node:fs'
import { startEmbeddedPostgres } from './cluster.ts'
import { loadApiConfig } from './config.ts'
import { type Db, openDb } from './db.ts'
import { setupDatabase } from './migrate.ts'
import { type PostgresServer, privateDir } from './postgres.ts'
import { connectPostgrest, type Postgrest, postgrestSettings, startPostgrest } from './postgrest.ts'
import { serviceUser } from './processes.ts'

/** The database and PostgREST, started; stop() ends PostgREST, then the database. */
export interface DataServices {
  db: Db
  postgres: PostgresServer | null
  postgrest: Postgrest
  label: string
  databaseMs: number
  restMs: number
  stop(): Promise<void>
}

/**
 * The database (migrated) and then PostgREST on it, so PostgREST's first schema cache already has every migration.
 * Embedded: PostgreSQL on a unix socket in a private run dir, PostgREST's socket beside it. DATABASE_URL: PostgREST
 * logs in to that server as `authenticator` (with the URL's password, as the Supabase CLI gives it the database's).
 */
export async function startData(opts: { dataDir: string; databaseUrl?: string; postgrestUrl?: string; jwtExpirySeconds: number }): Promise<DataServices> {
  if (opts.postgrestUrl && !opts.databaseUrl) throw new Error('POSTGREST_URL needs DATABASE_URL: a PostgREST you run cannot reach the embedded database (it listens on a private unix socket).')
  const t0 = Date.now()
  let postgres: PostgresServer | null = null
  let db: Db | undefined
  let runDir: string | undefined
  const cleanups: Array<() => Promise<void> | void> = []
  const stopAll = async () => {
    for (const f of cleanups.reverse()) await f()
  }
  try {
    let authenticatorUri: string
    if (opts.databaseUrl) {
      db = await openDb(opts.databaseUrl, 'postgres')
      cleanups.push(() => db?.close())
      await setupDatabase(db)
      const url = new URL(opts.databaseUrl)
      if (url.password) {
        const sql = await db.query<{ sql: string }>("select format('alter role authenticator with login password %L', $1::text) as sql", [decodeURIComponent(url.password)])
        await db.exec(sql.rows[0]!.sql)
      }
      url.username = 'authenticator'
      authenticatorUri = url.toString()
      if (!opts.postgrestUrl) {
        const dir = privateDir('inspectready-rest-', serviceUser())
        runDir = dir
        cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
      }
    } else {
      postgres = await startEmbeddedPostgres(opts.dataDir)
      cleanups.push(() => postgres?.stop())
      db = await openDb(postgres.connection, 'embedded')
      cleanups.push(() => db?.close())
      await setupDatabase(db)
      authenticatorUri = postgres.authenticatorUri
      runDir = postgres.runDir
    }
    const databaseMs = Date.now() - t0
    const postgrest = opts.postgrestUrl
      ? await connectPostgrest(opts.postgrestUrl)
      : await startPostgrest(postgrestSettings(authenticatorUri, loadApiConfig(), opts.jwtExpirySeconds), runDir as string)
    // Stopped before the database, so it never logs a lost connection.
    cleanups.push(() => postgrest.stop())
    return {
      db,
      postgres,
      postgrest,
      label: postgres ? `embedded PostgreSQL ${postgres.version}` : 'PostgreSQL (DATABASE_URL)',
      databaseMs,
      restMs: Date.now() - t0 - databaseMs,
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}
