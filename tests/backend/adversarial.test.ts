/**
 * Adversarial suite against every endpoint of the local server (issue 10): a table of hand-picked hostile
 * requests and fast-check properties. Each hostile request gets a clear 4xx JSON error (or a documented
 * harmless reply) and leaves auth.users, the sessions and refresh tokens, public.users, organisations, contact_referrals and the outbox
 * exactly as before (row-by-row snapshot). contract.test.ts and robustness.test.ts cover the ordinary
 * contract and "never 5xx"; this file covers hostile content and forged or replayed credentials.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs'
import { connect } from 'node:net'
import { dirname } from 'node:path'
import fc from 'fast-check'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalSupabase, startLocalSupabase } from '../../supabase/local/index.ts'
import { signJwt } from '../../supabase/local/keys.ts'
import { serviceUser } from '../../supabase/local/processes.ts'
import { client, GENEROUS_RATE_LIMITS, messagesTo, uniqueEmail } from './helpers.ts'

let server: LocalSupabase
const SITE = 'http://localhost:5173'

beforeAll(async () => {
  server = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', siteUrl: SITE, resendIntervalSeconds: 0, contactRateLimit: 100_000, rateLimits: GENEROUS_RATE_LIMITS })
})
afterAll(async () => {
  await server?.stop()
})

const TABLES = ['auth.users', 'auth.sessions', 'auth.refresh_tokens', 'public.users', 'public.organisations', 'public.contact_referrals', 'public.mail_outbox']

/** Every row of these tables, as JSON, in a stable order. */
async function snapshot(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const table of TABLES) {
    const r = await server.db.query<{ row: string }>(`select to_jsonb(t)::text as row from ${table} t order by t.id`)
    out[table] = r.rows.map((x) => x.row)
  }
  return out
}

const long = (n: number) => 'x'.repeat(n)
const HOSTILE = {
  script: '<script>alert(1)</script>',
  img: '<img src=x onerror=alert(1)>',
  sql: "'; drop table public.users; --",
  sqlOr: "' or '1'='1",
  zeroWidth: 'a\u200b\u200c\u200d\u2060\ufeffb',
  control: 'a\u0007\u001b[31mb\r\n',
  nul: 'a\u0000b',
  rtl: 'abc\u202egnp.exe',
  long10k: long(10_000),
}

const h = (token?: string, extra: Record<string, string> = {}) => ({
  apikey: server.anonKey,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  'content-type': 'application/json',
  ...extra,
})

interface Reply {
  status: number
  type: string
  body: Record<string, unknown> | unknown[] | null
  text: string
  location: string | null
}

async function send(method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {}): Promise<Reply> {
  const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body))
  const res = await fetch(`${server.url}${path}`, { method, headers: { ...h(opts.token), ...opts.headers }, body, redirect: 'manual' })
  const text = await res.text()
  let parsed: Reply['body'] = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    parsed = null
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: parsed, text, location: res.headers.get('location') }
}

/** A clear error: a JSON object with a human-readable message in one of the fields Supabase uses. */
function expectClearError(r: Reply, label: string) {
  expect(r.type, label).toContain('application/json')
  const b = r.body as Record<string, unknown>
  const message = b?.msg ?? b?.message ?? b?.error
  expect(typeof message, `${label}: ${r.text.slice(0, 200)}`).toBe('string')
  expect((message as string).length, label).toBeGreaterThan(3)
}

async function signUpConfirmed(email: string, data: Record<string, unknown> = {}) {
  const sb = client(server.url, server.anonKey)
  const { data: signUp, error } = await sb.auth.signUp({
    email,
    password: 'correct-horse-1',
    options: { emailRedirectTo: `${SITE}/auth?type=signup`, data: { first_name: 'Ada', company_name: 'Sunrise Care Ltd', staff_count: 12, ...data } },
  })
  expect(error).toBeNull()
  const [mail] = await messagesTo(server.mailUrl, email)
  const link = mail?.links.find((l) => l.includes('/auth/v1/verify')) as string
  const res = await fetch(link, { redirect: 'manual' })
  const code = new URL(res.headers.get('location') as string).searchParams.get('code') as string
  const { data: exchanged, error: exchangeError } = await sb.auth.exchangeCodeForSession(code)
  expect(exchangeError).toBeNull()
  return { sb, user: signUp.user!, session: exchanged.session!, link, code }
}

/** Base64url without padding (for hand-made JWTs). */
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')

let alice: Awaited<ReturnType<typeof signUpConfirmed>>
let bob: Awaited<ReturnType<typeof signUpConfirmed>>
let staleRefresh: string
let expiredLink: string

beforeAll(async () => {
  alice = await signUpConfirmed(uniqueEmail('alice'))
  bob = await signUpConfirmed(uniqueEmail('bob'))
  // A refresh token that has been used once (rotation): replaying it must fail.
  const first = await send('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: alice.session.refresh_token } })
  expect(first.status).toBe(200)
  staleRefresh = alice.session.refresh_token
  alice.session = first.body as unknown as typeof alice.session
  // A confirmation link older than 24 hours.
  const late = uniqueEmail('late')
  await client(server.url, server.anonKey).auth.signUp({ email: late, password: 'correct-horse-1', options: { emailRedirectTo: `${SITE}/auth?type=signup` } })
  await server.db.query(`update auth.users set confirmation_sent_at = now() - interval '25 hours' where email = $1`, [late])
  expiredLink = (await messagesTo(server.mailUrl, late))[0]!.links.find((l) => l.includes('/auth/v1/verify')) as string
  // One stored referral so the referral tables are not trivially empty.
  const ok = await send('POST', '/functions/v1/send-contact', {
    token: server.anonKey,
    body: { name: 'Sam', email: 'sam@sunrise-care.co.uk', message: 'Hello', hpt: '' },
    headers: { 'x-forwarded-for': '10.9.0.1' },
  })
  expect(ok.status).toBe(200)
}, 60_000)

interface Case {
  name: string
  method: string
  path: string
  token?: () => Promise<string> | string
  body?: () => unknown
  raw?: string
  headers?: Record<string, string>
  status: number
  code?: string
}

const referral = (over: Record<string, unknown> = {}) => ({ name: 'Sam', email: 'sam@sunrise-care.co.uk', message: 'Hi', hpt: '', ...over })
const signup = (over: Record<string, unknown> = {}) => ({ email: uniqueEmail('adv'), password: 'correct-horse-1', ...over })
const anon = () => server.anonKey

// Forged credentials.
const wrongSecretToken = () =>
  new SignJWT({ role: 'authenticated', sub: bob.user.id, aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not-the-project-secret-but-still-32-characters-long'))
const algNoneToken = () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role', sub: bob.user.id, exp: 4102444800 })}.`
/** The anon key with its payload changed to role service_role, keeping the anon signature. */
const escalatedAnon = () => {
  const [head, payload, sig] = server.anonKey.split('.') as [string, string, string]
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
  return `${head}.${b64({ ...claims, role: 'service_role' })}.${sig}`
}
/** Alice's access token re-labelled as Bob (sub changed, signature kept). */
const aliceAsBob = () => {
  const [head, payload, sig] = alice.session.access_token.split('.') as [string, string, string]
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
  return `${head}.${b64({ ...claims, sub: bob.user.id })}.${sig}`
}
const expiredToken = () => signJwt({ role: 'authenticated', sub: alice.user.id, aud: 'authenticated' }, -60)
/** Signed with the project's own secret, but naming a database role that is not an API role. */
const roleToken = (role: string) => () => signJwt({ role, sub: bob.user.id, aud: 'authenticated' }, 600)
const FORGED: Array<[string, () => Promise<string> | string]> = [
  ['wrong secret', wrongSecretToken],
  ['alg none', algNoneToken],
  ['anon key escalated to service_role', escalatedAnon],
  ["alice's token with bob's sub", aliceAsBob],
  ['expired', expiredToken],
  ['garbage', () => 'not.a.jwt'],
]

const CASES: Case[] = [
  // Sign-up: e-mail look-alikes of consumer domains and hostile addresses.
  { name: 'signup: GMAIL.COM (letter case)', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: 'ada@GMAIL.COM' }), status: 422, code: 'email_address_not_authorized' },
  { name: 'signup: gmail.com. (trailing dot)', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: 'ada@gmail.com.' }), status: 400, code: 'validation_failed' },
  { name: 'signup: fullwidth ｇｍａｉｌ.com', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: 'ada@ｇｍａｉｌ.com' }), status: 400, code: 'validation_failed' },
  { name: 'signup: zero-width inside gmail.com', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: 'ada@gm\u200bail.com' }), status: 400, code: 'validation_failed' },
  // U+FEFF is white space to String.prototype.trim, so this one is plain gmail.com and refused as such.
  { name: 'signup: BOM after gmail.com', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: 'ada@gmail.com\ufeff' }), status: 422, code: 'email_address_not_authorized' },
  { name: 'signup: ideographic full stop gmail。com', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: 'ada@gmail\u3002com' }), status: 400, code: 'validation_failed' },
  { name: 'signup: Cyrillic а in gmаil.com', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: 'ada@gm\u0430il.com' }), status: 400, code: 'validation_failed' },
  { name: 'signup: NUL in the e-mail', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: 'ada@acme.co.uk\u0000' }), status: 400 },
  { name: 'signup: script tag as e-mail', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: '<script>alert(1)</script>@acme.co.uk' }), status: 400, code: 'validation_failed' },
  { name: 'signup: SQL as e-mail', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: HOSTILE.sql }), status: 400, code: 'validation_failed' },
  { name: 'signup: 10k e-mail', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: `${long(10_000)}@acme.co.uk` }), status: 400, code: 'validation_failed' },
  { name: 'signup: e-mail as a number', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: 12345 }), status: 422, code: 'validation_failed' },
  { name: 'signup: e-mail as an array', method: 'POST', path: '/auth/v1/signup', body: () => signup({ email: ['a@acme.co.uk'] }), status: 422, code: 'validation_failed' },
  { name: 'signup: missing password', method: 'POST', path: '/auth/v1/signup', body: () => ({ email: uniqueEmail('adv') }), status: 422, code: 'validation_failed' },
  { name: 'signup: password as a number', method: 'POST', path: '/auth/v1/signup', body: () => signup({ password: 12345678 }), status: 422, code: 'validation_failed' },
  { name: 'signup: 6-character password', method: 'POST', path: '/auth/v1/signup', body: () => signup({ password: 'abcdef' }), status: 422, code: 'weak_password' },
  // GoTrue's checkPasswordStrength: over 72 characters (bcrypt's limit) is a 400.
  { name: 'signup: 10k password', method: 'POST', path: '/auth/v1/signup', body: () => signup({ password: long(10_000) }), status: 400, code: 'validation_failed' },
  { name: 'signup: NUL in the password', method: 'POST', path: '/auth/v1/signup', body: () => signup({ password: 'correct\u0000horse' }), status: 400 },
  { name: 'signup: NUL in the metadata', method: 'POST', path: '/auth/v1/signup', body: () => signup({ data: { first_name: HOSTILE.nul } }), status: 400 },
  { name: 'signup: body is an array', method: 'POST', path: '/auth/v1/signup', raw: '[1,2]', status: 400, code: 'bad_json' },
  { name: 'signup: form-encoded body', method: 'POST', path: '/auth/v1/signup', raw: 'email=a%40acme.co.uk&password=correct-horse-1', headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 400, code: 'bad_json' },
  { name: 'signup: 70 KB body', method: 'POST', path: '/auth/v1/signup', body: () => signup({ data: { first_name: long(70_000) } }), status: 413 },
  // Password sign-in, code exchange, refresh: hostile, replayed and expired.
  { name: 'password grant: SQL-looking e-mail and password', method: 'POST', path: '/auth/v1/token?grant_type=password', body: () => ({ email: "x' or '1'='1@acme.co.uk", password: HOSTILE.sqlOr }), status: 400 },
  { name: "password grant: bob's e-mail, wrong password", method: 'POST', path: '/auth/v1/token?grant_type=password', body: () => ({ email: bob.user.email, password: 'correct-horse-2' }), status: 400, code: 'invalid_credentials' },
  { name: 'pkce: the code already exchanged (replay)', method: 'POST', path: '/auth/v1/token?grant_type=pkce', body: () => ({ auth_code: alice.code, code_verifier: 'x'.repeat(43) }), status: 404 },
  { name: 'pkce: unknown code', method: 'POST', path: '/auth/v1/token?grant_type=pkce', body: () => ({ auth_code: crypto.randomUUID(), code_verifier: 'x'.repeat(43) }), status: 404 },
  { name: 'refresh: a rotated-out refresh token (replay)', method: 'POST', path: '/auth/v1/token?grant_type=refresh_token', body: () => ({ refresh_token: staleRefresh }), status: 400, code: 'refresh_token_already_used' },
  { name: 'refresh: SQL as refresh token', method: 'POST', path: '/auth/v1/token?grant_type=refresh_token', body: () => ({ refresh_token: HOSTILE.sql }), status: 400 },
  { name: 'grant_type unknown', method: 'POST', path: '/auth/v1/token?grant_type=service_role', body: () => ({}), status: 400 },
  { name: 'resend: consumer look-alike', method: 'POST', path: '/auth/v1/resend', body: () => ({ type: 'signup', email: 'ada@gmail.com.' }), status: 400, code: 'validation_failed' },
  { name: 'resend: type magiclink', method: 'POST', path: '/auth/v1/resend', body: () => ({ type: 'magiclink', email: alice.user.email }), status: 400 },
  { name: 'verify POST: unknown token hash', method: 'POST', path: '/auth/v1/verify', body: () => ({ type: 'signup', token_hash: HOSTILE.sql }), status: 403 },
  // Password recovery, recovery verify, password change and sign-out (issue 15).
  { name: 'recover: missing e-mail', method: 'POST', path: '/auth/v1/recover', body: () => ({}), status: 400, code: 'validation_failed' },
  { name: 'recover: SQL as e-mail', method: 'POST', path: '/auth/v1/recover', body: () => ({ email: HOSTILE.sql }), status: 400, code: 'validation_failed' },
  { name: 'recover: e-mail as an array', method: 'POST', path: '/auth/v1/recover', body: () => ({ email: [alice.user.email] }), status: 400, code: 'validation_failed' },
  { name: 'recover: 10k e-mail', method: 'POST', path: '/auth/v1/recover', body: () => ({ email: `${long(10_000)}@acme.co.uk` }), status: 400, code: 'validation_failed' },
  { name: 'recover: code challenge without method', method: 'POST', path: '/auth/v1/recover', body: () => ({ email: alice.user.email, code_challenge: 'x'.repeat(43) }), status: 400, code: 'validation_failed' },
  { name: 'recover: short code challenge', method: 'POST', path: '/auth/v1/recover', body: () => ({ email: alice.user.email, code_challenge: 'abc', code_challenge_method: 's256' }), status: 400, code: 'validation_failed' },
  { name: 'recover: script in code challenge', method: 'POST', path: '/auth/v1/recover', body: () => ({ email: alice.user.email, code_challenge: `${HOSTILE.script}${'x'.repeat(30)}`, code_challenge_method: 's256' }), status: 400, code: 'validation_failed' },
  { name: 'recover: NUL in the e-mail', method: 'POST', path: '/auth/v1/recover', body: () => ({ email: `${alice.user.email}\u0000` }), status: 400 },
  { name: 'recover: body is an array', method: 'POST', path: '/auth/v1/recover', raw: '[1]', status: 400, code: 'bad_json' },
  { name: 'verify POST: recovery with SQL as token hash', method: 'POST', path: '/auth/v1/verify', body: () => ({ type: 'recovery', token_hash: HOSTILE.sqlOr }), status: 403, code: 'otp_expired' },
  { name: 'verify POST: token hash plus an e-mail', method: 'POST', path: '/auth/v1/verify', body: () => ({ type: 'recovery', token_hash: 'abc', email: alice.user.email }), status: 400, code: 'validation_failed' },
  { name: 'verify POST: a 6-digit code guessed', method: 'POST', path: '/auth/v1/verify', body: () => ({ type: 'recovery', token: '123456', email: alice.user.email }), status: 403, code: 'otp_expired' },
  { name: 'verify POST: unknown type', method: 'POST', path: '/auth/v1/verify', body: () => ({ type: 'sudo', token_hash: 'abc' }), status: 400, code: 'validation_failed' },
  { name: 'verify GET: no type', method: 'GET', path: '/auth/v1/verify?token=abc', status: 400, code: 'validation_failed' },
  { name: 'PUT /user: password as a number', method: 'PUT', path: '/auth/v1/user', token: () => alice.session.access_token, body: () => ({ password: 12345678 }), status: 400, code: 'bad_json' },
  { name: 'PUT /user: 6-character password', method: 'PUT', path: '/auth/v1/user', token: () => alice.session.access_token, body: () => ({ password: 'abcdef' }), status: 422, code: 'weak_password' },
  { name: 'PUT /user: 10k password', method: 'PUT', path: '/auth/v1/user', token: () => alice.session.access_token, body: () => ({ password: long(10_000) }), status: 400, code: 'validation_failed' },
  { name: 'PUT /user: the current password', method: 'PUT', path: '/auth/v1/user', token: () => alice.session.access_token, body: () => ({ password: 'correct-horse-1' }), status: 422, code: 'same_password' },
  { name: 'PUT /user: app_metadata escalation', method: 'PUT', path: '/auth/v1/user', token: () => alice.session.access_token, body: () => ({ app_metadata: { provider: 'google', role: 'service_role' } }), status: 403, code: 'not_admin' },
  { name: 'PUT /user: data as a string', method: 'PUT', path: '/auth/v1/user', token: () => alice.session.access_token, body: () => ({ data: HOSTILE.script }), status: 400, code: 'bad_json' },
  { name: 'PUT /user: NUL in the metadata', method: 'PUT', path: '/auth/v1/user', token: () => alice.session.access_token, body: () => ({ data: { first_name: HOSTILE.nul } }), status: 400 },
  { name: 'PUT /user: new password without a token', method: 'PUT', path: '/auth/v1/user', body: () => ({ password: 'mallory-horse-1' }), status: 401, code: 'no_authorization' },
  { name: 'logout: unknown scope', method: 'POST', path: '/auth/v1/logout?scope=everyone', token: () => alice.session.access_token, status: 400, code: 'validation_failed' },
  ...FORGED.map(([name, token]): Case => ({ name: `logout with a forged token: ${name}`, method: 'POST', path: '/auth/v1/logout', token, status: 403 })),
  // Forged credentials on /auth/v1/user and /rest/v1 (listed below per token).
  ...FORGED.map(([name, token]): Case => ({ name: `PUT /user with a forged token: ${name}`, method: 'PUT', path: '/auth/v1/user', token, body: () => ({ data: { first_name: 'Mallory' } }), status: 403 })),
  ...FORGED.map(([name, token]): Case => ({ name: `PATCH users with a forged token: ${name}`, method: 'PATCH', path: '/rest/v1/users?id=eq.{bob}', token, body: () => ({ first_name: 'Mallory' }), status: 401 })),
  ...FORGED.map(([name, token]): Case => ({ name: `send-contact with a forged token: ${name}`, method: 'POST', path: '/functions/v1/send-contact', token, body: () => referral(), status: 401 })),
  // The review reminders' scheduled function: the gateway refuses a forged token; a real member's session, or the
  // anon key without the cron secret, is refused by the function itself.
  ...FORGED.map(([name, token]): Case => ({ name: `send-review-reminders with a forged token: ${name}`, method: 'POST', path: '/functions/v1/send-review-reminders', token, body: () => ({}), status: 401 })),
  { name: "send-review-reminders with a member's session", method: 'POST', path: '/functions/v1/send-review-reminders', token: () => alice.session.access_token, body: () => ({}), status: 401, code: 'not_authorised' },
  { name: 'send-review-reminders with the anon key', method: 'POST', path: '/functions/v1/send-review-reminders', token: anon, body: () => ({ now: '2030-01-01T07:00:00Z' }), status: 401, code: 'not_authorised' },
  // The orphan sweep, the same way.
  ...FORGED.map(([name, token]): Case => ({ name: `sweep-orphan-files with a forged token: ${name}`, method: 'POST', path: '/functions/v1/sweep-orphan-files', token, body: () => ({}), status: 401 })),
  { name: "sweep-orphan-files with a member's session", method: 'POST', path: '/functions/v1/sweep-orphan-files', token: () => alice.session.access_token, body: () => ({}), status: 401, code: 'not_authorised' },
  { name: 'sweep-orphan-files with the anon key', method: 'POST', path: '/functions/v1/sweep-orphan-files', token: anon, body: () => ({}), status: 401, code: 'not_authorised' },
  ...FORGED.map(([name, token]): Case => ({ name: `complete-user-signup with a forged token: ${name}`, method: 'POST', path: '/functions/v1/complete-user-signup', token, body: () => ({ userId: bob.user.id, email: bob.user.email, userData: { company: 'Mallory Ltd' } }), status: 401 })),
  // A validly signed token naming another database role: PostgREST's authenticator may become only the API roles
  // (PostgreSQL refuses the switch), and authenticator itself may touch no table.
  ...['postgres', 'authenticator', 'pg_read_all_data', 'pg_write_server_files'].map(
    (role): Case => ({ name: `PATCH users with a signed token for role ${role}`, method: 'PATCH', path: '/rest/v1/users?id=eq.{bob}', token: roleToken(role), body: () => ({ first_name: 'Mallory' }), status: 403, code: '42501' }),
  ),
  // Hosted's own admin role does not exist locally: PostgreSQL says so (hosted: 403 as above).
  { name: 'PATCH users with a signed token for role supabase_admin', method: 'PATCH', path: '/rest/v1/users?id=eq.{bob}', token: roleToken('supabase_admin'), body: () => ({ first_name: 'Mallory' }), status: 400, code: '22023' },
  { name: 'GET auth.users through a profile header', method: 'GET', path: '/rest/v1/users?select=id,encrypted_password', token: roleToken('service_role'), headers: { 'accept-profile': 'auth' }, status: 406, code: 'PGRST106' },
  { name: 'PATCH auth.users through a profile header', method: 'PATCH', path: '/rest/v1/users?id=eq.{bob}', token: roleToken('service_role'), headers: { 'content-profile': 'auth' }, body: () => ({ encrypted_password: 'x' }), status: 406, code: 'PGRST106' },
  { name: 'rpc complete_user_signup as anon', method: 'POST', path: '/rest/v1/rpc/complete_user_signup', token: anon, body: () => ({ p_user_id: bob.user.id, p_email: bob.user.email, p_user_data: {} }), status: 401 },
  { name: 'rpc complete_user_signup as alice', method: 'POST', path: '/rest/v1/rpc/complete_user_signup', token: () => alice.session.access_token, body: () => ({ p_user_id: bob.user.id, p_email: bob.user.email, p_user_data: {} }), status: 403 },
  { name: 'rpc submit_contact_referral as anon', method: 'POST', path: '/rest/v1/rpc/submit_contact_referral', token: anon, body: () => ({ p_name: 'x' }), status: 404 },
  // The users table under RLS and column grants.
  { name: 'PATCH own plan to bos', method: 'PATCH', path: '', token: () => alice.session.access_token, body: () => ({ plan: 'bos' }), status: 403, code: '42501' },
  { name: 'PATCH own access_role', method: 'PATCH', path: '', token: () => alice.session.access_token, body: () => ({ access_role: 'admin' }), status: 403, code: '42501' },
  { name: 'PATCH own organisation_id', method: 'PATCH', path: '', token: () => alice.session.access_token, body: () => ({ organisation_id: crypto.randomUUID() }), status: 403, code: '42501' },
  { name: 'PATCH own e-mail to a consumer domain', method: 'PATCH', path: '', token: () => alice.session.access_token, body: () => ({ email: 'alice@gmail.com' }), status: 403, code: '42501' },
  { name: 'PATCH sector with a script tag', method: 'PATCH', path: '', token: () => alice.session.access_token, body: () => ({ sector: HOSTILE.script }), status: 400, code: '23514' },
  { name: 'PATCH country with SQL', method: 'PATCH', path: '', token: () => alice.session.access_token, body: () => ({ country: HOSTILE.sql }), status: 400, code: '23514' },
  { name: 'PATCH phone_number with a NUL', method: 'PATCH', path: '', token: () => alice.session.access_token, body: () => ({ phone_number: HOSTILE.nul }), status: 400 },
  { name: 'PATCH life_skills_enabled as a string', method: 'PATCH', path: '', token: () => alice.session.access_token, body: () => ({ life_skills_enabled: 'yes please' }), status: 400 },
  { name: 'PATCH selected_roles as a number', method: 'PATCH', path: '', token: () => alice.session.access_token, body: () => ({ selected_roles: 42 }), status: 400 },
  { name: 'PATCH an unknown column', method: 'PATCH', path: '', token: () => alice.session.access_token, body: () => ({ first_name: 'Al', is_admin: true }), status: 400 },
  { name: 'PATCH with a JSON array body', method: 'PATCH', path: '', token: () => alice.session.access_token, raw: '["first_name"]', status: 400 },
  { name: 'PATCH with malformed JSON', method: 'PATCH', path: '', token: () => alice.session.access_token, raw: '{"first_name": ', status: 400 },
  { name: 'PATCH by anon', method: 'PATCH', path: '', token: anon, body: () => ({ first_name: 'Mallory' }), status: 401 },
  { name: 'GET users with an SQL filter value', method: 'GET', path: `/rest/v1/users?id=eq.${encodeURIComponent(HOSTILE.sqlOr)}`, token: () => alice.session.access_token, status: 400 },
  { name: 'GET users with an SQL column', method: 'GET', path: `/rest/v1/users?select=${encodeURIComponent('id;drop table public.users')}`, token: () => alice.session.access_token, status: 400 },
  { name: 'GET users ordered by an SQL expression', method: 'GET', path: `/rest/v1/users?order=${encodeURIComponent('(select 1)')}`, token: () => alice.session.access_token, status: 400 },
  // Profile RPC: numbers as strings, negative and huge numbers, missing and extra arguments.
  { name: 'update_self_profile_details: negative staff', method: 'POST', path: '/rest/v1/rpc/update_self_profile_details', token: () => alice.session.access_token, body: () => ({ p_company_name: 'Acme Care', p_sector: 'care', p_staff_count: -5 }), status: 400 },
  { name: 'update_self_profile_details: zero staff', method: 'POST', path: '/rest/v1/rpc/update_self_profile_details', token: () => alice.session.access_token, body: () => ({ p_company_name: 'Acme Care', p_sector: 'care', p_staff_count: 0 }), status: 400 },
  { name: 'update_self_profile_details: huge staff', method: 'POST', path: '/rest/v1/rpc/update_self_profile_details', token: () => alice.session.access_token, body: () => ({ p_company_name: 'Acme Care', p_sector: 'care', p_staff_count: 1e20 }), status: 400 },
  { name: 'update_self_profile_details: staff "12abc"', method: 'POST', path: '/rest/v1/rpc/update_self_profile_details', token: () => alice.session.access_token, body: () => ({ p_company_name: 'Acme Care', p_sector: 'care', p_staff_count: '12abc' }), status: 400 },
  { name: 'update_self_profile_details: staff 2.5', method: 'POST', path: '/rest/v1/rpc/update_self_profile_details', token: () => alice.session.access_token, body: () => ({ p_company_name: 'Acme Care', p_sector: 'care', p_staff_count: 2.5 }), status: 400 },
  { name: 'update_self_profile_details: sector with script', method: 'POST', path: '/rest/v1/rpc/update_self_profile_details', token: () => alice.session.access_token, body: () => ({ p_company_name: 'Acme Care', p_sector: HOSTILE.script, p_staff_count: 3 }), status: 400 },
  { name: 'update_self_profile_details: zero-width company', method: 'POST', path: '/rest/v1/rpc/update_self_profile_details', token: () => alice.session.access_token, body: () => ({ p_company_name: ' \u200b ', p_sector: 'care', p_staff_count: 3 }), status: 400 },
  { name: 'update_self_profile_details: missing arguments', method: 'POST', path: '/rest/v1/rpc/update_self_profile_details', token: () => alice.session.access_token, body: () => ({ p_company_name: 'Acme Care' }), status: 404, code: 'PGRST202' },
  { name: 'update_self_profile_details: an extra argument', method: 'POST', path: '/rest/v1/rpc/update_self_profile_details', token: () => alice.session.access_token, body: () => ({ p_company_name: 'Acme', p_sector: 'care', p_staff_count: 3, p_plan: 'bos' }), status: 404, code: 'PGRST202' },
  { name: 'update_self_profile_details: anon', method: 'POST', path: '/rest/v1/rpc/update_self_profile_details', token: anon, body: () => ({ p_company_name: 'Acme', p_sector: 'care', p_staff_count: 3 }), status: 401 },
  // complete-user-signup: another user's id, hostile payloads.
  { name: "complete-user-signup: bob's id with alice's e-mail", method: 'POST', path: '/functions/v1/complete-user-signup', token: anon, body: () => ({ userId: bob.user.id, email: alice.user.email, userData: { company: 'Mallory Ltd' } }), status: 404 },
  { name: 'complete-user-signup: unknown id', method: 'POST', path: '/functions/v1/complete-user-signup', token: anon, body: () => ({ userId: crypto.randomUUID(), email: alice.user.email, userData: { company: 'X Ltd' } }), status: 404 },
  { name: 'complete-user-signup: SQL as userId', method: 'POST', path: '/functions/v1/complete-user-signup', token: anon, body: () => ({ userId: HOSTILE.sqlOr, email: alice.user.email, userData: {} }), status: 400 },
  { name: 'complete-user-signup: staff -1', method: 'POST', path: '/functions/v1/complete-user-signup', token: anon, body: () => ({ userId: bob.user.id, email: bob.user.email, userData: { company: 'B', staff_count: -1 } }), status: 400 },
  { name: 'complete-user-signup: staff "-3"', method: 'POST', path: '/functions/v1/complete-user-signup', token: anon, body: () => ({ userId: bob.user.id, email: bob.user.email, userData: { company: 'B', staff_count: '-3' } }), status: 400 },
  { name: 'complete-user-signup: plan enterprise', method: 'POST', path: '/functions/v1/complete-user-signup', token: anon, body: () => ({ userId: bob.user.id, email: bob.user.email, userData: { company: 'B', plan: 'enterprise' } }), status: 400 },
  { name: 'complete-user-signup: userData as a string', method: 'POST', path: '/functions/v1/complete-user-signup', token: anon, body: () => ({ userId: bob.user.id, email: bob.user.email, userData: HOSTILE.script }), status: 400 },
  { name: 'complete-user-signup: missing userData', method: 'POST', path: '/functions/v1/complete-user-signup', token: anon, body: () => ({ userId: bob.user.id, email: bob.user.email }), status: 400 },
  { name: 'complete-user-signup: NUL in the company', method: 'POST', path: '/functions/v1/complete-user-signup', token: anon, body: () => ({ userId: bob.user.id, email: bob.user.email, userData: { company: HOSTILE.nul } }), status: 400 },
  { name: 'complete-user-signup: form-encoded', method: 'POST', path: '/functions/v1/complete-user-signup', token: anon, raw: `userId=${'x'}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 400 },
  // send-contact.
  { name: 'send-contact: empty name', method: 'POST', path: '/functions/v1/send-contact', token: anon, body: () => referral({ name: '' }), status: 400 },
  { name: 'send-contact: zero-width-only name', method: 'POST', path: '/functions/v1/send-contact', token: anon, body: () => referral({ name: '\u200b\u200b' }), status: 400 },
  { name: 'send-contact: name as a number', method: 'POST', path: '/functions/v1/send-contact', token: anon, body: () => referral({ name: 12345 }), status: 400 },
  { name: 'send-contact: script tag as e-mail', method: 'POST', path: '/functions/v1/send-contact', token: anon, body: () => referral({ email: '<script>@x' }), status: 400 },
  { name: 'send-contact: 5001-character message', method: 'POST', path: '/functions/v1/send-contact', token: anon, body: () => referral({ message: long(5001) }), status: 400 },
  { name: 'send-contact: 10k name', method: 'POST', path: '/functions/v1/send-contact', token: anon, body: () => referral({ name: HOSTILE.long10k }), status: 400 },
  { name: 'send-contact: message as an array', method: 'POST', path: '/functions/v1/send-contact', token: anon, body: () => referral({ message: ['hi'] }), status: 400 },
  { name: 'send-contact: NUL in the message', method: 'POST', path: '/functions/v1/send-contact', token: anon, body: () => referral({ message: HOSTILE.nul }), status: 400 },
  { name: 'send-contact: missing fields', method: 'POST', path: '/functions/v1/send-contact', token: anon, body: () => ({}), status: 400 },
  { name: 'send-contact: JSON null', method: 'POST', path: '/functions/v1/send-contact', token: anon, raw: 'null', status: 400 },
  { name: 'send-contact: form-encoded', method: 'POST', path: '/functions/v1/send-contact', token: anon, raw: 'name=Sam&email=sam%40acme.co.uk&message=hi', headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 400 },
  { name: 'send-contact: 70 KB', method: 'POST', path: '/functions/v1/send-contact', token: anon, raw: JSON.stringify(referral({ message: long(70_000) })), status: 413 },
  { name: 'send-contact: GET', method: 'GET', path: '/functions/v1/send-contact', token: anon, status: 405 },
  { name: 'send-contact: no token', method: 'POST', path: '/functions/v1/send-contact', body: () => referral(), status: 401 },
]

describe('hand-picked hostile requests: a clear 4xx and the database exactly as before', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const before = await snapshot()
    // '' = alice's own row; {bob} = bob's id (both only known after beforeAll).
    const path = (c.path || '/rest/v1/users?id=eq.{alice}').replace('{alice}', alice.user.id).replace('{bob}', bob.user.id)
    const r = await send(c.method, path, { token: c.token ? await c.token() : undefined, body: c.body?.(), raw: c.raw, headers: c.headers })
    expect(r.status, `${c.name}: ${r.text.slice(0, 300)}`).toBe(c.status)
    expectClearError(r, c.name)
    if (c.code) {
      const b = r.body as Record<string, unknown>
      expect(b.code ?? b.error_code, c.name).toBe(c.code)
    }
    expect(await snapshot(), c.name).toEqual(before)
  })
})

describe('documented harmless replies', () => {
  it('replayed and expired confirmation links redirect to the site with otp_expired, writing nothing', async () => {
    for (const link of [alice.link, expiredLink]) {
      const before = await snapshot()
      const r = await send('GET', new URL(link).pathname + new URL(link).search)
      expect(r.status).toBe(303)
      const to = new URL(r.location as string)
      expect(to.origin).toBe(SITE)
      expect(to.searchParams.get('error_code')).toBe('otp_expired')
      expect(to.searchParams.has('code')).toBe(false)
      expect(await snapshot()).toEqual(before)
    }
  })

  it("a user's PATCH of another user's row matches nothing (PostgREST: 200 with no rows) and changes nothing", async () => {
    const before = await snapshot()
    const r = await send('PATCH', `/rest/v1/users?id=eq.${bob.user.id}`, {
      token: alice.session.access_token,
      body: { first_name: 'Mallory' },
      headers: { prefer: 'return=representation' },
    })
    expect(r.status).toBe(200)
    expect(r.body).toEqual([])
    const read = await send('GET', `/rest/v1/users?select=id,email`, { token: alice.session.access_token })
    expect((read.body as Array<{ id: string }>).map((u) => u.id)).toEqual([alice.user.id])
    expect(await snapshot()).toEqual(before)
  })

  it('look-alike domains that are different real domains are accepted (gmaiI.com is gmaii.com; punycode)', async () => {
    for (const [email, stored] of [
      [`ada-${Date.now()}@gmaiI.com`, 'gmaii.com'],
      [`ada-${Date.now()}@xn--gmil-6na.com`, 'xn--gmil-6na.com'],
    ] as const) {
      const r = await send('POST', '/auth/v1/signup', { body: signup({ email }) })
      expect(r.status, r.text).toBe(200)
      expect((r.body as { email: string }).email.endsWith(`@${stored}`)).toBe(true)
    }
  })

  it('HTML, SQL and control characters in free text are stored as inert text, and the mail is plain text', async () => {
    const message = `${HOSTILE.script} ${HOSTILE.img} ${HOSTILE.sql} ${HOSTILE.zeroWidth} ${HOSTILE.control} ${Date.now()}`
    const r = await send('POST', '/functions/v1/send-contact', { token: server.anonKey, body: referral({ name: HOSTILE.img, message }), headers: { 'x-forwarded-for': '10.9.0.2' } })
    expect(r.status).toBe(200)
    const row = await server.db.query<{ name: string; message: string }>('select name, message from public.contact_referrals where message = $1', [message.trim()])
    expect(row.rows).toEqual([{ name: HOSTILE.img, message: message.trim() }])
    const mail = (await messagesTo(server.mailUrl, 'referrals@inspectready.co.uk')).find((m) => m.text.includes(String(Date.now()).slice(0, 6)) && m.text.includes('drop table'))
    expect(mail).toBeDefined()
    // The referral e-mail carries no HTML part in which the payload could run.
    expect(mail!.html ?? '').not.toContain('<script>')
    // The tables are still there.
    expect((await server.db.query('select count(*)::int as n from public.users')).rows[0]).toMatchObject({ n: expect.any(Number) })
  })

  it('complete-user-signup drops a staff count beyond 9 digits (like the profile trigger) so setup asks for it again', async () => {
    const email = uniqueEmail('huge')
    const { data } = await client(server.url, server.anonKey).auth.signUp({ email, password: 'correct-horse-1', options: { data: { company_name: 'Huge Care' } } })
    const r = await send('POST', '/functions/v1/complete-user-signup', { token: server.anonKey, body: { userId: data.user!.id, email, userData: { company: 'Huge Care', staff_count: 1e20 } } })
    expect(r.status, r.text).toBe(200)
    const row = await server.db.query('select u.staff_count, o.staff_count as org_staff from public.users u join public.organisations o on o.id = u.organisation_id where u.id = $1', [data.user!.id])
    expect(row.rows).toEqual([{ staff_count: null, org_staff: null }])
  })

  it('complete-user-signup cuts over-long text instead of refusing it (the auth user already exists)', async () => {
    const email = uniqueEmail('long')
    const { data } = await client(server.url, server.anonKey).auth.signUp({ email, password: 'correct-horse-1' })
    const company = `${HOSTILE.img} ${long(5000)}`
    const r = await send('POST', '/functions/v1/complete-user-signup', { token: server.anonKey, body: { userId: data.user!.id, email, userData: { company, company_name: company, first_name: long(3000) } } })
    expect(r.status, r.text).toBe(200)
    const row = await server.db.query('select u.company_name, o.name from public.users u join public.organisations o on o.id = u.organisation_id where u.id = $1', [data.user!.id])
    expect(row.rows).toEqual([{ company_name: company.slice(0, 200), name: company.slice(0, 200) }])
  })

  it('a JSON body sent as text/plain is read as JSON, as hosted functions do', async () => {
    const r = await send('POST', '/functions/v1/send-contact', {
      token: server.anonKey,
      raw: JSON.stringify(referral({ message: `plain ${Date.now()}` })),
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': '10.9.0.3' },
    })
    expect(r.status).toBe(200)
  })
})

describe('properties (fast-check)', () => {
  const hostileText = fc.oneof(
    fc.constantFrom(...Object.values(HOSTILE)),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.string({ unit: fc.constantFrom('<', '>', '"', "'", ';', '-', '\u0000', '\u200b', '\ufeff', '\u202e', 'a', '@', '.', ' '), maxLength: 40 }),
  )

  it('a referral missing a required field, whatever else it holds, is a 400 and writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('name', 'email', 'message'),
        fc.record({ name: hostileText, email: hostileText, message: hostileText, hpt: hostileText, extra: hostileText }),
        async (missing, fields) => {
          const before = await snapshot()
          const body: Record<string, unknown> = { ...fields, [missing]: missing === 'email' ? `${fields.email} not an address` : '   ' }
          const r = await send('POST', '/functions/v1/send-contact', { token: server.anonKey, body, headers: { 'x-forwarded-for': '10.9.1.1' } })
          expect(r.status, r.text).toBe(400)
          expectClearError(r, 'send-contact')
          expect(await snapshot()).toEqual(before)
        },
      ),
      { numRuns: 25 },
    )
  }, 90_000)

  it('a sign-up whose e-mail is a consumer domain dressed up (case, spaces, dots, zero-width, fullwidth) never creates a user', async () => {
    const consumer = fc.constantFrom('gmail.com', 'yahoo.co.uk', 'hotmail.com', 'outlook.com', 'icloud.com', 'proton.me')
    const dress = fc.constantFrom(
      (d: string) => d.toUpperCase(),
      (d: string) => ` ${d} `,
      (d: string) => `${d}.`,
      (d: string) => d.replace('.', '\u200b.'),
      (d: string) => `${d}\ufeff`,
      (d: string) => d.replace(/[a-z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)),
      (d: string) => d.replace('.', '\u3002'),
      (d: string) => d.replace('o', '\u043e').replace('a', '\u0430'),
    )
    await fc.assert(
      fc.asyncProperty(consumer, dress, fc.stringMatching(/^[a-z0-9._-]{1,20}$/), async (domain, f, local) => {
        const before = await snapshot()
        const r = await send('POST', '/auth/v1/signup', { body: signup({ email: `${local}@${f(domain)}` }) })
        expect([400, 422], `${local}@${f(domain)}: ${r.text}`).toContain(r.status)
        expectClearError(r, 'signup')
        expect(await snapshot()).toEqual(before)
      }),
      { numRuns: 25 },
    )
  }, 90_000)

  it('a PATCH of another user\'s row with any fields never changes it', async () => {
    const field = fc.constantFrom('first_name', 'last_name', 'phone_number', 'sector', 'country', 'policy_frequency', 'plan', 'email', 'id')
    await fc.assert(
      fc.asyncProperty(fc.dictionary(field, fc.oneof(hostileText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), { minKeys: 1, maxKeys: 4 }), async (patch) => {
        const before = await snapshot()
        const r = await send('PATCH', `/rest/v1/users?id=eq.${bob.user.id}`, { token: alice.session.access_token, body: patch })
        expect(r.status, r.text).toBeLessThan(500)
        expect(await snapshot()).toEqual(before)
      }),
      { numRuns: 25 },
    )
  }, 90_000)

  it('a profile RPC with a hostile staff count or sector is refused with 400 and writes nothing', async () => {
    const badStaff = fc.oneof(fc.integer({ max: 0 }), fc.constant(2 ** 31), fc.constant(1e20), fc.double({ noInteger: true, min: 0.01, max: 1e6 }), hostileText.filter((s) => !/^\s*\+?\d+\s*$/.test(s)))
    await fc.assert(
      fc.asyncProperty(badStaff, async (staff) => {
        const before = await snapshot()
        const r = await send('POST', '/rest/v1/rpc/update_self_profile_details', { token: alice.session.access_token, body: { p_company_name: 'Acme Care', p_sector: 'care', p_staff_count: staff } })
        expect(r.status, `${JSON.stringify(staff)}: ${r.text}`).toBe(400)
        expectClearError(r, 'rpc')
        expect(await snapshot()).toEqual(before)
      }),
      { numRuns: 25 },
    )
  }, 90_000)
})

/** TCP ports a process listens on (Linux: its socket inodes matched against /proc/net/tcp{,6} in LISTEN state). */
function tcpListenPorts(pid: number): number[] {
  const inodes = new Set<string>()
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (m) inodes.add(m[1] as string)
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = []
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/)
      if (cols[3] === '0A' && inodes.has(cols[9] as string)) ports.push(Number.parseInt((cols[1] as string).split(':')[1] as string, 16))
    }
  }
  return ports
}

describe('PostgREST is fenced: only this server reaches it', () => {
  it('PostgREST and PostgreSQL listen on no TCP port, only on unix sockets in a private folder', () => {
    const { postgrest, postgres } = server.pids
    expect(postgrest && postgres).toBeTruthy()
    expect(tcpListenPorts(postgrest as number)).toEqual([])
    expect(tcpListenPorts(postgres as number)).toEqual([])
    // The API port is this server's own.
    expect(tcpListenPorts(process.pid)).toContain(Number(new URL(server.url).port))
    const socket = server.restSocket as string
    expect(statSync(socket).isSocket()).toBe(true)
    const dir = statSync(dirname(socket))
    expect(dir.mode & 0o077, 'the socket folder is closed to group and others').toBe(0)
    expect(dir.uid).toBe(serviceUser()?.uid ?? process.getuid?.())
  })

  it('another local user cannot connect to PostgREST or PostgreSQL directly', async () => {
    const socket = server.restSocket as string
    const pgSocket = `${dirname(socket)}/.s.PGSQL.5432`
    if (process.getuid?.() === 0) {
      // As root: try from the unprivileged `nobody`.
      const attempt = (path: string) =>
        execFileSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '--', process.execPath, '-e',
          `require('net').connect(${JSON.stringify(path)}).on('connect', () => { console.log('connected'); process.exit(0) }).on('error', (e) => { console.log(e.code); process.exit(0) })`]).toString().trim()
      expect(attempt(socket)).toBe('EACCES')
      expect(attempt(pgSocket)).toBe('EACCES')
    } else {
      // Not root: nobody else can enter the folder (mode checked above); this user can, as the server's own.
      expect(statSync(dirname(socket)).uid).toBe(process.getuid?.())
    }
    // And the way that does work is the server's own: a connection from its user reaches PostgREST, which still
    // verifies every token (a forged one gets nothing, as through the gateway).
    const reply = await new Promise<string>((resolve, reject) => {
      const c = connect(socket, () => c.write('GET /users HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer not.a.jwt\r\nConnection: close\r\n\r\n'))
      let out = ''
      c.on('data', (d) => (out += d))
      c.on('end', () => resolve(out))
      c.on('error', reject)
    })
    expect(reply.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized')
  })
})
