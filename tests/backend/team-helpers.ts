/**
 * Helpers for the team and access-matrix tests: the database (the embedded PostgreSQL 15),
 * requests run as PostgREST runs them (one transaction, set_config('role') and the JWT claims), people and
 * organisations made directly in SQL, and a snapshot of every row a request could change.
 */
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect } from 'vitest'
import { ukToday } from '../../src/domain/actions'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { type LocalSupabase, type LocalSupabaseOptions, startLocalSupabase } from '../../supabase/local/index.ts'
import { errorOf as anyErrorOf, asRole, client, embeddedDatabase, GENEROUS_RATE_LIMITS, uniqueEmail } from './helpers.ts'

export type Engine = { name: string; open: () => Promise<{ db: Db; stop: () => Promise<void> }> }

/**
 * The database the team's rules are tested on: the embedded PostgreSQL 15 the local server runs (a throwaway copy
 * of the migrated template). A server reached by DATABASE_URL is the same PostgreSQL 15.18 binary; that storage
 * mode is covered by sql.test.ts and by the race for the last seat in team.http.test.ts, so the matrix is not run
 * twice on the same engine.
 */
export const ENGINES: Engine[] = [{ name: 'the embedded PostgreSQL 15', open: embeddedDatabase }]

export type ApiRole = 'anon' | 'authenticated' | 'service_role'

/** One request as PostgREST makes it (tests/backend/helpers.ts asRole), with the API roles spelled out. */
export const asCaller = <T>(db: Db, role: ApiRole, sub: string | null, fn: (tx: Queryable) => Promise<T>): Promise<T> => asRole(db, role, sub, fn)

/** A database error with the fields the team's refusals use: the SQLSTATE, the sentence, the reason and details. */
export interface SqlError {
  code: string
  message: string
  hint?: string
  detail?: string
}

export const errorOf = (p: Promise<unknown>): Promise<SqlError> => anyErrorOf(p)

/** Calls public.<fn>(args) as the caller; returns the jsonb result. */
export async function call<T = Record<string, unknown>>(db: Db, role: ApiRole, sub: string | null, fn: string, args: unknown[] = []): Promise<T> {
  const placeholders = args.map((_, i) => `$${i + 1}`).join(', ')
  const r = await asCaller(db, role, sub, (tx) => tx.query<{ r: T }>(`select public.${fn}(${placeholders}) as r`, args))
  return r.rows[0]?.r as T
}

let n = 0
export interface Person {
  id: string
  email: string
}

/** An auth user (confirmed unless said otherwise) with the profile row the sign-up trigger makes. */
export async function person(db: Db, opts: { email?: string; first?: string; confirmed?: boolean } = {}): Promise<Person> {
  const id = randomUUID()
  const email = opts.email ?? `p${n++}-${id.slice(0, 8)}@acme-care.co.uk`
  await db.query(
    `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
     values ($1, $2, case when $3 then now() end, $4::jsonb, '{"provider":"email"}')`,
    [id, email, opts.confirmed ?? true, JSON.stringify({ first_name: opts.first ?? 'Sam', last_name: 'Tester', company_name: 'Acme Care', staff_count: '5' })],
  )
  return { id, email }
}

/** A new organisation with its admin, as sign-up makes it. */
export async function organisation(db: Db, admin: Person, opts: { name?: string; plan?: 'free' | 'bos' } = {}): Promise<string> {
  const r = await db.query<{ id: string }>('select private.create_organisation_for($1, $2, null, 5) as id', [admin.id, opts.name ?? `Org ${n++}`])
  const id = r.rows[0]!.id
  if (opts.plan === 'bos') await db.query("update public.organisations set plan = 'bos' where id = $1", [id])
  return id
}

export async function addMember(db: Db, organisationId: string, who: Person, role: 'admin' | 'member' = 'member'): Promise<void> {
  await db.query('insert into public.memberships (organisation_id, user_id, role) values ($1, $2, $3)', [organisationId, who.id, role])
}

export const SITE = 'http://localhost:5173'
export const FROM = 'InspectReady (test) <no-reply@localhost>'

export interface Invited {
  invitation: { id: string; email: string; role: string; status: string; expires_at: string }
  mail: { id: string; to_address: string; subject: string; text_body: string; reply_to: string }
  token: string
}

/** invite_member as the invite-member function calls it (service role); the token read back from the e-mail. */
export async function invite(db: Db, actor: Person, email: string, role = 'member', maxPerHour = 1000, tx?: Queryable): Promise<Invited> {
  const sql = 'select public.invite_member($1, $2, $3, $4, $5, $6) as r'
  const params = [actor.id, email, role, SITE, FROM, maxPerHour]
  const r = tx
    ? await tx.query<{ r: Omit<Invited, 'token'> }>(sql, params)
    : await asCaller(db, 'service_role', null, (t) => t.query<{ r: Omit<Invited, 'token'> }>(sql, params))
  const result = r.rows[0]!.r
  return { ...result, token: tokenIn(result.mail.text_body) }
}

export function tokenIn(text: string): string {
  const token = /\/invite\?token=([0-9a-f]{64})/.exec(text)?.[1]
  if (!token) throw new Error(`no invitation link in: ${text}`)
  return token
}

/** Sessions with refresh tokens, as the auth server makes them (to see removal revoke them). */
export async function sessionFor(db: Db, who: Person): Promise<string> {
  const r = await db.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id', [who.id])
  const sid = r.rows[0]!.id
  await db.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [randomUUID(), who.id, sid])
  return sid
}

/** Every table a request could reach or change: each public table, the token hashes, the auth sessions and storage's rows. */
export async function snapshotTables(db: Queryable): Promise<string[]> {
  const r = await db.query<{ t: string }>(
    `select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'private') order by 1`,
  )
  return [...r.rows.map((x) => x.t), 'auth.users', 'auth.sessions', 'auth.refresh_tokens', 'storage.buckets', 'storage.objects']
}

/**
 * A fingerprint of those tables' contents, cheap enough to take around every request: per table, the number of
 * rows and the sum of a 64-bit hash of each row's text (so it does not depend on row order). Two equal
 * fingerprints mean the same rows (but for a hash collision); any insert, update or delete changes it.
 */
export async function fingerprint(db: Queryable, tables: string[]): Promise<string> {
  const parts = tables.map((t) => `'${t}=' || (select count(*) || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0) from ${t} x)`)
  const r = await db.query<{ f: string }>(`select concat_ws(' ', ${parts.join(', ')}) as f`)
  return r.rows[0]!.f
}

/** All rows of those tables as one canonical JSON text (rows sorted), read in one query. */
export async function snapshot(db: Queryable, tables: string[]): Promise<string> {
  const parts = tables.map((t) => `'${t}', (select coalesce(jsonb_agg(to_jsonb(x) order by to_jsonb(x)::text), '[]') from ${t} x)`)
  const r = await db.query<{ s: unknown }>(`select jsonb_build_object(${parts.join(', ')}) as s`)
  return JSON.stringify(r.rows[0]!.s)
}

/**
 * The database of one describe block: opened (a fresh copy of the migrated template) before its tests and stopped
 * after them, with the tables a request could change, and `refused`, which asserts a request was refused with this
 * SQLSTATE (and hint) and changed no row anywhere (fingerprints before and after).
 */
export function suiteDatabase(engine: Engine) {
  let stop: (() => Promise<void>) | undefined
  const sql = {
    db: undefined as unknown as Db,
    tables: [] as string[],
    async refused(request: () => Promise<unknown>, code: string, hint?: string): Promise<SqlError> {
      const before = await fingerprint(sql.db, sql.tables)
      const e = await errorOf(request())
      expect(e.code, e.message).toBe(code)
      if (hint) expect(e.hint, e.message).toBe(hint)
      expect(await fingerprint(sql.db, sql.tables)).toBe(before)
      return e
    },
  }
  beforeAll(async () => {
    ;({ db: sql.db, stop } = await engine.open())
    sql.tables = await snapshotTables(sql.db)
  })
  afterAll(async () => {
    await stop?.()
  })
  return sql
}

/**
 * The local server (the whole HTTP API on the embedded PostgreSQL, in memory, sign-ups confirmed at once) of one
 * describe block: started before its tests and stopped after them, with the tables a request could change.
 */
export function suiteServer(options: LocalSupabaseOptions = {}) {
  let started: LocalSupabase | undefined
  const local = {
    get server(): LocalSupabase {
      if (!started) throw new Error('the suite server has not started')
      return started
    },
    tables: [] as string[],
  }
  beforeAll(async () => {
    started = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', autoconfirm: true, rateLimits: GENEROUS_RATE_LIMITS, ...options })
    local.tables = await snapshotTables(started.db)
  })
  afterAll(async () => {
    await started?.stop()
  })
  return local
}

/** A person signed up through /auth/v1 of a suite server: their own supabase-js client, session token and organisation. */
export interface SignedUp {
  sb: SupabaseClient
  id: string
  email: string
  org: string
  token: string
}

/**
 * Signs `first` Tester up (a real session in a real supabase-js client) and puts them in `org` as a member, or, without
 * one, makes them the admin of a new organisation "<first> Care".
 */
export async function signedUp(server: LocalSupabase, first: string, org?: string): Promise<SignedUp> {
  const sb = client(server.url, server.anonKey)
  const { data, error } = await sb.auth.signUp({ email: uniqueEmail(first.toLowerCase()), password: 'correct-horse-1', options: { data: { first_name: first, last_name: 'Tester' } } })
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`)
  const who = { id: data.user!.id, email: data.user!.email! }
  if (org) await addMember(server.db, org, who)
  return { sb, ...who, org: org ?? (await organisation(server.db, who, { name: `${first} Care` })), token: data.session.access_token }
}

/** The UK calendar date `days` from today's (negative: before), as an action's due date is written. */
export function inUkDays(days: number): string {
  const d = new Date(`${ukToday(new Date())}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
