import { COUNTED_FIELDS, type SignupField, signupProblem } from '../src/domain/signup'
import type { SignupContext, SignupEvent } from './signup.machine'

/** machines/signup.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

const filled: [SignupField, string][] = [
  ['firstName', 'Ada'],
  ['lastName', 'Lovelace'],
  ['email', 'ada@carehome.co.uk'],
  ['password', 'correct-horse'],
  ['company', 'Sunrise Care'],
  ['phone', '07700 900123'],
  ['sector', 'care'],
]

/** Sample events for path generation: valid values for every field plus each kind of bad value. */
export const signupSampleEvents: SignupEvent[] = [
  ...filled.map(([field, value]) => ({ type: 'FIELD_CHANGED' as const, field, value })),
  { type: 'FIELD_CHANGED', field: 'password', value: '123456' },
  { type: 'FIELD_CHANGED', field: 'email', value: 'ada@gmail.com' },
  { type: 'FIELD_CHANGED', field: 'email', value: 'ada@' },
  { type: 'FIELD_CHANGED', field: 'staffCount', value: '0' },
  { type: 'FIELD_CHANGED', field: 'staffCount', value: '12' },
  { type: 'SUBMIT' },
  { type: 'COPY_PASSWORD' },
  { type: 'START_OVER' },
  { type: 'xstate.done.actor.signUp', output: { userId: '00000000-0000-4000-8000-000000000001', emailConfirmed: false } },
  { type: 'xstate.done.actor.signUp', output: { userId: '00000000-0000-4000-8000-000000000001', emailConfirmed: true } },
  { type: 'xstate.done.actor.signUp', output: { userId: null, emailConfirmed: false } },
  { type: 'xstate.error.actor.signUp', error: { kind: 'auth', message: 'User already registered' } },
  { type: 'xstate.error.actor.signUp', error: { kind: 'auth', message: 'Password should be at least 7 characters.' } },
  { type: 'xstate.error.actor.signUp', error: new Error('chunk failed to load') },
  { type: 'xstate.done.actor.completeSignup', output: { success: true } },
  { type: 'xstate.done.actor.completeSignup', output: { success: false } },
  { type: 'xstate.error.actor.completeSignup', error: { kind: 'setup', message: 'Invalid payload' } },
  { type: 'xstate.error.actor.completeSignup', error: new Error('boom') },
  { type: 'xstate.done.actor.copyPassword', output: undefined },
  { type: 'xstate.error.actor.copyPassword', error: new Error('denied') },
  { type: 'xstate.after.redirectDelay.signup.form.confirmed' },
  { type: 'xstate.after.copiedDelay.signup.copy.copied' },
]

/** Input for path generation and the living spec (docs/flows). */
export const signupSampleInput = { origin: 'https://site.example' }

/**
 * Bounded state space for path generation: the value, how many required fields are empty (or else which check a
 * submit would fail), and the flags guards read. Fields of the same kind behave alike, so counts are enough.
 */
export function signupSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as SignupContext
  const missing = COUNTED_FIELDS.filter((f) => c.values[f].trim() === '').length
  return JSON.stringify({
    v: s.value,
    k: missing > 0 ? missing : signupProblem(c.values),
    pw: c.values.password !== '',
    u: Boolean(c.userId),
    ok: c.emailConfirmed,
  })
}
