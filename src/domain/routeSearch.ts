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

/** /contact: `?service=ready4life` selects the youth programme; anything else is ignored. */
export function parseContactSearch(search: Search): { service?: ProgrammeId } {
  return defined({ service: oneOf(search.service, PROGRAMME_IDS) })
}

const AUTH_TEXT = ['access_token', 'refresh_token', 'code', 'error', 'error_code', 'error_description'] as const

/** /auth: the spec's query parameters (section 2) and the error GoTrue appends to a bad link. */
export function parseAuthSearch(search: Search): AuthArrival {
  const arrival: AuthArrival = {
    mode: oneOf(search.mode, ['signup']),
    type: oneOf(search.type, ['signup']),
    verified: search.verified === true || search.verified === 'true' ? 'true' : undefined,
  }
  for (const key of AUTH_TEXT) arrival[key] = text(search[key])
  return defined(arrival)
}
