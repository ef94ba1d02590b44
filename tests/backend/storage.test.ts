/**
 * Storage modes of the local server: the embedded PostgreSQL's data dir survives restarts (migrations run once),
 * one data dir cannot be opened twice, DATABASE_URL runs the same API (PostgREST included) on another PostgreSQL
 * server, AUTOCONFIRM gives a session.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalSupabase } from '../../supabase/local/index.ts'
import { MIGRATIONS_DIR } from '../../supabase/local/migrate.ts'
import { client, startPostgres, uniqueEmail } from './helpers.ts'

describe('embedded PostgreSQL data dir', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ir-data-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps users across a restart and applies each migration once; a second server on it is refused', async () => {
    const email = uniqueEmail('persist')
    const first = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: dir, autoconfirm: true })
    try {
      const { data, error } = await client(first.url, first.anonKey).auth.signUp({ email, password: 'correct-horse-1', options: { data: { company_name: 'Persist Ltd', staff_count: 3 } } })
      expect(error).toBeNull()
      expect(data.session?.access_token).toBeTruthy()
      await expect(startLocalSupabase({ port: 0, mailPort: 0, dataDir: dir })).rejects.toThrow(/in use/)
    } finally {
      await first.stop()
    }
    const second = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: dir })
    try {
      const { data, error } = await client(second.url, second.anonKey).auth.signInWithPassword({ email, password: 'correct-horse-1' })
      expect(error).toBeNull()
      expect(data.user?.email).toBe(email)
      const migrations = await second.db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations')
      expect(migrations.rows[0]?.n).toBe(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length)
    } finally {
      await second.stop()
    }
  }, 120_000)
})

describe("DATA_DIR 'memory'", () => {
  it('gives every start its own fresh, fully migrated database (template or not)', async () => {
    const a = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', autoconfirm: true })
    const b = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', autoconfirm: true })
    try {
      const email = uniqueEmail('isolated')
      const signed = await client(a.url, a.anonKey).auth.signUp({ email, password: 'correct-horse-1' })
      expect(signed.error).toBeNull()
      const inB = await b.db.query('select 1 from auth.users where email = $1', [email])
      expect(inB.rows).toHaveLength(0)
      const users = await b.db.query<{ n: number }>('select count(*)::int as n from auth.users')
      expect(users.rows[0]?.n).toBe(0)
      const migrations = await b.db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations')
      expect(migrations.rows[0]?.n).toBe(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  }, 120_000)
})

describe('DATABASE_URL (PostgreSQL 15)', () => {
  let pg: Awaited<ReturnType<typeof startPostgres>>
  beforeAll(async () => {
    pg = await startPostgres()
  })
  afterAll(() => pg?.stop())

  it('serves auth, rest and functions on PostgreSQL, twice on the same database', async () => {
    for (let round = 0; round < 2; round++) {
      const server = await startLocalSupabase({ port: 0, mailPort: 0, databaseUrl: pg.url, autoconfirm: true })
      try {
        const sb = client(server.url, server.anonKey)
        const email = uniqueEmail('pg')
        const { data, error } = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: { company_name: 'PG Care', staff_count: 4 } } })
        expect(error).toBeNull()
        const status = await sb.rpc('get_profile_completion_status')
        expect(status.data).toEqual({ profile_completion_required: false, signup_method: 'email', last_sso_provider: null, onboarding_completed: false })
        const update = await sb.from('users').update({ country: 'ca', selected_domains: ['quality'] }).eq('id', data.user!.id).select('country,selected_domains')
        expect(update.data).toEqual([{ country: 'ca', selected_domains: ['quality'] }])
        const denied = await sb.from('users').update({ plan: 'bos' }).eq('id', data.user!.id)
        expect(denied.error?.code).toBe('42501')
        const contact = await sb.functions.invoke('send-contact', { body: { name: 'P', email: 'p@pg-care.co.uk', message: 'hi', hpt: '' } })
        expect(contact.data).toEqual({ success: true })
      } finally {
        await server.stop()
      }
    }
  }, 120_000)
})
