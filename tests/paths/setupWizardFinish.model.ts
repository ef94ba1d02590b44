import { type AnyEventObject, assign, setup } from 'xstate'
import { setupWizardMachine } from '../../machines/setupWizard.machine'
import { EMPTY_ANSWERS, type WizardAnswers } from '../../src/domain/onboarding'
import type { PathModel } from './model'

/**
 * Test model of the setup wizard's last step as a signed-in user meets it when resuming stored progress on
 * step 11 (every answer given but the review frequency): 'Complete Setup' stays disabled until the frequency
 * sub-step is confirmed; finishing saves, and the save's answer is an explicit event (SAVE_SUCCEEDED: 'Finishing
 * your setup...', then after the real 3-second finish delay, FINISH_DELAY, 'Setup complete!' and home;
 * SAVE_FAILED: the alert, still on step 11 with every answer kept, ready to try again). State ids are the app
 * machine's. Only one path waits for the finish delay.
 */
export type SetupWizardFinishModelEvent =
  | { type: 'CONFIRM_FREQUENCY' }
  | { type: 'FINISH' }
  | { type: 'SAVE_SUCCEEDED' }
  | { type: 'SAVE_FAILED' }
  | { type: 'FINISH_DELAY' }
  | { type: 'CLOSE' }

export interface SetupWizardFinishModelContext {
  frequency: boolean
  failed: boolean
}

/** The stored progress each path resumes (step index 10 = step 11 of 11). */
export const RESUMED_ANSWERS: WizardAnswers = {
  ...EMPTY_ANSWERS,
  country: 'au',
  phone: '0491 570 006',
  sector: 'construction',
  regulators: ['bsr'],
  roles: ['manager', 'supervisor'],
  domains: ['safety'],
}
export const RESUMED_STEP = 10

export const setupWizardFinishModel = setup({
  types: { context: {} as SetupWizardFinishModelContext, events: {} as SetupWizardFinishModelEvent },
  guards: {
    needsFrequency: ({ context }) => !context.frequency,
    hasFrequency: ({ context }) => context.frequency,
  },
}).createMachine({
  id: 'setupWizard',
  context: { frequency: false, failed: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CONFIRM_FREQUENCY: { guard: 'needsFrequency', actions: assign({ frequency: true }) },
        FINISH: { guard: 'hasFrequency', target: 'saving' },
        CLOSE: { guard: 'needsFrequency', target: 'closed' },
      },
    },
    saving: {
      entry: assign({ failed: false }),
      on: { SAVE_SUCCEEDED: 'saved', SAVE_FAILED: { target: 'editing', actions: assign({ failed: true }) } },
    },
    saved: { on: { FINISH_DELAY: 'done' } },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
})

export const setupWizardFinishPaths: PathModel = {
  flow: 'setup wizard finish (/onboarding/setup)',
  model: setupWizardFinishModel,
  events: [{ type: 'CONFIRM_FREQUENCY' }, { type: 'FINISH' }, { type: 'SAVE_SUCCEEDED' }, { type: 'SAVE_FAILED' }, { type: 'FINISH_DELAY' }, { type: 'CLOSE' }],
  app: {
    machine: setupWizardMachine,
    start: [
      { type: 'xstate.done.actor.getSession', output: { userId: '00000000-0000-4000-8000-000000000001', email: 'path-sso@sunrise-care.co.uk' } },
      { type: 'xstate.done.actor.restoreAnswers', output: { step: RESUMED_STEP, answers: RESUMED_ANSWERS } },
    ],
    toAppEvent: (event): AnyEventObject | null => {
      switch (event.type) {
        case 'CONFIRM_FREQUENCY':
          return { type: 'SUB_STEP_CONTINUE' }
        case 'SAVE_SUCCEEDED':
          return { type: 'xstate.done.actor.saveAnswers', output: undefined }
        case 'SAVE_FAILED':
          return { type: 'xstate.error.actor.saveAnswers', error: new Error('Saving the setup failed') }
        case 'FINISH_DELAY':
          return { type: 'xstate.after.finishDelay.setupWizard.saved' }
        default:
          return event
      }
    },
  },
}
