/**
 * GET and POST /authorize (GoTrue's external.go, the OAuth providers' part): a local consent page where you type
 * the account's e-mail and name. Continue creates the user (confirmed, app_metadata.provider set) or reuses the one
 * with that e-mail, then redirects with a PKCE code (or an implicit session); Cancel answers as a provider's denial.
 */
import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import { CANCELLED_DESCRIPTION, consentPage, SSO_PROVIDERS } from './consent.ts'
import type { AuthContext } from './context.ts'
import { authError, dbErrorInfo } from './errors.ts'
import { encodeSorted, referrerCandidates } from './helpers.ts'
import { issueSession, newFlowState, type Session, sessionRedirect } from './sessions.ts'
import { EMAIL_RE, findUserByEmail } from './users.ts'

const unsupported = (provider: string) => `Unsupported provider: Provider ${provider || '(none)'} could not be found`

export function registerAuthorize(app: Hono, ctx: AuthContext) {
  const { db } = ctx

  app.get('/authorize', (c) => {
    const provider = c.req.query('provider') ?? ''
    if (!(SSO_PROVIDERS as readonly string[]).includes(provider)) return authError(c, 400, 'validation_failed', unsupported(provider))
    return c.html(
      consentPage({
        provider,
        redirectTo: ctx.redirectTarget(referrerCandidates(c)),
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
    if (!(SSO_PROVIDERS as readonly string[]).includes(provider)) return authError(c, 400, 'validation_failed', unsupported(provider))
    const page = {
      provider,
      redirectTo: ctx.redirectTarget(f('redirect_to')),
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
        return { code: null, session: await issueSession(ctx, tx, userId, { method: 'oauth' }) }
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
    return c.redirect(sessionRedirect(page.redirectTo, result.session as Session), 303)
  })
}
