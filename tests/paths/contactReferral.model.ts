import { type AnyEventObject, assign, setup } from 'xstate'
import { contactReferralMachine, contactReferralSampleEvents } from '../../machines/contactReferral.machine'
import type { PathModel } from './model'

/**
 * Test model of the /contact referral form as a user meets it: submit empty (errors), fill it in, submit
 * (sending), and the send-contact call's answer as an explicit event: SEND_SUCCEEDED (the local backend
 * stores and delivers it) or SEND_FAILED (the backend cannot be reached: the mail fallback).
 * Its state ids are the app machine's (`contactReferral.form.idle`, `.sending`, `.form.success`, `.form.fallback`).
 */
export type ContactReferralModelEvent = { type: 'FILL_VALID' } | { type: 'SUBMIT' } | { type: 'SEND_SUCCEEDED' } | { type: 'SEND_FAILED' }

export interface ContactReferralModelContext {
  /** The three fields hold valid values. */
  filled: boolean
  /** A submit with empty fields has shown the errors. */
  attempted: boolean
}

export const contactReferralModel = setup({
  types: { context: {} as ContactReferralModelContext, events: {} as ContactReferralModelEvent },
  guards: {
    isFilled: ({ context }) => context.filled,
    isEmpty: ({ context }) => !context.filled,
    isFirstEmptySubmit: ({ context }) => !context.filled && !context.attempted,
  },
}).createMachine({
  id: 'contactReferral',
  context: { filled: false, attempted: false },
  initial: 'form',
  states: {
    form: {
      initial: 'idle',
      on: {
        FILL_VALID: { guard: 'isEmpty', actions: assign({ filled: true }) },
        SUBMIT: [
          { guard: 'isFilled', target: 'sending', actions: assign({ attempted: false }) },
          { guard: 'isFirstEmptySubmit', actions: assign({ attempted: true }) },
        ],
      },
      states: { idle: {}, success: {}, fallback: {} },
    },
    sending: {
      on: {
        SEND_SUCCEEDED: { target: 'form.success', actions: assign({ filled: false }) },
        SEND_FAILED: { target: 'form.fallback' },
      },
    },
  },
})

const VALID: AnyEventObject[] = contactReferralSampleEvents.filter(
  (e) => e.type === 'FIELD_CHANGED' && !(e.field === 'email' && e.value === 'not-an-email'),
)

export const contactReferralPaths: PathModel = {
  flow: 'contact referral (/contact)',
  model: contactReferralModel,
  events: [{ type: 'FILL_VALID' }, { type: 'SUBMIT' }, { type: 'SEND_SUCCEEDED' }, { type: 'SEND_FAILED' }],
  app: {
    machine: contactReferralMachine,
    input: { to: 'referrals@example.org', brand: 'InspectReady' },
    toAppEvent: (event) => {
      if (event.type === 'FILL_VALID') return VALID
      if (event.type === 'SEND_SUCCEEDED') return { type: 'xstate.done.actor.sendReferral', output: undefined }
      if (event.type === 'SEND_FAILED') return { type: 'xstate.error.actor.sendReferral', error: new TypeError('Failed to fetch') }
      return event
    },
  },
}
