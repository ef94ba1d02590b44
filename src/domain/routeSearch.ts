/**
 * Parsers for the routes' `validateSearch`. Route definitions are not code-split: they sit in the entry chunk of
 * every page, so these are plain functions rather than valibot schemas, which would put valibot's runtime into
 * every page's first-load JavaScript. Forms still validate with valibot in their own chunks.
 *
 * TanStack Router hands these the query already JSON-parsed (`?verified=true` arrives as a boolean, `?code=12` as
 * a number). Anything unexpected is dropped rather than rejected, so a mangled link still opens the page.
 */
import type { AuthArrival } from './signup'

export const PROGRAMME_IDS = ['ready4life', 'general'] as const
export type ProgrammeId = (typeof PROGRAMME_IDS)[number]

/** Longest query value /auth accepts (tokens and error descriptions); longer ones are dropped. */
export const MAX_SEARCH_VALUE = 4096

type Search = Record<string, unknown>

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((option) => option === value)
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_SEARCH_VALUE ? value : undefined
}

/** Copies only the defined values, so links built from the result carry no empty parameters. */
export function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>
}

/** The /auth form a URL asks for: sign-up (also a sign-up confirmation link), password reset, or sign-in. */
export type AuthMode = 'signin' | 'signup' | 'reset'

export function authMode(search: Pick<AuthArrival, 'mode' | 'type'>): AuthMode {
  if (search.mode === 'signup' || search.type === 'signup') return 'signup'
  if (search.mode === 'reset' || search.type === 'recovery') return 'reset'
  return 'signin'
}

/**
 * Before hydration the prerendered /auth page cannot know its query string, so it carries all three forms, and this
 * script (public/auth-mode.js), run in the page head before the body is drawn, tells the CSS which one to show
 * (`modePanel` in src/views/auth/auth.css.ts). The same rule as `authMode` (a unit test runs both on the same URLs).
 * A file rather than inline: the CSP allows only the site's own scripts, and the router re-inserts head scripts
 * when it navigates to /auth in the browser.
 */
export const AUTH_MODE_SCRIPT_PATH = '/auth-mode.js'

/** /onboarding: what an SSO provider sends back (a PKCE code, or its error). */
export function parseGateSearch(search: Search): { code?: string; error?: string; error_code?: string; error_description?: string } {
  return defined({
    code: text(search.code),
    error: text(search.error),
    error_code: text(search.error_code),
    error_description: text(search.error_description),
  })
}

/** /contact: `?service=ready4life` selects the youth programme; anything else is ignored. */
export function parseContactSearch(search: Search): { service?: ProgrammeId } {
  return defined({ service: oneOf(search.service, PROGRAMME_IDS) })
}

/** /invite: `?token=` of an invitation e-mail (the page reads it itself after hydration). */
export function parseInviteSearch(search: Search): { token?: string } {
  return defined({ token: text(search.token) })
}

const AUTH_TEXT = [
  'access_token',
  'refresh_token',
  'code',
  'token_hash',
  'error',
  'error_code',
  'error_description',
  'sso_error',
  'sso_error_description',
] as const

/**
 * /auth: the spec's query parameters (section 2), the error GoTrue appends to a bad link, the password-reset
 * mode and recovery link, and an SSO provider's error forwarded by the onboarding gate.
 */
export function parseAuthSearch(search: Search): AuthArrival {
  const arrival: AuthArrival = {
    mode: oneOf(search.mode, ['signup', 'reset']),
    type: oneOf(search.type, ['signup', 'recovery']),
    verified: search.verified === true || search.verified === 'true' ? 'true' : undefined,
  }
  for (const key of AUTH_TEXT) arrival[key] = text(search[key])
  return defined(arrival)
}
