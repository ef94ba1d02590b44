import type { AnyEventObject } from 'xstate'
import { signInProblem } from '../src/domain/account'
import type { SignInContext } from './signIn.machine'

/** machines/signIn.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

const failure = (code: string, message: string, status = 400) => ({ kind: 'auth', code, message, status })

/** Sample events for path generation: each field empty, malformed and valid, and every way the grant ends. */
export const signInSampleEvents = [
  { type: 'FIELD_CHANGED', field: 'email', value: 'ada@sunrise-care.co.uk' },
  { type: 'FIELD_CHANGED', field: 'email', value: 'ada@' },
  { type: 'FIELD_CHANGED', field: 'password', value: 'correct-horse' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.signIn', output: { userId: '00000000-0000-4000-8000-000000000001' } },
  { type: 'xstate.error.actor.signIn', error: failure('invalid_credentials', 'Invalid login credentials') },
  { type: 'xstate.error.actor.signIn', error: failure('email_not_confirmed', 'Email not confirmed') },
  { type: 'xstate.error.actor.signIn', error: failure('over_request_rate_limit', 'Request rate limit reached', 429) },
  { type: 'xstate.error.actor.signIn', error: { kind: 'auth', code: 'network', message: 'Failed to fetch' } },
  { type: 'xstate.error.actor.signIn', error: failure('user_banned', 'User is banned') },
] as const satisfies readonly AnyEventObject[]

/** Bounded state for path generation: the value, which problem a submit would find, and the last outcome. */
export function signInSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as SignInContext
  return JSON.stringify({ v: s.value, p: signInProblem(c.values), shown: c.problem, f: c.failure })
}
