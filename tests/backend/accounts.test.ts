/**
 * Accounts that come back (issue 15): contract tests with the real supabase-js against the local server for
 * password sign-in, resend, password reset (PKCE link and token hash), password change, sign-out scopes,
 * redirect_to, the consent page's Cancel and GoTrue's rate limits. Refused requests are checked to change
 * nothing with a row-by-row snapshot of the auth tables, the profiles and the mail catcher.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CANCELLED_DESCRIPTION } from '../../supabase/local/auth/api.ts'
import { type LocalSupabase, type LocalSupabaseOptions, startLocalSupabase } from '../../supabase/local/index.ts'
import { client, GENEROUS_RATE_LIMITS, messagesTo, uniqueEmail } from './helpers.ts'

const SITE = 'http://localhost:5173'
const PASSWORD = 'correct-horse-1'
let server: LocalSupabase

beforeAll(async () => {
  // GoTrue's 60 s per-address mail rule stays on here (config.toml's max_frequency); the per-client limits are
  // lifted so these tests do not meet them, and are tested on servers of their own below.
  server = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', siteUrl: SITE, rateLimits: GENEROUS_RATE_LIMITS })
})
afterAll(async () => {
  await server?.stop()
})

const TABLES = ['auth.users', 'auth.identities', 'auth.sessions', 'auth.refresh_tokens', 'auth.flow_state', 'public.users']

/** Every row of the auth tables and the profiles, and every mail: what a refused request must leave alone. */
async function snapshot(s: LocalSupabase = server) {
  const out: Record<string, string[]> = {}
  for (const table of TABLES) {
    const r = await s.db.query<{ row: string }>(`select to_jsonb(t)::text as row from ${table} t order by t.id`)
    out[table] = r.rows.map((x) => x.row)
  }
  out.mail = s.mail.list().map((m) => m.id)
  return out
}

/** A supabase-js client posing as the client at `ip` (X-Forwarded-For, which the rate limits count by). */
function clientAt(s: LocalSupabase, ip: string, flowType: 'pkce' | 'implicit' = 'pkce'): SupabaseClient {
  return client(s.url, s.anonKey, { headers: { 'x-forwarded-for': ip }, flowType })
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString()) as {
  amr: { method: string }[]
  session_id: string
}

const verifyLinkIn = async (s: LocalSupabase, email: string, type: string) => {
  const [mail] = await messagesTo(s.mailUrl, email)
  const link = mail?.links.find((l) => l.includes('/auth/v1/verify') && l.includes(`type=${type}`))
  expect(link, `a ${type} link mailed to ${email}`).toBeTruthy()
  return { mail: mail!, link: link! }
}

const follow = async (link: string) => {
  const res = await fetch(link, { redirect: 'manual' })
  expect(res.status).toBe(303)
  return new URL(res.headers.get('location') as string)
}

async function signUpConfirmed(email: string, s: LocalSupabase = server) {
  const sb = client(s.url, s.anonKey)
  const { data, error } = await sb.auth.signUp({
    email,
    password: PASSWORD,
    options: { emailRedirectTo: `${SITE}/auth?type=signup`, data: { first_name: 'Ada', company_name: 'Sunrise Care Ltd', staff_count: 12 } },
  })
  expect(error).toBeNull()
  const { link } = await verifyLinkIn(s, email, 'signup')
  const code = (await follow(link)).searchParams.get('code') as string
  const exchanged = await sb.auth.exchangeCodeForSession(code)
  expect(exchanged.error).toBeNull()
  return { sb, user: data.user!, session: exchanged.data.session! }
}

/** An account made through the consent page: no password, only the provider's identity. */
async function ssoOnlyUser(email: string) {
  const form = new URLSearchParams({ provider: 'google', redirect_to: `${SITE}/onboarding`, email, name: 'Sso Only' })
  const res = await fetch(`${server.url}/auth/v1/authorize`, { method: 'POST', body: form, redirect: 'manual' })
  expect(res.status).toBe(303)
}

const rawToken = (s: LocalSupabase, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: s.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...headers },
    body: JSON.stringify(body),
  })

describe('returning sign-in with a password', () => {
  it('signs a confirmed user in from a new browser: a session whose amr says password', async () => {
    const email = uniqueEmail('returning')
    await signUpConfirmed(email)
    const sb = client(server.url, server.anonKey)
    const { data, error } = await sb.auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(claimsOf(data.session!.access_token).amr.map((a) => a.method)).toEqual(['password'])
    expect((await sb.auth.getUser()).data.user?.id).toBe(data.user?.id)
    // The amr stays 'password' across refreshes, as GoTrue keeps the session's AMR claims.
    const refreshed = await sb.auth.refreshSession()
    expect(claimsOf(refreshed.data.session!.access_token).amr.map((a) => a.method)).toEqual(['password'])
  })

  it('answers a wrong password, an unknown address, an empty password and an SSO-only account identically', async () => {
    const known = uniqueEmail('known')
    await signUpConfirmed(known)
    const sso = uniqueEmail('sso-only')
    await ssoOnlyUser(sso)
    const replies = []
    for (const body of [
      { email: known, password: 'wrong-password-1' },
      { email: uniqueEmail('nobody'), password: 'wrong-password-1' },
      { email: known, password: '' },
      { email: sso, password: 'any-password-1' },
    ]) {
      const res = await rawToken(server, body)
      replies.push({ status: res.status, type: res.headers.get('content-type'), code: res.headers.get('x-sb-error-code'), body: await res.text() })
    }
    expect(replies[0]).toEqual({ status: 400, type: 'application/json', code: 'invalid_credentials', body: '{"code":"invalid_credentials","message":"Invalid login credentials"}' })
    for (const r of replies) expect(r).toEqual(replies[0])

    // What the site sees through supabase-js.
    const { data, error } = await client(server.url, server.anonKey).auth.signInWithPassword({ email: known, password: 'wrong-password-1' })
    expect(data.session).toBeNull()
    expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
  })

  it('says email_not_confirmed only once the password matched; resend waits 60 s per address, then mails a working link', async () => {
    const email = uniqueEmail('unconfirmed')
    const sb = client(server.url, server.anonKey)
    await sb.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${SITE}/auth?type=signup` } })
    const wrong = await sb.auth.signInWithPassword({ email, password: 'wrong-password-1' })
    expect(wrong.error?.code).toBe('invalid_credentials')
    const right = await sb.auth.signInWithPassword({ email, password: PASSWORD })
    expect(right.error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' })

    // The confirmation mail just went out: GoTrue's max_frequency rule, with the seconds left in the message.
    const before = await snapshot()
    const tooSoon = await sb.auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${SITE}/auth?type=signup` } })
    expect(tooSoon.error).toMatchObject({ name: 'AuthApiError', status: 429, code: 'over_email_send_rate_limit' })
    expect(tooSoon.error?.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/)
    expect(await snapshot()).toEqual(before)

    // A minute later (the clock moved by editing the sent time) the resend works and its link confirms.
    await server.db.query(`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1`, [email])
    const resent = await sb.auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${SITE}/auth?type=signup` } })
    expect(resent).toEqual({ data: { user: null, session: null }, error: null })
    expect(await messagesTo(server.mailUrl, email)).toHaveLength(2)
    const { link } = await verifyLinkIn(server, email, 'signup')
    const exchanged = await sb.auth.exchangeCodeForSession((await follow(link)).searchParams.get('code') as string)
    expect(exchanged.error).toBeNull()
    expect(claimsOf(exchanged.data.session!.access_token).amr.map((a) => a.method)).toEqual(['email/signup'])
    const signedIn = await client(server.url, server.anonKey).auth.signInWithPassword({ email, password: PASSWORD })
    expect(signedIn.error).toBeNull()
  })

  it('resend for an unknown or a confirmed address: the same empty reply and no mail', async () => {
    const confirmed = uniqueEmail('resend-confirmed')
    await signUpConfirmed(confirmed)
    const sb = client(server.url, server.anonKey)
    for (const email of [confirmed, uniqueEmail('resend-nobody')]) {
      const mails = (await messagesTo(server.mailUrl, email)).length
      expect(await sb.auth.resend({ type: 'signup', email })).toEqual({ data: { user: null, session: null }, error: null })
      expect(await messagesTo(server.mailUrl, email)).toHaveLength(mails)
    }
  })
})

describe('password reset', () => {
  it('PKCE end to end: mail, link, code exchange, new password; the old one and every other session are refused', async () => {
    const email = uniqueEmail('reset')
    const first = await signUpConfirmed(email) // "another device", signed in since sign-up
    const second = client(server.url, server.anonKey)
    expect((await second.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
    const otherRefresh = [first.session.refresh_token, (await second.auth.getSession()).data.session!.refresh_token]
    const otherAccess = (await second.auth.getSession()).data.session!.access_token

    // The browser that forgot the password asks for a link.
    const browser = client(server.url, server.anonKey)
    const events: string[] = []
    browser.auth.onAuthStateChange((event) => void events.push(event))
    const asked = await browser.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth?type=recovery` })
    expect(asked).toEqual({ data: {}, error: null })

    const { mail, link } = await verifyLinkIn(server, email, 'recovery')
    expect(mail.subject).toBe('Reset your password')
    expect(mail.from).toContain('InspectReady')
    expect(mail.text).toContain(email)
    expect(mail.text).toContain('expires in 1 hour')
    expect(mail.html).toContain('Choose a new password')
    const linkUrl = new URL(link)
    expect(linkUrl.pathname).toBe('/auth/v1/verify')
    expect(linkUrl.searchParams.get('token')).toMatch(/^pkce_/)
    expect(linkUrl.searchParams.get('redirect_to')).toBe(`${SITE}/auth?type=recovery`)

    // The link redirects to the page with ?code= (PKCE), keeping the page's own query.
    const arrived = await follow(link)
    expect(`${arrived.origin}${arrived.pathname}`).toBe(`${SITE}/auth`)
    expect(arrived.searchParams.get('type')).toBe('recovery')
    const code = arrived.searchParams.get('code') as string
    expect(code).toMatch(/^[0-9a-f-]{36}$/)
    expect(arrived.hash).toBe('')

    const exchanged = await browser.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    // supabase-js marks the exchange as a recovery (its stored verifier ends in '/recovery').
    expect((exchanged.data as { redirectType?: string | null }).redirectType).toBe('recovery')
    expect(events).toContain('PASSWORD_RECOVERY')
    expect(claimsOf(exchanged.data.session!.access_token).amr.map((a) => a.method)).toEqual(['recovery'])

    // Choosing the new password.
    const updated = await browser.auth.updateUser({ password: 'new-horse-battery-2' })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.email).toBe(email)

    const old = await client(server.url, server.anonKey).auth.signInWithPassword({ email, password: PASSWORD })
    expect(old.error?.code).toBe('invalid_credentials')
    const fresh = await client(server.url, server.anonKey).auth.signInWithPassword({ email, password: 'new-horse-battery-2' })
    expect(fresh.error).toBeNull()

    // Every other session is gone with its refresh tokens (GoTrue's UpdatePassword: all sessions but this one).
    for (const refresh_token of otherRefresh) {
      const r = await client(server.url, server.anonKey).auth.refreshSession({ refresh_token })
      expect(r.error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'refresh_token_not_found' })
    }
    const stale = await second.auth.getUser(otherAccess)
    expect(stale.error?.name).toBe('AuthSessionMissingError') // /user answered 403 session_not_found
    // The browser that reset stays signed in and can refresh.
    expect((await browser.auth.getUser()).error).toBeNull()
    expect((await browser.auth.refreshSession()).error).toBeNull()

    // The link works once.
    const replay = await follow(link)
    expect(replay.searchParams.get('code')).toBeNull()
    expect(replay.searchParams.get('error_code')).toBe('otp_expired')
  })

  it('answers 200 {} whether or not the address has an account, mailing only an existing one', async () => {
    const known = uniqueEmail('reset-known')
    await signUpConfirmed(known)
    const unknown = uniqueEmail('reset-unknown')
    const replies = []
    for (const email of [known, unknown]) {
      const res = await fetch(`${server.url}/auth/v1/recover?redirect_to=${encodeURIComponent(`${SITE}/auth`)}`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email }),
      })
      replies.push({ status: res.status, body: await res.text(), type: res.headers.get('content-type') })
    }
    expect(replies).toEqual([
      { status: 200, body: '{}', type: 'application/json' },
      { status: 200, body: '{}', type: 'application/json' },
    ])
    expect((await messagesTo(server.mailUrl, known)).filter((m) => m.subject === 'Reset your password')).toHaveLength(1)
    expect(await messagesTo(server.mailUrl, unknown)).toEqual([])
  })

  it('within 60 s of a reset mail, a second request for that account is a 429 (as GoTrue), an unknown address still 200', async () => {
    const email = uniqueEmail('reset-twice')
    await signUpConfirmed(email)
    const sb = client(server.url, server.anonKey)
    expect((await sb.auth.resetPasswordForEmail(email)).error).toBeNull()
    const before = await snapshot()
    const again = await sb.auth.resetPasswordForEmail(email)
    expect(again.error).toMatchObject({ name: 'AuthApiError', status: 429, code: 'over_email_send_rate_limit' })
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/)
    expect(await snapshot()).toEqual(before)
    expect((await sb.auth.resetPasswordForEmail(uniqueEmail('reset-twice-nobody'))).error).toBeNull()
  })

  it('token hash (verifyOtp): a session directly; the hash and the link then refuse', async () => {
    const email = uniqueEmail('reset-hash')
    await signUpConfirmed(email)
    await client(server.url, server.anonKey).auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth` })
    const { link } = await verifyLinkIn(server, email, 'recovery')
    const tokenHash = new URL(link).searchParams.get('token') as string

    const sb = client(server.url, server.anonKey)
    const verified = await sb.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe(email)
    expect(claimsOf(verified.data.session!.access_token).amr.map((a) => a.method)).toEqual(['otp'])
    expect((await sb.auth.updateUser({ password: 'hash-horse-battery-3' })).error).toBeNull()
    expect((await client(server.url, server.anonKey).auth.signInWithPassword({ email, password: 'hash-horse-battery-3' })).error).toBeNull()

    const before = await snapshot()
    const again = await client(server.url, server.anonKey).auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' })
    expect(again.error).toMatchObject({ name: 'AuthApiError', status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' })
    const replay = await follow(link)
    expect(replay.searchParams.get('error_code')).toBe('otp_expired')
    expect(await snapshot()).toEqual(before)
  })

  it('implicit flow: the link redirects with the session in the fragment and type=recovery', async () => {
    const email = uniqueEmail('reset-implicit')
    await signUpConfirmed(email)
    const implicit = clientAt(server, '10.40.0.1', 'implicit')
    expect((await implicit.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth` })).error).toBeNull()
    const { link } = await verifyLinkIn(server, email, 'recovery')
    expect(new URL(link).searchParams.get('token')).not.toMatch(/^pkce_/)
    const arrived = await follow(link)
    expect(arrived.search).toBe('')
    const fragment = new URLSearchParams(arrived.hash.slice(1))
    expect(fragment.get('type')).toBe('recovery')
    expect(fragment.get('token_type')).toBe('bearer')
    expect(claimsOf(fragment.get('access_token') as string).amr.map((a) => a.method)).toEqual(['otp'])
    const set = await implicit.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! })
    expect(set.data.user?.email).toBe(email)
  })

  it('an expired link (past otp_expiry, 1 hour) and an unknown one redirect with otp_expired in query and fragment, writing nothing', async () => {
    const email = uniqueEmail('reset-expired')
    await signUpConfirmed(email)
    await client(server.url, server.anonKey).auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth?type=recovery` })
    const { link } = await verifyLinkIn(server, email, 'recovery')
    await server.db.query(`update auth.users set recovery_sent_at = now() - interval '3601 seconds' where email = $1`, [email])
    const unknown = new URL(link)
    unknown.searchParams.set('token', `pkce_${'A'.repeat(32)}`)
    for (const l of [link, unknown.toString()]) {
      const before = await snapshot()
      const arrived = await follow(l)
      expect(`${arrived.origin}${arrived.pathname}`).toBe(`${SITE}/auth`)
      expect(Object.fromEntries(arrived.searchParams)).toEqual({
        type: 'recovery',
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      })
      expect(Object.fromEntries(new URLSearchParams(arrived.hash.slice(1)))).toEqual({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
        sb: '',
      })
      expect(await snapshot()).toEqual(before)
    }
  })

  it('a password change voids a reset link still pending; a reset confirms an unconfirmed address', async () => {
    const email = uniqueEmail('reset-void')
    const { sb } = await signUpConfirmed(email)
    await client(server.url, server.anonKey).auth.resetPasswordForEmail(email)
    const { link } = await verifyLinkIn(server, email, 'recovery')
    expect((await sb.auth.updateUser({ password: 'changed-in-between-4' })).error).toBeNull()
    expect((await follow(link)).searchParams.get('error_code')).toBe('otp_expired')

    const pending = uniqueEmail('reset-unconfirmed')
    await client(server.url, server.anonKey).auth.signUp({ email: pending, password: PASSWORD })
    const browser = client(server.url, server.anonKey)
    await browser.auth.resetPasswordForEmail(pending)
    const reset = await verifyLinkIn(server, pending, 'recovery')
    const exchanged = await browser.auth.exchangeCodeForSession((await follow(reset.link)).searchParams.get('code') as string)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy()
  })

  it('lets an SSO-only account set a first password through a reset, which then signs in', async () => {
    const email = uniqueEmail('reset-sso')
    await ssoOnlyUser(email)
    const browser = client(server.url, server.anonKey)
    await browser.auth.resetPasswordForEmail(email)
    const { link } = await verifyLinkIn(server, email, 'recovery')
    expect((await browser.auth.exchangeCodeForSession((await follow(link)).searchParams.get('code') as string)).error).toBeNull()
    const updated = await browser.auth.updateUser({ password: 'first-password-5' })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'google'])
    expect(updated.data.user?.app_metadata.provider).toBe('google')
    expect((await client(server.url, server.anonKey).auth.signInWithPassword({ email, password: 'first-password-5' })).error).toBeNull()
  })
})

describe('updateUser: password rules and metadata', () => {
  it("refuses the current password, a short one and an over-long one with GoTrue's codes, changing nothing", async () => {
    const email = uniqueEmail('rules')
    const { sb } = await signUpConfirmed(email)
    const before = await snapshot()
    const same = await sb.auth.updateUser({ password: PASSWORD })
    expect(same.error).toMatchObject({ name: 'AuthApiError', status: 422, code: 'same_password', message: 'New password should be different from the old password.' })
    const short = await sb.auth.updateUser({ password: 'abc123' })
    expect(short.error).toMatchObject({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', message: 'Password should be at least 7 characters.' })
    expect((short.error as unknown as { reasons: string[] }).reasons).toEqual(['length'])
    const long = await sb.auth.updateUser({ password: 'x'.repeat(73) })
    expect(long.error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'validation_failed', message: 'Password cannot be longer than 72 characters' })
    expect(await snapshot()).toEqual(before)
    expect((await client(server.url, server.anonKey).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
  })

  it('merges metadata (a null removes a key) without touching the password or other sessions', async () => {
    const email = uniqueEmail('meta')
    const { sb, session } = await signUpConfirmed(email)
    const other = client(server.url, server.anonKey)
    await other.auth.signInWithPassword({ email, password: PASSWORD })
    const { data, error } = await sb.auth.updateUser({ data: { job_title: 'Manager', company_name: null } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ first_name: 'Ada', job_title: 'Manager' })
    expect(data.user?.user_metadata).not.toHaveProperty('company_name')
    expect((await other.auth.refreshSession()).error).toBeNull()
    expect(session.refresh_token).toBeTruthy()
    const appMeta = await fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: server.anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app_metadata: { provider: 'admin' } }),
    })
    expect(appMeta.status).toBe(403)
    expect(await appMeta.json()).toEqual({ code: 'not_admin', message: 'Updating app_metadata requires admin privileges' })
  })
})

describe('sign-out scopes', () => {
  async function threeSessions() {
    const email = uniqueEmail('scopes')
    const a = await signUpConfirmed(email)
    const b = client(server.url, server.anonKey)
    const c = client(server.url, server.anonKey)
    await b.auth.signInWithPassword({ email, password: PASSWORD })
    await c.auth.signInWithPassword({ email, password: PASSWORD })
    const refreshOf = async (sb: SupabaseClient) => (await sb.auth.getSession()).data.session!.refresh_token
    return { email, a: a.sb, b, c, refresh: { a: await refreshOf(a.sb), b: await refreshOf(b), c: await refreshOf(c) } }
  }
  const refused = async (refresh_token: string) => {
    const r = await client(server.url, server.anonKey).auth.refreshSession({ refresh_token })
    expect(r.error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' })
  }

  it("others: every other session's refresh token is refused, this one keeps working", async () => {
    const { a, refresh } = await threeSessions()
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull()
    await refused(refresh.b)
    await refused(refresh.c)
    expect((await a.auth.getSession()).data.session).not.toBeNull()
    expect((await a.auth.refreshSession()).error).toBeNull()
  })

  it('local: this session only; its storage is cleared and its refresh token refused, the others keep working', async () => {
    const { a, b, c, refresh } = await threeSessions()
    const access = (await a.auth.getSession()).data.session!.access_token
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect((await a.auth.getSession()).data.session).toBeNull()
    await refused(refresh.a)
    const user = await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey, authorization: `Bearer ${access}` } })
    expect(user.status).toBe(403)
    expect(await user.json()).toEqual({ code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' })
    expect((await b.auth.refreshSession()).error).toBeNull()
    expect((await c.auth.refreshSession()).error).toBeNull()
  })

  it('global (the default): every session of the user', async () => {
    const { b, refresh } = await threeSessions()
    expect((await b.auth.signOut()).error).toBeNull()
    expect((await b.auth.getSession()).data.session).toBeNull()
    for (const token of Object.values(refresh)) await refused(token)
  })

  it('an unknown scope is a 400 and signs nothing out', async () => {
    const { a, refresh } = await threeSessions()
    const access = (await a.auth.getSession()).data.session!.access_token
    const res = await fetch(`${server.url}/auth/v1/logout?scope=everyone`, { method: 'POST', headers: { apikey: server.anonKey, authorization: `Bearer ${access}` } })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'validation_failed', message: 'Unsupported logout scope "everyone"' })
    expect((await client(server.url, server.anonKey).auth.refreshSession({ refresh_token: refresh.b })).error).toBeNull()
  })
})

describe('redirect_to: only the site and config.toml additional_redirect_urls', () => {
  const FORGED = [
    'https://evil.example/auth',
    '//evil.example/auth',
    'http://127.0.0.1.evil.example/auth',
    'http://localhost:5173@evil.example/auth',
    'http://evil.example\\@localhost:5173/auth',
    'http://localhost:5173.evil.example/auth',
    'http://localhost:51730/auth',
    'https://localhost:5173/auth',
  ]

  it('a forged redirect_to on a reset request: the mailed link and the redirect use the site URL', async () => {
    for (const forged of FORGED) {
      const email = uniqueEmail('forged')
      await signUpConfirmed(email)
      const browser = client(server.url, server.anonKey)
      expect((await browser.auth.resetPasswordForEmail(email, { redirectTo: forged })).error).toBeNull()
      const { link } = await verifyLinkIn(server, email, 'recovery')
      expect(new URL(link).searchParams.get('redirect_to'), forged).toBe(SITE)
      const arrived = await follow(link)
      expect(arrived.origin, forged).toBe(SITE)
      expect(arrived.searchParams.get('code'), forged).toBeTruthy()
    }
  })

  it('a forged redirect_to on a link itself, on sign-up and on the consent page falls back to the site', async () => {
    for (const forged of FORGED) {
      const arrived = await follow(`${server.url}/auth/v1/verify?token=pkce_unknown&type=recovery&redirect_to=${encodeURIComponent(forged)}`)
      expect(arrived.origin, forged).toBe(SITE)
      expect(arrived.searchParams.get('error_code')).toBe('otp_expired')
      const page = await (await fetch(`${server.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(forged)}`)).text()
      expect(page, forged).toContain(`name="redirect_to" value="${SITE}"`)
    }
    const email = uniqueEmail('forged-signup')
    await client(server.url, server.anonKey).auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example/x' } })
    expect(new URL((await verifyLinkIn(server, email, 'signup')).link).searchParams.get('redirect_to')).toBe(SITE)
  })

  it('an allowed URL is kept; without redirect_to, an allowed Referer is used (GoTrue), a foreign one is not', async () => {
    const allowed = 'http://127.0.0.1:5173/auth?type=recovery'
    const arrived = await follow(`${server.url}/auth/v1/verify?token=pkce_unknown&type=recovery&redirect_to=${encodeURIComponent(allowed)}`)
    expect(`${arrived.origin}${arrived.pathname}`).toBe('http://127.0.0.1:5173/auth')
    const viaReferer = async (referer: string) => {
      const res = await fetch(`${server.url}/auth/v1/verify?token=pkce_unknown&type=recovery`, { redirect: 'manual', headers: { referer } })
      return new URL(res.headers.get('location') as string)
    }
    expect((await viaReferer('http://localhost:4173/auth')).origin).toBe('http://localhost:4173')
    expect((await viaReferer('https://evil.example/')).origin).toBe(SITE)
  })
})

describe('the local consent page (SSO stand-in)', () => {
  it("Cancel returns to redirect_to with a provider denial as GoTrue relays it (query and fragment, no error_code), writing nothing", async () => {
    const sb = client(server.url, server.anonKey)
    const { data } = await sb.auth.signInWithOAuth({ provider: 'facebook', options: { redirectTo: `${SITE}/auth?sso=1`, skipBrowserRedirect: true } })
    const html = await (await fetch(data.url!)).text()
    expect(html).toMatch(/<button type="submit" name="action" value="cancel" formnovalidate>Cancel<\/button>/)
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? ''
    const before = await snapshot()
    const form = new URLSearchParams({
      provider: field('provider'),
      redirect_to: field('redirect_to'),
      code_challenge: field('code_challenge'),
      code_challenge_method: field('code_challenge_method'),
      email: '',
      name: '',
      action: 'cancel',
    })
    const res = await fetch(`${server.url}/auth/v1/authorize`, { method: 'POST', body: form, redirect: 'manual' })
    expect(res.status).toBe(302)
    const to = new URL(res.headers.get('location') as string)
    expect(`${to.origin}${to.pathname}`).toBe(`${SITE}/auth`)
    expect(Object.fromEntries(to.searchParams)).toEqual({ sso: '1', error: 'access_denied', error_description: CANCELLED_DESCRIPTION })
    expect(Object.fromEntries(new URLSearchParams(to.hash.slice(1)))).toEqual({ error: 'access_denied', error_description: CANCELLED_DESCRIPTION, sb: '' })
    expect(await snapshot()).toEqual(before)
  })
})

describe("GoTrue's rate limits (servers of their own, tight limits)", () => {
  let tight: LocalSupabase
  const LIMITS: LocalSupabaseOptions['rateLimits'] = {
    tokenRefresh: { max: 3, windowSeconds: 300 },
    passwordPerEmail: { max: 4, windowSeconds: 300 },
    signInSignUps: { max: 2, windowSeconds: 300 },
    tokenVerifications: { max: 3, windowSeconds: 300 },
    emailSent: 1000,
  }
  beforeAll(async () => {
    tight = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', siteUrl: SITE, rateLimits: LIMITS, resendIntervalSeconds: 0 })
  })
  afterAll(async () => {
    await tight?.stop()
  })

  /** A confirmed user on the tight server, made by SQL so that no limit is spent on it. */
  async function seedUser(email: string) {
    const id = crypto.randomUUID()
    await tight.db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ($1, 'authenticated', 'authenticated', $2, extensions.crypt($3, extensions.gen_salt('bf', 8)), now(), '{"provider":"email","providers":["email"]}', '{"company_name":"Seed Care","staff_count":3}')`,
      [id, email, PASSWORD],
    )
    return id
  }

  it('brute force from one client: 429 over_request_rate_limit once its bucket is empty, even for the right password; nothing changes', async () => {
    const email = uniqueEmail('brute')
    await seedUser(email)
    const attacker = clientAt(tight, '10.50.0.1')
    const codes: (string | undefined)[] = []
    for (let i = 0; i < 4; i++) codes.push((await attacker.auth.signInWithPassword({ email, password: `guess-${i}-xxxx` })).error?.code)
    expect(codes).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'over_request_rate_limit'])
    const before = await snapshot(tight)
    const right = await attacker.auth.signInWithPassword({ email, password: PASSWORD })
    expect(right.data.session).toBeNull()
    expect(right.error).toMatchObject({ name: 'AuthApiError', status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' })
    // Whatever the body, and with a proxy's second hop added (the first hop is the client).
    const raw = await rawToken(tight, { email: uniqueEmail('other'), password: PASSWORD }, { 'x-forwarded-for': '10.50.0.1, 10.99.0.9' })
    expect(raw.status).toBe(429)
    expect(raw.headers.get('retry-after')).toBeNull() // GoTrue sends none either
    expect(await raw.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' })
    // Every grant shares the bucket, as GoTrue's /token limiter: a refresh from this client is refused too.
    const refresh = await fetch(`${tight.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: tight.anonKey, 'content-type': 'application/json', 'x-forwarded-for': '10.50.0.1' },
      body: JSON.stringify({ refresh_token: 'whatever' }),
    })
    expect(refresh.status).toBe(429)
    expect(await snapshot(tight)).toEqual(before)
    // The account is not locked: another client signs in.
    const owner = await clientAt(tight, '10.50.0.2').auth.signInWithPassword({ email, password: PASSWORD })
    expect(owner.error).toBeNull()
  })

  it('guesses at one address from many clients: the per-address limit answers 429 and changes nothing', async () => {
    const email = uniqueEmail('spread')
    await seedUser(email)
    const codes: (string | undefined)[] = []
    for (let i = 0; i < 4; i++) codes.push((await clientAt(tight, `10.51.0.${i}`).auth.signInWithPassword({ email, password: 'wrong-guess-1' })).error?.code)
    expect(codes).toEqual(Array(4).fill('invalid_credentials'))
    const before = await snapshot(tight)
    const limited = await clientAt(tight, '10.51.0.200').auth.signInWithPassword({ email, password: PASSWORD })
    expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    // An unknown address is counted the same way, so the 429 tells nothing about who has an account.
    const nobody = uniqueEmail('spread-nobody')
    const nobodyCodes: (string | undefined)[] = []
    for (let i = 0; i < 5; i++) nobodyCodes.push((await clientAt(tight, `10.52.0.${i}`).auth.signInWithPassword({ email: nobody, password: 'wrong-guess-1' })).error?.code)
    expect(nobodyCodes).toEqual(Array(4).fill('invalid_credentials').concat('over_request_rate_limit'))
    expect(await snapshot(tight)).toEqual(before)
  })

  it('recover, resend and sign-up: a bucket each per client; a refused request mails and writes nothing', async () => {
    const email = uniqueEmail('flood')
    await seedUser(email)
    const sb = clientAt(tight, '10.53.0.1')
    expect((await sb.auth.resetPasswordForEmail(email)).error).toBeNull()
    expect((await sb.auth.resetPasswordForEmail(uniqueEmail('flood-nobody'))).error).toBeNull()
    let before = await snapshot(tight)
    const recover = await sb.auth.resetPasswordForEmail(email)
    expect(recover.error).toMatchObject({ name: 'AuthApiError', status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' })
    expect(await snapshot(tight)).toEqual(before)

    // Resend has its own bucket, so this client can still use it twice.
    const pending = uniqueEmail('flood-pending')
    expect((await clientAt(tight, '10.53.0.2').auth.signUp({ email: pending, password: PASSWORD })).error).toBeNull()
    expect((await sb.auth.resend({ type: 'signup', email: pending })).error).toBeNull()
    expect((await sb.auth.resend({ type: 'signup', email: pending })).error).toBeNull()
    before = await snapshot(tight)
    expect((await sb.auth.resend({ type: 'signup', email: pending })).error?.code).toBe('over_request_rate_limit')
    expect(await snapshot(tight)).toEqual(before)

    // Sign-up likewise: the third from one client creates no user.
    const signups = clientAt(tight, '10.53.0.3')
    expect((await signups.auth.signUp({ email: uniqueEmail('flood-a'), password: PASSWORD })).error).toBeNull()
    expect((await signups.auth.signUp({ email: uniqueEmail('flood-b'), password: PASSWORD })).error).toBeNull()
    before = await snapshot(tight)
    const third = await signups.auth.signUp({ email: uniqueEmail('flood-c'), password: PASSWORD })
    expect(third.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    expect(await snapshot(tight)).toEqual(before)
  })

  it('verify links per client (token_verifications): JSON 429, the token left unused', async () => {
    const email = uniqueEmail('verify-flood')
    await seedUser(email)
    await clientAt(tight, '10.54.0.9').auth.resetPasswordForEmail(email)
    const { link } = await verifyLinkIn(tight, email, 'recovery')
    const bogus = link.replace(/token=[^&]+/, 'token=pkce_nope')
    for (let i = 0; i < 3; i++) expect((await fetch(bogus, { redirect: 'manual', headers: { 'x-forwarded-for': '10.54.0.1' } })).status).toBe(303)
    const before = await snapshot(tight)
    const limited = await fetch(link, { redirect: 'manual', headers: { 'x-forwarded-for': '10.54.0.1' } })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' })
    expect(await snapshot(tight)).toEqual(before)
    // From another client the same link still works: the limit consumed nothing.
    expect((await fetch(link, { redirect: 'manual', headers: { 'x-forwarded-for': '10.54.0.2' } })).headers.get('location')).toContain('code=')
  })

  it("the e-mail budget (email_sent, all addresses together): 429 'email rate limit exceeded', no mail, no write", async () => {
    const budget = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', siteUrl: SITE, rateLimits: { ...GENEROUS_RATE_LIMITS, emailSent: 2 } })
    try {
      const sb = client(budget.url, budget.anonKey)
      expect((await sb.auth.signUp({ email: uniqueEmail('budget-a'), password: PASSWORD })).error).toBeNull()
      expect((await sb.auth.signUp({ email: uniqueEmail('budget-b'), password: PASSWORD })).error).toBeNull()
      const before = await snapshot(budget)
      const third = await sb.auth.signUp({ email: uniqueEmail('budget-c'), password: PASSWORD })
      expect(third.error).toMatchObject({ name: 'AuthApiError', status: 429, code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' })
      expect(await snapshot(budget)).toEqual(before)
      // An address that gets no mail (unknown) is not refused: nothing would be sent.
      expect((await sb.auth.resetPasswordForEmail(uniqueEmail('budget-nobody'))).error).toBeNull()
    } finally {
      await budget.stop()
    }
  })
})
