/**
 * Sessions, refresh tokens and PKCE flow states (GoTrue's models/sessions.go, refresh_token.go, flow_state.go and
 * the access-token issuing of token.go): a new or refreshed session with its signed access token, the bearer
 * token check of /user and /logout, and a new flow state.
 */
import type { Context } from 'hono'
import type { Queryable } from '../db.ts'
import { type Claims, signJwt, verifyJwt } from '../keys.ts'
import type { AuthContext } from './context.ts'
import { authError } from './errors.ts'
import { randomToken } from './helpers.ts'
import { fullUserJson, USER_COLUMNS, type UserRow } from './users.ts'

/**
 * A new session (`method` = how the user authenticated, kept for the session's amr claim as GoTrue keeps
 * its AMR claims) or, with `refresh`, a rotated refresh token for an existing session.
 */
export async function issueSession(
  ctx: AuthContext,
  q: Queryable,
  userId: string,
  how: { method: string } | { sessionId: string; parent: string },
) {
  const { opts } = ctx
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
export type Session = Awaited<ReturnType<typeof issueSession>>

/** The implicit flow's redirect: the session in the URL fragment (GoTrue's AsRedirectURL), plus `extra`. */
export function sessionRedirect(redirectTo: string, s: Session, extra: Record<string, string> = {}): string {
  const u = new URL(redirectTo)
  u.hash = new URLSearchParams({
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    token_type: 'bearer',
    ...extra,
  }).toString()
  return u.toString()
}

export async function newFlowState(q: Queryable, userId: string, pkce: { challenge: string; method: string }, provider: string, authMethod: string) {
  const r = await q.query<{ id: string }>(
    `insert into auth.flow_state (user_id, code_challenge, code_challenge_method, provider_type, authentication_method)
     values ($1, $2, $3, $4, $5) returning id`,
    [userId, pkce.challenge, pkce.method, provider, authMethod],
  )
  return r.rows[0]?.id as string
}

/** GoTrue's requireAuthentication: a valid access token of a user whose session (if named) still exists. */
export async function bearerUser(ctx: AuthContext, c: Context): Promise<{ claims: Claims } | Response> {
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
    const s = await ctx.db.query('select 1 from auth.sessions where id = $1', [claims.session_id])
    if (s.rows.length === 0) {
      return authError(c, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    }
  }
  return { claims }
}
