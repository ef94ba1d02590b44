/**
 * The one classifier of what went wrong with a backend call (GoTrue's auth API, the setup function), for every
 * machine: a failure arrives as plain `BackendFailure` data (src/backend/failures.ts makes it from supabase-js's
 * errors) and `authFailureKind` says what it means for the person. Pure: no browser, no backend.
 *
 * The codes are GoTrue's (internal/api/apierrors/errorcode.go). GoTrue answers `session_not_found` in two places
 * only: an authenticated request whose JWT names a session that no longer exists (internal/api/auth.go, 403
 * "Session from session_id claim in JWT does not exist") and a refresh token whose session is gone
 * (internal/tokens/service.go, "Invalid Refresh Token: No Valid Session Found"). Neither /verify nor the PKCE code
 * exchange ever answers it, so it is a session that has ended (`sessionMissing`), never a used or expired link:
 * a flow that meets it while using a link (tokens in the fragment, a recovery session) decides itself that the
 * link can no longer be used.
 */

/**
 * A failure the backend reported in words (an auth error, or the setup function's error), as opposed to an
 * exception nobody expected. Plain data so it can travel in machine events.
 */
export interface BackendFailure {
  kind: 'auth' | 'setup' | 'confirmation'
  message: string
  /** GoTrue's error code (`invalid_credentials`, ...), or `network` when the server could not be reached. */
  code?: string
  /** The HTTP status, when the server answered. */
  status?: number
}

export function isBackendFailure(error: unknown, kind?: BackendFailure['kind']): error is BackendFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    'kind' in error &&
    'message' in error &&
    typeof (error as BackendFailure).message === 'string' &&
    (kind === undefined || (error as BackendFailure).kind === kind)
  )
}

/** The message of anything thrown, or '' when there is none worth showing. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const m = (error as { message: unknown }).message
    return typeof m === 'string' ? m : ''
  }
  return ''
}

export const UNREACHABLE_MESSAGE = "We couldn't reach the server. Check your connection and try again."

/** What went wrong with an auth call, as the person needs to hear it. */
export type AuthFailureKind =
  | 'invalidCredentials'
  | 'emailNotConfirmed'
  | 'alreadyRegistered'
  | 'rateLimited'
  | 'network'
  | 'weakPassword'
  | 'samePassword'
  | 'sessionMissing'
  | 'linkRejected'
  | 'verifierMissing'
  | 'unexpected'

/** A link (a confirmation or recovery code, a one-time token) that was used, has expired or is not GoTrue's. */
const LINK_REJECTED_CODES = ['otp_expired', 'flow_state_not_found', 'flow_state_expired', 'bad_jwt']
/** The PKCE code verifier is not in this browser (the link was opened elsewhere) or is not this code's. */
const VERIFIER_CODES = ['pkce_code_verifier_not_found', 'bad_code_verifier']
/** The session (of a JWT or of a refresh token) no longer exists. */
const SESSION_CODES = ['session_not_found', 'session_expired', 'refresh_token_not_found', 'refresh_token_already_used']
const ALREADY_REGISTERED_CODES = ['user_already_exists']

/** "Account already exists" in words, for servers that send no code (spec section 8). */
export function isAlreadyRegisteredMessage(message: string): boolean {
  return /already registered|email already/i.test(message)
}

/**
 * Classifies a failure thrown by the backend actors (src/backend): GoTrue's error code first, its HTTP status
 * next, the words last (older servers send no code). Anything that is not a BackendFailure is unexpected.
 */
export function authFailureKind(error: unknown): AuthFailureKind {
  if (!isBackendFailure(error)) return 'unexpected'
  const { code, status, message } = error
  const known = (codes: readonly string[]) => code !== undefined && codes.includes(code)
  if (code === 'network') return 'network'
  if (code === 'invalid_credentials' || /invalid login credentials/i.test(message)) return 'invalidCredentials'
  if (code === 'email_not_confirmed' || /email not confirmed/i.test(message)) return 'emailNotConfirmed'
  if (known(ALREADY_REGISTERED_CODES) || isAlreadyRegisteredMessage(message)) return 'alreadyRegistered'
  if (status === 429 || code === 'over_request_rate_limit' || code === 'over_email_send_rate_limit') return 'rateLimited'
  if (code === 'weak_password') return 'weakPassword'
  if (code === 'same_password') return 'samePassword'
  if (known(VERIFIER_CODES) || /code verifier/i.test(message)) return 'verifierMissing'
  if (known(LINK_REJECTED_CODES)) return 'linkRejected'
  if (known(SESSION_CODES) || /session missing/i.test(message)) return 'sessionMissing'
  // Older servers: no code, only the words of a used or expired link.
  if (code === undefined && /invalid flow state|expired|link is invalid/i.test(message)) return 'linkRejected'
  return 'unexpected'
}

/** "For security purposes, you can only request this after 42 seconds." -> 42 (GoTrue's wording); else null. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isBackendFailure(error)) return null
  const match = /after (\d+) seconds?/i.exec(error.message)
  if (!match) return null
  const seconds = Number(match[1])
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) : null
}
