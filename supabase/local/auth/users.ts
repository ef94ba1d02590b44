/**
 * Users and identities (GoTrue's models/user.go, models/identity.go): the row this server reads, its JSON as
 * GoTrue returns it, look-ups, and the e-mail and password rules.
 */
import type { Queryable } from '../db.ts'
import { ApiError } from './errors.ts'

const MAX_PASSWORD_LENGTH = 72 // bcrypt's limit, as GoTrue

// GoTrue's address check (the WHATWG one: ASCII only) plus a dot in the domain. It refuses look-alikes of
// consumer domains that would slip past the trigger's list: 'gmail.com.', fullwidth, Cyrillic or
// zero-width letters, and markup. Punycode (xn--) domains are ASCII and stay valid, as in GoTrue.
export const EMAIL_RE =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i

export interface UserRow {
  id: string
  aud: string
  role: string
  email: string
  email_confirmed_at: Date | string | null
  confirmation_sent_at: Date | string | null
  recovery_sent_at: Date | string | null
  last_sign_in_at: Date | string | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date | string
  updated_at: Date | string
  is_anonymous: boolean
}

export const USER_COLUMNS =
  'id, aud, role, email, email_confirmed_at, confirmation_sent_at, recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous'

export const iso = (v: Date | string | null | undefined) => (v == null ? undefined : new Date(v).toISOString())

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

export async function fullUserJson(q: Queryable, u: UserRow) {
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
    ...(u.recovery_sent_at ? { recovery_sent_at: iso(u.recovery_sent_at) } : {}),
    ...(u.last_sign_in_at ? { last_sign_in_at: iso(u.last_sign_in_at) } : {}),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: [],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous ?? false,
  }
}

export async function findUserByEmail(q: Queryable, email: string) {
  const r = await q.query<UserRow & { encrypted_password: string | null }>(
    `select ${USER_COLUMNS}, encrypted_password from auth.users where lower(email) = lower($1)`,
    [email],
  )
  return r.rows[0]
}

/** GoTrue's password strength check: over 72 characters is a 400, under the minimum a 422 weak_password. */
export function checkPassword(password: string, minimumLength: number) {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new ApiError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`)
  }
  if (password.length < minimumLength) {
    throw new ApiError(422, 'weak_password', `Password should be at least ${minimumLength} characters.`, {
      weak_password: { reasons: ['length'] },
    })
  }
}
