import { expect, type Page, } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { type TeamContext, teamMachine } from '../../machines/team.machine'
import { teamSampleEvents, teamSampleInput } from '../../machines/team.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { PAID_PLAN_MESSAGE, type Team, type TeamFailure, TEAM_MESSAGES, seatsSentence } from '../../src/domain/team'
import { waitForHydration } from '../e2e/support'
import { toast } from '../support/pages/shell'
import { team } from '../support/pages/team'
import { defineDriver, holdRequests, type PathContext } from './driver'
import { answer, INVITE_SENT, refuse, teamReply } from './teamReplies'
import { signedInStart } from './users'

/**
 * /team for a real signed-in account (the session is real, so the signed-in layout and the header work as for
 * anyone). Every team request is held at the network and answered by the path: get_team with the sample team of
 * the event (the signed-in person in the sample admin's place), each action (the RPCs, the invite-member and
 * resend-invitation functions) with success or the sample refusal exactly as the server words it (PostgREST's
 * error with its hint, the function's { success: false, error, code }), or a dropped connection. The real
 * server's rules (seats, last admin, consumer domains, removal ending access) are proven by tests/backend and,
 * through this page, by tests/e2e/team.spec.ts.
 */
const env = e2eEnv()
const rpc = (fn: string) => `${env.backendUrl}/rest/v1/rpc/${fn}`
const reads = holdRequests(rpc('get_team'))
// The invite form (its own machine, teamInvite.driver.ts) hands the page a new team: TEAM_CHANGED is an invitation
// sent through it.
const invitations = holdRequests(`${env.backendUrl}/functions/v1/invite-member`)
const actions = {
  resendInvitation: holdRequests(`${env.backendUrl}/functions/v1/resend-invitation`),
  revokeInvitation: holdRequests(rpc('revoke_invitation')),
  setMemberRole: holdRequests(rpc('set_member_role')),
  removeMember: holdRequests(rpc('remove_member')),
  leaveOrganisation: holdRequests(rpc('leave_organisation')),
}
const FUNCTIONS = new Set(['resendInvitation'])
type User = Awaited<ReturnType<typeof signedInStart>>
const userOf = (ctx: PathContext) => ctx.data.user as User
const teamRow = (t: Team, ctx: PathContext) => teamReply(t, userOf(ctx).id)

function actionEvents() {
  const events: Record<string, (page: Page, event: AnyEventObject, ctx: PathContext) => Promise<void>> = {}
  for (const [id, holder] of Object.entries(actions)) {
    const fn = FUNCTIONS.has(id)
    events[`xstate.done.actor.${id}`] = async (page, event, ctx) => {
      await answer(await holder.next(page), fn ? INVITE_SENT : {})
      if (id !== 'leaveOrganisation') await answer(await reads.next(page), teamRow((event as unknown as { output: Team }).output, ctx))
    }
    events[`xstate.error.actor.${id}`] = async (page, event) => refuse(await holder.next(page), (event as unknown as { error: TeamFailure }).error, fn)
  }
  return events
}

const nameOf = (c: TeamContext, userId: string) => c.team?.members.find((m) => m.userId === userId)?.name ?? ''
const emailOf = (c: TeamContext, id: string) => c.team?.invitations.find((i) => i.id === id)?.email ?? ''

/** The listed team: seats and the paid-plan sentence, members, invitations, the notice and the refusal. */
async function expectTeam(page: Page, c: TeamContext) {
  const t = c.team!
  await expect(page).toHaveURL(/\/team$/)
  await expect(team.heading(page)).toBeVisible()
  await expect(page.getByTestId('loading-screen')).toHaveCount(0)
  await expect(team.seats(page)).toContainText(seatsSentence(t))
  await expect(team.seats(page)).toContainText(PAID_PLAN_MESSAGE)
  for (const m of t.members) await expect(team.member(page, m.name)).toBeVisible()
  for (const i of t.invitations) await expect(team.invitation(page, i.email)).toBeVisible()
  await expect(team.status(page)).toHaveText(c.notice ?? '')
  const alert = team.refusal(page)
  if (c.refusal) await expect(alert).toHaveText(c.refusal.message)
  else await expect(alert).toHaveCount(0)
  if (t.me.role === 'admin') {
    await expect(team.inviteForm(page)).toBeVisible()
  } else {
    // A member sees no admin controls at all.
    await expect(team.inviteForm(page)).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^(Resend|Revoke|Remove|Make) / })).toHaveCount(0)
  }
}

/** In idle every control is enabled exactly when the machine takes its event. */
async function expectControls(page: Page, view: { can: (e: AnyEventObject) => boolean; context: TeamContext }) {
  const c = view.context
  const t = c.team!
  if (t.me.role !== 'admin') return
  for (const m of t.members) {
    const other = m.role === 'admin' ? 'member' : 'admin'
    const button = team.makeRole(page, m.name, other)
    if (view.can({ type: 'CHANGE_ROLE', userId: m.userId, role: other })) await expect(button).toBeEnabled()
    else await expect(button).toBeDisabled()
  }
  for (const i of t.invitations) {
    if (view.can({ type: 'RESEND', invitationId: i.id })) await expect(team.resend(page, i.email)).toBeEnabled()
    else await expect(team.resend(page, i.email)).toBeDisabled()
  }
}

/** While an action runs, its own button says so and nothing else can be started. */
async function expectBusy(page: Page, c: TeamContext, busy: ReturnType<typeof page.getByRole>) {
  await expectTeam(page, c)
  await expect(busy).toHaveAttribute('aria-busy', 'true')
  await expect(team.leave(page)).toBeDisabled()
}

export const driver = defineDriver({
  name: 'team',
  flow: 'team page (/team)',
  machine: teamMachine,
  sampleEvents: teamSampleEvents,
  sampleInputs: [teamSampleInput],
  phone: true,
  async start(page, ctx) {
    await signedInStart(page, ctx, [reads, ...Object.values(actions), invitations])
    await page.goto('/team')
    await waitForHydration(page)
  },
  events: {
    TEAM_CHANGED: async (page, event, ctx) => {
      await team.inviteEmail(page).fill('katherine@sunrise-care.co.uk')
      await team.sendInvitation(page).click()
      await answer(await invitations.next(page), INVITE_SENT)
      await answer(await reads.next(page), teamRow((event as unknown as { team: Team }).team, ctx))
      await expect(team.inviteStatus(page)).toHaveText(TEAM_MESSAGES.invited('katherine@sunrise-care.co.uk'))
    },
    RESEND: (page, event, ctx) => team.resend(page, emailOf(ctx.view.context, event.invitationId as string)).click(),
    REVOKE: (page, event, ctx) => team.revoke(page, emailOf(ctx.view.context, event.invitationId as string)).click(),
    CHANGE_ROLE: (page, event, ctx) => team.makeRole(page, nameOf(ctx.view.context, event.userId as string), event.role as 'admin' | 'member').click(),
    REMOVE: (page, event, ctx) => team.remove(page, nameOf(ctx.view.context, event.userId as string)).click(),
    LEAVE: (page) => team.leave(page).click(),
    CONFIRM: (page) => team.confirmation(page).getByRole('button').first().click(),
    CANCEL: (page) => team.confirmation(page).getByRole('button', { name: 'Cancel' }).click(),
    RETRY: (page) => page.getByRole('button', { name: 'Try again' }).click(),
    'xstate.done.actor.loadTeam': async (page, event, ctx) => answer(await reads.next(page), teamRow((event as unknown as { output: Team }).output, ctx)),
    'xstate.error.actor.loadTeam': async (page, event) => refuse(await reads.next(page), (event as unknown as { error: TeamFailure }).error, false),
    // After a stale-list refusal the page reads the team again (get_team, held like the first read).
    'xstate.done.actor.refreshTeam': async (page, event, ctx) => answer(await reads.next(page), teamRow((event as unknown as { output: Team }).output, ctx)),
    'xstate.error.actor.refreshTeam': async (page, event) => refuse(await reads.next(page), (event as unknown as { error: TeamFailure }).error, false),
    ...actionEvents(),
  },
  states: {
    'team.loading': async (page) => {
      await expect(page).toHaveURL(/\/team$/)
      await expect(team.heading(page)).toBeVisible()
      await expect(team.loading(page)).toBeVisible()
      await expect(page.getByRole('alert')).toHaveCount(0)
    },
    'team.loadFailed': async (page) => {
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(TEAM_MESSAGES.loadFailed)
      await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled()
      await expect(page.getByTestId('loading-screen')).toHaveCount(0)
    },
    'team.notMember': async (page) => {
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(TEAM_MESSAGES.notMember)
      await expect(page.getByRole('link', { name: 'Go to your account' })).toBeVisible()
      await expect(team.seats(page)).toHaveCount(0)
    },
    'team.ready.idle': async (page, view, ctx) => {
      await expectTeam(page, view.context)
      await expect(team.confirmation(page)).toHaveCount(0)
      await expect(team.leave(page)).toBeEnabled()
      await expectControls(page, view)
      // A cancelled confirmation gives focus back to the button that opened it.
      if (ctx.events[ctx.step]?.type === 'CANCEL') {
        const opened = ctx.events[ctx.step - 1]
        if (opened?.type === 'LEAVE') await expect(team.leave(page)).toBeFocused()
        if (opened?.type === 'REMOVE') await expect(team.remove(page, nameOf(view.context, opened.userId as string))).toBeFocused()
      }
      // After a confirmed removal focus is never left on the page's body: back on the Remove button while the member
      // is listed (the server refused, or the team read after it still has them), on the members' heading once gone.
      const last = ctx.events[ctx.step]?.type
      const removal = ctx.events[ctx.step - 2]
      if (last?.endsWith('.actor.removeMember') && removal?.type === 'REMOVE') {
        const name = nameOf(view.context, removal.userId as string)
        if (name) await expect(team.remove(page, name)).toBeFocused()
        else await expect(page.getByRole('heading', { name: /^Members \(/ })).toBeFocused()
      }
    },
    'team.ready.resending': async (page, view) => {
      const p = view.context.pending
      await expectBusy(page, view.context, team.resend(page, p?.label ?? ''))
    },
    'team.ready.revoking': async (page, view) => {
      const p = view.context.pending
      await expectBusy(page, view.context, team.revoke(page, p?.label ?? ''))
    },
    'team.ready.changingRole': async (page, view) => {
      const p = view.context.pending
      await expectBusy(page, view.context, team.makeRole(page, p?.label ?? '', p?.kind === 'role' ? p.role : 'admin'))
    },
    'team.ready.removing': async (page, view) => {
      const p = view.context.pending
      await expectTeam(page, view.context)
      await expect(team.confirmation(page)).toHaveCount(0)
      await expect(team.remove(page, p?.label ?? '')).toHaveAttribute('aria-busy', 'true')
    },
    'team.ready.refreshing': async (page, view) => {
      // The refusal is on show while the team is read again; nothing can be started meanwhile.
      await expectTeam(page, view.context)
      await expect(team.leave(page)).toBeDisabled()
      await expectControls(page, view)
    },
    'team.ready.confirmingRemoval': async (page, view) => {
      const p = view.context.pending
      await expectTeam(page, view.context)
      await expect(team.confirmation(page)).toContainText(`Remove ${p?.label} from`)
      await expect(team.confirmation(page).getByRole('button', { name: 'Remove member' })).toBeFocused()
      await expect(team.remove(page, p?.label ?? '')).toBeDisabled()
    },
    'team.ready.confirmingLeave': async (page, view) => {
      await expectTeam(page, view.context)
      await expect(team.confirmation(page)).toContainText(`Leave ${view.context.team?.organisationName}?`)
      await expect(team.confirmation(page).getByRole('button', { name: 'Leave organisation' })).toBeFocused()
    },
    'team.ready.leaving': async (page, view) => {
      await expectTeam(page, view.context)
      await expect(team.leave(page)).toHaveText('Leaving...')
      await expect(team.leave(page)).toHaveAttribute('aria-busy', 'true')
    },
    'team.left': async (page, view) => {
      await expect(page).toHaveURL(/\/account$/)
      await expect(toast(page, TEAM_MESSAGES.left(view.context.team?.organisationName ?? ''))).toBeVisible()
    },
  },
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
