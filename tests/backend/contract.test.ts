/**
 * Contract tests: the real supabase-js (as the site uses it) against the local server on a throwaway embedded PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalSupabase, startLocalSupabase } from '../../supabase/local/index.ts'
import { functionNames } from '../../supabase/local/functions.ts'
import { signJwt } from '../../supabase/local/keys.ts'
import { client, GENEROUS_RATE_LIMITS, messagesTo, uniqueEmail } from './helpers.ts'

let server: LocalSupabase
const SITE = 'http://localhost:5173'

beforeAll(async () => {
  server = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', siteUrl: SITE, resendIntervalSeconds: 0, rateLimits: GENEROUS_RATE_LIMITS })
})
afterAll(async () => {
  await server?.stop()
})

const metadata = (over: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  company_name: 'Sunrise Care Ltd',
  phone_number: '07700 900123',
  staff_count: 12,
  requested_plan: 'bos',
  sector: 'care',
  signup_source: 'website',
  tenant_name: 'Sunrise Care Ltd',
  ...over,
})

/** Signs up with PKCE, follows the confirmation link and exchanges the code: a signed-in client. */
async function signUpConfirmed(email: string, data = metadata()) {
  const sb = client(server.url, server.anonKey)
  const { data: signUp, error } = await sb.auth.signUp({
    email,
    password: 'correct-horse-1',
    options: { emailRedirectTo: `${SITE}/auth?type=signup`, data },
  })
  expect(error).toBeNull()
  const [mail] = await messagesTo(server.mailUrl, email)
  const link = mail?.links.find((l) => l.includes('/auth/v1/verify')) as string
  const res = await fetch(link, { redirect: 'manual' })
  const location = new URL(res.headers.get('location') as string)
  const code = location.searchParams.get('code') as string
  const { data: exchanged, error: exchangeError } = await sb.auth.exchangeCodeForSession(code)
  expect(exchangeError).toBeNull()
  return { sb, user: signUp.user!, session: exchanged.session!, link }
}

describe('sign-up, confirmation mail, verify link and code exchange', () => {
  it('signs up with PKCE, mails a link that verifies and redirects with a code, and the code gives a session', async () => {
    const email = uniqueEmail('signup')
    const sb = client(server.url, server.anonKey)
    const { data, error } = await sb.auth.signUp({
      email,
      password: 'correct-horse-1',
      options: { emailRedirectTo: `${SITE}/auth?type=signup`, data: metadata() },
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect(data.session).toBeNull()
    // A new user has its e-mail identity (GoTrue sends an empty list only for an obfuscated existing user).
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['email'])

    const mails = await messagesTo(server.mailUrl, email)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(Object.keys(mail).sort()).toEqual(['created_at', 'from', 'html', 'id', 'links', 'subject', 'text', 'to'])
    expect(mail.subject).toMatch(/confirm/i)
    const link = mail.links.find((l) => l.includes('/auth/v1/verify'))!
    expect(link).toContain('type=signup')

    const res = await fetch(link, { redirect: 'manual' })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/auth`)
    expect(location.searchParams.get('type')).toBe('signup')
    const code = location.searchParams.get('code')!
    expect(code).toMatch(/^[0-9a-f-]{36}$/)

    const exchanged = await sb.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    const session = exchanged.data.session!
    expect(session.access_token.split('.')).toHaveLength(3)
    expect(session.refresh_token).toBeTruthy()
    expect(session.expires_in).toBe(3600)
    expect(session.user.email_confirmed_at).toBeTruthy()

    const { data: got } = await sb.auth.getSession()
    expect(got.session?.user.id).toBe(data.user!.id)
    const { data: fresh, error: userError } = await sb.auth.getUser()
    expect(userError).toBeNull()
    expect(fresh.user?.user_metadata.company_name).toBe('Sunrise Care Ltd')

    // The profile row was made by the trigger from the metadata; plan is free whatever was requested.
    const { data: row, error: rowError } = await sb.from('users').select('*').eq('id', data.user!.id).single()
    expect(rowError).toBeNull()
    expect(row).toMatchObject({
      first_name: 'Ada',
      company_name: 'Sunrise Care Ltd',
      staff_count: 12,
      sector: 'care',
      requested_plan: 'bos',
      plan: 'free',
      signup_source: 'website',
      signup_method: 'email',
      last_sso_provider: null,
    })

    // The same code cannot be exchanged twice.
    const again = await client(server.url, server.anonKey).auth.exchangeCodeForSession(code)
    expect(again.error).not.toBeNull()
  })

  it('redirects a used confirmation link with otp_expired like GoTrue', async () => {
    const { link } = await signUpConfirmed(uniqueEmail('reuse'))
    const res = await fetch(link, { redirect: 'manual' })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location')!)
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('error_code')).toBe('otp_expired')
    expect(location.searchParams.get('error_description')).toMatch(/invalid or has expired/)
    expect(location.searchParams.get('code')).toBeNull()
  })

  it('refuses a redirect_to outside the site and localhost, falling back to SITE_URL', async () => {
    const email = uniqueEmail('redirect')
    const sb = client(server.url, server.anonKey)
    await sb.auth.signUp({ email, password: 'correct-horse-1', options: { emailRedirectTo: 'https://evil.example/steal', data: metadata() } })
    const [mail] = await messagesTo(server.mailUrl, email)
    const res = await fetch(mail!.links[0]!, { redirect: 'manual' })
    expect(new URL(res.headers.get('location')!).origin).toBe(SITE)
  })

  it('answers an already confirmed e-mail with 422 user_already_exists "User already registered"', async () => {
    const email = uniqueEmail('dup')
    await signUpConfirmed(email)
    const { data, error } = await client(server.url, server.anonKey).auth.signUp({ email, password: 'another-pass-2' })
    expect(data.user).toBeNull()
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('user_already_exists')
    expect(error?.message).toBe('User already registered')
  })

  it('re-sends the confirmation for an unconfirmed e-mail signed up twice, and through resend', async () => {
    const email = uniqueEmail('twice')
    const sb = client(server.url, server.anonKey)
    const first = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: metadata() } })
    const second = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: metadata() } })
    expect(second.error).toBeNull()
    expect(second.data.user?.id).toBe(first.data.user?.id)
    const resent = await sb.auth.resend({ type: 'signup', email })
    expect(resent.error).toBeNull()
    expect(await messagesTo(server.mailUrl, email)).toHaveLength(3)
  })

  it('gives a PKCE resend its own flow: the resent link exchanges with the verifier of the browser that asked', async () => {
    const email = uniqueEmail('resend-pkce')
    await client(server.url, server.anonKey).auth.signUp({ email, password: 'correct-horse-1', options: { data: metadata() } })
    const other = client(server.url, server.anonKey)
    expect((await other.auth.resend({ type: 'signup', email })).error).toBeNull()
    const [latest] = await messagesTo(server.mailUrl, email)
    const res = await fetch(latest!.links[0]!, { redirect: 'manual' })
    const code = new URL(res.headers.get('location')!).searchParams.get('code')
    expect(code).toBeTruthy()
    const exchanged = await other.auth.exchangeCodeForSession(code!)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.session?.user.email).toBe(email)
  })

  it('refuses consumer e-mail domains in the database trigger and creates no user', async () => {
    const email = `someone-${Date.now()}@Gmail.com`
    const { data, error } = await client(server.url, server.anonKey).auth.signUp({ email, password: 'correct-horse-1' })
    expect(data.user).toBeNull()
    expect(error?.status).toBe(422)
    expect(error?.message).toMatch(/work email/)
    const rows = await server.db.query('select 1 from auth.users where lower(email) = lower($1)', [email])
    expect(rows.rows).toHaveLength(0)
  })

  it('rejects a short password as weak and a malformed e-mail', async () => {
    const sb = client(server.url, server.anonKey)
    const weak = await sb.auth.signUp({ email: uniqueEmail('weak'), password: '123456' })
    expect(weak.error?.code).toBe('weak_password')
    expect(weak.error?.name).toBe('AuthWeakPasswordError')
    const bad = await sb.auth.signUp({ email: 'not-an-email', password: 'correct-horse-1' })
    expect(bad.error?.status).toBe(400)
  })

  it('signs in with a password, refreshes, and signs out (the session is gone afterwards)', async () => {
    const email = uniqueEmail('password')
    await signUpConfirmed(email)
    const sb = client(server.url, server.anonKey)
    const wrong = await sb.auth.signInWithPassword({ email, password: 'wrong-password' })
    expect(wrong.error?.code).toBe('invalid_credentials')
    const { data, error } = await sb.auth.signInWithPassword({ email, password: 'correct-horse-1' })
    expect(error).toBeNull()
    const oldRefresh = data.session!.refresh_token
    const refreshed = await sb.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    expect(refreshed.data.session?.refresh_token).not.toBe(oldRefresh)
    // A rotated refresh token cannot be used again.
    const reused = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: oldRefresh }),
    })
    expect(reused.status).toBe(400)
    expect(((await reused.json()) as { code: string }).code).toBe('refresh_token_already_used')
    const token = refreshed.data.session!.access_token
    expect((await sb.auth.signOut()).error).toBeNull()
    const after = await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey, authorization: `Bearer ${token}` } })
    expect(after.status).toBe(403)
  })

  it('refuses password sign-in before the e-mail is confirmed', async () => {
    const email = uniqueEmail('unconfirmed')
    const sb = client(server.url, server.anonKey)
    await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: metadata() } })
    const { error } = await sb.auth.signInWithPassword({ email, password: 'correct-horse-1' })
    expect(error?.code).toBe('email_not_confirmed')
  })
})

describe('RPCs and the users table under RLS', () => {
  it('get_profile_completion_status: not required when company and staff were given, required otherwise', async () => {
    const { sb } = await signUpConfirmed(uniqueEmail('status'))
    const { data, error } = await sb.rpc('get_profile_completion_status')
    expect(error).toBeNull()
    expect(data).toEqual({ profile_completion_required: false, signup_method: 'email', last_sso_provider: null, onboarding_completed: false })
    const { sb: sb2 } = await signUpConfirmed(uniqueEmail('nostaff'), metadata({ staff_count: null }))
    const second = await sb2.rpc('get_profile_completion_status')
    expect(second.data.profile_completion_required).toBe(true)
  })

  it('update_self_profile_details validates and saves, then completion is no longer required', async () => {
    const { sb, user } = await signUpConfirmed(uniqueEmail('details'), metadata({ company_name: '', staff_count: null }))
    expect((await sb.rpc('get_profile_completion_status')).data.profile_completion_required).toBe(true)

    const short = await sb.rpc('update_self_profile_details', { p_company_name: '  a ', p_sector: 'Unassigned', p_staff_count: 5 })
    expect(short.error?.code).toBe('22023')
    expect(short.error?.message).toBe('Company name must be longer than 1 character')
    const zero = await sb.rpc('update_self_profile_details', { p_company_name: 'Acme Homes', p_sector: 'Unassigned', p_staff_count: 0 })
    expect(zero.error?.message).toBe('Number of staff must be greater than 0')
    const badSector = await sb.rpc('update_self_profile_details', { p_company_name: 'Acme Homes', p_sector: 'farming', p_staff_count: 3 })
    expect(badSector.error?.code).toBe('22023')

    const ok = await sb.rpc('update_self_profile_details', { p_company_name: '  Acme Homes ', p_sector: 'Unassigned', p_staff_count: 40 })
    expect(ok.error).toBeNull()
    const { data: row } = await sb.from('users').select('company_name,staff_count,sector,access_role,organisation_id').eq('id', user.id).single()
    expect(row).toMatchObject({ company_name: 'Acme Homes', staff_count: 40, sector: 'care', access_role: 'admin' })
    expect(row!.organisation_id).toBeTruthy()
    expect((await sb.rpc('get_profile_completion_status')).data.profile_completion_required).toBe(false)
  })

  it('anon can call neither RPC and reads no users', async () => {
    const anon = client(server.url, server.anonKey)
    const status = await anon.rpc('get_profile_completion_status')
    expect(status.error?.code).toBe('42501')
    const update = await anon.rpc('update_self_profile_details', { p_company_name: 'Acme', p_sector: 'Unassigned', p_staff_count: 1 })
    expect(update.error?.code).toBe('42501')
    const read = await anon.from('users').select('*')
    expect(read.error?.code).toBe('42501')
    expect(read.data).toBeNull()
  })

  it('a user updates the wizard fields of their own row (PATCH users?id=eq.<id>)', async () => {
    const { sb, user } = await signUpConfirmed(uniqueEmail('wizard'))
    const wizard = {
      phone_number: '07700 900456',
      country: 'uk',
      sector: 'education',
      life_skills_enabled: true,
      life_skills: ['communication', 'teamwork'],
      selected_regulators: ['ofsted'],
      selected_roles: ['manager', 'nurse'],
      selected_domains: ['compliance', 'safety'],
      policy_frequency: 'monthly',
      team_structure: { roles: ['manager', 'nurse'] },
      uploaded_documents: [],
      onboarding_completed_at: new Date().toISOString(),
    }
    const { error, status } = await sb.from('users').update(wizard).eq('id', user.id)
    expect(error).toBeNull()
    expect(status).toBe(204)
    const { data: row } = await sb.from('users').select('*').eq('id', user.id).single()
    expect(row).toMatchObject({ ...wizard, onboarding_completed_at: expect.any(String) })
    // The onboarding gate learns from the status RPC that the wizard was finished.
    expect((await sb.rpc('get_profile_completion_status')).data.onboarding_completed).toBe(true)
    const bad = await sb.from('users').update({ policy_frequency: 'hourly' }).eq('id', user.id)
    expect(bad.error?.code).toBe('23514')
    const badArray = await sb.from('users').update({ selected_regulators: ['fsa'] }).eq('id', user.id)
    expect(badArray.error?.code).toBe('23514')
  })

  it('a user cannot change plan, access_role, organisation_id or id, nor another user\'s row', async () => {
    const a = await signUpConfirmed(uniqueEmail('owner'))
    const b = await signUpConfirmed(uniqueEmail('other'))
    for (const patch of [{ plan: 'bos' }, { access_role: 'admin' }, { organisation_id: crypto.randomUUID() }, { id: crypto.randomUUID() }]) {
      const { error } = await a.sb.from('users').update(patch).eq('id', a.user.id)
      expect(error?.code, JSON.stringify(patch)).toBe('42501')
    }
    const other = await a.sb.from('users').update({ first_name: 'Mallory' }).eq('id', b.user.id).select()
    expect(other.error).toBeNull()
    expect(other.data).toEqual([])
    const readOther = await a.sb.from('users').select('*').eq('id', b.user.id)
    expect(readOther.data).toEqual([])
    const { data: bRow } = await b.sb.from('users').select('first_name,plan').eq('id', b.user.id).single()
    expect(bRow).toEqual({ first_name: 'Ada', plan: 'free' })
    const { data: aRow } = await a.sb.from('users').select('plan').eq('id', a.user.id).single()
    expect(aRow).toEqual({ plan: 'free' })
  })
})

describe('SSO through the local consent page', () => {
  it('creates an SSO user whose status asks for company details', async () => {
    const sb = client(server.url, server.anonKey)
    const { data } = await sb.auth.signInWithOAuth({
      provider: 'linkedin_oidc',
      options: { redirectTo: `${SITE}/onboarding`, skipBrowserRedirect: true },
    })
    const page = await fetch(data.url!)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Sign in with LinkedIn')
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? ''
    const email = uniqueEmail('sso')
    const form = new URLSearchParams({
      provider: field('provider'),
      redirect_to: field('redirect_to').replace(/&amp;/g, '&'),
      code_challenge: field('code_challenge'),
      code_challenge_method: field('code_challenge_method'),
      email,
      name: 'Grace Hopper',
    })
    const res = await fetch(`${server.url}/auth/v1/authorize`, { method: 'POST', body: form, redirect: 'manual' })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location')!)
    expect(location.pathname).toBe('/onboarding')
    const { data: exchanged, error } = await sb.auth.exchangeCodeForSession(location.searchParams.get('code')!)
    expect(error).toBeNull()
    expect(exchanged.user?.app_metadata.provider).toBe('linkedin_oidc')
    const status = await sb.rpc('get_profile_completion_status')
    expect(status.data).toEqual({ profile_completion_required: true, signup_method: 'sso', last_sso_provider: 'linkedin_oidc', onboarding_completed: false })
    const saved = await sb.rpc('update_self_profile_details', { p_company_name: 'Hopper Builders', p_sector: 'Unassigned', p_staff_count: 8 })
    expect(saved.error).toBeNull()
    expect((await sb.rpc('get_profile_completion_status')).data.profile_completion_required).toBe(false)
    const { data: row } = await sb.from('users').select('first_name,last_name,signup_source').eq('id', exchanged.user!.id).single()
    expect(row).toEqual({ first_name: 'Grace', last_name: 'Hopper', signup_source: 'linkedin_oidc' })
  })

  it('refuses an unknown provider with a 400 JSON error', async () => {
    const res = await fetch(`${server.url}/auth/v1/authorize?provider=myspace`)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toBe('validation_failed')
  })
})

describe('edge functions run on Deno, from their deployed entries', () => {
  it('answers every function from the Deno process that imported supabase/functions/<name>/index.ts', async () => {
    expect(server.functionsRuntime).toMatch(/^deno\/\d+\.\d+\.\d+$/)
    expect(functionNames()).toEqual(expect.arrayContaining(['complete-user-signup', 'send-contact']))
    // The scheduler's functions (send-review-reminders, sweep-orphan-files) refuse any caller but the service role or
    // the cron secret first, with their own 401; every other function refuses an empty JSON body with its own 400.
    const schedulerOnly = new Set(['send-review-reminders', 'sweep-orphan-files'])
    for (const name of functionNames()) {
      const res = await fetch(`${server.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.anonKey}`, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(res.headers.get('x-local-functions-runtime'), name).toBe(server.functionsRuntime)
      expect(res.status, name).toBe(schedulerOnly.has(name) ? 401 : 400)
      expect(await res.json(), name).toMatchObject({ success: false })
    }
  })
})

describe('edge function complete-user-signup', () => {
  it('sets up the organisation once, with plan free and the requested plan recorded', async () => {
    const email = uniqueEmail('setup')
    const sb = client(server.url, server.anonKey)
    const { data } = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: metadata() } })
    const userId = data.user!.id
    const payload = {
      userId,
      email,
      userData: {
        first_name: 'Ada', last_name: 'Lovelace', company: 'Sunrise Care Ltd', company_name: 'Sunrise Care Ltd',
        phone_number: '07700 900123', staff_count: 12, sector: 'care', plan: 'bos',
      },
    }
    const first = await sb.functions.invoke('complete-user-signup', { body: payload })
    expect(first.error).toBeNull()
    expect(first.data).toEqual({ success: true })
    const again = await sb.functions.invoke('complete-user-signup', { body: payload })
    expect(again.data).toEqual({ success: true })
    const orgs = await server.db.query<{ name: string; plan: string; n: number }>(
      `select o.name, o.plan, count(*) over () as n from public.organisations o where o.created_by = $1`,
      [userId],
    )
    expect(orgs.rows.map((r) => [r.name, r.plan, Number(r.n)])).toEqual([['Sunrise Care Ltd', 'free', 1]])
    const user = await server.db.query('select access_role, plan, requested_plan from public.users where id = $1', [userId])
    expect(user.rows[0]).toEqual({ access_role: 'admin', plan: 'free', requested_plan: 'bos' })
  })

  it('stays idempotent under 8 concurrent identical calls: one organisation', async () => {
    const email = uniqueEmail('concurrent-setup')
    const sb = client(server.url, server.anonKey)
    const { data } = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: metadata() } })
    const body = { userId: data.user!.id, email, userData: { company: 'Parallel Care', company_name: 'Parallel Care', staff_count: 3, sector: 'care', plan: 'free' } }
    const replies = await Promise.all(Array.from({ length: 8 }, () => sb.functions.invoke('complete-user-signup', { body })))
    expect(replies.map((r) => r.data)).toEqual(Array.from({ length: 8 }, () => ({ success: true })))
    const orgs = await server.db.query('select 1 from public.organisations where created_by = $1', [data.user!.id])
    expect(orgs.rows).toHaveLength(1)
  })

  it('accepts whatever the sign-up form accepts: a 1-character company and over-long fields (truncated)', async () => {
    const email = uniqueEmail('lenient')
    const sb = client(server.url, server.anonKey)
    const long = 'x'.repeat(300)
    const { data } = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: metadata({ company_name: 'A', phone_number: long }) } })
    const reply = await sb.functions.invoke('complete-user-signup', {
      body: { userId: data.user!.id, email, userData: { first_name: long, last_name: 'L', company: 'A', company_name: 'A', phone_number: long, staff_count: null, sector: 'housing', plan: 'free' } },
    })
    expect(reply.data).toEqual({ success: true })
    const row = await server.db.query<{ first_name: string; phone_number: string; company_name: string }>('select first_name, phone_number, company_name from public.users where id = $1', [data.user!.id])
    expect(row.rows[0]!.first_name).toHaveLength(100)
    expect(row.rows[0]!.phone_number).toHaveLength(40)
    expect(row.rows[0]!.company_name).toBe('A')
    const empty = await sb.functions.invoke('complete-user-signup', { body: { userId: data.user!.id, email, userData: { company: '  ' } } })
    expect(empty.response?.status).toBe(400)
  })

  it('rejects bad payloads, a wrong e-mail and an unknown user with 4xx {success:false, error}', async () => {
    const sb = client(server.url, server.anonKey)
    const bad = await sb.functions.invoke('complete-user-signup', { body: { userId: 'nope', email: 'x', userData: {} } })
    expect(bad.error).not.toBeNull()
    expect(bad.response?.status).toBe(400)
    expect(await bad.response!.json()).toMatchObject({ success: false, error: expect.stringContaining('userId') })

    const email = uniqueEmail('wrongmail')
    const { data } = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: metadata() } })
    const wrong = await fetch(`${server.url}/functions/v1/complete-user-signup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: data.user!.id, email: 'someone-else@example-care.co.uk', userData: { company: 'Acme Ltd' } }),
    })
    expect(wrong.status).toBe(404)
    expect(await wrong.json()).toEqual({ success: false, error: 'No user with this id and e-mail' })
    const orgs = await server.db.query('select 1 from public.organisations where created_by = $1', [data.user!.id])
    expect(orgs.rows).toHaveLength(0)

    const old = await sb.auth.signUp({ email: uniqueEmail('old'), password: 'correct-horse-1', options: { data: metadata() } })
    await server.db.query(`update auth.users set created_at = now() - interval '25 hours' where id = $1`, [old.data.user!.id])
    const late = await fetch(`${server.url}/functions/v1/complete-user-signup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: old.data.user!.id, email: old.data.user!.email, userData: { company: 'Acme Ltd' } }),
    })
    expect(late.status).toBe(410)
  })
})

describe('edge function send-contact', () => {
  const post = (body: unknown, ip: string, token = server.anonKey) =>
    fetch(`${server.url}/functions/v1/send-contact`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, apikey: server.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const referral = (over: Record<string, unknown> = {}) => ({
    name: 'Sam Carer',
    email: 'sam@sunrise-care.co.uk',
    message: 'Please talk to our manager about inspections.',
    to: 'hello@inspectready.co.uk',
    hpt: '',
    subject: 'Referral from Partner Programme Sam Carer',
    ...over,
  })

  it('stores the referral, delivers it to the mail catcher and replies success (via supabase-js)', async () => {
    const sb = client(server.url, server.anonKey)
    const message = `Referral ${Date.now()}`
    const { data, error } = await sb.functions.invoke('send-contact', { body: referral({ message, service: 'care-audit' }) })
    expect(error).toBeNull()
    expect(data).toEqual({ success: true })
    const mails = await messagesTo(server.mailUrl, 'referrals@inspectready.co.uk')
    const mail = mails.find((m) => m.text.includes(message))!
    expect(mail.subject).toBe('Referral from Partner Programme Sam Carer')
    expect(mail.text).toContain('From: Sam Carer <sam@sunrise-care.co.uk>')
    const row = await server.db.query<{ status: string; service: string; client_hash: string }>(
      'select status, service, client_hash from public.contact_referrals where message = $1',
      [message],
    )
    expect(row.rows[0]).toMatchObject({ status: 'delivered', service: 'care-audit' })
    expect(row.rows[0]!.client_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('retries an older undelivered outbox e-mail on a later call, exactly once', async () => {
    const tag = `retry-${Date.now()}`
    const ref = await server.db.query<{ id: string }>(
      `insert into public.contact_referrals (name, email, message, client_hash, status, created_at)
       values ('Old', 'old@acme.co.uk', $1, 'abcdef0123456789', 'failed', now() - interval '5 minutes') returning id`,
      [tag],
    )
    await server.db.query(
      `insert into public.mail_outbox (referral_id, to_address, from_address, subject, text_body, status, attempts, created_at)
       values ($1, 'referrals@inspectready.co.uk', 'no-reply@localhost', 'Retry me', $2, 'failed', 1, now() - interval '5 minutes')`,
      [ref.rows[0]!.id, tag],
    )
    await Promise.all([post(referral(), '10.6.0.1'), post(referral(), '10.6.0.2')])
    const mails = (await messagesTo(server.mailUrl, 'referrals@inspectready.co.uk')).filter((m) => m.text === tag)
    expect(mails).toHaveLength(1)
    const row = await server.db.query('select o.status, o.attempts, r.status as referral from public.mail_outbox o join public.contact_referrals r on r.id = o.referral_id where r.id = $1', [ref.rows[0]!.id])
    expect(row.rows[0]).toEqual({ status: 'sent', attempts: 2, referral: 'delivered' })
  })

  it('answers a filled honeypot with 200, stores it as spam and sends nothing', async () => {
    const message = `Spam ${Date.now()}`
    const res = await post(referral({ message, hpt: 'http://spam.example' }), '10.1.0.1')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true })
    const row = await server.db.query<{ status: string }>('select status from public.contact_referrals where message = $1', [message])
    expect(row.rows).toEqual([{ status: 'spam' }])
    const mails = await messagesTo(server.mailUrl, 'referrals@inspectready.co.uk')
    expect(mails.some((m) => m.text.includes(message))).toBe(false)
  })

  it('rejects missing or oversized fields and malformed JSON with 400', async () => {
    for (const body of [referral({ name: '' }), referral({ email: 'not-an-email' }), referral({ message: 'x'.repeat(5001) }), { name: 'a' }]) {
      const res = await post(body, '10.2.0.1')
      expect(res.status).toBe(400)
      const json = (await res.json()) as { success: boolean; error: string }
      expect(json.success).toBe(false)
      expect(json.error).toMatch(/Invalid referral/)
    }
    const res = await post('{"name": ', '10.2.0.1')
    expect(res.status).toBe(400)
  })

  it('limits a client to 5 referrals per 10 minutes (429 after), counted per client', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) statuses.push((await post(referral({ message: `rate ${i}` }), '10.3.0.1')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
    const limited = await post(referral(), '10.3.0.1')
    expect(await limited.json()).toMatchObject({ success: false, error: expect.stringMatching(/Too many/) })
    expect((await post(referral(), '10.3.0.2')).status).toBe(200)
  })

  it('counts the limit in one transaction: 10 concurrent referrals from one client store exactly 5', async () => {
    const tag = `burst-${Date.now()}`
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => post(referral({ message: `${tag} ${i}` }), '10.5.0.1').then((r) => r.status)))
    expect(statuses.filter((s) => s === 200)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(5)
    const rows = await server.db.query<{ n: number }>('select count(*)::int as n from public.contact_referrals where message like $1', [`${tag}%`])
    expect(rows.rows[0]?.n).toBe(5)
  })

  it('needs a valid JWT like hosted functions (verify_jwt) and 404s unknown functions', async () => {
    expect((await fetch(`${server.url}/functions/v1/send-contact`, { method: 'POST', body: '{}' })).status).toBe(401)
    const forged = await post(referral(), '10.4.0.1', `${server.anonKey.slice(0, -4)}AAAA`)
    expect(forged.status).toBe(401)
    const unknown = await fetch(`${server.url}/functions/v1/nope`, { method: 'POST', headers: { authorization: `Bearer ${server.anonKey}` } })
    expect(unknown.status).toBe(404)
    const get = await fetch(`${server.url}/functions/v1/send-contact`, { headers: { authorization: `Bearer ${server.anonKey}` } })
    expect(get.status).toBe(405)
  })
})

describe('bad input never crashes the server and gets a clear 4xx JSON error', () => {
  const json = async (res: Response) => ({ status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Record<string, unknown> })

  it('malformed JSON, unknown routes, wrong methods and bodies over 64 KB', async () => {
    const h = { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}`, 'content-type': 'application/json' }
    const malformed = await json(await fetch(`${server.url}/auth/v1/signup`, { method: 'POST', headers: h, body: '{"email":' }))
    expect(malformed).toMatchObject({ status: 400, body: { code: 'bad_json' } })
    const rpcMalformed = await json(await fetch(`${server.url}/rest/v1/rpc/get_profile_completion_status`, { method: 'POST', headers: h, body: '[' }))
    expect(rpcMalformed).toMatchObject({ status: 400, body: { code: 'PGRST102' } })
    expect((await json(await fetch(`${server.url}/nowhere`))).status).toBe(404)
    expect((await json(await fetch(`${server.url}/auth/v1/nowhere`))).status).toBe(404)
    const table = await json(await fetch(`${server.url}/rest/v1/no_such_table`, { headers: h }))
    // PostgREST 12.0.2 answers an unknown table with PostgreSQL's 42P01 (PGRST205 is 12.2's).
    expect(table).toMatchObject({ status: 404, body: { code: '42P01' } })
    // A DELETE filtered on a value that is not a uuid: PostgreSQL's 22P02, nothing deleted.
    const del = await json(await fetch(`${server.url}/rest/v1/users?id=eq.x`, { method: 'DELETE', headers: h }))
    expect(del).toMatchObject({ status: 400, body: { code: '22P02' } })
    // A method PostgREST has no meaning for on a function.
    const put = await json(await fetch(`${server.url}/rest/v1/rpc/get_profile_completion_status`, { method: 'PUT', headers: h, body: '{}' }))
    expect(put.status).toBe(405)
    const big = await json(
      await fetch(`${server.url}/rest/v1/rpc/get_profile_completion_status`, { method: 'POST', headers: h, body: JSON.stringify({ x: 'y'.repeat(70_000) }) }),
    )
    expect(big.status).toBe(413)
    const bigFn = await fetch(`${server.url}/functions/v1/send-contact`, { method: 'POST', headers: h, body: 'x'.repeat(70_000) })
    expect(bigFn.status).toBe(413)
    const badFilter = await json(await fetch(`${server.url}/rest/v1/users?id=zz.1`, { headers: h }))
    expect(badFilter).toMatchObject({ status: 400, body: { code: 'PGRST100' } })
    // Still serving.
    expect((await fetch(`${server.url}/auth/v1/settings`)).status).toBe(200)
  })

  it('missing, forged and expired tokens', async () => {
    const none = await json(await fetch(`${server.url}/rest/v1/users`))
    expect(none).toMatchObject({ status: 401, body: { message: 'No API key found in request' } })
    const forgedKey = `${server.anonKey.slice(0, -4)}AAAA`
    const forged = await json(await fetch(`${server.url}/rest/v1/users`, { headers: { apikey: forgedKey, authorization: `Bearer ${forgedKey}` } }))
    expect(forged).toMatchObject({ status: 401, body: { code: 'PGRST301' } })
    const expiredToken = await signJwt({ role: 'authenticated', sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) - 60 }, -60)
    const expired = await json(await fetch(`${server.url}/rest/v1/users`, { headers: { apikey: server.anonKey, authorization: `Bearer ${expiredToken}` } }))
    // PostgREST 12.0.2: PGRST301 with the message 'JWT expired' (12.2 gives it a code of its own, PGRST303).
    expect(expired).toMatchObject({ status: 401, body: { code: 'PGRST301', message: 'JWT expired' } })
    const user = await json(await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey, authorization: `Bearer ${forgedKey}` } }))
    expect(user).toMatchObject({ status: 403, body: { code: 'bad_jwt' } })
    const noUser = await json(await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey } }))
    expect(noUser).toMatchObject({ status: 401, body: { code: 'no_authorization' } })
  })

  it('keeps the service role able to read referrals while authenticated users cannot', async () => {
    const service = client(server.url, server.serviceRoleKey)
    const all = await service.from('contact_referrals').select('id,status')
    expect(all.error).toBeNull()
    expect(all.data!.length).toBeGreaterThan(0)
    const { sb } = await signUpConfirmed(uniqueEmail('nosy'))
    const denied = await sb.from('contact_referrals').select('*')
    expect(denied.error?.code).toBe('42501')
  })

  it('sends CORS headers for the site and localhost origins only', async () => {
    const pre = await fetch(`${server.url}/rest/v1/users`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:4173', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,apikey,content-type' },
    })
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:4173')
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/apikey/)
    const fn = await fetch(`${server.url}/functions/v1/send-contact`, {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,x-client-info,content-type,x-forwarded-for' },
    })
    expect(fn.status).toBe(204)
    expect(fn.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(fn.headers.get('access-control-allow-headers')).toMatch(/x-forwarded-for/)
    const evil = await fetch(`${server.url}/auth/v1/settings`, { headers: { origin: 'https://evil.example' } })
    expect(evil.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('mail catcher', () => {
  it('lists messages newest first, shows an HTML page and can be cleared', async () => {
    const sent = await fetch(`${server.mailUrl}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'a@b.co', to: ['c@d.co'], subject: 'Newest', text: 'see http://localhost:5173/x' }),
    })
    expect(sent.status).toBe(200)
    const list = (await (await fetch(`${server.mailUrl}/api/messages`)).json()) as { subject: string; links: string[]; created_at: string }[]
    expect(list[0]).toMatchObject({ subject: 'Newest', links: ['http://localhost:5173/x'] })
    expect(list.length).toBeGreaterThan(1)
    const page = await fetch(`${server.mailUrl}/`)
    expect(await page.text()).toContain('Newest')
    expect((await fetch(`${server.mailUrl}/api/messages`, { method: 'DELETE' })).status).toBe(204)
    expect(await (await fetch(`${server.mailUrl}/api/messages`)).json()).toEqual([])
  })
})

describe('framework reference data through the REST API', () => {
  it('a signed-in user reads items and scale points with filters and order; anon reads nothing; nobody writes', async () => {
    const { sb } = await signUpConfirmed(uniqueEmail('frameworks'))
    const items = await sb.from('framework_items').select('id, name, scale_id').eq('version_id', 'cqc-saf-2024').order('position')
    expect(items.error).toBeNull()
    expect(items.data).toHaveLength(34)
    expect(items.data?.filter((i) => i.id.startsWith('cqc-saf-2024/safe/'))).toHaveLength(8)
    const points = await sb.from('framework_scale_points').select('value, label, below_good').eq('scale_id', 'ofsted-safeguarding').order('score')
    expect(points.data).toEqual([
      { value: 'not-met', label: 'Not met', below_good: true },
      { value: 'met', label: 'Met', below_good: false },
    ])
    const anon = await client(server.url, server.anonKey).from('framework_items').select('id')
    expect(anon.error?.code).toBe('42501')
    const write = await sb.from('framework_scale_points').update({ label: 'Fine' }).eq('scale_id', 'cqc-score')
    expect(write.error?.code).toBe('42501')
  })
})
