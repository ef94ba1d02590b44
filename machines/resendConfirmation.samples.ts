import type { AnyEventObject } from 'xstate'
import type { ResendConfirmationContext, ResendConfirmationInput } from './resendConfirmation.machine'

/** machines/resendConfirmation.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

export const resendConfirmationSampleInputs: ResendConfirmationInput[] = [
  { email: 'ada@sunrise-care.co.uk', origin: 'https://site.example', justSent: true },
  { email: 'ada@sunrise-care.co.uk', origin: 'https://site.example', justSent: false },
]

export const resendConfirmationSampleEvents = [
  { type: 'RESEND' },
  { type: 'xstate.done.actor.resend', output: undefined },
  {
    type: 'xstate.error.actor.resend',
    error: { kind: 'confirmation', code: 'over_email_send_rate_limit', status: 429, message: 'For security purposes, you can only request this after 1 seconds.' },
  },
  { type: 'xstate.error.actor.resend', error: { kind: 'confirmation', code: 'network', message: 'Failed to fetch' } },
  { type: 'xstate.error.actor.resend', error: new Error('chunk failed to load') },
  { type: 'xstate.after.tick.resendConfirmation.coolingDown' },
] as const satisfies readonly AnyEventObject[]

/** Bounded state: the countdown matters only as "more than a second left" or "the last second". */
export function resendConfirmationSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as ResendConfirmationContext
  return JSON.stringify({ v: s.value, last: c.secondsLeft <= 1, o: c.outcome, j: c.justSent })
}
