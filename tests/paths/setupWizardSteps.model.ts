import { type AnyEventObject, assertEvent, assign, setup } from 'xstate'
import { setupWizardMachine } from '../../machines/setupWizard.machine'
import type { PathModel } from './model'

/**
 * Test model of the setup wizard's first steps at /onboarding/setup as a signed-in user meets them on a fresh
 * start: step 1 (country) and step 2 (phone) gate Continue on their rules, Back keeps the answers, step 3 is
 * reached only with both valid, and Close on the untouched wizard goes home. The finish is its own model
 * (setupWizardFinish), so only one path waits for the 3-second finish delay. State ids are the app machine's.
 */
export type SetupWizardStepsModelEvent =
  | { type: 'SELECT_COUNTRY' }
  | { type: 'TYPE_PHONE'; phone: 'blank' | 'valid' }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'CLOSE' }

export interface SetupWizardStepsModelContext {
  step: 1 | 2 | 3
  country: boolean
  phone: 'none' | 'blank' | 'valid'
}

export const setupWizardStepsModel = setup({
  types: { context: {} as SetupWizardStepsModelContext, events: {} as SetupWizardStepsModelEvent },
  actions: {
    typePhone: assign({
      phone: ({ event }) => {
        assertEvent(event, 'TYPE_PHONE')
        return event.phone
      },
    }),
  },
  guards: {
    canSelectCountry: ({ context }) => context.step === 1 && !context.country,
    // Forward only (nothing -> blank -> valid), so the paths stay few.
    isNewPhoneKind: ({ context, event }) => event.type === 'TYPE_PHONE' && context.step === 2 && context.phone !== event.phone && context.phone !== 'valid',
    stepIsValid: ({ context }) => (context.step === 1 && context.country) || (context.step === 2 && context.phone === 'valid'),
    canGoBack: ({ context }) => context.step > 1,
    isUntouched: ({ context }) => context.step === 1 && !context.country,
  },
}).createMachine({
  id: 'setupWizard',
  context: { step: 1, country: false, phone: 'none' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SELECT_COUNTRY: { guard: 'canSelectCountry', actions: assign({ country: true }) },
        TYPE_PHONE: { guard: 'isNewPhoneKind', actions: 'typePhone' },
        NEXT: { guard: 'stepIsValid', actions: assign({ step: ({ context }) => (context.step + 1) as 2 | 3 }) },
        BACK: { guard: 'canGoBack', actions: assign({ step: ({ context }) => (context.step - 1) as 1 | 2 }) },
        CLOSE: { guard: 'isUntouched', target: 'closed' },
      },
    },
    closed: { type: 'final' },
  },
})

export const setupWizardStepsPaths: PathModel = {
  flow: 'setup wizard steps (/onboarding/setup)',
  model: setupWizardStepsModel,
  events: [{ type: 'SELECT_COUNTRY' }, { type: 'TYPE_PHONE', phone: 'blank' }, { type: 'TYPE_PHONE', phone: 'valid' }, { type: 'NEXT' }, { type: 'BACK' }, { type: 'CLOSE' }],
  app: {
    machine: setupWizardMachine,
    start: [
      { type: 'xstate.done.actor.getSession', output: { userId: '00000000-0000-4000-8000-000000000001', email: 'path-sso@sunrise-care.co.uk' } },
      { type: 'xstate.done.actor.restoreAnswers', output: null },
    ],
    toAppEvent: (event): AnyEventObject | null => {
      if (event.type === 'SELECT_COUNTRY') return { type: 'COUNTRY_SELECTED', country: 'uk' }
      if (event.type === 'TYPE_PHONE') return { type: 'PHONE_CHANGED', phone: event.phone === 'valid' ? ' 07700 900123 ' : '   ' }
      return event
    },
  },
}
