/**
 * SQL and RLS tests, run on the embedded PostgreSQL 15 (a throwaway cluster from the template, on its unix socket)
 * and on a PostgreSQL 15 server started in a temp dir and reached by URL (the DATABASE_URL mode).
 * Each request-like block runs as PostgREST would: one transaction, set_config('role'), set_config('request.jwt.claims').
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSUMER_EMAIL_DOMAINS } from '../../src/domain/consumerDomains.ts'
import { COUNTRY_IDS, DOMAINS, FREQUENCIES, LIFE_SKILLS, REGULATORS, ROLES } from '../../src/domain/onboarding.ts'
import { SECTORS } from '../../src/domain/sectors.ts'
import { type Db, openDb, type Queryable } from '../../supabase/local/db.ts'
import { bootstrap, migrate } from '../../supabase/local/migrate.ts'
import { asRole, embeddedDatabase, errorOf, startPostgres } from './helpers.ts'

type Engine = { name: string; open: () => Promise<{ db: Db; stop: () => Promise<void> }> }

const engines: Engine[] = [
  { name: 'embedded PostgreSQL 15', open: embeddedDatabase },
  {
    name: 'PostgreSQL 15 by URL',
    open: async () => {
      const pg = await startPostgres()
      const db = await openDb(pg.url, 'postgres')
      return {
        db,
        stop: async () => {
          await db.close()
          await pg.stop()
        },
      }
    },
  },
]

for (const engine of engines) {
  describe(`schema, trigger, RLS and RPCs on ${engine.name}`, () => {
    let db: Db
    let stop: () => Promise<void>

    beforeAll(async () => {
      ;({ db, stop } = await engine.open())
      await bootstrap(db)
      await migrate(db)
    })
    afterAll(async () => {
      await stop?.()
    })

    const as = <T>(role: string, sub: string | null, fn: (tx: Queryable) => Promise<T>) => asRole(db, role, sub, fn)

    let n = 0
    async function newUser(meta: Record<string, unknown> = {}, appMeta: Record<string, unknown> = { provider: 'email' }) {
      const id = randomUUID()
      const email = `u${n++}-${id.slice(0, 8)}@acme-care.co.uk`
      await db.query(
        'insert into auth.users (id, email, raw_user_meta_data, raw_app_meta_data) values ($1, $2, $3::jsonb, $4::jsonb)',
        [id, email, JSON.stringify({ first_name: 'Ada', company_name: 'Acme Care', staff_count: '7', sector: 'care', requested_plan: 'bos', ...meta }), JSON.stringify(appMeta)],
      )
      return { id, email }
    }

    it('bootstrap and migrations are idempotent and recorded', async () => {
      await bootstrap(db)
      expect(await migrate(db)).toEqual([])
      const r = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')
      expect(r.rows.map((x) => x.version)).toContain('20261122000000')
    })

    it("the trigger's consumer domain list equals src/domain/consumerDomains.ts", async () => {
      const r = await db.query<{ d: string[] }>('select public.consumer_email_domains() as d')
      expect([...(r.rows[0]?.d ?? [])].sort()).toEqual([...CONSUMER_EMAIL_DOMAINS].sort())
    })

    it('creates the profile row from sign-up metadata, sanitising bad values', async () => {
      const { id } = await newUser({ staff_count: 'lots', sector: 'farming', requested_plan: 'gold', phone_number: ' 0161 ' })
      const r = await db.query('select first_name, company_name, staff_count, sector, requested_plan, plan, phone_number, signup_method, signup_source from public.users where id = $1', [id])
      expect(r.rows[0]).toEqual({
        first_name: 'Ada', company_name: 'Acme Care', staff_count: null, sector: null, requested_plan: null,
        plan: 'free', phone_number: '0161', signup_method: 'email', signup_source: 'website',
      })
      const sso = await newUser({ staff_count: undefined }, { provider: 'google', providers: ['google'] })
      const s = await db.query('select signup_method, last_sso_provider, signup_source from public.users where id = $1', [sso.id])
      expect(s.rows[0]).toEqual({ signup_method: 'sso', last_sso_provider: 'google', signup_source: 'google' })
      await db.query(`update auth.users set raw_app_meta_data = '{"provider":"apple"}' where id = $1`, [sso.id])
      const after = await db.query('select last_sso_provider from public.users where id = $1', [sso.id])
      expect(after.rows[0]).toEqual({ last_sso_provider: 'apple' })
    })

    it('refuses a consumer e-mail domain with a clear message, writing nothing', async () => {
      const id = randomUUID()
      const e = await errorOf(db.query('insert into auth.users (id, email) values ($1, $2)', [id, ' Someone@Proton.me']))
      expect(e.code).toBe('22023')
      expect(e.message).toMatch(/Please use your work email/)
      expect((await db.query('select 1 from auth.users where id = $1', [id])).rows).toHaveLength(0)
    })

    it('lets an OAuth account on a consumer domain in without a profile row (the onboarding gate signs it out)', async () => {
      const id = randomUUID()
      await db.query('insert into auth.users (id, email, raw_app_meta_data) values ($1, $2, $3::jsonb)', [
        id,
        'someone@gmail.com',
        JSON.stringify({ provider: 'google', providers: ['google'] }),
      ])
      expect((await db.query('select 1 from auth.users where id = $1', [id])).rows).toHaveLength(1)
      expect((await db.query('select 1 from public.users where id = $1', [id])).rows).toHaveLength(0)
      // The sign-up form's way in (provider email) is still refused.
      const e = await errorOf(
        db.query('insert into auth.users (id, email, raw_app_meta_data) values ($1, $2, $3::jsonb)', [randomUUID(), 'someone.else@gmail.com', '{"provider":"email"}']),
      )
      expect(e.code).toBe('22023')
    })

    it('CHECK constraints enforce the enumerations and staff_count >= 1', async () => {
      const { id } = await newUser()
      for (const [col, value] of [
        ['sector', "'farming'"], ['country', "'fr'"], ['policy_frequency', "'hourly'"], ['plan', "'gold'"],
        ['staff_count', '0'], ['life_skills', "array['juggling']"], ['selected_regulators', "array['fsa']"],
        ['selected_roles', "array['pilot']"], ['selected_domains', "array['finance']"], ['access_role', "'owner'"],
      ] as const) {
        const e = await errorOf(db.query(`update public.users set ${col} = ${value} where id = $1`, [id]))
        expect(e.code, col).toBe('23514')
      }
      await db.query(
        `update public.users set country = 'au', life_skills = array['leadership','adaptability'], selected_roles = array['therapist'], policy_frequency = 'daily' where id = $1`,
        [id],
      )
    })

    it("accepts every value of the site's enumerations (src/domain) through the user's own update", async () => {
      const u = await newUser()
      const patch = (sql: string, params: unknown[]) =>
        as('authenticated', u.id, (tx) => tx.query<{ id: string }>(`update public.users set ${sql} where id = $1 returning id`, [u.id, ...params]))
      const arrays = await patch('life_skills = $2, selected_regulators = $3, selected_roles = $4, selected_domains = $5, life_skills_enabled = true', [
        [...LIFE_SKILLS], [...REGULATORS], [...ROLES], [...DOMAINS],
      ])
      expect(arrays.rows).toHaveLength(1)
      for (const country of COUNTRY_IDS) expect((await patch('country = $2', [country])).rows).toHaveLength(1)
      for (const sector of SECTORS) expect((await patch('sector = $2', [sector])).rows).toHaveLength(1)
      for (const f of FREQUENCIES) expect((await patch('policy_frequency = $2', [f])).rows).toHaveLength(1)
    })

    it('RLS: a user reads and updates only their own row; anon reads nothing', async () => {
      const a = await newUser()
      const b = await newUser()
      const seen = await as('authenticated', a.id, (tx) => tx.query<{ id: string }>('select id from public.users'))
      expect(seen.rows.map((r) => r.id)).toEqual([a.id])
      const updated = await as('authenticated', a.id, (tx) =>
        tx.query<{ id: string }>("update public.users set first_name = 'Eve' where id in ($1, $2) returning id", [a.id, b.id]),
      )
      expect(updated.rows.map((r) => r.id)).toEqual([a.id])
      const bRow = await db.query('select first_name from public.users where id = $1', [b.id])
      expect(bRow.rows[0]).toEqual({ first_name: 'Ada' })
      expect((await errorOf(as('anon', null, (tx) => tx.query('select * from public.users')))).code).toBe('42501')
      expect((await errorOf(as('anon', null, (tx) => tx.query('select * from public.organisations')))).code).toBe('42501')
    })

    it('column grants stop a user changing id, plan, access_role or organisation_id', async () => {
      const a = await newUser()
      for (const set of [`id = '${randomUUID()}'`, "plan = 'bos'", "access_role = 'admin'", `organisation_id = '${randomUUID()}'`, "requested_plan = 'bos'", "signup_method = 'sso'"]) {
        const e = await errorOf(as('authenticated', a.id, (tx) => tx.query(`update public.users set ${set} where id = $1`, [a.id])))
        expect(e.code, set).toBe('42501')
      }
      const e = await errorOf(as('authenticated', a.id, (tx) => tx.query('delete from public.users where id = $1', [a.id])))
      expect(e.code).toBe('42501')
    })

    it('contact_referrals and the outbox are readable by the service role only', async () => {
      const a = await newUser()
      for (const table of ['contact_referrals', 'mail_outbox']) {
        expect((await errorOf(as('authenticated', a.id, (tx) => tx.query(`select * from public.${table}`)))).code).toBe('42501')
        expect((await errorOf(as('anon', null, (tx) => tx.query(`select * from public.${table}`)))).code).toBe('42501')
        const ok = await as('service_role', null, (tx) => tx.query(`select count(*)::int as n from public.${table}`))
        expect(ok.rows).toHaveLength(1)
      }
    })

    it('get_profile_completion_status reflects company name and staff count; anon may not call it', async () => {
      const full = await newUser()
      const r = await as('authenticated', full.id, (tx) => tx.query<{ s: unknown }>('select public.get_profile_completion_status() as s'))
      expect(r.rows[0]?.s).toEqual({ profile_completion_required: false, signup_method: 'email', last_sso_provider: null, onboarding_completed: false })
      const partial = await newUser({ company_name: null })
      const p = await as('authenticated', partial.id, (tx) => tx.query<{ s: { profile_completion_required: boolean } }>('select public.get_profile_completion_status() as s'))
      expect(p.rows[0]?.s.profile_completion_required).toBe(true)
      expect((await errorOf(as('anon', null, (tx) => tx.query('select public.get_profile_completion_status()')))).code).toBe('42501')
    })

    it('get_profile_completion_status: onboarding_completed follows onboarding_completed_at, false without a profile row', async () => {
      type Status = { s: { onboarding_completed: boolean; profile_completion_required: boolean; signup_method: string } }
      const status = (id: string) => as('authenticated', id, (tx) => tx.query<Status>('select public.get_profile_completion_status() as s')).then((r) => r.rows[0]?.s)
      const u = await newUser()
      expect((await status(u.id))?.onboarding_completed).toBe(false)
      // The user finishes the wizard through their own (RLS-checked) update, as the site does.
      await as('authenticated', u.id, (tx) => tx.query('update public.users set onboarding_completed_at = now() where id = $1', [u.id]))
      expect((await status(u.id))?.onboarding_completed).toBe(true)
      await as('authenticated', u.id, (tx) => tx.query('update public.users set onboarding_completed_at = null where id = $1', [u.id]))
      expect((await status(u.id))?.onboarding_completed).toBe(false)
      // No profile row (deleted by the service): the no-row branch answers false, completion required.
      const gone = await newUser()
      await db.query('delete from public.users where id = $1', [gone.id])
      expect(await status(gone.id)).toEqual({ profile_completion_required: true, signup_method: 'email', last_sso_provider: null, onboarding_completed: false })
      // Still not callable by anon; an authenticated user cannot read another user's flag (it is always their own).
      expect((await errorOf(as('anon', null, (tx) => tx.query('select public.get_profile_completion_status()')))).code).toBe('42501')
    })

    it('update_self_profile_details validates, keeps the sector for Unassigned and makes the caller admin of a new org', async () => {
      const u = await newUser({ company_name: null, staff_count: null })
      const call = (company: string | null, sector: string | null, staff: number | null) =>
        as('authenticated', u.id, (tx) => tx.query('select public.update_self_profile_details($1, $2, $3)', [company, sector, staff]))
      expect((await errorOf(call(' x ', 'Unassigned', 3))).message).toBe('Company name must be longer than 1 character')
      expect((await errorOf(call(null, 'Unassigned', 3))).code).toBe('22023')
      expect((await errorOf(call('Acme', 'Unassigned', 0))).message).toBe('Number of staff must be greater than 0')
      expect((await errorOf(call('Acme', 'Unassigned', null))).code).toBe('22023')
      expect((await errorOf(call('Acme', 'space', 2))).code).toBe('22023')
      await call('  Acme Homes  ', 'Unassigned', 9)
      await call('Acme Homes Ltd', 'Unassigned', 10)
      const r = await db.query<{ company_name: string; staff_count: number; sector: string; access_role: string; organisation_id: string }>(
        'select company_name, staff_count, sector, access_role, organisation_id from public.users where id = $1',
        [u.id],
      )
      expect(r.rows[0]).toMatchObject({ company_name: 'Acme Homes Ltd', staff_count: 10, sector: 'care', access_role: 'admin' })
      const orgs = await db.query('select name, staff_count, plan from public.organisations where created_by = $1', [u.id])
      expect(orgs.rows).toEqual([{ name: 'Acme Homes Ltd', staff_count: 10, plan: 'free' }])
      const mine = await as('authenticated', u.id, (tx) => tx.query('select name from public.organisations'))
      expect(mine.rows).toEqual([{ name: 'Acme Homes Ltd' }])
    })

    it('complete_user_signup: service role only, checks e-mail and age, idempotent, plan free', async () => {
      const u = await newUser()
      const data = JSON.stringify({ company_name: 'Acme Care', staff_count: 12, sector: 'housing', plan: 'bos' })
      const run = (email: string) =>
        as('service_role', null, (tx) => tx.query<{ r: Record<string, unknown> }>('select public.complete_user_signup($1, $2, $3::jsonb) as r', [u.id, email, data]))
      expect((await errorOf(as('authenticated', u.id, (tx) => tx.query('select public.complete_user_signup($1, $2, $3::jsonb)', [u.id, u.email, data])))).code).toBe('42501')
      expect((await run('other@acme-care.co.uk')).rows[0]?.r).toMatchObject({ success: false, status: 404 })
      expect((await run(u.email.toUpperCase())).rows[0]?.r).toMatchObject({ success: true })
      expect((await run(u.email)).rows[0]?.r).toMatchObject({ success: true, already_completed: true })
      const row = await db.query('select plan, requested_plan, access_role, sector, staff_count from public.users where id = $1', [u.id])
      expect(row.rows[0]).toEqual({ plan: 'free', requested_plan: 'bos', access_role: 'admin', sector: 'housing', staff_count: 12 })
      expect((await db.query('select 1 from public.organisations where created_by = $1', [u.id])).rows).toHaveLength(1)
      const old = await newUser()
      await db.query(`update auth.users set created_at = now() - interval '25 hours' where id = $1`, [old.id])
      const late = await as('service_role', null, (tx) => tx.query<{ r: Record<string, unknown> }>('select public.complete_user_signup($1, $2, $3::jsonb) as r', [old.id, old.email, data]))
      expect(late.rows[0]?.r).toMatchObject({ success: false, status: 410 })
    })

    it('submit_contact_referral stores referral and outbox together, rate-limits per client, spam has no outbox', async () => {
      const submit = (hash: string, spam = false) =>
        as('service_role', null, (tx) =>
          tx.query<{ r: { stored: boolean; limited: boolean; outbox_id: string | null } }>(
            'select public.submit_contact_referral($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 3, 600) as r',
            ['Sam', 'sam@acme.co.uk', 'Hello', 'hello@x.co.uk', 'Referral from website', null, hash, spam, 'referrals@x.co.uk', 'no-reply@x.co.uk'],
          ),
        )
      const hash = randomUUID().replace(/-/g, '')
      const results = [await submit(hash), await submit(hash, true), await submit(hash), await submit(hash)]
      expect(results.map((r) => r.rows[0]?.r.limited)).toEqual([false, false, false, true])
      expect(results[1]?.rows[0]?.r.outbox_id).toBeNull()
      const counts = await db.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from public.contact_referrals where client_hash = $1 group by status order by status',
        [hash],
      )
      expect(counts.rows).toEqual([{ status: 'received', n: 2 }, { status: 'spam', n: 1 }])
      const outbox = await db.query('select count(*)::int as n from public.mail_outbox o join public.contact_referrals r on r.id = o.referral_id where r.client_hash = $1', [hash])
      expect(outbox.rows[0]).toEqual({ n: 2 })
      expect((await errorOf(as('anon', null, (tx) => tx.query("select public.submit_contact_referral('a','b','c',null,null,null,'12345678',false,'x','y')")))).code).toBe('42501')
    })

    it('the trigger fires for a non-owner auth role (hosted inserts as supabase_auth_admin)', async () => {
      await db.exec(`
        do $$ begin
          if not exists (select 1 from pg_roles where rolname = 'test_auth_admin') then create role test_auth_admin nologin; end if;
        end $$;
        grant usage on schema auth to test_auth_admin;
        grant select, insert on auth.users to test_auth_admin;`)
      const id = randomUUID()
      await db.transaction(async (tx) => {
        await tx.query("select set_config('role', 'test_auth_admin', true)")
        await tx.query(`insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, '{"first_name":"Kim"}')`, [id, `kim-${id.slice(0, 8)}@acme-care.co.uk`])
      })
      const r = await db.query('select first_name from public.users where id = $1', [id])
      expect(r.rows).toEqual([{ first_name: 'Kim' }])
    })

    it('deleting an auth user cascades to the profile row', async () => {
      const u = await newUser()
      await db.query('delete from auth.users where id = $1', [u.id])
      expect((await db.query('select 1 from public.users where id = $1', [u.id])).rows).toHaveLength(0)
    })
  })
}
