import { describe, expect, it } from 'vitest'
import { authFailureKind, type BackendFailure, errorMessage, isAlreadyRegisteredMessage, isBackendFailure, retryAfterSeconds } from './authErrors'

const f = (code: string | undefined, message = '', status?: number): BackendFailure => ({
  kind: 'auth',
  message,
  ...(code ? { code } : {}),
  ...(status ? { status } : {}),
})

describe('the one GoTrue error classifier', () => {
  it.each([
    [f('network', "We couldn't reach the server."), 'network'],
    [f('invalid_credentials', 'Invalid login credentials', 400), 'invalidCredentials'],
    [f(undefined, 'Invalid login credentials'), 'invalidCredentials'],
    [f('email_not_confirmed', 'Email not confirmed'), 'emailNotConfirmed'],
    [f('user_already_exists', 'User already registered', 422), 'alreadyRegistered'],
    [f(undefined, 'User already registered'), 'alreadyRegistered'],
    [f('over_email_send_rate_limit', 'email rate limit exceeded', 429), 'rateLimited'],
    [f(undefined, 'Too many requests', 429), 'rateLimited'],
    [f('weak_password', 'Password should be at least 7 characters.', 422), 'weakPassword'],
    [f('same_password', 'New password should be different from the old password.', 422), 'samePassword'],
    [f('pkce_code_verifier_not_found', 'PKCE code verifier not found in storage.'), 'verifierMissing'],
    [f('bad_code_verifier', 'code challenge does not match previously saved code verifier'), 'verifierMissing'],
    [f('otp_expired', 'Token has expired or is invalid', 403), 'linkRejected'],
    [f('flow_state_not_found', 'invalid flow state, no valid flow state found', 404), 'linkRejected'],
    [f('flow_state_expired', 'Flow state has expired'), 'linkRejected'],
    [f('bad_jwt', 'invalid JWT'), 'linkRejected'],
    [f(undefined, 'Email link is invalid or has expired'), 'linkRejected'],
    [f('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found', 400), 'sessionMissing'],
    [f(undefined, 'Auth session missing!'), 'sessionMissing'],
    [f('validation_failed', 'Unable to validate email address: invalid format', 400), 'unexpected'],
    [new Error('Failed to fetch'), 'unexpected'],
    ['boom', 'unexpected'],
  ])('%o is %s', (error, kind) => {
    expect(authFailureKind(error)).toBe(kind)
  })

  it('session_not_found is a session that ended, never a used link: GoTrue answers it only for a JWT or refresh token whose session is gone', () => {
    // internal/api/auth.go (403, a JWT's session_id) and internal/tokens/service.go (a refresh token without session).
    expect(authFailureKind(f('session_not_found', 'Session from session_id claim in JWT does not exist', 403))).toBe('sessionMissing')
    expect(authFailureKind(f('session_not_found', 'Invalid Refresh Token: No Valid Session Found', 400))).toBe('sessionMissing')
  })

  it('reads the seconds GoTrue names, within an hour', () => {
    expect(retryAfterSeconds(f('over_email_send_rate_limit', 'For security purposes, you can only request this after 42 seconds.', 429))).toBe(42)
    expect(retryAfterSeconds(f(undefined, 'after 99999 seconds'))).toBe(3600)
    expect(retryAfterSeconds(f(undefined, 'email rate limit exceeded'))).toBeNull()
    expect(retryAfterSeconds(new Error('after 3 seconds'))).toBeNull()
  })

  it('recognises the already-registered messages of section 8', () => {
    expect(isAlreadyRegisteredMessage('User already registered')).toBe(true)
    expect(isAlreadyRegisteredMessage('Email already exists')).toBe(true)
    expect(isAlreadyRegisteredMessage('Password should be at least 7 characters')).toBe(false)
  })
})

describe('codes alone, without the words (servers that word things differently)', () => {
  it.each([
    [f('invalid_credentials', 'Nope'), 'invalidCredentials'],
    [f('email_not_confirmed', 'Nope'), 'emailNotConfirmed'],
    [f(undefined, 'Email not confirmed'), 'emailNotConfirmed'],
    [f('over_request_rate_limit', 'Nope'), 'rateLimited'],
    [f('over_email_send_rate_limit', 'Nope'), 'rateLimited'],
    [f(undefined, 'Nope', 429), 'rateLimited'],
    [f('pkce_code_verifier_not_found', 'Nope'), 'verifierMissing'],
    [f(undefined, 'code verifier mismatch'), 'verifierMissing'],
    [f('otp_expired', 'Nope'), 'linkRejected'],
    [f('session_not_found', 'Nope'), 'sessionMissing'],
    // A code the classifier does not know is not read from the words of a link: it is unexpected.
    [f('unexpected_failure', 'Token has expired or is invalid'), 'unexpected'],
    [f(undefined, 'Something else'), 'unexpected'],
  ])('%o is %s', (error, kind) => {
    expect(authFailureKind(error)).toBe(kind)
  })
})

describe('what counts as a backend failure, and its message', () => {
  it('is an object with a kind and a string message, of the kind asked for', () => {
    expect(isBackendFailure(f('x', 'm'))).toBe(true)
    expect(isBackendFailure(f('x', 'm'), 'auth')).toBe(true)
    expect(isBackendFailure(f('x', 'm'), 'setup')).toBe(false)
    expect(isBackendFailure({ kind: 'auth', message: 42 })).toBe(false)
    expect(isBackendFailure({ kind: 'auth' })).toBe(false)
    expect(isBackendFailure({ message: 'm' })).toBe(false)
    expect(isBackendFailure(null)).toBe(false)
    expect(isBackendFailure('auth')).toBe(false)
    expect(authFailureKind({ kind: 'auth', message: 42, code: 'network' })).toBe('unexpected')
  })

  it('is the words of anything thrown, or nothing', () => {
    expect(errorMessage('Failed to fetch')).toBe('Failed to fetch')
    expect(errorMessage(new Error('boom'))).toBe('boom')
    expect(errorMessage({ message: 'm' })).toBe('m')
    expect(errorMessage({ message: 42 })).toBe('')
    expect(errorMessage({ reason: 'x' })).toBe('')
    expect(errorMessage(null)).toBe('')
    expect(errorMessage(undefined)).toBe('')
    expect(errorMessage(7)).toBe('')
  })

  it('reads one second, and never zero or a negative wait', () => {
    expect(retryAfterSeconds(f(undefined, 'you can only request this after 1 second.'))).toBe(1)
    expect(retryAfterSeconds(f(undefined, 'after 0 seconds'))).toBeNull()
    expect(retryAfterSeconds(f(undefined, 'after 3600 seconds'))).toBe(3600)
  })
})

