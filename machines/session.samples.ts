import type { AnyEventObject } from 'xstate'
import type { SessionInput, SessionUser } from './session.machine'

/** machines/session.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

const user: SessionUser = { userId: '00000000-0000-4000-8000-000000000001', email: 'ada@sunrise-care.co.uk' }

export const sessionSampleInputs: SessionInput[] = [{ storedSession: true }, { storedSession: false }]

export const sessionSampleEvents = [
  { type: 'SIGNED_IN', user },
  { type: 'SIGNED_OUT' },
  { type: 'SESSION_STORED' },
  { type: 'SIGN_OUT' },
  { type: 'xstate.done.actor.readSession', output: user },
  { type: 'xstate.done.actor.readSession', output: null },
  { type: 'xstate.error.actor.readSession', error: { kind: 'auth', code: 'network', message: 'Failed to fetch' } },
  { type: 'xstate.done.actor.signOut', output: { revoked: true } },
  { type: 'xstate.done.actor.signOut', output: { revoked: false } },
  { type: 'xstate.error.actor.signOut', error: new Error('storage unavailable') },
] as const satisfies readonly AnyEventObject[]
