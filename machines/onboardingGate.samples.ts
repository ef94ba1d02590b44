import type { AnyEventObject } from 'xstate'

/** machines/onboardingGate.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

const session = { userId: '00000000-0000-4000-8000-000000000001', email: 'ada@sunrise-care.co.uk' }

export const onboardingGateSampleEvents = [
  { type: 'ARRIVED', params: {} },
  { type: 'ARRIVED', params: { code: 'c0de' } },
  { type: 'ARRIVED', params: { error: 'access_denied', error_description: 'The user denied the request' } },
  { type: 'SIGNED_OUT' },
  { type: 'xstate.done.actor.exchangeCode', output: undefined },
  { type: 'xstate.error.actor.exchangeCode', error: { kind: 'auth', code: 'flow_state_not_found', message: 'invalid flow state' } },
  { type: 'xstate.done.actor.getSession', output: null },
  { type: 'xstate.done.actor.getSession', output: { ...session, email: 'ada@gmail.com' } },
  { type: 'xstate.done.actor.getSession', output: session },
  { type: 'xstate.done.actor.signOut', output: { revoked: false } },
  { type: 'xstate.error.actor.signOut', error: { message: 'network' } },
  {
    type: 'xstate.done.actor.getCompletionStatus',
    output: { profile_completion_required: true, signup_method: 'sso', last_sso_provider: 'google', onboarding_completed: false },
  },
  {
    type: 'xstate.done.actor.getCompletionStatus',
    output: { profile_completion_required: true, signup_method: 'sso', last_sso_provider: 'google', onboarding_completed: true },
  },
  {
    type: 'xstate.done.actor.getCompletionStatus',
    output: { profile_completion_required: false, signup_method: 'email', last_sso_provider: null, onboarding_completed: false },
  },
  {
    type: 'xstate.done.actor.getCompletionStatus',
    output: { profile_completion_required: false, signup_method: 'email', last_sso_provider: null, onboarding_completed: true },
  },
  { type: 'xstate.error.actor.getCompletionStatus', error: { message: 'network' } },
  { type: 'xstate.done.actor.ssoProfile', output: { saved: true } },
  { type: 'xstate.done.actor.ssoProfile', output: { saved: false } },
] as const satisfies readonly AnyEventObject[]
