import type { AnyEventObject } from 'xstate'
import { COUNTRY_IDS, FREQUENCIES, STEP_RULES, SUB_STEP_RULES, type WizardAnswers, type WizardStepId } from '../src/domain/onboarding'
import { SECTORS } from '../src/domain/sectors'
import type { Team } from '../src/domain/team'
import type { SessionUser } from './session.machine'
import type { SetupWizardContext } from './setupWizard.machine'
import { teamInviteSampleTeam } from './teamInvite.samples'

/** machines/setupWizard.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

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
