import { type AnyEventObject, assertEvent, assign, setup } from 'xstate'
import { signupMachine } from '../../machines/signup.machine'
import type { PathModel } from './model'

/**
 * Test model of the sign-up form on /auth as a user meets it: submit empty, fill it in with a personal
 * (gmail.com) or a work address, submit, and the sign-up call's answer as an explicit event: SIGN_UP_SUCCEEDED
 * (the local backend creates the account: 'Check your email') or SIGN_UP_FAILED (the connection drops:
 * 'Sign up failed', everything typed kept). State ids are the app machine's (`signup.form.editing`, …).
 */
export type SignupModelEvent =
  | { type: 'FILL'; email: 'work' | 'personal' }
  | { type: 'SUBMIT' }
  | { type: 'SIGN_UP_SUCCEEDED' }
  | { type: 'SIGN_UP_FAILED' }

export interface SignupModelContext {
  email: 'none' | 'work' | 'personal'
  /** Title of the toast the last step raised. */
  toast: string | null
}

export const signupModel = setup({
  types: { context: {} as SignupModelContext, events: {} as SignupModelEvent },
  actions: {
    fill: assign({
      email: ({ event }) => {
        assertEvent(event, 'FILL')
        return event.email
      },
      toast: null,
    }),
  },
  guards: {
    isNewAddressKind: ({ context, event }) => event.type === 'FILL' && context.email !== event.email && !(context.email === 'work' && event.email === 'personal'),
    isEmpty: ({ context }) => context.email === 'none',
    isPersonal: ({ context }) => context.email === 'personal',
  },
}).createMachine({
  id: 'signup',
  context: { email: 'none', toast: null },
  initial: 'form',
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            FILL: { guard: 'isNewAddressKind', actions: 'fill' },
            SUBMIT: [
              { guard: 'isEmpty', actions: assign({ toast: 'Missing fields' }) },
              { guard: 'isPersonal', actions: assign({ toast: 'Work email required' }) },
              { target: 'submitting', actions: assign({ toast: null }) },
            ],
          },
        },
        submitting: {
          on: {
            SIGN_UP_SUCCEEDED: { target: 'awaitingEmail', actions: assign({ toast: 'Account created!' }) },
            SIGN_UP_FAILED: { target: 'editing', actions: assign({ toast: 'Sign up failed' }) },
          },
        },
        awaitingEmail: {},
      },
    },
  },
})

const fields = (email: string): AnyEventObject[] =>
  Object.entries({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'correct-horse-7', company: 'Sunrise Care', phone: '07700 900123', sector: 'care', staffCount: '12' }).map(
    ([field, value]) => ({ type: 'FIELD_CHANGED', field, value }),
  )

export const signupPaths: PathModel = {
  flow: 'sign-up (/auth)',
  model: signupModel,
  events: [{ type: 'FILL', email: 'personal' }, { type: 'FILL', email: 'work' }, { type: 'SUBMIT' }, { type: 'SIGN_UP_SUCCEEDED' }, { type: 'SIGN_UP_FAILED' }],
  app: {
    machine: signupMachine,
    input: { origin: 'https://site.example' },
    toAppEvent: (event) => {
      if (event.type === 'FILL') return fields(event.email === 'work' ? 'ada@sunrise-care.co.uk' : 'ada.lovelace@gmail.com')
      if (event.type === 'SIGN_UP_SUCCEEDED')
        return [
          { type: 'xstate.done.actor.signUp', output: { userId: '00000000-0000-4000-8000-000000000001', emailConfirmed: false } },
          { type: 'xstate.done.actor.completeSignup', output: { success: true } },
        ]
      if (event.type === 'SIGN_UP_FAILED') return { type: 'xstate.error.actor.signUp', error: { kind: 'auth', message: 'Failed to fetch' } }
      return event
    },
  },
}
