/**
 * POST /token (GoTrue's token.go, token_refresh.go and the PKCE exchange): the password, pkce and refresh_token
 * grants. Every grant counts against the per-client token bucket; a refused request writes nothing.
 */
import { createHash } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { AuthContext } from './context.ts'
import { ApiError, authError, badJson, readJson, str } from './errors.ts'
import { issueSession } from './sessions.ts'
import { findUserByEmail } from './users.ts'

const FLOW_STATE_TTL_SECONDS = 300

export function registerToken(app: Hono, ctx: AuthContext) {
  const { db } = ctx

  let dummyHash: Promise<string> | null = null
  /** A bcrypt hash to compare against when the address has no password, so both cost the same time. */
  const timingDummy = () => {
    dummyHash ??= db
      .query<{ h: string }>("select extensions.crypt('no password', extensions.gen_salt('bf', 8)) as h")
      .then((r) => r.rows[0]?.h as string)
    return dummyHash
  }

  async function passwordGrant(c: Context, body: Record<string, unknown>) {
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
    if (!ctx.buckets.passwordEmail.take(email)) return authError(c, 429, 'over_request_rate_limit', 'Request rate limit reached')
    const user = await findUserByEmail(db, email)
    const stored = user?.encrypted_password || (await timingDummy())
    const match = await db.query<{ ok: boolean }>('select extensions.crypt($1, $2) = $2 as ok', [password, stored])
    // Wrong password, unknown address and an SSO-only account without a password: one reply (GoTrue's).
    if (!user?.encrypted_password || !match.rows[0]?.ok) return authError(c, 400, 'invalid_credentials', 'Invalid login credentials')
    // Only once the password matched, so this tells nothing to someone who does not know it.
    if (!user.email_confirmed_at) return authError(c, 400, 'email_not_confirmed', 'Email not confirmed')
    return c.json(await db.transaction((tx) => issueSession(ctx, tx, user.id, { method: 'password' })))
  }

  async function pkceGrant(c: Context, body: Record<string, unknown>) {
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
      const computed = flow.code_challenge_method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url')
      if (computed !== flow.code_challenge) {
        throw new ApiError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier')
      }
      // GoTrue's amr names the flow: 'email/signup', 'recovery' or 'oauth'.
      return issueSession(ctx, tx, flow.user_id, { method: flow.authentication_method })
    })
    return c.json(session)
  }

  async function refreshGrant(c: Context, body: Record<string, unknown>) {
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
      return issueSession(ctx, tx, row.user_id, { sessionId: row.session_id, parent: token })
    })
    return c.json(session)
  }

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type') ?? ''
    if (!['password', 'pkce', 'refresh_token'].includes(grant)) {
      return authError(c, 400, 'invalid_credentials', 'unsupported_grant_type')
    }
    ctx.limitClient(c, ctx.buckets.token)
    const body = await readJson(c)
    if (!body) return badJson(c)
    if (grant === 'password') return passwordGrant(c, body)
    if (grant === 'pkce') return pkceGrant(c, body)
    return refreshGrant(c, body)
  })
}
