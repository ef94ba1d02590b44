/**
 * The /auth/v1 subset supabase-js 2.109 uses, in GoTrue's shapes, codes and messages (read from
 * github.com/supabase/auth): sign-up with PKCE and e-mail confirmation, password recovery, verify links
 * (GET) and token hashes (POST), token grants (password, pkce, refresh_token), user (GET, PUT), logout with
 * scopes, resend, settings, /authorize with a local consent page standing in for the OAuth providers, and
 * GoTrue's rate limits. Every write is one transaction; e-mails are sent after commit; a request refused
 * (bad input, a rate limit) writes nothing.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { Db, Queryable } from './db.ts'
import { type Claims, signJwt, verifyJwt } from './keys.ts'
import type { MailStore } from './mail.ts'
import { type AuthRateLimits, IntervalLimit, TokenBuckets } from './ratelimit.ts'

export const SSO_PROVIDERS = ['google', 'linkedin_oidc', 'apple', 'facebook'] as const
const MAX_PASSWORD_LENGTH = 72 // bcrypt's limit, as GoTrue
const FLOW_STATE_TTL_SECONDS = 300
const PKCE_PREFIX = 'pkce_'
const MAIL_FROM = 'InspectReady (local) <no-reply@localhost>'
// GoTrue's address check (the WHATWG one: ASCII only) plus a dot in the domain. It refuses look-alikes of
// consumer domains that would slip past the trigger's list: 'gmail.com.', fullwidth, Cyrillic or
// zero-width letters, and markup. Punycode (xn--) domains are ASCII and stay valid, as in GoTrue.
const EMAIL_RE =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i

export interface AuthOptions {
  db: Db
  mail: MailStore
  /** Public base URL of this server, e.g. http://127.0.0.1:54321. */
  baseUrl: () => string
  siteUrl: string
  autoconfirm: boolean
  jwtExpirySeconds: number
  /** config.toml [auth.email] max_frequency: gap between two confirmation or recovery mails to one address. */
  resendIntervalSeconds: number
  /** config.toml [auth.email] otp_expiry: lifetime of every e-mailed link (confirmation and recovery). */
  otpExpirySeconds: number
  /** config.toml [auth] minimum_password_length. */
  minimumPasswordLength: number
  isAllowedRedirect: (url: string) => boolean
  rateLimits: AuthRateLimits
}

interface UserRow {
  id: string
  aud: string
  role: string
  email: string
  email_confirmed_at: Date | string | null
  confirmation_sent_at: Date | string | null
  recovery_sent_at: Date | string | null
  last_sign_in_at: Date | string | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date | string
  updated_at: Date | string
  is_anonymous: boolean
}

const USER_COLUMNS =
  'id, aud, role, email, email_confirmed_at, confirmation_sent_at, recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous'

const iso = (v: Date | string | null | undefined) => (v == null ? undefined : new Date(v).toISOString())
const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex')
const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url')

/** "1 hour", "24 hours", "30 minutes": for the mails' "the link expires in …". */
export function humanDuration(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour')
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute')
  return plural(seconds, 'second')
}

interface IdentityRow {
  id: string
  user_id: string
  provider: string
  provider_id: string
  identity_data: Record<string, unknown>
  created_at: Date | string
  updated_at: Date | string
  last_sign_in_at: Date | string | null
}

/** GoTrue lists a user's identities; an empty list is what it returns for an obfuscated existing user. */
async function identitiesOf(q: Queryable, userId: string) {
  const r = await q.query<IdentityRow>(
    'select id, user_id, provider, provider_id, identity_data, created_at, updated_at, last_sign_in_at from auth.identities where user_id = $1 order by created_at',
    [userId],
  )
  return r.rows.map((i) => ({
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
  }))
}

async function fullUserJson(q: Queryable, u: UserRow) {
  return { ...userJson(u), identities: await identitiesOf(q, u.id) }
}

export function userJson(u: UserRow) {
  const confirmed = iso(u.email_confirmed_at)
  return {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email,
    ...(confirmed ? { email_confirmed_at: confirmed, confirmed_at: confirmed } : {}),
    phone: '',
    ...(u.confirmation_sent_at ? { confirmation_sent_at: iso(u.confirmation_sent_at) } : {}),
    ...(u.recovery_sent_at ? { recovery_sent_at: iso(u.recovery_sent_at) } : {}),
    ...(u.last_sign_in_at ? { last_sign_in_at: iso(u.last_sign_in_at) } : {}),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: [],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous ?? false,
  }
}

/**
 * GoTrue's error reply for API version 2024-01-01 (what supabase-js asks for): `{code, message}`, the code
 * also in `x-sb-error-code`. supabase-js turns it into an AuthApiError with .status, .code and .message.
 */
export function authError(c: Context, status: number, code: string, msg: string, extra: Record<string, unknown> = {}) {
  c.header('x-supabase-api-version', '2024-01-01')
  c.header('x-sb-error-code', code)
  return c.json({ code, message: msg, ...extra }, status as 400)
}

/** An error to answer with, thrown from inside a transaction so that everything it wrote rolls back. */
class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly extra: Record<string, unknown>
  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message)
    this.status = status
    this.code = code
    this.extra = extra
  }
}

/** True when a string anywhere in a parsed JSON value holds U+0000, which Postgres text cannot store. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v))
  return false
}

async function readJson(c: Context): Promise<Record<string, unknown> | null> {
  let value: unknown
  try {
    const text = await c.req.text()
    value = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    return null
  }
  if (containsNul(value)) {
    // Answered here rather than as a database error (500) later.
    throw new ApiError(400, 'validation_failed', 'Text must not contain NUL characters')
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v)

function dbErrorInfo(error: unknown): { code?: string; message: string; hint?: string } {
  const e = error as { code?: string; message?: string; hint?: string }
  return { code: e.code, message: e.message ?? String(error), hint: e.hint }
}

/** GoTrue's validatePKCEParams: both or neither, and a challenge of 43-128 URL-safe characters. */
function pkceParams(body: Record<string, unknown>): { challenge: string; method: 'plain' | 's256' } | null {
  const challenge = str(body.code_challenge)
  const rawMethod = str(body.code_challenge_method)
  if (!challenge && !rawMethod) return null
  if (!challenge || !rawMethod) {
    throw new ApiError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge')
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw new ApiError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters')
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw new ApiError(400, 'validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes')
  }
  const method = rawMethod.toLowerCase()
  if (method !== 'plain' && method !== 's256') throw new ApiError(400, 'validation_failed', 'Invalid code_challenge_method')
  return { challenge, method }
}

/** GoTrue's GetReferrer: redirect_to (header, query, then body), else the Referer, when allowed; else the site. */
function referrerCandidates(c: Context, body?: Record<string, unknown> | null): string[] {
  return [c.req.header('redirect_to'), c.req.query('redirect_to'), str(body?.redirect_to), c.req.header('referer')].filter(
    (v): v is string => Boolean(v),
  )
}

/** The client address rate limits count by: X-Forwarded-For's first hop when present, else the socket's. */
export function clientAddress(c: Context): string {
  const first = (c.req.header('x-forwarded-for') ?? '').split(',')[0]?.trim()
  if (first) return first
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'unknown'
}

/** GoTrue's frequency rule message: whole seconds left, rounded down as Go's integer division does. */
function frequencyError(sentAt: Date | string | null, intervalSeconds: number): ApiError | null {
  if (!sentAt || intervalSeconds <= 0) return null
  const leftMs = new Date(sentAt).getTime() + intervalSeconds * 1000 - Date.now()
  if (leftMs <= 0) return null
  return new ApiError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.trunc(leftMs / 1000)} seconds.`)
}

/** GoTrue's oauthErrorMap: the OAuth `error` value of an HTTP status in redirect errors. */
const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
}

/** Go's url.Values.Encode: keys sorted, spaces as '+'. */
function encodeSorted(params: URLSearchParams): string {
  params.sort()
  return params.toString()
}

/**
 * GoTrue's prepErrorRedirectURL for /verify: error, error_code and error_description in the fragment (with
 * `sb`, Supabase's marker) and, for a PKCE link, in the query too.
 */
function verifyErrorRedirect(redirectTo: string, e: ApiError, pkce: boolean): string {
  const u = new URL(redirectTo)
  const fields: Record<string, string> = {
    ...(OAUTH_ERROR[e.status] ? { error: OAUTH_ERROR[e.status] as string } : {}),
    error_code: e.code,
    error_description: e.message,
  }
  if (pkce) {
    for (const [k, v] of Object.entries(fields)) u.searchParams.set(k, v)
    u.search = encodeSorted(u.searchParams)
  }
  u.hash = encodeSorted(new URLSearchParams({ ...fields, sb: '' }))
  return u.toString()
}

export function authApp(opts: AuthOptions): Hono {
  const { db, mail } = opts
  const app = new Hono()
  const limits = opts.rateLimits
  const buckets = {
    token: new TokenBuckets(limits.tokenRefresh),
    passwordEmail: new TokenBuckets(limits.passwordPerEmail),
    signup: new TokenBuckets(limits.signInSignUps),
    recover: new TokenBuckets(limits.signInSignUps),
    resend: new TokenBuckets(limits.signInSignUps),
    user: new TokenBuckets(limits.signInSignUps),
    verify: new TokenBuckets(limits.tokenVerifications),
  }
  const mailBudget = new IntervalLimit(limits.emailSent)
  /** Takes a request from a per-client bucket, or throws GoTrue's 429 (nothing written yet). */
  const limitClient = (c: Context, bucket: TokenBuckets) => {
    if (!bucket.take(clientAddress(c))) throw new ApiError(429, 'over_request_rate_limit', 'Request rate limit reached')
  }

  /**
   * Runs a write that may send e-mails: `reserveMail()` takes one from the all-addresses e-mail budget
   * (GoTrue: 429 'email rate limit exceeded', not counted with autoconfirm) and is given back when the
   * transaction fails, so a refused or failed request neither sends nor uses up anything.
   */
  async function withMail<T>(fn: (tx: Queryable, reserveMail: () => void) => Promise<T>): Promise<T> {
    let reserved = 0
    const reserveMail = () => {
      if (opts.autoconfirm) return
      if (!mailBudget.take()) throw new ApiError(429, 'over_email_send_rate_limit', 'email rate limit exceeded')
      reserved++
    }
    try {
      return await db.transaction((tx) => fn(tx, reserveMail))
    } catch (error) {
      for (; reserved > 0; reserved--) mailBudget.refund()
      throw error
    }
  }

  app.use('*', async (c, next) => {
    await next()
    c.res.headers.set('x-supabase-api-version', '2024-01-01')
  })

  app.onError((err, c) => {
    if (err instanceof ApiError) return authError(c, err.status, err.code, err.message, err.extra)
    if (err instanceof HTTPException && err.status < 500) return err.getResponse()
    console.error('local auth error', err)
    return c.json({ code: 'unexpected_failure', message: 'Internal server error; nothing was written' }, 500)
  })

  const redirectTarget = (candidates: string | string[] | undefined | null) => {
    for (const candidate of Array.isArray(candidates) ? candidates : [candidates]) {
      if (candidate && opts.isAllowedRedirect(candidate)) return candidate
    }
    return opts.siteUrl
  }

  async function findUserByEmail(q: Queryable, email: string) {
    const r = await q.query<UserRow & { encrypted_password: string | null }>(
      `select ${USER_COLUMNS}, encrypted_password from auth.users where lower(email) = lower($1)`,
      [email],
    )
    return r.rows[0]
  }

  /** GoTrue's password strength check: over 72 characters is a 400, under the minimum a 422 weak_password. */
  function checkPassword(password: string) {
    if (password.length > MAX_PASSWORD_LENGTH) {
      throw new ApiError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`)
    }
    if (password.length < opts.minimumPasswordLength) {
      throw new ApiError(422, 'weak_password', `Password should be at least ${opts.minimumPasswordLength} characters.`, {
        weak_password: { reasons: ['length'] },
      })
    }
  }

  /**
   * A new session (`method` = how the user authenticated, kept for the session's amr claim as GoTrue keeps
   * its AMR claims) or, with `refresh`, a rotated refresh token for an existing session.
   */
  async function issueSession(
    q: Queryable,
    userId: string,
    how: { method: string } | { sessionId: string; parent: string },
  ) {
    let sid: string
    let method: string
    let authenticatedAt: number
    if ('method' in how) {
      const s = (
        await q.query<{ id: string }>('insert into auth.sessions (user_id, amr_method) values ($1, $2) returning id', [userId, how.method])
      ).rows[0] as { id: string }
      sid = s.id
      method = how.method
      authenticatedAt = Math.floor(Date.now() / 1000)
    } else {
      const s = (
        await q.query<{ amr_method: string | null; created_at: Date | string }>(
          'select amr_method, created_at from auth.sessions where id = $1',
          [how.sessionId],
        )
      ).rows[0]
      sid = how.sessionId
      method = s?.amr_method ?? 'password'
      authenticatedAt = Math.floor(new Date(s?.created_at ?? Date.now()).getTime() / 1000)
    }
    const refresh = randomToken(12)
    await q.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
      refresh,
      userId,
      sid,
      'parent' in how ? how.parent : null,
    ])
    const user = (
      await q.query<UserRow>(
        'method' in how
          ? `update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`
          : `select ${USER_COLUMNS} from auth.users where id = $1`,
        [userId],
      )
    ).rows[0] as UserRow
    const now = Math.floor(Date.now() / 1000)
    const claims: Claims = {
      aud: 'authenticated',
      iss: `${opts.baseUrl()}/auth/v1`,
      sub: user.id,
      email: user.email,
      phone: '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method, timestamp: authenticatedAt }],
      session_id: sid,
      is_anonymous: false,
    }
    const accessToken = await signJwt(claims, opts.jwtExpirySeconds)
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: opts.jwtExpirySeconds,
      expires_at: now + opts.jwtExpirySeconds,
      refresh_token: refresh,
      user: await fullUserJson(q, user),
    }
  }
  type Session = Awaited<ReturnType<typeof issueSession>>

  const verifyLink = (token: string, type: string, redirectTo: string) =>
    `${opts.baseUrl()}/auth/v1/verify?token=${encodeURIComponent(token)}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`

  function sendConfirmation(email: string, token: string, redirectTo: string) {
    const link = verifyLink(token, 'signup', redirectTo)
    mail.add({
      to: email,
      from: MAIL_FROM,
      subject: 'Confirm your signup',
      text: `Follow this link to confirm your e-mail address:\n\n${link}\n\nThe link works once and expires in ${humanDuration(opts.otpExpirySeconds)}.`,
      html: `<h2>Confirm your signup</h2><p>Follow this link to confirm your e-mail address:</p><p><a href="${link.replace(/&/g, '&amp;')}">Confirm your e-mail address</a></p>`,
    })
  }

  function sendRecovery(email: string, token: string, redirectTo: string) {
    const link = verifyLink(token, 'recovery', redirectTo)
    const expires = humanDuration(opts.otpExpirySeconds)
    mail.add({
      to: email,
      from: MAIL_FROM,
      subject: 'Reset your password',
      text:
        `Someone asked to reset the password of the InspectReady account for ${email}.\n\n` +
        `To choose a new password, follow this link:\n\n${link}\n\n` +
        `The link works once and expires in ${expires}. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
      html:
        `<h2>Reset your password</h2><p>Someone asked to reset the password of the InspectReady account for ${esc(email)}.</p>` +
        `<p><a href="${link.replace(/&/g, '&amp;')}">Choose a new password</a></p>` +
        `<p>The link works once and expires in ${expires}. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
    })
  }

  async function newFlowState(q: Queryable, userId: string, pkce: { challenge: string; method: string }, provider: string, authMethod: string) {
    const r = await q.query<{ id: string }>(
      `insert into auth.flow_state (user_id, code_challenge, code_challenge_method, provider_type, authentication_method)
       values ($1, $2, $3, $4, $5) returning id`,
      [userId, pkce.challenge, pkce.method, provider, authMethod],
    )
    return r.rows[0]?.id as string
  }

  async function bearerUser(c: Context): Promise<{ claims: Claims } | Response> {
    const header = c.req.header('authorization') ?? ''
    const token = /^bearer\s+(.+)$/i.exec(header)?.[1]?.trim()
    if (!token) return authError(c, 401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    const verified = await verifyJwt(token)
    if (!verified.ok) {
      return authError(c, 403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${verified.message}`)
    }
    const { claims } = verified
    if (claims.role !== 'authenticated' || !claims.sub) {
      return authError(c, 403, 'bad_jwt', 'invalid claim: missing sub claim')
    }
    if (claims.session_id) {
      const s = await db.query('select 1 from auth.sessions where id = $1', [claims.session_id])
      if (s.rows.length === 0) {
        return authError(c, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
      }
    }
    return { claims }
  }

  app.get('/health', (c) => c.json({ version: 'local', name: 'GoTrue (InspectReady local)', description: 'local auth' }))

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false, ...Object.fromEntries(SSO_PROVIDERS.map((p) => [p, true])) },
      disable_signup: false,
      mailer_autoconfirm: opts.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  )

  app.post('/signup', async (c) => {
    const body = await readJson(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    limitClient(c, buckets.signup)
    const email = str(body.email).trim().toLowerCase()
    const password = str(body.password)
    if (!email) return authError(c, 422, 'validation_failed', 'To signup, please provide your email')
    if (!EMAIL_RE.test(email) || email.length > 320) {
      return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    }
    if (!password) return authError(c, 422, 'validation_failed', 'Signup requires a valid password')
    checkPassword(password)
    const data = isObject(body.data) ? body.data : {}
    const pkce = pkceParams(body)
    const redirectTo = redirectTarget(referrerCandidates(c, body))

    type Outcome =
      | { kind: 'exists' }
      | { kind: 'pending'; user: Awaited<ReturnType<typeof fullUserJson>>; token: string }
      | { kind: 'session'; session: Session }
    let outcome: Outcome
    try {
      outcome = await withMail(async (tx, reserveMail): Promise<Outcome> => {
        const existing = await findUserByEmail(tx, email)
        const token = (pkce ? PKCE_PREFIX : '') + randomToken()
        if (existing) {
          if (existing.email_confirmed_at) return { kind: 'exists' }
          // Unconfirmed: like GoTrue, a fresh confirmation mail (subject to max_frequency) and the same reply
          // as a first sign-up; the password is not changed.
          const tooSoon = frequencyError(existing.confirmation_sent_at, opts.resendIntervalSeconds)
          if (tooSoon) throw tooSoon
          reserveMail()
          const user = (
            await tx.query<UserRow>(
              `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now()
               where id = $1 returning ${USER_COLUMNS}`,
              [existing.id, sha256hex(token)],
            )
          ).rows[0] as UserRow
          if (pkce) await newFlowState(tx, user.id, pkce, 'email', 'email/signup')
          return { kind: 'pending', user: await fullUserJson(tx, user), token }
        }
        if (!opts.autoconfirm) reserveMail()
        const id = randomUUID()
        const user = (
          await tx.query<UserRow>(
            `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
               confirmation_sent_at, raw_app_meta_data, raw_user_meta_data)
             values ($1, 'authenticated', 'authenticated', $2, extensions.crypt($3, extensions.gen_salt('bf', 8)),
               case when $4::boolean then now() end, case when $4::boolean then null else $5 end,
               case when $4::boolean then null else now() end,
               '{"provider":"email","providers":["email"]}'::jsonb, $6::jsonb)
             returning ${USER_COLUMNS}`,
            [id, email, password, opts.autoconfirm, sha256hex(token), JSON.stringify(data)],
          )
        ).rows[0] as UserRow
        await tx.query(
          `insert into auth.identities (user_id, provider, provider_id, identity_data) values ($1, 'email', $2, $3::jsonb)`,
          [id, id, JSON.stringify({ sub: id, email, email_verified: opts.autoconfirm })],
        )
        if (opts.autoconfirm) return { kind: 'session', session: await issueSession(tx, id, { method: 'password' }) }
        if (pkce) await newFlowState(tx, id, pkce, 'email', 'email/signup')
        return { kind: 'pending', user: await fullUserJson(tx, user), token }
      })
    } catch (error) {
      if (error instanceof ApiError) throw error
      const info = dbErrorInfo(error)
      if (info.code === '23505') return authError(c, 422, 'user_already_exists', 'User already registered')
      if (info.code === '22023' || info.code === '23514') {
        // Refused by the profile trigger (e.g. consumer e-mail domain). Hosted GoTrue reports any trigger
        // failure as 500 "Database error saving new user"; locally the trigger's own message is clearer.
        return authError(c, 422, 'email_address_not_authorized', info.message)
      }
      throw error
    }
    if (outcome.kind === 'exists') return authError(c, 422, 'user_already_exists', 'User already registered')
    if (outcome.kind === 'session') return c.json(outcome.session)
    sendConfirmation(email, outcome.token, redirectTo)
    return c.json(outcome.user)
  })

  app.post('/resend', async (c) => {
    limitClient(c, buckets.resend)
    const body = await readJson(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    const type = str(body.type)
    const email = str(body.email).trim().toLowerCase()
    if (type !== 'signup') return authError(c, 400, 'validation_failed', 'Missing one of these types: signup')
    const pkce = pkceParams(body)
    if (!email) return authError(c, 400, 'validation_failed', 'Type provided requires an email address')
    if (!EMAIL_RE.test(email)) return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    const redirectTo = redirectTarget(referrerCandidates(c, body))
    const result = await withMail(async (tx, reserveMail) => {
      const user = await findUserByEmail(tx, email)
      // Unknown or confirmed addresses get the same empty reply (no account enumeration), as GoTrue.
      if (!user || user.email_confirmed_at) return { token: null }
      const tooSoon = frequencyError(user.confirmation_sent_at, opts.resendIntervalSeconds)
      if (tooSoon) throw tooSoon
      reserveMail()
      const token = (pkce ? PKCE_PREFIX : '') + randomToken()
      await tx.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1', [
        user.id,
        sha256hex(token),
      ])
      // PKCE resend (supabase-js sends a new challenge): like GoTrue, the new link's code belongs to a new flow
      // state, so it exchanges with the verifier this browser stored when it asked for the resend.
      if (pkce) await newFlowState(tx, user.id, pkce, 'email', 'email/signup')
      return { token }
    })
    if (result.token) sendConfirmation(email, result.token, redirectTo)
    return c.json({})
  })

  // Password recovery (supabase-js resetPasswordForEmail). The same 200 {} whether or not the address has an
  // account; a mail only to an existing one. GoTrue's max_frequency rule applies per address, so a second
  // request within it is a 429 for an existing account only (as hosted; see README).
  app.post('/recover', async (c) => {
    limitClient(c, buckets.recover)
    const body = await readJson(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    const email = str(body.email).trim().toLowerCase()
    if (!email) return authError(c, 400, 'validation_failed', 'Password recovery requires an email')
    if (email.length > 255) return authError(c, 400, 'validation_failed', 'An email address is too long')
    if (!EMAIL_RE.test(email)) return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    const pkce = pkceParams(body)
    const redirectTo = redirectTarget(referrerCandidates(c, body))
    const result = await withMail(async (tx, reserveMail) => {
      const user = await findUserByEmail(tx, email)
      if (!user) return { token: null }
      const tooSoon = frequencyError(user.recovery_sent_at, opts.resendIntervalSeconds)
      if (tooSoon) throw tooSoon
      reserveMail()
      const token = (pkce ? PKCE_PREFIX : '') + randomToken()
      await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [user.id, sha256hex(token)])
      if (pkce) await newFlowState(tx, user.id, pkce, 'recovery', 'recovery')
      return { token }
    })
    if (result.token) sendRecovery(email, result.token, redirectTo)
    return c.json({})
  })

  /**
   * Consumes an e-mailed token (the link's `token`, which is also the `token_hash` of verifyOtp): the user,
   * or an ApiError (GoTrue's 403 otp_expired for unknown, used and expired tokens alike). `email` accepts a
   * confirmation or a recovery token, as GoTrue's email OTP type does.
   */
  async function consumeEmailToken(tx: Queryable, type: string, token: string): Promise<UserRow> {
    const hash = sha256hex(token)
    const kinds = type === 'email' ? ['signup', 'recovery'] : [type === 'recovery' ? 'recovery' : 'signup']
    for (const kind of kinds) {
      const r =
        kind === 'signup'
          ? await tx.query<UserRow>(
              `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = null, updated_at = now()
               where confirmation_token = $1 and confirmation_sent_at > now() - make_interval(secs => $2)
               returning ${USER_COLUMNS}`,
              [hash, opts.otpExpirySeconds],
            )
          : // GoTrue's recoverVerify also confirms an unconfirmed address: the mail reached its owner.
            await tx.query<UserRow>(
              `update auth.users set recovery_token = null, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
               where recovery_token = $1 and recovery_sent_at > now() - make_interval(secs => $2)
               returning ${USER_COLUMNS}`,
              [hash, opts.otpExpirySeconds],
            )
      const user = r.rows[0]
      if (user) {
        await tx.query(
          `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
           where user_id = $1 and provider = 'email'`,
          [user.id],
        )
        return user
      }
    }
    throw new ApiError(403, 'otp_expired', 'Email link is invalid or has expired')
  }

  const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email']
  const SUPPORTED_VERIFY_TYPES = ['signup', 'recovery', 'email']

  app.get('/verify', async (c) => {
    limitClient(c, buckets.verify)
    const token = c.req.query('token') ?? ''
    const type = c.req.query('type') ?? ''
    if (!type) return authError(c, 400, 'validation_failed', 'Verify requires a verification type')
    if (!token) return authError(c, 400, 'validation_failed', 'Verify requires a token or a token hash')
    const redirectTo = redirectTarget(referrerCandidates(c))
    const pkce = token.startsWith(PKCE_PREFIX)
    type Result = { code: string } | { session: Session }
    let result: Result
    try {
      result = await db.transaction(async (tx): Promise<Result> => {
        if (!VERIFY_TYPES.includes(type)) throw new ApiError(400, 'validation_failed', 'Invalid email verification type')
        // Invite, magic-link and e-mail-change tokens are never issued locally, so they are unknown here.
        if (!SUPPORTED_VERIFY_TYPES.includes(type)) throw new ApiError(403, 'otp_expired', 'Email link is invalid or has expired')
        const user = await consumeEmailToken(tx, type, token)
        if (!pkce) return { session: await issueSession(tx, user.id, { method: 'otp' }) }
        // GoTrue's issueAuthCode: the user's latest flow state of this kind gets the code.
        const method = type === 'recovery' ? 'recovery' : 'email/signup'
        const flow = await tx.query<{ id: string }>(
          'select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1',
          [user.id, method],
        )
        if (!flow.rows[0]) {
          throw new ApiError(400, 'flow_state_not_found', 'No associated flow state found. No valid flow state found for user.')
        }
        const code = randomUUID()
        await tx.query('update auth.flow_state set auth_code = $2, auth_code_issued_at = now() where id = $1', [flow.rows[0].id, code])
        return { code }
      })
    } catch (error) {
      if (error instanceof ApiError) return c.redirect(verifyErrorRedirect(redirectTo, error, pkce), 303)
      throw error
    }
    if ('code' in result) {
      const u = new URL(redirectTo)
      u.searchParams.set('code', result.code)
      return c.redirect(u.toString(), 303)
    }
    // Implicit flow: the session in the fragment, with the link's type (GoTrue's AsRedirectURL).
    const s = result.session
    const u = new URL(redirectTo)
    u.hash = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      token_type: 'bearer',
      type,
    }).toString()
    return c.redirect(u.toString(), 303)
  })

  // supabase-js verifyOtp({ token_hash, type }): a session directly (no code to exchange), as GoTrue.
  app.post('/verify', async (c) => {
    limitClient(c, buckets.verify)
    const body = await readJson(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    const type = str(body.type)
    const token = str(body.token)
    const tokenHash = str(body.token_hash)
    if (!type) return authError(c, 400, 'validation_failed', 'Verify requires a verification type')
    if (Boolean(token) === Boolean(tokenHash)) {
      return authError(c, 400, 'validation_failed', 'Verify requires either a token or a token hash')
    }
    if (token) {
      // A 6-digit e-mail OTP: the local mails carry links only, so no code is ever valid here.
      if (!str(body.email) && !str(body.phone)) {
        return authError(c, 400, 'validation_failed', 'Only an email address or phone number should be provided on verify')
      }
      return authError(c, 403, 'otp_expired', 'Token has expired or is invalid')
    }
    if (body.email || body.phone || body.redirect_to) {
      return authError(c, 400, 'validation_failed', 'Only the token_hash and type should be provided')
    }
    if (!VERIFY_TYPES.includes(type)) return authError(c, 400, 'validation_failed', 'Invalid email verification type')
    if (!SUPPORTED_VERIFY_TYPES.includes(type)) return authError(c, 403, 'otp_expired', 'Email link is invalid or has expired')
    const session = await db.transaction(async (tx) => {
      const user = await consumeEmailToken(tx, type, tokenHash)
      return issueSession(tx, user.id, { method: 'otp' })
    })
    return c.json(session)
  })

  let dummyHash: Promise<string> | null = null
  /** A bcrypt hash to compare against when the address has no password, so both cost the same time. */
  const timingDummy = () => {
    dummyHash ??= db
      .query<{ h: string }>("select extensions.crypt('no password', extensions.gen_salt('bf', 8)) as h")
      .then((r) => r.rows[0]?.h as string)
    return dummyHash
  }

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type') ?? ''
    if (!['password', 'pkce', 'refresh_token'].includes(grant)) {
      return authError(c, 400, 'invalid_credentials', 'unsupported_grant_type')
    }
    limitClient(c, buckets.token)
    const body = await readJson(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    if (grant === 'password') {
      const email = str(body.email).trim().toLowerCase()
      const password = str(body.password)
      if (email && str(body.phone)) {
        return authError(c, 400, 'validation_failed', 'Only an email address or phone number should be provided on login.')
      }
      if (!email) {
        if (str(body.phone)) return authError(c, 422, 'phone_provider_disabled', 'Phone logins are disabled')
        return authError(c, 400, 'validation_failed', 'missing email or phone')
      }
      // Local addition to GoTrue's per-client limit: guesses at one account from many addresses are capped too.
      // Counted for unknown addresses as well, so the reply never tells whether an account exists.
      if (!buckets.passwordEmail.take(email)) return authError(c, 429, 'over_request_rate_limit', 'Request rate limit reached')
      const user = await findUserByEmail(db, email)
      const stored = user?.encrypted_password || (await timingDummy())
      const match = await db.query<{ ok: boolean }>('select extensions.crypt($1, $2) = $2 as ok', [password, stored])
      // Wrong password, unknown address and an SSO-only account without a password: one reply (GoTrue's).
      if (!user?.encrypted_password || !match.rows[0]?.ok) return authError(c, 400, 'invalid_credentials', 'Invalid login credentials')
      // Only once the password matched, so this tells nothing to someone who does not know it.
      if (!user.email_confirmed_at) return authError(c, 400, 'email_not_confirmed', 'Email not confirmed')
      return c.json(await db.transaction((tx) => issueSession(tx, user.id, { method: 'password' })))
    }
    if (grant === 'pkce') {
      const code = str(body.auth_code)
      const verifier = str(body.code_verifier)
      if (!code || !verifier) {
        return authError(c, 400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty')
      }
      const session = await db.transaction(async (tx) => {
        // Delete-returning makes the code single-use even under concurrent exchanges.
        const r = await tx.query<{
          user_id: string
          code_challenge: string
          code_challenge_method: string
          authentication_method: string
          fresh: boolean
        }>(
          `delete from auth.flow_state where auth_code = $1
           returning user_id, code_challenge, code_challenge_method, authentication_method,
             auth_code_issued_at > now() - make_interval(secs => $2) as fresh`,
          [code, FLOW_STATE_TTL_SECONDS],
        )
        const flow = r.rows[0]
        if (!flow) throw new ApiError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
        if (!flow.fresh) throw new ApiError(422, 'flow_state_expired', 'invalid flow state, flow state has expired')
        const computed =
          flow.code_challenge_method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url')
        if (computed !== flow.code_challenge) {
          throw new ApiError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier')
        }
        // GoTrue's amr names the flow: 'email/signup', 'recovery' or 'oauth'.
        return issueSession(tx, flow.user_id, { method: flow.authentication_method })
      })
      return c.json(session)
    }
    const token = str(body.refresh_token)
    if (!token) return authError(c, 400, 'validation_failed', 'refresh_token required')
    const session = await db.transaction(async (tx) => {
      const r = await tx.query<{ user_id: string; session_id: string; revoked: boolean }>(
        'select user_id, session_id, revoked from auth.refresh_tokens where token = $1 for update',
        [token],
      )
      const row = r.rows[0]
      // A signed-out or revoked session's refresh tokens are deleted with it, so they are "not found".
      if (!row) throw new ApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
      if (row.revoked) throw new ApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
      const s = await tx.query('select 1 from auth.sessions where id = $1', [row.session_id])
      if (s.rows.length === 0) throw new ApiError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found')
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token])
      return issueSession(tx, row.user_id, { sessionId: row.session_id, parent: token })
    })
    return c.json(session)
  })

  app.get('/user', async (c) => {
    const auth = await bearerUser(c)
    if (auth instanceof Response) return auth
    const r = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [auth.claims.sub])
    if (!r.rows[0]) return authError(c, 403, 'user_not_found', 'User from sub claim in JWT does not exist')
    return c.json(await fullUserJson(db, r.rows[0]))
  })

  // supabase-js updateUser({ password, data }). A new password ends every other session of the user (their
  // refresh tokens go with them) and invalidates pending confirmation and recovery links, as GoTrue's
  // UpdatePassword does; the session making the change stays signed in.
  app.put('/user', async (c) => {
    const auth = await bearerUser(c)
    if (auth instanceof Response) return auth
    limitClient(c, buckets.user)
    const body = await readJson(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    if (body.email !== undefined || body.phone !== undefined) {
      return authError(c, 422, 'validation_failed', 'Changing e-mail or phone is not supported by the local server')
    }
    if (body.app_metadata !== undefined && body.app_metadata !== null) {
      return authError(c, 403, 'not_admin', 'Updating app_metadata requires admin privileges')
    }
    if (body.password !== undefined && body.password !== null && typeof body.password !== 'string') {
      return authError(c, 400, 'bad_json', 'Could not parse request body as JSON: password must be a string')
    }
    if (body.data !== undefined && body.data !== null && !isObject(body.data)) {
      return authError(c, 400, 'bad_json', 'Could not parse request body as JSON: data must be an object')
    }
    const password = typeof body.password === 'string' ? body.password : null
    if (password !== null) checkPassword(password)
    const data = isObject(body.data) ? body.data : null
    const { sub, session_id: sid } = auth.claims
    const user = await db.transaction(async (tx) => {
      const current = await tx.query<{ encrypted_password: string | null; same: boolean | null; has_email_identity: boolean }>(
        `select encrypted_password,
           case when encrypted_password is null or $2::text is null then null else extensions.crypt($2, encrypted_password) = encrypted_password end as same,
           exists (select 1 from auth.identities where user_id = u.id and provider = 'email') as has_email_identity
         from auth.users u where id = $1 for update`,
        [sub, password],
      )
      const row = current.rows[0]
      if (!row) throw new ApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
      if (password !== null) {
        if (row.same) throw new ApiError(422, 'same_password', 'New password should be different from the old password.')
        await tx.query(
          `update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', 8)),
             confirmation_token = null, confirmation_sent_at = null, recovery_token = null, recovery_sent_at = null,
             updated_at = now()
           where id = $1`,
          [sub, password],
        )
        // GoTrue's LogoutAllExceptMe (every session when the token has none).
        await tx.query('delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)', [sub, sid ?? null])
        if (!row.encrypted_password && !row.has_email_identity) {
          // A first password (an SSO account): GoTrue adds the e-mail identity so the password can sign in.
          await tx.query(
            `insert into auth.identities (user_id, provider, provider_id, identity_data)
             select id, 'email', id::text, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', email_confirmed_at is not null)
             from auth.users where id = $1`,
            [sub],
          )
          await tx.query(
            `update auth.users set raw_app_meta_data = jsonb_set(coalesce(raw_app_meta_data, '{}'::jsonb), '{providers}',
               (select jsonb_agg(distinct p) from jsonb_array_elements_text(coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb) || '["email"]'::jsonb) p))
             where id = $1`,
            [sub],
          )
        }
      }
      if (data) {
        // GoTrue's UpdateUserMetaData: keys merged, a key set to null removed.
        await tx.query(
          `update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb)
             - coalesce((select array_agg(key) from jsonb_each($2::jsonb) where value = 'null'::jsonb), '{}'::text[]),
             updated_at = now()
           where id = $1`,
          [sub, JSON.stringify(data)],
        )
      }
      const updated = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [sub])
      return fullUserJson(tx, updated.rows[0] as UserRow)
    })
    return c.json(user)
  })

  // supabase-js signOut({ scope }): the signed-out sessions are deleted with their refresh tokens, so a later
  // refresh answers 400 refresh_token_not_found and their access tokens 403 session_not_found on /user.
  app.post('/logout', async (c) => {
    const auth = await bearerUser(c)
    if (auth instanceof Response) return auth
    const scope = c.req.query('scope') ?? ''
    if (!['', 'global', 'local', 'others'].includes(scope)) {
      return authError(c, 400, 'validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`)
    }
    const { sub, session_id: sid } = auth.claims
    if (sid && scope === 'local') await db.query('delete from auth.sessions where id = $1', [sid])
    else if (sid && scope === 'others') await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [sub, sid])
    else await db.query('delete from auth.sessions where user_id = $1', [sub])
    return c.body(null, 204)
  })

  // Local stand-in for the OAuth providers: a consent page where you type the account's e-mail and name.
  app.get('/authorize', (c) => {
    const provider = c.req.query('provider') ?? ''
    if (!(SSO_PROVIDERS as readonly string[]).includes(provider)) {
      return authError(c, 400, 'validation_failed', `Unsupported provider: Provider ${provider || '(none)'} could not be found`)
    }
    return c.html(
      consentPage({
        provider,
        redirectTo: redirectTarget(referrerCandidates(c)),
        challenge: c.req.query('code_challenge') ?? '',
        method: c.req.query('code_challenge_method') ?? '',
        email: '',
        name: '',
        error: '',
      }),
    )
  })

  app.post('/authorize', async (c) => {
    let form: Record<string, string | File | (string | File)[]>
    try {
      form = await c.req.parseBody()
    } catch {
      return authError(c, 400, 'validation_failed', 'Could not parse the consent form')
    }
    const f = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '')
    const provider = f('provider')
    if (!(SSO_PROVIDERS as readonly string[]).includes(provider)) {
      return authError(c, 400, 'validation_failed', `Unsupported provider: Provider ${provider || '(none)'} could not be found`)
    }
    const page = {
      provider,
      redirectTo: redirectTarget(f('redirect_to')),
      challenge: f('code_challenge'),
      method: f('code_challenge_method'),
      email: f('email').trim().toLowerCase(),
      name: f('name').trim().slice(0, 200),
      error: '',
    }
    if (f('action') === 'cancel') {
      // What GoTrue's callback does with a provider's denial (an OAuthError): 302 to redirect_to with the
      // provider's `error` and `error_description` in the query and again in the fragment (with `sb`);
      // there is no `error_code`. Nothing is written.
      const u = new URL(page.redirectTo)
      const fields = { error: 'access_denied', error_description: CANCELLED_DESCRIPTION }
      for (const [k, v] of Object.entries(fields)) u.searchParams.set(k, v)
      u.search = encodeSorted(u.searchParams)
      u.hash = encodeSorted(new URLSearchParams({ ...fields, sb: '' }))
      return c.redirect(u.toString(), 302)
    }
    if (!EMAIL_RE.test(page.email)) return c.html(consentPage({ ...page, error: 'Enter a valid e-mail address.' }), 400)
    let result: { code: string | null; session: Session | null }
    try {
      result = await db.transaction(async (tx) => {
        const existing = await findUserByEmail(tx, page.email)
        let userId: string
        if (existing) {
          userId = existing.id
          await tx.query(
            `update auth.users set raw_app_meta_data = jsonb_build_object('provider', $2::text, 'providers',
               (select jsonb_agg(distinct p) from jsonb_array_elements_text(coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb) || to_jsonb($2::text)) p)),
               email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
             where id = $1`,
            [userId, provider],
          )
        } else {
          userId = randomUUID()
          const [first, ...rest] = page.name.split(/\s+/).filter(Boolean)
          const meta = {
            full_name: page.name || undefined,
            name: page.name || undefined,
            given_name: first,
            family_name: rest.join(' ') || undefined,
            email: page.email,
            email_verified: true,
            provider_id: userId,
            sub: userId,
          }
          await tx.query(
            `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, is_sso_user)
             values ($1, 'authenticated', 'authenticated', $2, now(), jsonb_build_object('provider', $3::text, 'providers', jsonb_build_array($3::text)), $4::jsonb, false)`,
            [userId, page.email, provider, JSON.stringify(meta)],
          )
        }
        await tx.query(
          `insert into auth.identities (user_id, provider, provider_id, identity_data) values ($1, $2, $3, $4::jsonb)
           on conflict (provider, provider_id) do update set last_sign_in_at = now()`,
          [userId, provider, page.email, JSON.stringify({ email: page.email, name: page.name })],
        )
        if (page.challenge) {
          const method = page.method.toLowerCase() === 'plain' ? 'plain' : 's256'
          const flowId = await newFlowState(tx, userId, { challenge: page.challenge, method }, provider, 'oauth')
          const code = randomUUID()
          await tx.query('update auth.flow_state set auth_code = $2, auth_code_issued_at = now() where id = $1', [flowId, code])
          return { code, session: null }
        }
        return { code: null, session: await issueSession(tx, userId, { method: 'oauth' }) }
      })
    } catch (error) {
      const info = dbErrorInfo(error)
      if (info.code === '22023' || info.code === '23514') return c.html(consentPage({ ...page, error: info.message }), 422)
      throw error
    }
    if (result.code) {
      const u = new URL(page.redirectTo)
      u.searchParams.set('code', result.code)
      return c.redirect(u.toString(), 303)
    }
    const s = result.session as Session
    const u = new URL(page.redirectTo)
    u.hash = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      token_type: 'bearer',
    }).toString()
    return c.redirect(u.toString(), 303)
  })

  app.all('*', (c) => authError(c, 404, 'not_found', `No auth endpoint ${c.req.method} ${new URL(c.req.url).pathname}`))
  return app
}

/** The consent page's Cancel: the description a provider's denial carries (providers word it differently). */
export const CANCELLED_DESCRIPTION = 'The user cancelled the sign-in at the provider'

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string)

const PROVIDER_LABELS: Record<string, string> = { google: 'Google', linkedin_oidc: 'LinkedIn', apple: 'Apple', facebook: 'Facebook' }

function consentPage(p: { provider: string; redirectTo: string; challenge: string; method: string; email: string; name: string; error: string }) {
  const label = PROVIDER_LABELS[p.provider] ?? p.provider
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in with ${esc(label)} (local)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;box-sizing:border-box}button{margin:1rem .5rem 0 0;padding:.6rem 1rem}.error{color:#b91c1c}</style></head>
<body><main><h1>Sign in with ${esc(label)}</h1><p>Local stand-in for the ${esc(label)} consent screen: no real provider is contacted.</p>
${p.error ? `<p class="error" role="alert">${esc(p.error)}</p>` : ''}
<form method="post" action="/auth/v1/authorize">
<input type="hidden" name="provider" value="${esc(p.provider)}"><input type="hidden" name="redirect_to" value="${esc(p.redirectTo)}">
<input type="hidden" name="code_challenge" value="${esc(p.challenge)}"><input type="hidden" name="code_challenge_method" value="${esc(p.method)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" required value="${esc(p.email)}" autocomplete="email">
<label for="name">Full name</label><input id="name" name="name" type="text" value="${esc(p.name)}" autocomplete="name">
<button type="submit" name="action" value="continue">Continue as this account</button><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></form></main></body></html>`
}
