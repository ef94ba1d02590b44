/**
 * What every endpoint group shares (GoTrue's API struct, internal/api/api.go): the options, the database, the
 * per-client rate-limit buckets, the e-mail sender and the redirect rule.
 */
import type { Context } from 'hono'
import type { Db } from '../db.ts'
import type { MailStore } from '../mail.ts'
import { type AuthRateLimits, TokenBuckets } from '../ratelimit.ts'
import { ApiError } from './errors.ts'
import { clientAddress } from './helpers.ts'
import { type Mailer, mailer } from './mail.ts'

export interface AuthOptions {
  db: Db
  mail: MailStore
  /** Public base URL of this server, e.g. http://127.0.0.1:54321. */
  baseUrl: () => string
  siteUrl: string
  autoconfirm: boolean
  jwtExpirySeconds: number
  /** config.toml [auth.email] max_frequency: gap between two confirmation or recovery mails to one address. */
  resendIntervalSeconds: number
  /** config.toml [auth.email] otp_expiry: lifetime of every e-mailed link (confirmation and recovery). */
  otpExpirySeconds: number
  /** config.toml [auth] minimum_password_length. */
  minimumPasswordLength: number
  isAllowedRedirect: (url: string) => boolean
  rateLimits: AuthRateLimits
}

export interface AuthContext {
  opts: AuthOptions
  db: Db
  buckets: Record<'token' | 'passwordEmail' | 'signup' | 'recover' | 'resend' | 'user' | 'verify', TokenBuckets>
  /** Takes a request from a per-client bucket, or throws GoTrue's 429 (nothing written yet). */
  limitClient(c: Context, bucket: TokenBuckets): void
  mailer: Mailer
  /** The first allowed redirect_to candidate, else the site URL. */
  redirectTarget(candidates: string | string[] | undefined | null): string
}

export function authContext(opts: AuthOptions): AuthContext {
  const limits = opts.rateLimits
  return {
    opts,
    db: opts.db,
    buckets: {
      token: new TokenBuckets(limits.tokenRefresh),
      passwordEmail: new TokenBuckets(limits.passwordPerEmail),
      signup: new TokenBuckets(limits.signInSignUps),
      recover: new TokenBuckets(limits.signInSignUps),
      resend: new TokenBuckets(limits.signInSignUps),
      user: new TokenBuckets(limits.signInSignUps),
      verify: new TokenBuckets(limits.tokenVerifications),
    },
    limitClient(c, bucket) {
      if (!bucket.take(clientAddress(c))) throw new ApiError(429, 'over_request_rate_limit', 'Request rate limit reached')
    },
    mailer: mailer(opts),
    redirectTarget(candidates) {
      for (const candidate of Array.isArray(candidates) ? candidates : [candidates]) {
        if (candidate && opts.isAllowedRedirect(candidate)) return candidate
      }
      return opts.siteUrl
    },
  }
}
