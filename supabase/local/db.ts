/**
 * One small database interface over PGlite (embedded, default) and PostgreSQL (DATABASE_URL, through pg),
 * so the server, the migrations runner and the tests do not care which one runs.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import pg from 'pg'

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** Several statements, no parameters. */
  exec(sql: string): Promise<void>
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface OpenOptions {
  /** A directory for a persistent PGlite, or 'memory' for a fresh in-memory one. */
  dataDir?: string
  /** A PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string
  /** A PGlite data-dir dump (from dumpDataDir) to start from, for fast test start-up. */
  loadDataDir?: Blob
}

export async function openDb(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  return openPglite(options.dataDir ?? '.data', options.loadDataDir)
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Db & { pglite: PGlite }> {
  const memory = dataDir === 'memory'
  let unlock = () => {}
  if (!memory) {
    mkdirSync(dataDir, { recursive: true })
    unlock = lockDataDir(dataDir)
  }
  let db: PGlite
  try {
    db = await PGlite.create({
      ...(memory ? {} : { dataDir }),
      ...(loadDataDir ? { loadDataDir } : {}),
      extensions: { pgcrypto },
    })
  } catch (error) {
    unlock()
    throw error
  }
  return {
    kind: 'pglite',
    pglite: db,
    query: async (sql, params) => ({ rows: (await db.query(sql, params as unknown[])).rows as never }),
    exec: async (sql) => {
      await db.exec(sql)
    },
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: async (sql, params) => ({ rows: (await tx.query(sql, params as unknown[])).rows as never }),
          exec: async (sql) => {
            await tx.exec(sql)
          },
        }),
      ),
    close: async () => {
      await db.close()
      unlock()
    },
  }
}

/** PGlite is single-process: a second server on the same data dir would corrupt it, so refuse clearly. */
function lockDataDir(dataDir: string): () => void {
  const lock = join(dataDir, '.server.lock')
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8').trim())
    let alive = false
    try {
      process.kill(pid, 0)
      // A recycled pid of an unrelated program (after a crash) does not count.
      alive = !existsSync(`/proc/${pid}/cmdline`) || readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node')
    } catch {
      alive = false
    }
    if (alive) {
      throw new Error(`Data dir ${dataDir} is in use by process ${pid}; stop it, or set DATA_DIR to another directory (or 'memory')`)
    }
  }
  writeFileSync(lock, String(process.pid))
  return () => rmSync(lock, { force: true })
}

async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle client's error (server restart) must not crash the process.
  pool.on('error', () => {})
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    query: async (sql, params) => ({ rows: (await c.query(sql, params as unknown[])).rows }),
    exec: async (sql) => {
      await c.query(sql)
    },
  })
  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn(wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
