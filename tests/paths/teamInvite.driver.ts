import { expect, type Page, type Route, } from '@playwright/test'
import { teamSampleAdminTeam } from '../../machines/team.samples'
import { type TeamInviteContext, teamInviteMachine } from '../../machines/teamInvite.machine'
import { teamInviteSampleEvents } from '../../machines/teamInvite.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { INVITE_PROBLEM_MESSAGES, type Team, type TeamFailure, TEAM_MESSAGES } from '../../src/domain/team'
import { waitForHydration } from '../e2e/support'
import { team } from '../support/pages/team'
import { changeField, defineDriver, holdRequests, type PathContext } from './driver'
import { signedInStart } from './users'

/**
 * The invite form of /team (a child of the team page's machine), for a real signed-in account whose page shows
 * the sample admin team (get_team answered by the path). The invite-member function is held and answered with
 * success (and get_team with the sample team after it) or the refusal as the function words it
 * ({ success: false, error, code }); the real server's seat limit and consumer-domain refusals are in
 * tests/e2e/team.spec.ts.
 */
const env = e2eEnv()
const reads = holdRequests(`${env.backendUrl}/rest/v1/rpc/get_team`)
const invitations = holdRequests(`${env.backendUrl}/functions/v1/invite-member`)
const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' }
const STATUS: Record<string, number> = { seat_limit_reached: 402, invitation_rate_limited: 429 }

type User = Awaited<ReturnType<typeof signedInStart>>
const answer = (route: Route, body: unknown) => route.fulfill({ status: 200, contentType: 'application/json', headers: CORS, body: JSON.stringify(body) })

/** get_team's reply, the signed-in person in the sample admin's place. */
function teamRow(t: Team, ctx: PathContext) {
  const me = (id: string) => (id === teamSampleAdminTeam.me.userId ? (ctx.data.user as User).id : id)
  return {
    organisation: { id: '00000000-0000-4000-8000-0000000000f1', name: t.organisationName, plan: t.plan },
    seats: t.seats,
    me: { user_id: me(t.me.userId), role: t.me.role },
    members: t.members.map((m) => {
      const [first, ...rest] = m.name.split(' ')
      return { user_id: me(m.userId), role: m.role, email: m.email, first_name: first ?? '', last_name: rest.join(' ') }
    }),
    invitations: t.invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, status: i.status, expires_at: i.expiresAt })),
  }
}

async function expectForm(page: Page, c: TeamInviteContext) {
  await expect(team.inviteEmail(page)).toHaveValue(c.draft.email)
  await expect(team.inviteRole(page)).toHaveValue(c.draft.role)
  for (const [p, message] of Object.entries(INVITE_PROBLEM_MESSAGES)) {
    if (p === c.problem) await expect(team.inviteForm(page).getByText(message)).toBeVisible()
    else await expect(team.inviteForm(page).getByText(message)).toHaveCount(0)
  }
  if (c.refusal) await expect(team.inviteRefusal(page)).toHaveText(c.refusal.message)
  else await expect(team.inviteRefusal(page)).toHaveCount(0)
  await expect(team.inviteStatus(page)).toHaveText(c.sentTo ? TEAM_MESSAGES.invited(c.sentTo) : '')
}

export const driver = defineDriver({
  name: 'teamInvite',
  flow: 'invite form (/team)',
  machine: teamInviteMachine,
  sampleEvents: teamInviteSampleEvents,
  phone: true,
  async start(page, ctx) {
    await signedInStart(page, ctx, [reads, invitations])
    await page.goto('/team')
    await waitForHydration(page)
    await answer(await reads.next(page), teamRow(teamSampleAdminTeam, ctx))
    await expect(team.inviteForm(page)).toBeVisible()
  },
  events: {
    EMAIL_CHANGED: (page, event) => changeField(team.inviteEmail(page), event.value as string),
    ROLE_CHANGED: async (page, event) => void (await team.inviteRole(page).selectOption(event.role as string)),
    SUBMIT: (page) => team.sendInvitation(page).click(),
    'xstate.done.actor.inviteMember': async (page, event, ctx) => {
      await answer(await invitations.next(page), { success: true, invitation: {}, mail: 'sent' })
      await answer(await reads.next(page), teamRow((event as unknown as { output: Team }).output, ctx))
    },
    'xstate.error.actor.inviteMember': async (page, event) => {
      const failure = (event as unknown as { error: TeamFailure }).error
      await (await invitations.next(page)).fulfill({
        status: STATUS[failure.code] ?? 400,
        contentType: 'application/json',
        headers: CORS,
        body: JSON.stringify({ success: false, error: failure.message, code: failure.code }),
      })
    },
  },
  states: {
    'teamInvite.editing': async (page, view) => {
      await expectForm(page, view.context)
      await expect(team.sendInvitation(page)).toHaveText('Send invitation')
      await expect(team.sendInvitation(page)).toBeEnabled()
      // The team the form handed back is on the page.
      if (view.context.sentTo) await expect(team.invitation(page, view.context.sentTo)).toBeVisible()
    },
    'teamInvite.sending': async (page, view) => {
      await expectForm(page, view.context)
      await expect(team.sendInvitation(page)).toHaveText('Sending...')
      await expect(team.sendInvitation(page)).toBeDisabled()
      await expect(team.inviteEmail(page)).toHaveAttribute('readonly', '')
    },
  },
  allowConsole: /Failed to load resource/,
})
