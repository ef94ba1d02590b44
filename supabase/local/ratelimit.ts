/**
 * GoTrue's rate limits, in memory (they reset when the server restarts, as GoTrue's do).
 *
 * Per-client limits are token buckets keyed by client address, like GoTrue's tollbooth limiters: a bucket
 * holds `burst` requests (default `max`) and refills at `max` per `windowSeconds`. GoTrue refills at the
 * configured number per 5 minutes with a burst of 30 whatever the number; the defaults below (from
 * supabase/config.toml) carry that burst. The e-mail limit is GoTrue's interval limiter: `max` mails per
 * fixed window, all addresses together.
 */
import { parseDuration } from './config.ts'

export interface RateLimit {
  /** Requests per window. */
  max: number
  windowSeconds: number
  /** Requests allowed at once on a full bucket; default `max`. */
  burst?: number
}

/** A limit given as a bare number means that many per the limit's usual window. */
export type RateLimitInput = number | RateLimit

export interface AuthRateLimits {
  /** POST /token, every grant, per client address (config.toml `token_refresh`, per 5 minutes). */
  tokenRefresh: RateLimit
  /** POST /token?grant_type=password per e-mail address. Not in GoTrue: a local backstop against
   * a password guessed from many addresses. */
  passwordPerEmail: RateLimit
  /** POST /signup, /recover, /resend and PUT /user per client address, each its own bucket
   * (config.toml `sign_in_sign_ups`, per 5 minutes). */
  signInSignUps: RateLimit
  /** GET and POST /verify per client address (config.toml `token_verifications`, per 5 minutes). */
  tokenVerifications: RateLimit
  /** E-mails sent by the auth server, all addresses together (config.toml `email_sent`, per hour). */
  emailSent: RateLimit
}

export const RATE_LIMIT_WINDOWS: Record<keyof AuthRateLimits, number> = {
  tokenRefresh: 300,
  passwordPerEmail: 300,
  signInSignUps: 300,
  tokenVerifications: 300,
  emailSent: 3600,
}

/** GoTrue's tollbooth buckets hold 30 whatever the configured rate. */
const GOTRUE_BURST = 30

export function defaultRateLimits(fromToml: {
  emailSent: number
  tokenRefresh: number
  signInSignUps: number
  tokenVerifications: number
}): AuthRateLimits {
  return {
    tokenRefresh: { max: fromToml.tokenRefresh, windowSeconds: 300, burst: GOTRUE_BURST },
    passwordPerEmail: { max: 30, windowSeconds: 300 },
    signInSignUps: { max: fromToml.signInSignUps, windowSeconds: 300, burst: GOTRUE_BURST },
    tokenVerifications: { max: fromToml.tokenVerifications, windowSeconds: 300, burst: GOTRUE_BURST },
    emailSent: { max: fromToml.emailSent, windowSeconds: 3600 },
  }
}

export function resolveRateLimit(name: keyof AuthRateLimits, input: RateLimitInput): RateLimit {
  const limit = typeof input === 'number' ? { max: input, windowSeconds: RATE_LIMIT_WINDOWS[name] } : input
  if (!(limit.max >= 0) || !(limit.windowSeconds > 0) || (limit.burst !== undefined && !(limit.burst >= 0))) {
    throw new Error(`rate limit ${name}: max and burst must be >= 0 and windowSeconds > 0`)
  }
  return limit
}

/** GoTrue's rate syntax for the CLI's environment: "30" (per the usual window) or "30/5m". */
export function parseRateLimit(name: keyof AuthRateLimits, text: string): RateLimit {
  const [count, over] = text.trim().split('/')
  const max = Number(count)
  if (!/^\d+(\.\d+)?$/.test(count ?? '')) throw new Error(`rate limit ${name}: '${text}' is not a number or number/duration`)
  return resolveRateLimit(name, over === undefined ? max : { max, windowSeconds: parseDuration(over) })
}

export class TokenBuckets {
  private buckets = new Map<string, { tokens: number; at: number }>()
  private readonly burst: number
  private readonly perMs: number
  private readonly now: () => number

  constructor(limit: RateLimit, now: () => number = Date.now) {
    this.now = now
    this.burst = limit.burst ?? limit.max
    this.perMs = limit.max / (limit.windowSeconds * 1000)
  }

  /** Takes one request from key's bucket; false (and nothing taken) when it is empty. */
  take(key: string): boolean {
    const now = this.now()
    const b = this.buckets.get(key)
    const tokens = b ? Math.min(this.burst, b.tokens + (now - b.at) * this.perMs) : this.burst
    if (tokens < 1) {
      if (b) this.buckets.set(key, { tokens, at: now })
      return false
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now })
    if (this.buckets.size > 10_000) this.prune(now)
    return true
  }

  /** Forget buckets that have refilled completely (they behave exactly like absent ones). */
  private prune(now: number) {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.perMs >= this.burst) this.buckets.delete(key)
    }
  }
}

/** GoTrue's interval limiter: at most `max` events per fixed window that starts with the first event. */
export class IntervalLimit {
  private windowStart = 0
  private count = 0
  private readonly limit: RateLimit
  private readonly now: () => number

  constructor(limit: RateLimit, now: () => number = Date.now) {
    this.limit = limit
    this.now = now
  }

  take(): boolean {
    const now = this.now()
    if (now - this.windowStart >= this.limit.windowSeconds * 1000) {
      this.windowStart = now
      this.count = 0
    }
    if (this.count >= this.limit.max) return false
    this.count++
    return true
  }

  /** Gives back an event taken for a mail that was not sent after all (the request failed later). */
  refund(): void {
    if (this.count > 0) this.count--
  }
}
