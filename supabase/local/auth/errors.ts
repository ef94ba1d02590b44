/**
 * GoTrue's errors (internal/api/errors.go): the API version 2024-01-01 reply `{code, message}` with the code also in
 * `x-sb-error-code`, which supabase-js turns into an AuthApiError with .status, .code and .message; and the
 * request-body checks every endpoint shares (bad JSON, NUL characters).
 */
import type { Context } from 'hono'

export function authError(c: Context, status: number, code: string, msg: string, extra: Record<string, unknown> = {}) {
  c.header('x-supabase-api-version', '2024-01-01')
  c.header('x-sb-error-code', code)
  return c.json({ code, message: msg, ...extra }, status as 400)
}

/** An error to answer with, thrown from inside a transaction so that everything it wrote rolls back. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly extra: Record<string, unknown>
  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message)
    this.status = status
    this.code = code
    this.extra = extra
  }
}

/** True when a string anywhere in a parsed JSON value holds U+0000, which Postgres text cannot store. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v))
  return false
}

/** The JSON object body, or null when it is not one (the caller answers 400 bad_json). */
export async function readJson(c: Context): Promise<Record<string, unknown> | null> {
  let value: unknown
  try {
    const text = await c.req.text()
    value = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    return null
  }
  if (containsNul(value)) {
    // Answered here rather than as a database error (500) later.
    throw new ApiError(400, 'validation_failed', 'Text must not contain NUL characters')
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}

export const badJson = (c: Context) => authError(c, 400, 'bad_json', 'Could not parse request body as JSON')

export const str = (v: unknown) => (typeof v === 'string' ? v : '')
export const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v)

export function dbErrorInfo(error: unknown): { code?: string; message: string; hint?: string } {
  const e = error as { code?: string; message?: string; hint?: string }
  return { code: e.code, message: e.message ?? String(error), hint: e.hint }
}
