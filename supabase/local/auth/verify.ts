/**
 * GET /verify (the e-mailed links) and POST /verify (supabase-js verifyOtp with a token hash), GoTrue's verify.go:
 * a confirmation or recovery token is consumed once, within otp_expiry; a PKCE link redirects with a code to
 * exchange, an implicit one with the session in the fragment; errors redirect as GoTrue's prepErrorRedirectURL.
 */
import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import type { Queryable } from '../db.ts'
import type { AuthContext } from './context.ts'
import { ApiError, authError, badJson, readJson, str } from './errors.ts'
import { encodeSorted, PKCE_PREFIX, referrerCandidates, sha256hex } from './helpers.ts'
import { issueSession, type Session, sessionRedirect } from './sessions.ts'
import { USER_COLUMNS, type UserRow } from './users.ts'

const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email']
const SUPPORTED_VERIFY_TYPES = ['signup', 'recovery', 'email']

/** GoTrue's oauthErrorMap: the OAuth `error` value of an HTTP status in redirect errors. */
const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
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

export function registerVerify(app: Hono, ctx: AuthContext) {
  const { db, opts } = ctx

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

  app.get('/verify', async (c) => {
    ctx.limitClient(c, ctx.buckets.verify)
    const token = c.req.query('token') ?? ''
    const type = c.req.query('type') ?? ''
    if (!type) return authError(c, 400, 'validation_failed', 'Verify requires a verification type')
    if (!token) return authError(c, 400, 'validation_failed', 'Verify requires a token or a token hash')
    const redirectTo = ctx.redirectTarget(referrerCandidates(c))
    const pkce = token.startsWith(PKCE_PREFIX)
    type Result = { code: string } | { session: Session }
    let result: Result
    try {
      result = await db.transaction(async (tx): Promise<Result> => {
        if (!VERIFY_TYPES.includes(type)) throw new ApiError(400, 'validation_failed', 'Invalid email verification type')
        // Invite, magic-link and e-mail-change tokens are never issued locally, so they are unknown here.
        if (!SUPPORTED_VERIFY_TYPES.includes(type)) throw new ApiError(403, 'otp_expired', 'Email link is invalid or has expired')
        const user = await consumeEmailToken(tx, type, token)
        if (!pkce) return { session: await issueSession(ctx, tx, user.id, { method: 'otp' }) }
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
    return c.redirect(sessionRedirect(redirectTo, result.session, { type }), 303)
  })

  // supabase-js verifyOtp({ token_hash, type }): a session directly (no code to exchange), as GoTrue.
  app.post('/verify', async (c) => {
    ctx.limitClient(c, ctx.buckets.verify)
    const body = await readJson(c)
    if (!body) return badJson(c)
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
      return issueSession(ctx, tx, user.id, { method: 'otp' })
    })
    return c.json(session)
  })
}
