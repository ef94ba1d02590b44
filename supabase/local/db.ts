/**
 * This server's own database connections (the auth endpoints, migrations, tests): a node-postgres pool, on the
 * embedded PostgreSQL's unix socket or on the server DATABASE_URL names. PostgREST has its own pool.
 */
import pg from 'pg'

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** Several statements, no parameters. */
  exec(sql: string): Promise<void>
}

export interface Db extends Queryable {
  /** 'embedded': the PostgreSQL this server started; 'postgres': a server from DATABASE_URL. */
  readonly kind: 'embedded' | 'postgres'
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** A pool on a connection string or node-postgres settings (host may be a unix socket directory). */
export async function openDb(connection: string | pg.PoolConfig, kind: Db['kind']): Promise<Db> {
  const pool = new pg.Pool({ ...(typeof connection === 'string' ? { connectionString: connection } : connection), max: 10 })
  // An idle client's error (server restart) must not crash the process.
  pool.on('error', () => {})
  // Fail now, with the server's message, rather than on the first request.
  const probe = await pool.connect()
  probe.release()
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    query: async (sql, params) => ({ rows: (await c.query(sql, params as unknown[])).rows }),
    exec: async (sql) => {
      await c.query(sql)
    },
  })
  return {
    kind,
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
