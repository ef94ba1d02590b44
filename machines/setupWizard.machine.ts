import { type AnyEventObject, assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate'
import {
  COUNTRY_IDS,
  type CountryId,
  DEFAULT_FREQUENCY,
  DOMAINS,
  type Domain,
  EMPTY_ANSWERS,
  FREQUENCIES,
  type Frequency,
  isStepValid,
  isSubStepValid,
  LIFE_SKILLS,
  type LifeSkill,
  REGULATORS,
  type Regulator,
  ROLES,
  type Role,
  toggleIn,
  WIZARD_FINISH_DELAY_MS,
  WIZARD_STEP_COUNT,
  WIZARD_STEPS,
  type WizardAnswers,
  type WizardStepId,
} from '../src/domain/onboarding'
import { SECTORS, type Sector } from '../src/domain/sectors'

/**
 * The 11-step setup wizard at /onboarding/setup (spec sections 2, 4, 5, 9). Signed-in only: without a
 * session it goes to /. The step index runs 0..10; Continue (NEXT) needs the step's validity rule, Back is
 * refused on step 1. The sector, life-skills, regulators and roles steps have their own Continue
 * (SUB_STEP_CONTINUE) with the sub-step rules; on the review-frequency step it confirms the sub-step's choice
 * (monthly unless changed), because the wizard's frequency starts empty and 'Complete Setup' needs it.
 * FINISH saves the answers (PATCH of the user's row by id, onboarding_completed_at = now); after the
 * 3-second finish delay 'Setup complete!' shows and the user goes to /. A failed save is logged and the
 * wizard returns to the last step with every answer kept. Answers are stored per user for the session
 * (persistAnswers / restoreAnswers) so a reload loses nothing.
 */
export interface WizardSession {
  userId: string
  email: string
}

export interface SetupWizardContext {
  userId: string | null
  step: number
  answers: WizardAnswers
  /** The review-frequency sub-step's own choice, preselected monthly. */
  draftFrequency: Frequency
  /** The last save failed (shown next to Complete Setup; the answers are kept). */
  saveFailed: boolean
}

export type SetupWizardEvent =
  | { type: 'COUNTRY_SELECTED'; country: CountryId }
  | { type: 'PHONE_CHANGED'; phone: string }
  | { type: 'SECTOR_SELECTED'; sector: Sector }
  | { type: 'LIFE_SKILL_TOGGLED'; skill: LifeSkill }
  | { type: 'REGULATOR_TOGGLED'; regulator: Regulator }
  | { type: 'ROLE_TOGGLED'; role: Role }
  | { type: 'DOMAIN_TOGGLED'; domain: Domain }
  | { type: 'FREQUENCY_DRAFTED'; frequency: Frequency }
  | { type: 'SUB_STEP_CONTINUE' }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'FINISH' }
  | { type: 'CLOSE' }
  | { type: 'SIGNED_OUT' }

export interface SaveAnswersInput {
  userId: string
  answers: WizardAnswers
}

export interface StoredProgress {
  step: number
  answers: WizardAnswers
}

const LAST_STEP = WIZARD_STEP_COUNT - 1
const FREQUENCY_STEP = WIZARD_STEPS.findIndex((s) => s.id === 'frequency')

const persist = {
  type: 'persistAnswers',
  params: ({ context }: { context: SetupWizardContext }) => ({ userId: context.userId, step: context.step, answers: context.answers }),
} as const

function setAnswer<K extends keyof WizardAnswers>(key: K, pick: (event: SetupWizardEvent, answers: WizardAnswers) => WizardAnswers[K]) {
  return assign<SetupWizardContext, SetupWizardEvent, undefined, SetupWizardEvent, never>({
    answers: ({ context, event }) => ({ ...context.answers, [key]: pick(event, context.answers) }),
  })
}

export const setupWizardMachine = setup({
  types: {
    context: {} as SetupWizardContext,
    events: {} as SetupWizardEvent,
  },
  actions: {
    goHome: () => {},
    /** Success toast 'Setup complete!' */
    notifySetupComplete: () => {},
    /** console.warn without personal data (spec section 8: a wizard save failure is only logged). */
    logSaveFailed: () => {},
    /** Store { step, answers } in sessionStorage under the user's id. */
    persistAnswers: (_, _params: { userId: string | null; step: number; answers: WizardAnswers }) => {},
    /** Forget the stored answers once saved. */
    clearStoredAnswers: (_, _params: { userId: string | null }) => {},
  },
  actors: {
    getSession: fromPromise<WizardSession | null>(async () => {
      throw new Error('getSession not provided')
    }),
    /** Sends SIGNED_OUT when the auth state changes to signed out. */
    authListener: fromCallback<AnyEventObject>(() => () => {}),
    /** The answers stored for this user in this browser session, if any. */
    restoreAnswers: fromPromise<StoredProgress | null, { userId: string }>(async () => null),
    /** PATCH users?id=eq.<userId> with the wizard fields and onboarding_completed_at. */
    saveAnswers: fromPromise<void, SaveAnswersInput>(async () => {
      throw new Error('saveAnswers not provided')
    }),
  },
  guards: {
    hasSession: ({ event }) => (event as { output?: WizardSession | null }).output != null,
    hasStoredProgress: ({ event }) => (event as { output?: StoredProgress | null }).output != null,
    canGoNext: ({ context }) => context.step < LAST_STEP && isStepValid(context.step, context.answers),
    canGoBack: ({ context }) => context.step > 0,
    isFrequencySubStep: ({ context }) => context.step === FREQUENCY_STEP,
    canContinueSubStep: ({ context }) => context.step < LAST_STEP && isSubStepValid(context.step, context.answers),
    canFinish: ({ context }) => context.step === LAST_STEP && isStepValid(context.step, context.answers),
    /** Each answer's control is on its own step only: the page offers no other way to give it. */
    isOnStep: ({ context }, params: { id: WizardStepId }) => WIZARD_STEPS[context.step]?.id === params.id,
  },
  delays: {
    finishDelay: WIZARD_FINISH_DELAY_MS,
  },
}).createMachine({
  id: 'setupWizard',
  context: { userId: null, step: 0, answers: EMPTY_ANSWERS, draftFrequency: DEFAULT_FREQUENCY, saveFailed: false },
  invoke: { id: 'authListener', src: 'authListener' },
  on: { SIGNED_OUT: '.signedOut' },
  initial: 'checkingSession',
  states: {
    checkingSession: {
      invoke: {
        id: 'getSession',
        src: 'getSession',
        onDone: [
          {
            guard: 'hasSession',
            target: 'restoring',
            actions: assign({ userId: ({ event }) => event.output?.userId ?? null }),
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    restoring: {
      invoke: {
        id: 'restoreAnswers',
        src: 'restoreAnswers',
        input: ({ context }) => ({ userId: context.userId ?? '' }),
        onDone: [
          {
            guard: 'hasStoredProgress',
            target: 'editing',
            actions: assign(({ event }) => {
              const stored = event.output as StoredProgress
              return {
                answers: stored.answers,
                step: Math.min(Math.max(0, Math.trunc(stored.step)), LAST_STEP),
                draftFrequency: stored.answers.frequency || DEFAULT_FREQUENCY,
              }
            }),
          },
          { target: 'editing' },
        ],
        onError: { target: 'editing' },
      },
    },
    editing: {
      on: {
        COUNTRY_SELECTED: {
          guard: { type: 'isOnStep', params: { id: 'country' } },
          actions: [
            setAnswer('country', (e) => {
              assertEvent(e, 'COUNTRY_SELECTED')
              return e.country
            }),
            persist,
          ],
        },
        PHONE_CHANGED: {
          guard: { type: 'isOnStep', params: { id: 'phone' } },
          actions: [
            setAnswer('phone', (e) => {
              assertEvent(e, 'PHONE_CHANGED')
              return e.phone.slice(0, 40)
            }),
            persist,
          ],
        },
        SECTOR_SELECTED: {
          guard: { type: 'isOnStep', params: { id: 'sector' } },
          actions: [
            setAnswer('sector', (e) => {
              assertEvent(e, 'SECTOR_SELECTED')
              return e.sector
            }),
            persist,
          ],
        },
        LIFE_SKILL_TOGGLED: {
          guard: { type: 'isOnStep', params: { id: 'lifeSkills' } },
          actions: [
            setAnswer('lifeSkills', (e, a) => {
              assertEvent(e, 'LIFE_SKILL_TOGGLED')
              return toggleIn(a.lifeSkills, e.skill, LIFE_SKILLS)
            }),
            persist,
          ],
        },
        REGULATOR_TOGGLED: {
          guard: { type: 'isOnStep', params: { id: 'regulators' } },
          actions: [
            setAnswer('regulators', (e, a) => {
              assertEvent(e, 'REGULATOR_TOGGLED')
              return toggleIn(a.regulators, e.regulator, REGULATORS)
            }),
            persist,
          ],
        },
        ROLE_TOGGLED: {
          guard: { type: 'isOnStep', params: { id: 'roles' } },
          actions: [
            setAnswer('roles', (e, a) => {
              assertEvent(e, 'ROLE_TOGGLED')
              return toggleIn(a.roles, e.role, ROLES)
            }),
            persist,
          ],
        },
        DOMAIN_TOGGLED: {
          guard: { type: 'isOnStep', params: { id: 'domains' } },
          actions: [
            setAnswer('domains', (e, a) => {
              assertEvent(e, 'DOMAIN_TOGGLED')
              return toggleIn(a.domains, e.domain, DOMAINS)
            }),
            persist,
          ],
        },
        FREQUENCY_DRAFTED: {
          guard: { type: 'isOnStep', params: { id: 'frequency' } },
          actions: assign({
            draftFrequency: ({ event }) => {
              assertEvent(event, 'FREQUENCY_DRAFTED')
              return event.frequency
            },
          }),
        },
        SUB_STEP_CONTINUE: [
          {
            guard: 'isFrequencySubStep',
            actions: [assign({ answers: ({ context }) => ({ ...context.answers, frequency: context.draftFrequency }) }), persist],
          },
          { guard: 'canContinueSubStep', actions: [assign({ step: ({ context }) => context.step + 1 }), persist] },
        ],
        NEXT: { guard: 'canGoNext', actions: [assign({ step: ({ context }) => context.step + 1 }), persist] },
        BACK: { guard: 'canGoBack', actions: [assign({ step: ({ context }) => context.step - 1 }), persist] },
        FINISH: { guard: 'canFinish', target: 'saving' },
        CLOSE: { target: 'closed' },
      },
    },
    saving: {
      entry: assign({ saveFailed: false }),
      invoke: {
        id: 'saveAnswers',
        src: 'saveAnswers',
        input: ({ context }) => ({ userId: context.userId ?? '', answers: context.answers }),
        onDone: { target: 'saved' },
        onError: { target: 'editing', actions: ['logSaveFailed', assign({ saveFailed: true })] },
      },
    },
    saved: {
      entry: { type: 'clearStoredAnswers', params: ({ context }) => ({ userId: context.userId }) },
      after: { finishDelay: 'done' },
    },
    done: { type: 'final', entry: ['notifySetupComplete', 'goHome'] },
    closed: { type: 'final', entry: 'goHome' },
    signedOut: { type: 'final', entry: 'goHome' },
  },
})

/** Answers saved by an earlier run of the wizard (as a returning user's row holds them). */
export const SAVED_ANSWERS: WizardAnswers = {
  country: 'uk',
  phone: '07700 900123',
  sector: 'care',
  lifeSkills: [],
  regulators: ['cqc'],
  roles: ['nurse', 'manager'],
  domains: ['safety'],
  frequency: 'weekly',
}

/**
 * Sample events. Every answer event appears once, so toggles only ever add: with the graph's
 * serializeState (wizardGraphState) the traversal stays small while still reaching each step valid and invalid.
 */
export const setupWizardSampleEvents = [
  { type: 'COUNTRY_SELECTED', country: COUNTRY_IDS[0]! },
  { type: 'PHONE_CHANGED', phone: '07700 900123' },
  { type: 'PHONE_CHANGED', phone: '   ' },
  { type: 'SECTOR_SELECTED', sector: SECTORS[0] },
  { type: 'LIFE_SKILL_TOGGLED', skill: 'teamwork' },
  { type: 'REGULATOR_TOGGLED', regulator: 'cqc' },
  { type: 'ROLE_TOGGLED', role: 'nurse' },
  { type: 'DOMAIN_TOGGLED', domain: 'safety' },
  { type: 'FREQUENCY_DRAFTED', frequency: FREQUENCIES[1] },
  { type: 'SUB_STEP_CONTINUE' },
  { type: 'NEXT' },
  { type: 'BACK' },
  { type: 'FINISH' },
  { type: 'CLOSE' },
  { type: 'SIGNED_OUT' },
  { type: 'xstate.done.actor.getSession', output: { userId: '00000000-0000-4000-8000-000000000001', email: 'ada@sunrise-care.co.uk' } },
  { type: 'xstate.done.actor.getSession', output: null },
  { type: 'xstate.error.actor.getSession', error: { message: 'storage unavailable' } },
  { type: 'xstate.done.actor.restoreAnswers', output: null },
  // 'Run setup again': the answers saved last time, from the user's row (the page's own progress in sessionStorage
  // is read synchronously, so no page can hold the restore open to show it).
  { type: 'xstate.done.actor.restoreAnswers', output: { step: 0, answers: SAVED_ANSWERS } },
  { type: 'xstate.error.actor.restoreAnswers', error: { message: 'corrupt' } },
  { type: 'xstate.done.actor.saveAnswers', output: undefined },
  { type: 'xstate.error.actor.saveAnswers', error: { message: 'network' } },
  { type: 'xstate.after.finishDelay.setupWizard.saved' },
] as const satisfies readonly AnyEventObject[]

/** Graph state for traversal: the step and which rules hold there, not the answers themselves. */
export function wizardGraphState(s: { value: unknown; context: unknown }): string {
  const c = s.context as SetupWizardContext
  return JSON.stringify({
    v: s.value,
    step: c.step,
    valid: isStepValid(c.step, c.answers),
    sub: isSubStepValid(c.step, c.answers),
    draft: c.draftFrequency,
    failed: c.saveFailed,
    user: c.userId !== null,
  })
}

/** Bounded state serialiser for path generation (docs/flows and tests). */
export const setupWizardSerializeState = wizardGraphState
