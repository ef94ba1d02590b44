/**
 * The /auth/v1 subset supabase-js 2.109 uses, in GoTrue's shapes: sign-up with PKCE and e-mail
 * confirmation, verify links, token grants (password, pkce, refresh_token), user, logout, resend,
 * settings, and /authorize with a local consent page standing in for the OAuth providers.
 * Every write is one transaction; e-mails are sent after commit.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { Db, Queryable } from './db.ts'
import { signJwt, verifyJwt, type Claims } from './keys.ts'
import type { MailStore } from './mail.ts'

export const SSO_PROVIDERS = ['google', 'linkedin_oidc', 'apple', 'facebook'] as const
const MIN_PASSWORD_LENGTH = 7
const CONFIRMATION_TTL_HOURS = 24
const FLOW_STATE_TTL_SECONDS = 300
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
  resendIntervalSeconds: number
  isAllowedRedirect: (url: string) => boolean
}

interface UserRow {
  id: string
  aud: string
  role: string
  email: string
  email_confirmed_at: Date | string | null
  confirmation_sent_at: Date | string | null
  last_sign_in_at: Date | string | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date | string
  updated_at: Date | string
  is_anonymous: boolean
}

const USER_COLUMNS =
  'id, aud, role, email, email_confirmed_at, confirmation_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous'

const iso = (v: Date | string | null | undefined) => (v == null ? undefined : new Date(v).toISOString())
const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex')
const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url')

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
    ...(u.last_sign_in_at ? { last_sign_in_at: iso(u.last_sign_in_at) } : {}),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: [],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous ?? false,
  }
}

/** GoTrue's error shape for API version 2024-01-01: {code: <error code>, msg} plus the version header. */
export function authError(c: Context, status: number, code: string, msg: string) {
  c.header('x-supabase-api-version', '2024-01-01')
  return c.json({ code, msg }, status as 400)
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
    c.header('x-supabase-api-version', '2024-01-01')
    throw new HTTPException(400, { res: c.json({ code: 'validation_failed', msg: 'Text must not contain NUL characters' }, 400) })
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')

function dbErrorInfo(error: unknown): { code?: string; message: string; hint?: string } {
  const e = error as { code?: string; message?: string; hint?: string }
  return { code: e.code, message: e.message ?? String(error), hint: e.hint }
}

export function authApp(opts: AuthOptions): Hono {
  const { db, mail } = opts
  const app = new Hono()

  app.use('*', async (c, next) => {
    await next()
    c.res.headers.set('x-supabase-api-version', '2024-01-01')
  })

  const redirectTarget = (candidate: string | undefined | null) =>
    candidate && opts.isAllowedRedirect(candidate) ? candidate : opts.siteUrl

  async function findUserByEmail(q: Queryable, email: string) {
    const r = await q.query<UserRow & { encrypted_password: string | null }>(
      `select ${USER_COLUMNS}, encrypted_password from auth.users where lower(email) = lower($1)`,
      [email],
    )
    return r.rows[0]
  }

  async function issueSession(q: Queryable, userId: string, method: string, parentRefresh?: string, sessionId?: string) {
    const sid =
      sessionId ??
      ((await q.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id', [userId])).rows[0]
        ?.id as string)
    const refresh = randomToken(12)
    await q.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
      refresh,
      userId,
      sid,
      parentRefresh ?? null,
    ])
    const user = (
      await q.query<UserRow>(
        `update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`,
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
      amr: [{ method, timestamp: now }],
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

  function sendConfirmation(email: string, token: string, redirectTo: string) {
    const link = `${opts.baseUrl()}/auth/v1/verify?token=${encodeURIComponent(token)}&type=signup&redirect_to=${encodeURIComponent(redirectTo)}`
    mail.add({
      to: email,
      from: 'InspectReady (local) <no-reply@localhost>',
      subject: 'Confirm your signup',
      text: `Follow this link to confirm your e-mail address:\n\n${link}\n\nThe link works once and expires in ${CONFIRMATION_TTL_HOURS} hours.`,
      html: `<h2>Confirm your signup</h2><p>Follow this link to confirm your e-mail address:</p><p><a href="${link.replace(/&/g, '&amp;')}">Confirm your e-mail address</a></p>`,
    })
  }

  async function newFlowState(q: Queryable, userId: string, challenge: string, method: string, provider: string, authMethod: string) {
    const m = method.toLowerCase() === 'plain' ? 'plain' : 's256'
    const r = await q.query<{ id: string }>(
      `insert into auth.flow_state (user_id, code_challenge, code_challenge_method, provider_type, authentication_method)
       values ($1, $2, $3, $4, $5) returning id`,
      [userId, challenge, m, provider, authMethod],
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
    const email = str(body.email).trim().toLowerCase()
    const password = str(body.password)
    if (!email) return authError(c, 422, 'validation_failed', 'To signup, please provide your email')
    if (!EMAIL_RE.test(email) || email.length > 320) {
      return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    }
    if (!password) return authError(c, 422, 'validation_failed', 'Signup requires a valid password')
    if (password.length < MIN_PASSWORD_LENGTH) {
      c.header('x-supabase-api-version', '2024-01-01')
      return c.json(
        {
          code: 'weak_password',
          msg: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
          weak_password: { reasons: ['length'] },
        },
        422,
      )
    }
    if (password.length > 72) return authError(c, 422, 'validation_failed', 'Password cannot be longer than 72 characters')
    const data = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? body.data : {}
    const challenge = str(body.code_challenge)
    const challengeMethod = str(body.code_challenge_method) || 's256'
    const redirectTo = redirectTarget(c.req.query('redirect_to') ?? str(body.redirect_to))

    type Outcome =
      | { kind: 'exists' }
      | { kind: 'pending'; user: Awaited<ReturnType<typeof fullUserJson>>; token: string }
      | { kind: 'session'; session: Awaited<ReturnType<typeof issueSession>> }
    let outcome: Outcome
    try {
      outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const existing = await findUserByEmail(tx, email)
        const token = randomToken()
        if (existing) {
          if (existing.email_confirmed_at) return { kind: 'exists' }
          // Unconfirmed: like GoTrue, send a fresh confirmation mail and answer as for a new sign-up.
          const user = (
            await tx.query<UserRow>(
              `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now()
               where id = $1 returning ${USER_COLUMNS}`,
              [existing.id, sha256hex(token)],
            )
          ).rows[0] as UserRow
          if (challenge) await newFlowState(tx, user.id, challenge, challengeMethod, 'email', 'email/signup')
          return { kind: 'pending', user: await fullUserJson(tx, user), token }
        }
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
        if (opts.autoconfirm) return { kind: 'session', session: await issueSession(tx, id, 'password') }
        if (challenge) await newFlowState(tx, id, challenge, challengeMethod, 'email', 'email/signup')
        return { kind: 'pending', user: await fullUserJson(tx, user), token }
      })
    } catch (error) {
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
    const body = await readJson(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    const type = str(body.type)
    const email = str(body.email).trim().toLowerCase()
    if (type !== 'signup') return authError(c, 400, 'validation_failed', 'Missing one of these types: signup')
    if (!EMAIL_RE.test(email)) return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    const redirectTo = redirectTarget(c.req.query('redirect_to') ?? str(body.redirect_to))
    const result = await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email)
      // Unknown or confirmed addresses get the same empty reply (no account enumeration).
      if (!user || user.email_confirmed_at) return { ok: true as const }
      const sentAt = user.confirmation_sent_at ? new Date(user.confirmation_sent_at).getTime() : 0
      const wait = Math.ceil((sentAt + opts.resendIntervalSeconds * 1000 - Date.now()) / 1000)
      if (wait > 0) return { ok: false as const, wait }
      const token = randomToken()
      await tx.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1', [
        user.id,
        sha256hex(token),
      ])
      // PKCE resend (supabase-js sends a new challenge): like GoTrue, the new link's code belongs to a new flow
      // state, so it exchanges with the verifier this browser stored when it asked for the resend.
      const challenge = str(body.code_challenge)
      if (challenge) await newFlowState(tx, user.id, challenge, str(body.code_challenge_method) || 's256', 'email', 'email/signup')
      return { ok: true as const, token }
    })
    if (!result.ok) {
      return authError(c, 429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${result.wait} seconds.`)
    }
    if (result.token) sendConfirmation(email, result.token, redirectTo)
    return c.json({})
  })

  /** Confirms a sign-up token: returns the user and, when the sign-up was PKCE, a fresh auth code. */
  async function confirmToken(token: string) {
    return db.transaction(async (tx) => {
      const r = await tx.query<UserRow>(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = null, updated_at = now()
         where confirmation_token = $1 and confirmation_sent_at > now() - make_interval(hours => $2)
         returning ${USER_COLUMNS}`,
        [sha256hex(token), CONFIRMATION_TTL_HOURS],
      )
      const user = r.rows[0]
      if (!user) return null
      const flow = await tx.query<{ id: string }>(
        `select id from auth.flow_state where user_id = $1 and provider_type = 'email' and auth_code is null
         order by created_at desc limit 1`,
        [user.id],
      )
      if (flow.rows[0]) {
        const code = randomUUID()
        await tx.query('update auth.flow_state set auth_code = $2, auth_code_issued_at = now() where id = $1', [flow.rows[0].id, code])
        return { user, code, session: null }
      }
      return { user, code: null, session: await issueSession(tx, user.id, 'otp') }
    })
  }

  const withParams = (url: string, params: Record<string, string>, fragment = false) => {
    const u = new URL(url)
    if (fragment) {
      u.hash = new URLSearchParams(params).toString()
    } else {
      for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v)
    }
    return u.toString()
  }

  app.get('/verify', async (c) => {
    const token = c.req.query('token') ?? c.req.query('token_hash') ?? ''
    const type = c.req.query('type') ?? ''
    const redirectTo = redirectTarget(c.req.query('redirect_to'))
    if (!['signup', 'email'].includes(type)) {
      return c.redirect(withParams(redirectTo, { error: 'invalid_request', error_code: 'validation_failed', error_description: 'Verify requires a verification type' }), 303)
    }
    const result = token ? await confirmToken(token) : null
    if (!result) {
      return c.redirect(
        withParams(redirectTo, {
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        }),
        303,
      )
    }
    if (result.code) return c.redirect(withParams(redirectTo, { code: result.code }), 303)
    const s = result.session as Awaited<ReturnType<typeof issueSession>>
    return c.redirect(
      withParams(
        redirectTo,
        {
          access_token: s.access_token,
          expires_at: String(s.expires_at),
          expires_in: String(s.expires_in),
          refresh_token: s.refresh_token,
          token_type: 'bearer',
          type: 'signup',
        },
        true,
      ),
      303,
    )
  })

  app.post('/verify', async (c) => {
    const body = await readJson(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    const token = str(body.token_hash) || str(body.token)
    if (!['signup', 'email'].includes(str(body.type)) || !token) {
      return authError(c, 400, 'validation_failed', 'Verify requires a type (signup or email) and a token_hash')
    }
    const result = await confirmToken(token)
    if (!result) return authError(c, 403, 'otp_expired', 'Token has expired or is invalid')
    // A verify call from the client returns a session directly (no code to exchange).
    return c.json(result.session ?? (await db.transaction((tx) => issueSession(tx, result.user.id, 'otp'))))
  })

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type') ?? ''
    const body = await readJson(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    if (grant === 'password') {
      const email = str(body.email).trim().toLowerCase()
      const password = str(body.password)
      if (!email || !password) return authError(c, 400, 'validation_failed', 'missing email or phone')
      const r = await db.query<UserRow & { ok: boolean }>(
        `select ${USER_COLUMNS}, encrypted_password is not null and encrypted_password = extensions.crypt($2, encrypted_password) as ok
         from auth.users where lower(email) = $1`,
        [email, password],
      )
      const user = r.rows[0]
      if (!user?.ok) return authError(c, 400, 'invalid_credentials', 'Invalid login credentials')
      if (!user.email_confirmed_at) return authError(c, 400, 'email_not_confirmed', 'Email not confirmed')
      return c.json(await db.transaction((tx) => issueSession(tx, user.id, 'password')))
    }
    if (grant === 'pkce') {
      const code = str(body.auth_code)
      const verifier = str(body.code_verifier)
      if (!code || !verifier) {
        return authError(c, 400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty')
      }
      const outcome = await db.transaction(async (tx) => {
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
        if (!flow) return { error: [404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'] as const }
        if (!flow.fresh) return { error: [400, 'flow_state_expired', 'invalid flow state, flow state has expired'] as const }
        const computed =
          flow.code_challenge_method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url')
        if (computed !== flow.code_challenge) {
          throw new VerifierMismatch()
        }
        return { session: await issueSession(tx, flow.user_id, flow.authentication_method.startsWith('oauth') ? 'oauth' : 'otp') }
      }).catch((e) => {
        if (e instanceof VerifierMismatch) {
          return { error: [403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'] as const }
        }
        throw e
      })
      if ('error' in outcome && outcome.error) return authError(c, outcome.error[0], outcome.error[1], outcome.error[2])
      return c.json((outcome as { session: unknown }).session)
    }
    if (grant === 'refresh_token') {
      const token = str(body.refresh_token)
      if (!token) return authError(c, 400, 'validation_failed', 'refresh_token required')
      const outcome = await db.transaction(async (tx) => {
        const r = await tx.query<{ user_id: string; session_id: string; revoked: boolean }>(
          'select user_id, session_id, revoked from auth.refresh_tokens where token = $1 for update',
          [token],
        )
        const row = r.rows[0]
        if (!row) return { error: ['refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'] as const }
        if (row.revoked) return { error: ['refresh_token_already_used', 'Invalid Refresh Token: Already Used'] as const }
        const s = await tx.query('select 1 from auth.sessions where id = $1', [row.session_id])
        if (s.rows.length === 0) return { error: ['session_not_found', 'Invalid Refresh Token: Session Expired'] as const }
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token])
        return { session: await issueSession(tx, row.user_id, 'token_refresh', token, row.session_id) }
      })
      if ('error' in outcome && outcome.error) return authError(c, 400, outcome.error[0], outcome.error[1])
      return c.json((outcome as { session: unknown }).session)
    }
    return authError(c, 400, 'unsupported_grant_type', 'unsupported_grant_type')
  })

  app.get('/user', async (c) => {
    const auth = await bearerUser(c)
    if (auth instanceof Response) return auth
    const r = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [auth.claims.sub])
    if (!r.rows[0]) return authError(c, 403, 'user_not_found', 'User from sub claim in JWT does not exist')
    return c.json(await fullUserJson(db, r.rows[0]))
  })

  app.put('/user', async (c) => {
    const auth = await bearerUser(c)
    if (auth instanceof Response) return auth
    const body = await readJson(c)
    if (!body) return authError(c, 400, 'bad_json', 'Could not parse request body as JSON')
    if (body.email !== undefined || body.phone !== undefined) {
      return authError(c, 422, 'validation_failed', 'Changing e-mail or phone is not supported by the local server')
    }
    const password = body.password === undefined ? null : str(body.password)
    if (password !== null && password.length < MIN_PASSWORD_LENGTH) {
      return authError(c, 422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`)
    }
    const data = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? body.data : {}
    const r = await db.query<UserRow>(
      `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb,
         encrypted_password = case when $3::text is null then encrypted_password else extensions.crypt($3, extensions.gen_salt('bf', 8)) end,
         updated_at = now()
       where id = $1 returning ${USER_COLUMNS}`,
      [auth.claims.sub, JSON.stringify(data), password],
    )
    if (!r.rows[0]) return authError(c, 403, 'user_not_found', 'User from sub claim in JWT does not exist')
    return c.json(await fullUserJson(db, r.rows[0]))
  })

  app.post('/logout', async (c) => {
    const auth = await bearerUser(c)
    if (auth instanceof Response) return auth
    const scope = c.req.query('scope') ?? 'global'
    const { sub, session_id: sid } = auth.claims
    if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [sid])
    else if (scope === 'others') await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [sub, sid])
    else await db.query('delete from auth.sessions where user_id = $1', [sub])
    return c.body(null, 204)
  })

  // Local stand-in for the OAuth providers: a consent page where you type the account's e-mail and name.
  app.get('/authorize', (c) => {
    const provider = c.req.query('provider') ?? ''
    if (!(SSO_PROVIDERS as readonly string[]).includes(provider)) {
      return authError(c, 400, 'validation_failed', `Unsupported provider: Provider ${provider || '(none)'} could not be found`)
    }
    return c.html(consentPage({
      provider,
      redirectTo: redirectTarget(c.req.query('redirect_to')),
      challenge: c.req.query('code_challenge') ?? '',
      method: c.req.query('code_challenge_method') ?? '',
      email: '',
      name: '',
      error: '',
    }))
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
    if (!EMAIL_RE.test(page.email)) return c.html(consentPage({ ...page, error: 'Enter a valid e-mail address.' }), 400)
    let result: { code: string | null; session: Awaited<ReturnType<typeof issueSession>> | null }
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
          const flowId = await newFlowState(tx, userId, page.challenge, page.method || 's256', provider, 'oauth')
          const code = randomUUID()
          await tx.query('update auth.flow_state set auth_code = $2, auth_code_issued_at = now() where id = $1', [flowId, code])
          return { code, session: null }
        }
        return { code: null, session: await issueSession(tx, userId, 'oauth') }
      })
    } catch (error) {
      const info = dbErrorInfo(error)
      if (info.code === '22023' || info.code === '23514') return c.html(consentPage({ ...page, error: info.message }), 422)
      throw error
    }
    if (result.code) return c.redirect(withParams(page.redirectTo, { code: result.code }), 303)
    const s = result.session as Awaited<ReturnType<typeof issueSession>>
    return c.redirect(
      withParams(page.redirectTo, { access_token: s.access_token, expires_at: String(s.expires_at), expires_in: String(s.expires_in), refresh_token: s.refresh_token, token_type: 'bearer' }, true),
      303,
    )
  })

  app.all('*', (c) => authError(c, 404, 'not_found', `No auth endpoint ${c.req.method} ${new URL(c.req.url).pathname}`))
  return app
}

class VerifierMismatch extends Error {}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string)

const PROVIDER_LABELS: Record<string, string> = { google: 'Google', linkedin_oidc: 'LinkedIn', apple: 'Apple', facebook: 'Facebook' }

function consentPage(p: { provider: string; redirectTo: string; challenge: string; method: string; email: string; name: string; error: string }) {
  const label = PROVIDER_LABELS[p.provider] ?? p.provider
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in with ${esc(label)} (local)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;box-sizing:border-box}button{margin-top:1rem;padding:.6rem 1rem}.error{color:#b91c1c}</style></head>
<body><main><h1>Sign in with ${esc(label)}</h1><p>Local stand-in for the ${esc(label)} consent screen: no real provider is contacted.</p>
${p.error ? `<p class="error" role="alert">${esc(p.error)}</p>` : ''}
<form method="post" action="/auth/v1/authorize">
<input type="hidden" name="provider" value="${esc(p.provider)}"><input type="hidden" name="redirect_to" value="${esc(p.redirectTo)}">
<input type="hidden" name="code_challenge" value="${esc(p.challenge)}"><input type="hidden" name="code_challenge_method" value="${esc(p.method)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" required value="${esc(p.email)}" autocomplete="email">
<label for="name">Full name</label><input id="name" name="name" type="text" value="${esc(p.name)}" autocomplete="name">
<button type="submit">Continue as this account</button></form></main></body></html>`
}
