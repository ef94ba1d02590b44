/**
 * The /auth/v1 subset supabase-js 2.109 uses, in GoTrue's shapes, codes and messages (read from
 * github.com/supabase/auth), laid out as GoTrue's internal/api is: one module per endpoint group, each registering
 * its routes, over shared errors, helpers, users, sessions and mail modules.
 * - signup.ts: POST /signup, POST /resend; recover.ts: POST /recover; verify.ts: GET and POST /verify;
 *   token.ts: POST /token (password, pkce, refresh_token); user.ts: GET and PUT /user; logout.ts: POST /logout;
 *   authorize.ts (+ consent.ts): GET and POST /authorize, the local consent page standing in for the providers;
 * - here: GET /settings, GET /health, the error handler and the 404 for anything else.
 * Every write is one transaction; e-mails are sent after commit; a request refused (bad input, a rate limit)
 * writes nothing.
 */
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { registerAuthorize } from './authorize.ts'
import { SSO_PROVIDERS } from './consent.ts'
import { type AuthOptions, authContext } from './context.ts'
import { ApiError, authError } from './errors.ts'
import { registerLogout } from './logout.ts'
import { registerRecover } from './recover.ts'
import { registerSignup } from './signup.ts'
import { registerToken } from './token.ts'
import { registerUser } from './user.ts'
import { registerVerify } from './verify.ts'

export type { AuthOptions } from './context.ts'
export { CANCELLED_DESCRIPTION, SSO_PROVIDERS } from './consent.ts'

export function authApp(opts: AuthOptions): Hono {
  const ctx = authContext(opts)
  const app = new Hono()

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

  registerSignup(app, ctx)
  registerRecover(app, ctx)
  registerVerify(app, ctx)
  registerToken(app, ctx)
  registerUser(app, ctx)
  registerLogout(app, ctx)
  registerAuthorize(app, ctx)

  app.all('*', (c) => authError(c, 404, 'not_found', `No auth endpoint ${c.req.method} ${new URL(c.req.url).pathname}`))
  return app
}
