import type { AnyEventObject } from 'xstate'
import { newPasswordProblem, resetRequestProblem } from '../src/domain/account'
import type { PasswordResetContext, PasswordResetInput } from './passwordReset.machine'

/** machines/passwordReset.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

const authError = (code: string, message: string, status = 400) => ({ kind: 'auth', code, message, status })

/** Sample events for path generation: every outcome of the four calls. */
export const passwordResetSampleEvents = [
  { type: 'EMAIL_CHANGED', value: 'ada@sunrise-care.co.uk' },
  { type: 'EMAIL_CHANGED', value: 'ada@' },
  { type: 'SUBMIT' },
  { type: 'PASSWORD_CHANGED', field: 'password', value: 'new-horse-battery' },
  { type: 'PASSWORD_CHANGED', field: 'repeat', value: 'new-horse-battery' },
  { type: 'PASSWORD_CHANGED', field: 'password', value: 'short' },
  { type: 'REQUEST_NEW_LINK' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.requestReset', output: undefined },
  {
    type: 'xstate.error.actor.requestReset',
    error: authError('over_email_send_rate_limit', 'For security purposes, you can only request this after 37 seconds.', 429),
  },
  { type: 'xstate.error.actor.requestReset', error: authError('over_email_send_rate_limit', 'email rate limit exceeded', 429) },
  { type: 'xstate.error.actor.requestReset', error: { kind: 'auth', code: 'network', message: 'Failed to fetch' } },
  // Not a 5xx: supabase-js reports every 5xx as a retryable fetch error, which the page rightly calls the network.
  { type: 'xstate.error.actor.requestReset', error: authError('validation_failed', 'Unable to validate email address: invalid format') },
  { type: 'xstate.done.actor.exchangeCode', output: undefined },
  { type: 'xstate.error.actor.exchangeCode', error: authError('pkce_code_verifier_not_found', 'PKCE code verifier not found in storage.') },
  { type: 'xstate.error.actor.exchangeCode', error: authError('flow_state_not_found', 'invalid flow state, no valid flow state found', 404) },
  { type: 'xstate.error.actor.exchangeCode', error: { kind: 'auth', code: 'network', message: 'Failed to fetch' } },
  { type: 'xstate.done.actor.verifyToken', output: undefined },
  { type: 'xstate.error.actor.verifyToken', error: authError('otp_expired', 'Token has expired or is invalid', 403) },
  { type: 'xstate.error.actor.verifyToken', error: { kind: 'auth', code: 'network', message: 'Failed to fetch' } },
  { type: 'xstate.done.actor.updatePassword', output: undefined },
  { type: 'xstate.error.actor.updatePassword', error: authError('weak_password', 'Password should be at least 7 characters.', 422) },
  { type: 'xstate.error.actor.updatePassword', error: authError('same_password', 'New password should be different from the old password.', 422) },
  { type: 'xstate.error.actor.updatePassword', error: authError('session_not_found', 'Auth session missing!', 403) },
  { type: 'xstate.error.actor.updatePassword', error: { kind: 'auth', code: 'network', message: 'Failed to fetch' } },
  { type: 'xstate.error.actor.updatePassword', error: authError('reauthentication_needed', 'Password update requires reauthentication') },
  { type: 'xstate.after.onwardDelay.passwordReset.updated' },
] as const satisfies readonly AnyEventObject[]

/** The reset form, and the mailed link's arrivals: a PKCE code, a token hash, or GoTrue's error for a bad link. */
export const passwordResetSampleInputs: PasswordResetInput[] = [
  { origin: 'https://site.example', params: { mode: 'reset' } },
  { origin: 'https://site.example', params: { type: 'recovery', code: 'c0de' } },
  { origin: 'https://site.example', params: { type: 'recovery', token_hash: 'pkce_0123' } },
  {
    origin: 'https://site.example',
    params: { type: 'recovery', error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' },
  },
]

/** Bounded state: the value, which rules hold, and the last outcome (not the typed text). */
export function passwordResetSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as PasswordResetContext
  return JSON.stringify({
    v: s.value,
    p: c.params,
    e: resetRequestProblem(c.email),
    pw: newPasswordProblem(c.values),
    shown: [c.requestProblem, c.passwordProblem],
    f: c.failure,
    l: c.linkProblem,
  })
}
