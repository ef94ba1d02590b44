import { type AnyEventObject, assertEvent, assign, setup } from 'xstate'
import { ssoProfileMachine } from '../../machines/ssoProfile.machine'
import type { PathModel } from './model'

/**
 * Test model of the SSO profile dialog on /onboarding as a new Google SSO user meets it: fill in a company
 * name too short to count (' A ') or a real one, with 12 staff; Continue stays disabled until both are valid;
 * submit, and the save call's answer as an explicit event: SAVE_SUCCEEDED ('Details saved', then the gate
 * completes and goes home) or SAVE_FAILED (the connection drops: 'Something went wrong', the dialog stays with
 * what was typed). CLOSE leaves without saving. State ids are the app machine's (`ssoProfile.editing`, …).
 */
export type SsoProfileModelEvent =
  | { type: 'FILL'; company: 'short' | 'valid' }
  | { type: 'SUBMIT' }
  | { type: 'SAVE_SUCCEEDED' }
  | { type: 'SAVE_FAILED' }
  | { type: 'CLOSE' }

export interface SsoProfileModelContext {
  company: 'none' | 'short' | 'valid'
  /** Title of the toast the last step raised. */
  toast: string | null
}

export const ssoProfileModel = setup({
  types: { context: {} as SsoProfileModelContext, events: {} as SsoProfileModelEvent },
  actions: {
    fill: assign({
      company: ({ event }) => {
        assertEvent(event, 'FILL')
        return event.company
      },
    }),
  },
  guards: {
    // Only forward (nothing -> short -> valid), so the paths stay few.
    isNewCompanyKind: ({ context, event }) => event.type === 'FILL' && context.company !== event.company && context.company !== 'valid',
    isValid: ({ context }) => context.company === 'valid',
  },
}).createMachine({
  id: 'ssoProfile',
  context: { company: 'none', toast: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        FILL: { guard: 'isNewCompanyKind', actions: 'fill' },
        SUBMIT: { guard: 'isValid', target: 'submitting' },
        CLOSE: 'closed',
      },
    },
    submitting: {
      on: {
        SAVE_SUCCEEDED: { target: 'saved', actions: assign({ toast: 'Details saved' }) },
        SAVE_FAILED: { target: 'editing', actions: assign({ toast: 'Something went wrong' }) },
      },
    },
    saved: { type: 'final' },
    closed: { type: 'final' },
  },
})

export const ssoProfilePaths: PathModel = {
  flow: 'SSO profile dialog (/onboarding)',
  model: ssoProfileModel,
  events: [{ type: 'FILL', company: 'short' }, { type: 'FILL', company: 'valid' }, { type: 'SUBMIT' }, { type: 'SAVE_SUCCEEDED' }, { type: 'SAVE_FAILED' }, { type: 'CLOSE' }],
  app: {
    machine: ssoProfileMachine,
    input: { provider: 'google' },
    toAppEvent: (event): AnyEventObject | AnyEventObject[] | null => {
      if (event.type === 'FILL')
        return [
          { type: 'COMPANY_CHANGED', value: event.company === 'valid' ? 'Sunrise Care' : ' A ' },
          { type: 'STAFF_CHANGED', value: '12' },
        ]
      if (event.type === 'SAVE_SUCCEEDED') return { type: 'xstate.done.actor.saveProfile', output: undefined }
      if (event.type === 'SAVE_FAILED') return { type: 'xstate.error.actor.saveProfile', error: new Error('Saving profile details failed') }
      return event
    },
  },
}
