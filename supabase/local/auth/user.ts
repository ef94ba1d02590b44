/**
 * GET /user and PUT /user (GoTrue's user.go), supabase-js getUser and updateUser({ password, data }). A new
 * password ends every other session of the user (their refresh tokens go with them) and invalidates pending
 * confirmation and recovery links, as GoTrue's UpdatePassword does; the session making the change stays signed in.
 */
import type { Hono } from 'hono'
import type { AuthContext } from './context.ts'
import { ApiError, authError, badJson, isObject, readJson } from './errors.ts'
import { bearerUser } from './sessions.ts'
import { checkPassword, fullUserJson, USER_COLUMNS, type UserRow } from './users.ts'

export function registerUser(app: Hono, ctx: AuthContext) {
  const { db } = ctx

  app.get('/user', async (c) => {
    const auth = await bearerUser(ctx, c)
    if (auth instanceof Response) return auth
    const r = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [auth.claims.sub])
    if (!r.rows[0]) return authError(c, 403, 'user_not_found', 'User from sub claim in JWT does not exist')
    return c.json(await fullUserJson(db, r.rows[0]))
  })

  app.put('/user', async (c) => {
    const auth = await bearerUser(ctx, c)
    if (auth instanceof Response) return auth
    ctx.limitClient(c, ctx.buckets.user)
    const body = await readJson(c)
    if (!body) return badJson(c)
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
    if (password !== null) checkPassword(password, ctx.opts.minimumPasswordLength)
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
}
