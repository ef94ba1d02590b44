import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate'
import { errorOf } from './actorEvents'
import { asTeamFailure, EMPTY_INVITE, type InviteDraft, type InviteProblem, inviteProblem, type Team, type TeamFailure, type TeamRole } from '../src/domain/team'

/**
 * The team page's invite form (issue 28), a child of the team page's machine (machines/team.machine.ts invokes it
 * while the team is shown). editing -> validating (a missing, malformed or personal address is named at the field
 * and nothing is sent) -> sending (the invite-member function: the invitation and its e-mail, then the team read
 * again) -> editing, cleared, with 'Invitation sent to …' and the new team handed to the page (TEAM_CHANGED); a
 * refusal (seat limit, consumer domain, rate limit, not allowed, a dropped connection) returns to editing with
 * what was typed kept and the server's sentence.
 */
export interface TeamInviteContext {
  draft: InviteDraft
  problem: InviteProblem | null
  refusal: TeamFailure | null
  /** The address of the last invitation sent, or null. */
  sentTo: string | null
}

export type TeamInviteEvent =
  | { type: 'EMAIL_CHANGED'; value: string }
  | { type: 'ROLE_CHANGED'; role: TeamRole }
  | { type: 'SUBMIT' }
  | { type: 'xstate.done.actor.inviteMember'; output: Team }
  | { type: 'xstate.error.actor.inviteMember'; error: unknown }

/** What the form tells the team page: the team after an invitation. */
export type TeamInviteEmitted = { type: 'TEAM_CHANGED'; team: Team }

export const teamInviteMachine = setup({
  types: {
    context: {} as TeamInviteContext,
    events: {} as TeamInviteEvent,
  },
  actions: {
    assignEmail: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'EMAIL_CHANGED')
        return { ...context.draft, email: event.value }
      },
      problem: null,
    }),
    assignRole: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'ROLE_CHANGED')
        return { ...context.draft, role: event.role }
      },
    }),
    assignProblem: assign({ problem: ({ context }) => inviteProblem(context.draft) }),
    startSending: assign({ refusal: null, sentTo: null }),
    assignSent: assign(({ context }) => ({ sentTo: context.draft.email.trim(), draft: EMPTY_INVITE, problem: null })),
    assignRefusal: assign({ refusal: ({ event }) => asTeamFailure(errorOf(event)) }),
    /**
     * Hands the team after the invitation to the team page: the page's machine gives it (`teamInviteForm` in
     * machines/team.machine.ts, a sendParent of TEAM_CHANGED); alone, the form tells no one.
     */
    announceTeam: () => {},
  },
  actors: {
    /** The invite-member function (the invitation and its e-mail), then get_team. */
    inviteMember: fromPromise<Team, InviteDraft>(() => Promise.reject(new Error('inviteMember not provided'))),
  },
  guards: {
    hasProblem: ({ context }) => inviteProblem(context.draft) !== null,
  },
}).createMachine({
  id: 'teamInvite',
  context: { draft: EMPTY_INVITE, problem: null, refusal: null, sentTo: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        EMAIL_CHANGED: { actions: 'assignEmail' },
        ROLE_CHANGED: { actions: 'assignRole' },
        SUBMIT: 'validating',
      },
    },
    validating: {
      always: [{ guard: 'hasProblem', target: 'editing', actions: 'assignProblem' }, { target: 'sending', actions: 'startSending' }],
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'inviteMember',
        src: 'inviteMember',
        input: ({ context }) => ({ email: context.draft.email.trim(), role: context.draft.role }),
        onDone: { target: 'editing', actions: ['assignSent', 'announceTeam'] },
        onError: { target: 'editing', actions: 'assignRefusal' },
      },
    },
  },
})

/**
 * The invite form as a page's machine runs it (the team page, the setup wizard's team step): each invitation's new
 * team goes to the parent as TEAM_CHANGED.
 */
export const teamInviteForm = teamInviteMachine.provide({
  actions: {
    announceTeam: sendParent(({ event }) => {
      assertEvent(event, 'xstate.done.actor.inviteMember')
      return { type: 'TEAM_CHANGED', team: event.output } satisfies TeamInviteEmitted
    }),
  },
})
