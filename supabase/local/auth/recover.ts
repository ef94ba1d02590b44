/**
 * POST /recover (GoTrue's recover.go), supabase-js resetPasswordForEmail: the same 200 {} whether or not the
 * address has an account; a mail only to an existing one. GoTrue's max_frequency rule applies per address, so a
 * second request within it is a 429 for an existing account only (as hosted; see README).
 */
import type { Hono } from 'hono'
import type { AuthContext } from './context.ts'
import { authError, badJson, readJson, str } from './errors.ts'
import { frequencyError, PKCE_PREFIX, pkceParams, randomToken, referrerCandidates, sha256hex } from './helpers.ts'
import { newFlowState } from './sessions.ts'
import { EMAIL_RE, findUserByEmail } from './users.ts'

export function registerRecover(app: Hono, ctx: AuthContext) {
  app.post('/recover', async (c) => {
    ctx.limitClient(c, ctx.buckets.recover)
    const body = await readJson(c)
    if (!body) return badJson(c)
    const email = str(body.email).trim().toLowerCase()
    if (!email) return authError(c, 400, 'validation_failed', 'Password recovery requires an email')
    if (email.length > 255) return authError(c, 400, 'validation_failed', 'An email address is too long')
    if (!EMAIL_RE.test(email)) return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    const pkce = pkceParams(body)
    const redirectTo = ctx.redirectTarget(referrerCandidates(c, body))
    const result = await ctx.mailer.withMail(async (tx, reserveMail) => {
      const user = await findUserByEmail(tx, email)
      if (!user) return { token: null }
      const tooSoon = frequencyError(user.recovery_sent_at, ctx.opts.resendIntervalSeconds)
      if (tooSoon) throw tooSoon
      reserveMail()
      const token = (pkce ? PKCE_PREFIX : '') + randomToken()
      await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [user.id, sha256hex(token)])
      if (pkce) await newFlowState(tx, user.id, pkce, 'recovery', 'recovery')
      return { token }
    })
    if (result.token) ctx.mailer.sendRecovery(email, result.token, redirectTo)
    return c.json({})
  })
}
