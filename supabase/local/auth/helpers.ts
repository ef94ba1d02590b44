/**
 * Request helpers the endpoint groups share (GoTrue's internal/api/helpers.go): the client address rate limits
 * count by, redirect_to candidates, PKCE parameters, the max_frequency rule, tokens and Go's URL encoding.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { ApiError, str } from './errors.ts'

export const PKCE_PREFIX = 'pkce_'

export const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex')
export const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url')

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string)

/** GoTrue's validatePKCEParams: both or neither, and a challenge of 43-128 URL-safe characters. */
export function pkceParams(body: Record<string, unknown>): { challenge: string; method: 'plain' | 's256' } | null {
  const challenge = str(body.code_challenge)
  const rawMethod = str(body.code_challenge_method)
  if (!challenge && !rawMethod) return null
  if (!challenge || !rawMethod) {
    throw new ApiError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge')
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw new ApiError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters')
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw new ApiError(400, 'validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes')
  }
  const method = rawMethod.toLowerCase()
  if (method !== 'plain' && method !== 's256') throw new ApiError(400, 'validation_failed', 'Invalid code_challenge_method')
  return { challenge, method }
}

/** GoTrue's GetReferrer: redirect_to (header, query, then body), else the Referer, when allowed; else the site. */
export function referrerCandidates(c: Context, body?: Record<string, unknown> | null): string[] {
  return [c.req.header('redirect_to'), c.req.query('redirect_to'), str(body?.redirect_to), c.req.header('referer')].filter(
    (v): v is string => Boolean(v),
  )
}

/** The client address rate limits count by: X-Forwarded-For's first hop when present, else the socket's. */
export function clientAddress(c: Context): string {
  const first = (c.req.header('x-forwarded-for') ?? '').split(',')[0]?.trim()
  if (first) return first
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'unknown'
}

/** GoTrue's frequency rule message: whole seconds left, rounded down as Go's integer division does. */
export function frequencyError(sentAt: Date | string | null, intervalSeconds: number): ApiError | null {
  if (!sentAt || intervalSeconds <= 0) return null
  const leftMs = new Date(sentAt).getTime() + intervalSeconds * 1000 - Date.now()
  if (leftMs <= 0) return null
  return new ApiError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.trunc(leftMs / 1000)} seconds.`)
}

/** Go's url.Values.Encode: keys sorted, spaces as '+'. */
export function encodeSorted(params: URLSearchParams): string {
  params.sort()
  return params.toString()
}
