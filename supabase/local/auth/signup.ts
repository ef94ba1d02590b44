/**
 * POST /signup and POST /resend (GoTrue's signup.go, resend.go): a new user with a confirmation link (PKCE when the
 * client sent a challenge), or a session straight away with autoconfirm; a fresh link for an unconfirmed address.
 */
import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import type { AuthContext } from './context.ts'
import { ApiError, authError, badJson, dbErrorInfo, isObject, readJson, str } from './errors.ts'
import { frequencyError, PKCE_PREFIX, pkceParams, randomToken, referrerCandidates, sha256hex } from './helpers.ts'
import { issueSession, newFlowState, type Session } from './sessions.ts'
import { checkPassword, EMAIL_RE, findUserByEmail, fullUserJson, USER_COLUMNS, type UserRow } from './users.ts'

export function registerSignup(app: Hono, ctx: AuthContext) {
  const { opts } = ctx

  app.post('/signup', async (c) => {
    const body = await readJson(c)
    if (!body) return badJson(c)
    ctx.limitClient(c, ctx.buckets.signup)
    const email = str(body.email).trim().toLowerCase()
    const password = str(body.password)
    if (!email) return authError(c, 422, 'validation_failed', 'To signup, please provide your email')
    if (!EMAIL_RE.test(email) || email.length > 320) {
      return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    }
    if (!password) return authError(c, 422, 'validation_failed', 'Signup requires a valid password')
    checkPassword(password, opts.minimumPasswordLength)
    const data = isObject(body.data) ? body.data : {}
    const pkce = pkceParams(body)
    const redirectTo = ctx.redirectTarget(referrerCandidates(c, body))

    type Outcome =
      | { kind: 'exists' }
      | { kind: 'pending'; user: Awaited<ReturnType<typeof fullUserJson>>; token: string }
      | { kind: 'session'; session: Session }
    let outcome: Outcome
    try {
      outcome = await ctx.mailer.withMail(async (tx, reserveMail): Promise<Outcome> => {
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
        if (opts.autoconfirm) return { kind: 'session', session: await issueSession(ctx, tx, id, { method: 'password' }) }
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
    ctx.mailer.sendConfirmation(email, outcome.token, redirectTo)
    return c.json(outcome.user)
  })

  app.post('/resend', async (c) => {
    ctx.limitClient(c, ctx.buckets.resend)
    const body = await readJson(c)
    if (!body) return badJson(c)
    const type = str(body.type)
    const email = str(body.email).trim().toLowerCase()
    if (type !== 'signup') return authError(c, 400, 'validation_failed', 'Missing one of these types: signup')
    const pkce = pkceParams(body)
    if (!email) return authError(c, 400, 'validation_failed', 'Type provided requires an email address')
    if (!EMAIL_RE.test(email)) return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format')
    const redirectTo = ctx.redirectTarget(referrerCandidates(c, body))
    const result = await ctx.mailer.withMail(async (tx, reserveMail) => {
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
    if (result.token) ctx.mailer.sendConfirmation(email, result.token, redirectTo)
    return c.json({})
  })
}
