import type { BackendFailure } from '../src/domain/authErrors'
import type { ConfirmationEvent, ConfirmationInput } from './emailConfirmation.machine'

/** machines/emailConfirmation.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

const verifierMissing: BackendFailure = {
  kind: 'confirmation',
  code: 'pkce_code_verifier_not_found',
  message: 'PKCE code verifier not found in storage.',
}
const usedCode: BackendFailure = {
  kind: 'confirmation',
  code: 'flow_state_not_found',
  message: 'invalid flow state, no valid flow state found',
}

/** Sample events for path generation: every actor outcome. */
export const emailConfirmationSampleEvents: ConfirmationEvent[] = [
  { type: 'RESEND_REQUESTED', email: 'ada@sunrise-care.co.uk' },
  { type: 'RESEND_REQUESTED', email: 'not an email' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.exchangeCode', output: undefined },
  { type: 'xstate.error.actor.exchangeCode', error: verifierMissing },
  { type: 'xstate.error.actor.exchangeCode', error: usedCode },
  { type: 'xstate.error.actor.exchangeCode', error: new Error('Failed to fetch') },
  { type: 'xstate.done.actor.setSession', output: undefined },
  { type: 'xstate.error.actor.setSession', error: { kind: 'confirmation', code: 'bad_jwt', message: 'invalid JWT' } },
  { type: 'xstate.error.actor.setSession', error: new Error('Failed to fetch') },
  { type: 'xstate.done.actor.getSession', output: { hasSession: true } },
  { type: 'xstate.done.actor.getSession', output: { hasSession: false } },
  { type: 'xstate.done.actor.resendConfirmation', output: undefined },
  { type: 'xstate.error.actor.resendConfirmation', error: { kind: 'confirmation', message: 'For security purposes, you can only request this after 42 seconds.' } },
  { type: 'xstate.after.redirectDelay.emailConfirmation.confirmed' },
  { type: 'xstate.after.redirectDelay.emailConfirmation.verified' },
]

const origin = 'https://site.example'
/** Every arrival the page hands this flow: a PKCE code, fragment tokens, verified=true, type=signup, a bad link. */
export const emailConfirmationSampleInputs: ConfirmationInput[] = [
  { origin, params: { type: 'signup', code: 'abc' } },
  { origin, params: { type: 'signup', access_token: 'a', refresh_token: 'r' } },
  { origin, params: { verified: 'true' } },
  { origin, params: { type: 'signup' } },
  { origin, params: { type: 'signup', error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' } },
]
