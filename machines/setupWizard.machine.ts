import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { errorOf } from './actorEvents'
import {
  type AnswerEvent,
  answered,
  DEFAULT_FREQUENCY,
  EMPTY_ANSWERS,
  type Frequency,
  STEP_RULES,
  SUB_STEP_RULES,
  WIZARD_FINISH_DELAY_MS,
  WIZARD_STEPS,
  type WizardAnswers,
  type WizardStepId,
} from '../src/domain/onboarding'
import { asTeamFailure, canInviteMore, type Team, type TeamFailure } from '../src/domain/team'
import type { SessionUser } from './session.machine'
import { type TeamInviteEmitted, teamInviteForm } from './teamInvite.machine'

/**
 * The 11-step setup wizard at /onboarding/setup (spec sections 2, 4, 5, 9), a page of the signed-in layout: it
 * starts once the session machine knows the user. Each step is a state of `editing`, in the spec's order; Continue
 * (NEXT) is taken only when the step's rule holds (a named guard per step), and step 1 has no Back. The sector,
 * life-skills, regulators and roles steps have their own Continue (SUB_STEP_CONTINUE) with the sub-step rules; the
 * review-frequency step has two sub-steps: `choosing` (monthly preselected, but the wizard's frequency starts empty,
 * spec section 5) until its own Continue confirms the choice, then `chosen`, where Complete Setup (FINISH) saves
 * the answers (PATCH of the user's row by id, onboarding_completed_at = now); after the 3-second finish delay
 * 'Setup complete!' shows and the user goes to the signed-in home, /app. A failed save is logged and the wizard returns to the last step
 * with every answer kept. Every answer and step change is stored per user for the browser session (persistProgress),
 * so a reload resumes on the same step (`resumeWizard`, from the stored progress); 'Run setup again' starts from the
 * answers saved last time (restoring).
 *
 * The team step (issue 28) opens on its overview (the roles' team-structure preview; a reload resumes there). Invite
 * colleagues (INVITE_COLLEAGUES) reads the team (get_team) and, for an admin with a seat free, runs the team page's
 * invite form as a child (machines/teamInvite.machine.ts, `invite`), which hands back the team after each invitation
 * (TEAM_CHANGED); with every seat taken, or for a member, the step shows the team and why there is no form
 * (teamShown). A failed read offers Try again (RETRY). Continue skips at any point: inviting is optional.
 */
export interface SetupWizardContext {
  userId: string
  answers: WizardAnswers
  /** The review-frequency sub-step's own choice, preselected monthly. */
  draftFrequency: Frequency
  /** The last save failed (shown next to Complete Setup; the answers are kept). */
  saveFailed: boolean
  /** The team step's team: null until read. */
  team: Team | null
  /** Why the team step could not read the team, or null. */
  teamFailure: TeamFailure | null
}

export type SetupWizardEvent =
  | AnswerEvent
  | { type: 'FREQUENCY_DRAFTED'; frequency: Frequency }
  | { type: 'SUB_STEP_CONTINUE' }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'FINISH' }
  | { type: 'CLOSE' }
  | { type: 'INVITE_COLLEAGUES' }
  | { type: 'RETRY' }
  | TeamInviteEmitted
  | { type: 'xstate.done.actor.loadTeam'; output: Team }
  | { type: 'xstate.error.actor.loadTeam'; error: unknown }
  | { type: 'xstate.done.actor.savedAnswers'; output: WizardAnswers | null }
  | { type: 'xstate.done.actor.saveAnswers'; output: undefined }
  | { type: 'xstate.error.actor.saveAnswers'; error: unknown }
  | { type: 'xstate.after.finishDelay.setupWizard.saved' }

export interface SaveAnswersInput {
  userId: string
  answers: WizardAnswers
}

/** What the wizard stores for a reload: the step's index (0..10) and the answers. */
export interface StoredProgress {
  step: number
  answers: WizardAnswers
}

/** The answers with this answer event recorded; the event is checked to be the one the action is named for. */
function answerOf(context: SetupWizardContext, event: SetupWizardEvent, type: AnswerEvent['type']): Pick<SetupWizardContext, 'answers'> {
  assertEvent(event, type)
  return { answers: answered(context.answers, event) }
}

/** The wizard's context before any step: the answers it starts from (none, or a reload's), the frequency drafted from them. */
const startingContext = (userId: string, answers: WizardAnswers): SetupWizardContext => ({
  userId,
  answers,
  draftFrequency: answers.frequency || DEFAULT_FREQUENCY,
  saveFailed: false,
  team: null,
  teamFailure: null,
})

const stepIndex = (id: WizardStepId) => WIZARD_STEPS.findIndex((s) => s.id === id)

/** Store the progress as it is on `step` (the step shown after this transition). */
const persistAt = (step: WizardStepId) =>
  ({
    type: 'persistProgress',
    params: ({ context }: { context: SetupWizardContext }) => ({ userId: context.userId, step: stepIndex(step), answers: context.answers }),
  }) as const

export const setupWizardMachine = setup({
  types: {
    context: {} as SetupWizardContext,
    events: {} as SetupWizardEvent,
    input: {} as { user: SessionUser },
  },
  actions: {
    goHome: () => {},
    /** Success toast 'Setup complete!' */
    notifySetupComplete: () => {},
    /** console.warn without personal data (spec section 8: a wizard save failure is only logged). */
    logSaveFailed: () => {},
    /** Store { step, answers } for the browser session under the user's id. */
    persistProgress: (_, _params: { userId: string; step: number; answers: WizardAnswers }) => {},
    /** Forget the stored progress once saved. */
    clearStoredProgress: (_, _params: { userId: string }) => {},
    assignSavedAnswers: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.savedAnswers')
      const answers = event.output ?? EMPTY_ANSWERS
      return { answers, draftFrequency: answers.frequency || DEFAULT_FREQUENCY }
    }),
    // Each answer event's own named action; the change itself is the domain's rule (`answered`).
    assignCountry: assign(({ context, event }) => answerOf(context, event, 'COUNTRY_SELECTED')),
    assignPhone: assign(({ context, event }) => answerOf(context, event, 'PHONE_CHANGED')),
    assignSector: assign(({ context, event }) => answerOf(context, event, 'SECTOR_SELECTED')),
    toggleLifeSkill: assign(({ context, event }) => answerOf(context, event, 'LIFE_SKILL_TOGGLED')),
    toggleRegulator: assign(({ context, event }) => answerOf(context, event, 'REGULATOR_TOGGLED')),
    toggleRole: assign(({ context, event }) => answerOf(context, event, 'ROLE_TOGGLED')),
    toggleDomain: assign(({ context, event }) => answerOf(context, event, 'DOMAIN_TOGGLED')),
    assignDraftFrequency: assign({
      draftFrequency: ({ event }) => {
        assertEvent(event, 'FREQUENCY_DRAFTED')
        return event.frequency
      },
    }),
    confirmFrequency: assign({ answers: ({ context }) => ({ ...context.answers, frequency: context.draftFrequency }) }),
    clearSaveFailed: assign({ saveFailed: false }),
    markSaveFailed: assign({ saveFailed: true }),
    clearTeamFailure: assign({ teamFailure: null }),
    assignTeam: assign({
      team: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.loadTeam')
        return event.output
      },
    }),
    /** The team after an invitation, from the invite form. */
    assignChangedTeam: assign({
      team: ({ event }) => {
        assertEvent(event, 'TEAM_CHANGED')
        return event.team
      },
    }),
    assignTeamFailure: assign({ teamFailure: ({ event }) => asTeamFailure(errorOf(event)) }),
  },
  actors: {
    /** The answers saved by an earlier run ('Run setup again'), from the user's row; null when none (never fails). */
    savedAnswers: fromPromise<WizardAnswers | null, { userId: string }>(async () => null),
    /** PATCH users?id=eq.<userId> with the wizard fields and onboarding_completed_at. */
    saveAnswers: fromPromise<void, SaveAnswersInput>(async () => {
      throw new Error('saveAnswers not provided')
    }),
    /** get_team: the organisation, its seats, members and pending invitations. */
    loadTeam: fromPromise<Team>(() => Promise.reject(new Error('loadTeam not provided'))),
    /** The team page's invite form; the page provides its inviteMember. */
    teamInvite: teamInviteForm,
  },
  guards: {
    isCountryChosen: ({ context }) => STEP_RULES.country(context.answers),
    isPhoneGiven: ({ context }) => STEP_RULES.phone(context.answers),
    isSectorChosen: ({ context }) => SUB_STEP_RULES.sector(context.answers),
    hasLifeSkill: ({ context }) => SUB_STEP_RULES.lifeSkills(context.answers),
    hasRegulator: ({ context }) => STEP_RULES.regulators(context.answers),
    hasRole: ({ context }) => STEP_RULES.roles(context.answers),
    hasDomain: ({ context }) => STEP_RULES.domains(context.answers),
    isFrequencyConfirmed: ({ context }) => STEP_RULES.frequency(context.answers),
    /** The team read allows an invitation (an admin, a seat free). */
    canInviteWithReadTeam: (_, params: { team: Team }) => canInviteMore(params.team),
    /** The team after an invitation still has a seat free. */
    canInviteWithChangedTeam: (_, params: { team: Team }) => canInviteMore(params.team),
  },
  delays: {
    finishDelay: WIZARD_FINISH_DELAY_MS,
  },
}).createMachine({
  id: 'setupWizard',
  context: ({ input }) => startingContext(input.user.userId, EMPTY_ANSWERS),
  initial: 'restoring',
  states: {
    /** Reading the answers saved by an earlier run (the progress of this browser session resumes without it). */
    restoring: {
      tags: ['loading'],
      invoke: {
        id: 'savedAnswers',
        src: 'savedAnswers',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'editing', actions: 'assignSavedAnswers' },
      },
    },
    editing: {
      initial: 'country',
      on: { CLOSE: 'closed' },
      states: {
        country: {
          on: {
            COUNTRY_SELECTED: { actions: ['assignCountry', persistAt('country')] },
            NEXT: { guard: 'isCountryChosen', target: 'phone', actions: persistAt('phone') },
          },
        },
        phone: {
          on: {
            PHONE_CHANGED: { actions: ['assignPhone', persistAt('phone')] },
            NEXT: { guard: 'isPhoneGiven', target: 'sector', actions: persistAt('sector') },
            BACK: { target: 'country', actions: persistAt('country') },
          },
        },
        sector: {
          on: {
            SECTOR_SELECTED: { actions: ['assignSector', persistAt('sector')] },
            SUB_STEP_CONTINUE: { guard: 'isSectorChosen', target: 'lifeSkills', actions: persistAt('lifeSkills') },
            NEXT: { guard: 'isSectorChosen', target: 'lifeSkills', actions: persistAt('lifeSkills') },
            BACK: { target: 'phone', actions: persistAt('phone') },
          },
        },
        /** Optional: Continue skips it; its own Continue needs a skill. */
        lifeSkills: {
          on: {
            LIFE_SKILL_TOGGLED: { actions: ['toggleLifeSkill', persistAt('lifeSkills')] },
            SUB_STEP_CONTINUE: { guard: 'hasLifeSkill', target: 'regulators', actions: persistAt('regulators') },
            NEXT: { target: 'regulators', actions: persistAt('regulators') },
            BACK: { target: 'sector', actions: persistAt('sector') },
          },
        },
        regulators: {
          on: {
            REGULATOR_TOGGLED: { actions: ['toggleRegulator', persistAt('regulators')] },
            SUB_STEP_CONTINUE: { guard: 'hasRegulator', target: 'roles', actions: persistAt('roles') },
            NEXT: { guard: 'hasRegulator', target: 'roles', actions: persistAt('roles') },
            BACK: { target: 'lifeSkills', actions: persistAt('lifeSkills') },
          },
        },
        roles: {
          on: {
            ROLE_TOGGLED: { actions: ['toggleRole', persistAt('roles')] },
            SUB_STEP_CONTINUE: { guard: 'hasRole', target: 'domains', actions: persistAt('domains') },
            NEXT: { guard: 'hasRole', target: 'domains', actions: persistAt('domains') },
            BACK: { target: 'regulators', actions: persistAt('regulators') },
          },
        },
        domains: {
          on: {
            DOMAIN_TOGGLED: { actions: ['toggleDomain', persistAt('domains')] },
            NEXT: { guard: 'hasDomain', target: 'documents', actions: persistAt('documents') },
            BACK: { target: 'roles', actions: persistAt('roles') },
          },
        },
        /** Placeholder (spec): nothing is uploaded during setup. */
        documents: {
          on: {
            NEXT: { target: 'policy', actions: persistAt('policy') },
            BACK: { target: 'domains', actions: persistAt('domains') },
          },
        },
        /** Placeholder (spec): the review frequency is the one policy setting saved now. */
        policy: {
          on: {
            NEXT: { target: 'team', actions: persistAt('team') },
            BACK: { target: 'documents', actions: persistAt('documents') },
          },
        },
        /** Team members (issue 28): invite colleagues up to the seats left, or skip (Continue). */
        team: {
          initial: 'overview',
          on: {
            NEXT: { target: 'frequency', actions: persistAt('frequency') },
            BACK: { target: 'policy', actions: persistAt('policy') },
          },
          states: {
            /** The team-structure preview of the chosen roles and Invite colleagues. */
            overview: {
              on: { INVITE_COLLEAGUES: 'readingTeam' },
            },
            readingTeam: {
              tags: ['teamLoading'],
              entry: 'clearTeamFailure',
              invoke: {
                id: 'loadTeam',
                src: 'loadTeam',
                onDone: [
                  { guard: { type: 'canInviteWithReadTeam', params: ({ event }) => ({ team: event.output }) }, target: 'inviting', actions: 'assignTeam' },
                  { target: 'teamShown', actions: 'assignTeam' },
                ],
                onError: { target: 'teamUnavailable', actions: 'assignTeamFailure' },
              },
            },
            teamUnavailable: {
              on: { RETRY: 'readingTeam' },
            },
            /** The invite form (a child); each invitation's team comes back, and the last seat ends the form. */
            inviting: {
              invoke: { id: 'invite', src: 'teamInvite' },
              on: {
                TEAM_CHANGED: [
                  { guard: { type: 'canInviteWithChangedTeam', params: ({ event }) => ({ team: event.team }) }, actions: 'assignChangedTeam' },
                  { target: 'teamShown', actions: 'assignChangedTeam' },
                ],
              },
            },
            /** The team without a form: every seat taken, or the person is not an admin. */
            teamShown: {},
          },
        },
        frequency: {
          tags: ['lastStep'],
          initial: 'opening',
          on: {
            FREQUENCY_DRAFTED: { actions: 'assignDraftFrequency' },
            SUB_STEP_CONTINUE: { target: '.chosen', actions: ['confirmFrequency', persistAt('frequency')] },
            BACK: { target: 'team', actions: persistAt('team') },
          },
          states: {
            /** A frequency confirmed before (restored, or on the way back from team) is kept. */
            opening: {
              always: [{ guard: 'isFrequencyConfirmed', target: 'chosen' }, { target: 'choosing' }],
            },
            /** The sub-step: monthly preselected, nothing confirmed yet, so Complete Setup waits. */
            choosing: {},
            chosen: {
              on: { FINISH: '#setupWizard.saving' },
            },
          },
        },
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'clearSaveFailed',
      invoke: {
        id: 'saveAnswers',
        src: 'saveAnswers',
        input: ({ context }) => ({ userId: context.userId, answers: context.answers }),
        onDone: { target: 'saved' },
        onError: { target: '#setupWizard.editing.frequency.chosen', actions: ['logSaveFailed', 'markSaveFailed'] },
      },
    },
    saved: {
      tags: ['busy'],
      entry: { type: 'clearStoredProgress', params: ({ context }) => ({ userId: context.userId }) },
      after: { finishDelay: 'done' },
    },
    done: { type: 'final', tags: ['busy'], entry: ['notifySetupComplete', 'goHome'] },
    closed: { type: 'final', tags: ['leaving'], entry: 'goHome' },
  },
})

/**
 * The wizard as a reload finds it: on the stored step with the stored answers (a snapshot resolved through
 * XState's own `resolveState`, so it starts there without passing `restoring`). The frequency step opens on its
 * confirmed sub-step when the answers hold a frequency.
 */
export function resumeWizard(user: SessionUser, stored: StoredProgress) {
  const index = Math.min(Math.max(0, Math.trunc(stored.step)), WIZARD_STEPS.length - 1)
  const step = WIZARD_STEPS[index]!.id
  const context = startingContext(user.userId, stored.answers)
  // The team step resumes on its overview: the team is read again only when asked.
  const value =
    step === 'frequency'
      ? { editing: { frequency: stored.answers.frequency ? 'chosen' : 'choosing' } }
      : step === 'team'
        ? { editing: { team: 'overview' } }
        : { editing: step }
  return setupWizardMachine.resolveState({ value, context })
}
