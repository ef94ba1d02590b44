/** Shared test helpers: supabase-js clients for Node, the mail catcher, a PostgreSQL 15 server in a temp dir. */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { startEmbeddedPostgres } from '../../supabase/local/cluster.ts'
import { type Db, openDb, type Queryable } from '../../supabase/local/db.ts'
import type { MailMessage } from '../../supabase/local/mail.ts'
import { initCluster, privateDir, runPostgres } from '../../supabase/local/postgres.ts'
import { freePort } from '../../supabase/local/postgrest.ts'
import { serviceUser } from '../../supabase/local/processes.ts'

export function memoryStorage() {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

/**
 * A client configured like the site's (PKCE, persisted session) but with in-memory storage for Node.
 * `headers` go with every request (e.g. X-Forwarded-For to pose as another client address).
 */
export function client(url: string, key: string, opts: { headers?: Record<string, string>; flowType?: 'pkce' | 'implicit' } = {}): SupabaseClient {
  return createClient(url, key, {
    auth: { flowType: opts.flowType ?? 'pkce', persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage: memoryStorage() },
    realtime: { transport: WebSocket as never },
    ...(opts.headers ? { global: { headers: opts.headers } } : {}),
  })
}

/** Every message the local mail catcher holds (the backend and browser tests both read it). */
export async function allMessages(mailUrl: string): Promise<MailMessage[]> {
  const res = await fetch(`${mailUrl}/api/messages`)
  return (await res.json()) as MailMessage[]
}

export async function messagesTo(mailUrl: string, email: string): Promise<MailMessage[]> {
  return (await allMessages(mailUrl)).filter((m) => m.to.includes(email))
}

export { freePort }

/**
 * Auth rate limits so high that suites sharing one server never meet them; tests/backend/accounts.test.ts
 * tests the limits themselves on a server of its own.
 */
export const GENEROUS_RATE_LIMITS = {
  tokenRefresh: 1_000_000,
  passwordPerEmail: 1_000_000,
  signInSignUps: 1_000_000,
  tokenVerifications: 1_000_000,
  emailSent: 1_000_000,
} as const

/** The same as environment variables for the CLI server (`npm run backend`, the e2e backend). */
export const GENEROUS_RATE_LIMIT_ENV = {
  RATE_LIMIT_TOKEN_REFRESH: '1000000',
  RATE_LIMIT_PASSWORD_PER_EMAIL: '1000000',
  RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000',
  RATE_LIMIT_TOKEN_VERIFICATIONS: '1000000',
  RATE_LIMIT_EMAIL_SENT: '1000000',
} as const

let counter = 0
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}@example-care.co.uk`

/**
 * Starts a throwaway PostgreSQL 15 server in a temp dir, listening on 127.0.0.1 on a free port, for the
 * DATABASE_URL tests: the npm package's binaries (as the embedded database uses), as another server would be.
 */
export async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = privateDir('ir-pg-', serviceUser())
  try {
    initCluster(join(dir, 'data'))
    const port = await freePort()
    const server = await runPostgres(join(dir, 'data'), dir, { durable: false, log: join(dir, 'log.txt'), tcpPort: port })
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop: async () => {
        try {
          await server.stop()
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      },
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

/**
 * A throwaway embedded PostgreSQL 15 (a copy of the migrated template cluster, on its unix socket), as the local
 * server's DATA_DIR=memory uses: every migration applied, no rows of any test before.
 */
export async function embeddedDatabase(): Promise<{ db: Db; stop: () => Promise<void> }> {
  const server = await startEmbeddedPostgres('memory')
  const db = await openDb(server.connection, 'embedded')
  return {
    db,
    stop: async () => {
      await db.close()
      await server.stop()
    },
  }
}

/**
 * Runs fn in one transaction as PostgREST would for a request: the role and the JWT claims set for that
 * transaction only (a signed-in user's claims when `sub` is given).
 */
export function asRole<T>(db: Db, role: string, sub: string | null, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const claims = sub ? { role, sub, app_metadata: { provider: 'email' } } : { role }
    await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [role, JSON.stringify(claims)])
    return fn(tx)
  })
}

/** The error a promise rejects with; fails the test when it resolves. */
export async function errorOf(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p
  } catch (e) {
    return e as { code: string; message: string }
  }
  throw new Error('expected an error')
}
