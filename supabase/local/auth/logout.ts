/**
 * POST /logout (GoTrue's logout.go), supabase-js signOut({ scope }): the signed-out sessions are deleted with their
 * refresh tokens, so a later refresh answers 400 refresh_token_not_found and their access tokens 403
 * session_not_found on /user.
 */
import type { Hono } from 'hono'
import type { AuthContext } from './context.ts'
import { authError } from './errors.ts'
import { bearerUser } from './sessions.ts'

export function registerLogout(app: Hono, ctx: AuthContext) {
  app.post('/logout', async (c) => {
    const auth = await bearerUser(ctx, c)
    if (auth instanceof Response) return auth
    const scope = c.req.query('scope') ?? ''
    if (!['', 'global', 'local', 'others'].includes(scope)) {
      return authError(c, 400, 'validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`)
    }
    const { sub, session_id: sid } = auth.claims
    if (sid && scope === 'local') await ctx.db.query('delete from auth.sessions where id = $1', [sid])
    else if (sid && scope === 'others') await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [sub, sid])
    else await ctx.db.query('delete from auth.sessions where user_id = $1', [sub])
    return c.body(null, 204)
  })
}
