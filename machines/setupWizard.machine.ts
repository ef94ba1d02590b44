import { type AnyEventObject, assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  COUNTRY_IDS,
  type CountryId,
  DEFAULT_FREQUENCY,
  DOMAINS,
  type Domain,
  EMPTY_ANSWERS,
  FREQUENCIES,
  type Frequency,
  LIFE_SKILLS,
  type LifeSkill,
  REGULATORS,
  type Regulator,
  ROLES,
  type Role,
  STEP_RULES,
  SUB_STEP_RULES,
  toggleIn,
  WIZARD_FINISH_DELAY_MS,
  WIZARD_STEPS,
  type WizardAnswers,
  type WizardStepId,
} from '../src/domain/onboarding'
import { SECTORS, type Sector } from '../src/domain/sectors'
import { asTeamFailure, canInviteMore, type Team, type TeamFailure } from '../src/domain/team'
import type { SessionUser } from './session.machine'
import { type TeamInviteEmitted, teamInviteForm, teamInviteSampleTeam } from './teamInvite.machine'

/**
 * The 11-step setup wizard at /onboarding/setup (spec sections 2, 4, 5, 9), a page of the signed-in layout: it
 * starts once the session machine knows the user. Each step is a state of `editing`, in the spec's order; Continue
 * (NEXT) is taken only when the step's rule holds (a named guard per step), and step 1 has no Back. The sector,
 * life-skills, regulators and roles steps have their own Continue (SUB_STEP_CONTINUE) with the sub-step rules; the
 * review-frequency step has two sub-steps: `choosing` (monthly preselected, but the wizard's frequency starts empty,
 * spec section 5) until its own Continue confirms the choice, then `chosen`, where Complete Setup (FINISH) saves
 * the answers (PATCH of the user's row by id, onboarding_completed_at = now); after the 3-second finish delay
 * 'Setup complete!' shows and the user goes to /. A failed save is logged and the wizard returns to the last step
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
    assignCountry: assign({
      answers: ({ context, event }) => {
        assertEvent(event, 'COUNTRY_SELECTED')
        return { ...context.answers, country: event.country }
      },
    }),
    assignPhone: assign({
      answers: ({ context, event }) => {
        assertEvent(event, 'PHONE_CHANGED')
        return { ...context.answers, phone: event.phone.slice(0, 40) }
      },
    }),
    assignSector: assign({
      answers: ({ context, event }) => {
        assertEvent(event, 'SECTOR_SELECTED')
        return { ...context.answers, sector: event.sector }
      },
    }),
    toggleLifeSkill: assign({
      answers: ({ context, event }) => {
        assertEvent(event, 'LIFE_SKILL_TOGGLED')
        return { ...context.answers, lifeSkills: toggleIn(context.answers.lifeSkills, event.skill, LIFE_SKILLS) }
      },
    }),
    toggleRegulator: assign({
      answers: ({ context, event }) => {
        assertEvent(event, 'REGULATOR_TOGGLED')
        return { ...context.answers, regulators: toggleIn(context.answers.regulators, event.regulator, REGULATORS) }
      },
    }),
    toggleRole: assign({
      answers: ({ context, event }) => {
        assertEvent(event, 'ROLE_TOGGLED')
        return { ...context.answers, roles: toggleIn(context.answers.roles, event.role, ROLES) }
      },
    }),
    toggleDomain: assign({
      answers: ({ context, event }) => {
        assertEvent(event, 'DOMAIN_TOGGLED')
        return { ...context.answers, domains: toggleIn(context.answers.domains, event.domain, DOMAINS) }
      },
    }),
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
    assignTeamFailure: assign({ teamFailure: ({ event }) => asTeamFailure((event as { error?: unknown }).error) }),
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
    canInviteWithReadTeam: ({ event }) => canInviteMore((event as { output: Team }).output),
    /** The team after an invitation still has a seat free. */
    canInviteWithChangedTeam: ({ event }) => canInviteMore((event as { team: Team }).team),
  },
  delays: {
    finishDelay: WIZARD_FINISH_DELAY_MS,
  },
}).createMachine({
  id: 'setupWizard',
  context: ({ input }) => ({
    userId: input.user.userId,
    answers: EMPTY_ANSWERS,
    draftFrequency: DEFAULT_FREQUENCY,
    saveFailed: false,
    team: null,
    teamFailure: null,
  }),
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
                  { guard: 'canInviteWithReadTeam', target: 'inviting', actions: 'assignTeam' },
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
                  { guard: 'canInviteWithChangedTeam', actions: 'assignChangedTeam' },
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
  const context: SetupWizardContext = {
    userId: user.userId,
    answers: stored.answers,
    draftFrequency: stored.answers.frequency || DEFAULT_FREQUENCY,
    saveFailed: false,
    team: null,
    teamFailure: null,
  }
  // The team step resumes on its overview: the team is read again only when asked.
  const value =
    step === 'frequency'
      ? { editing: { frequency: stored.answers.frequency ? 'chosen' : 'choosing' } }
      : step === 'team'
        ? { editing: { team: 'overview' } }
        : { editing: step }
  return setupWizardMachine.resolveState({ value, context })
}

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

/** The team of a new organisation as get_team reads it: its admin alone, two of three seats free. */
export const WIZARD_SAMPLE_TEAM: Team = { ...teamInviteSampleTeam, seats: { limit: 3, used: 1, available: 2 }, invitations: [] }

/** The team after a second invitation: every seat taken. */
export const WIZARD_SAMPLE_FULL_TEAM: Team = {
  ...teamInviteSampleTeam,
  seats: { limit: 3, used: 3, available: 0 },
  invitations: [
    ...teamInviteSampleTeam.invitations,
    { id: '00000000-0000-4000-8000-0000000000a3', email: 'alan@sunrise-care.co.uk', role: 'member', status: 'pending', expiresAt: '2026-12-01T10:00:00.000Z' },
  ],
}

/** The signed-in user the layout hands the page. */
export const setupWizardSampleInput: { user: SessionUser } = { user: { userId: '00000000-0000-4000-8000-000000000001', email: 'ada@sunrise-care.co.uk' } }

/**
 * Sample events. Every answer event appears once, so toggles only ever add: with the graph's serializeState
 * (setupWizardSerializeState) the traversal stays small while still reaching each step valid and invalid.
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
  { type: 'xstate.done.actor.savedAnswers', output: null },
  // 'Run setup again': the answers saved last time, from the user's row.
  { type: 'xstate.done.actor.savedAnswers', output: SAVED_ANSWERS },
  { type: 'xstate.done.actor.saveAnswers', output: undefined },
  { type: 'xstate.error.actor.saveAnswers', error: { message: 'network' } },
  { type: 'xstate.after.finishDelay.setupWizard.saved' },
  { type: 'INVITE_COLLEAGUES' },
  { type: 'RETRY' },
  // The new organisation's only admin, two seats free.
  { type: 'xstate.done.actor.loadTeam', output: WIZARD_SAMPLE_TEAM },
  // A member (not an admin) sees the team without a form.
  { type: 'xstate.done.actor.loadTeam', output: { ...WIZARD_SAMPLE_TEAM, me: { ...WIZARD_SAMPLE_TEAM.me, role: 'member' } } },
  { type: 'xstate.error.actor.loadTeam', error: { code: 'network', message: "We couldn't reach the server. Check your connection and try again." } },
  // An invitation leaves one seat free; the next takes the last one.
  { type: 'TEAM_CHANGED', team: teamInviteSampleTeam },
  { type: 'TEAM_CHANGED', team: WIZARD_SAMPLE_FULL_TEAM },
] as const satisfies readonly AnyEventObject[]

/** Bounded state for traversal: the state and which rules hold on its step, not the answers themselves. */
export function setupWizardSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as SetupWizardContext
  const editing = (s.value as { editing?: unknown }).editing
  const step = (typeof editing === 'string' ? editing : editing ? Object.keys(editing)[0] : undefined) as WizardStepId | undefined
  const sub = step && step in SUB_STEP_RULES ? SUB_STEP_RULES[step as keyof typeof SUB_STEP_RULES](c.answers) : null
  // The team read matters only while the team step shows it (its overview shows none, and a revisit reads it again).
  const showsTeam = step === 'team' && (editing as { team?: string }).team !== 'overview'
  const team = showsTeam && c.team ? { admin: c.team.me.role === 'admin', left: c.team.seats.available } : null
  return JSON.stringify({ v: s.value, valid: step ? STEP_RULES[step](c.answers) : null, sub, draft: c.draftFrequency, failed: c.saveFailed, team })
}
