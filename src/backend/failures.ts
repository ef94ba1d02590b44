/**
 * supabase-js's errors as the plain `BackendFailure` data every machine reads (the one classifier of what they
 * mean is src/domain/authErrors.ts). Anything that is not an auth or function error is rethrown as is by the
 * callers and counts as unexpected.
 */
import { type BackendFailure, UNREACHABLE_MESSAGE } from '../domain/authErrors'

interface AuthErrorLike {
  message: string
  code?: string
  name?: string
  status?: number
}

/**
 * A supabase-js auth error as plain data. supabase-js reports a network failure (and a 5xx from a gateway) as
 * AuthRetryableFetchError with the browser's bare 'Failed to fetch': that becomes code `network` with words a
 * person understands. A missing session (AuthSessionMissingError carries no code) becomes `session_not_found`.
 */
export function authFailure(kind: BackendFailure['kind'], error: AuthErrorLike): BackendFailure {
  if (error.name === 'AuthRetryableFetchError') {
    return { kind, message: UNREACHABLE_MESSAGE, code: 'network', ...(error.status ? { status: error.status } : {}) }
  }
  const code = error.code ?? (error.name === 'AuthSessionMissingError' ? 'session_not_found' : undefined)
  return { kind, message: error.message ?? '', ...(code ? { code } : {}), ...(error.status ? { status: error.status } : {}) }
}

/** An edge function's own error text when it answered with one (`{ error: '…' }`), else the client's. */
export async function functionErrorMessage(error: { message: string; context?: unknown }): Promise<string> {
  const response = error.context
  if (response instanceof Response) {
    try {
      const body = (await response.clone().json()) as { error?: unknown }
      if (typeof body.error === 'string' && body.error) return body.error
    } catch {
      // Not JSON: fall back to the client's message.
    }
  }
  return error.message
}
