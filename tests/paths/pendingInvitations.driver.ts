import { expect, type Page } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { type PendingInvitationsContext, pendingInvitationsMachine } from '../../machines/pendingInvitations.machine'
import { pendingInvitationsSampleBright, pendingInvitationsSampleEvents, pendingInvitationsSampleSunrise } from '../../machines/pendingInvitations.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { longDate } from '../../src/domain/assessments'
import { type PendingInvitation, PENDING_INVITATION_MESSAGES as M } from '../../src/domain/pendingInvitations'
import type { TeamFailure } from '../../src/domain/team'
import { waitForHydration } from '../e2e/support'
import { defineDriver, holdRequests, type StateView } from './driver'
import { answer, refuse } from './teamReplies'
import { signedInStart } from './users'

/**
 * Invitations waiting for the signed-in person, at the top of /app, for a real signed-in account: my_invitations,
 * accept_my_invitation and decline_my_invitation are held and answered by the path as PostgREST sends them (the rest
 * of /app talks to the local backend). That the server lists, accepts and declines exactly the invitee's invitations
 * is proven by tests/backend/team.sql.test.ts and the access matrix.
 */
const env = e2eEnv()
const rest = (path: string) => (url: URL) => url.origin === env.backendUrl && url.pathname === `/rest/v1/${path}`
const heldInvitations = {
  mine: holdRequests(rest('rpc/my_invitations'), 'POST'),
  accept: holdRequests(rest('rpc/accept_my_invitation'), 'POST'),
  decline: holdRequests(rest('rpc/decline_my_invitation'), 'POST'),
}

const row = (i: PendingInvitation) => ({ id: i.id, role: i.role, organisation_name: i.organisationName, invited_by_name: i.invitedByName, expires_at: i.expiresAt })
const listOf = (event: AnyEventObject) => (event as unknown as { output: PendingInvitation[] }).output.map(row)
const joinedOf = (event: AnyEventObject) => {
  const name = (event as unknown as { output: { organisationName: string } }).output.organisationName
  return { organisation_id: '00000000-0000-4000-8000-0000000000f1', organisation_name: name, role: 'member' }
}
const errorOf = (event: AnyEventObject) => (event as unknown as { error: TeamFailure }).error
const idOf = (event: AnyEventObject) => (event as unknown as { invitationId: string }).invitationId

const section = (page: Page) => page.getByTestId('pending-invitations')
/** The sample invitation's entry in the list, by its sentence. */
const entry = (page: Page, id: string) => {
  const i = [pendingInvitationsSampleSunrise, pendingInvitationsSampleBright].find((x) => x.id === id)
  return section(page).getByRole('listitem').filter({ hasText: i ? M.line(i) : id })
}

/** The list as the context has it; busy: every button disabled. */
async function showsList(page: Page, view: StateView<PendingInvitationsContext>, busy: boolean) {
  const rows = section(page).getByRole('listitem')
  await expect(rows).toHaveCount(view.context.invitations.length)
  for (const [n, i] of view.context.invitations.entries()) {
    await expect(rows.nth(n)).toContainText(M.line(i))
    await expect(rows.nth(n)).toContainText(`Until ${longDate(i.expiresAt.slice(0, 10))}`)
    for (const name of ['Accept', 'Decline']) {
      if (busy) await expect(rows.nth(n).getByRole('button', { name })).toBeDisabled()
      else await expect(rows.nth(n).getByRole('button', { name })).toBeEnabled()
    }
  }
  if (view.context.refusal) await expect(section(page).getByRole('alert')).toHaveText(view.context.refusal.message)
  else await expect(section(page).getByRole('alert')).toHaveCount(0)
  await expect(section(page).getByRole('status')).toHaveText(view.context.declined ? M.declined(view.context.declined) : '')
}

export const driver = defineDriver({
  name: 'pendingInvitations',
  flow: 'invitations waiting for the signed-in person (/app)',
  machine: pendingInvitationsMachine,
  sampleEvents: pendingInvitationsSampleEvents,
  phone: true,
  async start(page, ctx) {
    await signedInStart(page, ctx, Object.values(heldInvitations))
    await page.goto('/app')
    await waitForHydration(page)
  },
  events: {
    RETRY: (page) => section(page).getByRole('button', { name: 'Try again' }).click(),
    ACCEPT: (page, event) => entry(page, idOf(event)).getByRole('button', { name: 'Accept' }).click(),
    DECLINE: (page, event) => entry(page, idOf(event)).getByRole('button', { name: 'Decline' }).click(),
    MOVE: (page) => section(page).getByRole('button', { name: /^Leave it and join / }).click(),
    STAY: (page) => section(page).getByRole('button', { name: M.stay }).click(),
    'xstate.done.actor.loadInvitations': async (page, event) => answer(await heldInvitations.mine.next(page), listOf(event)),
    'xstate.error.actor.loadInvitations': async (page, event) => refuse(await heldInvitations.mine.next(page), errorOf(event), false),
    'xstate.done.actor.acceptInvitation': async (page, event) => answer(await heldInvitations.accept.next(page), joinedOf(event)),
    'xstate.error.actor.acceptInvitation': async (page, event) => refuse(await heldInvitations.accept.next(page), errorOf(event), false),
    'xstate.done.actor.moveToOrganisation': async (page, event) => answer(await heldInvitations.accept.next(page), joinedOf(event)),
    'xstate.error.actor.moveToOrganisation': async (page, event) => refuse(await heldInvitations.accept.next(page), errorOf(event), false),
    'xstate.done.actor.declineInvitation': async (page, event) => answer(await heldInvitations.decline.next(page), listOf(event)),
    'xstate.error.actor.declineInvitation': async (page, event) => refuse(await heldInvitations.decline.next(page), errorOf(event), false),
  },
  states: {
    'pendingInvitations.loading': async (page) => {
      await expect(section(page)).toHaveAttribute('aria-busy', 'true')
      await expect(section(page)).toBeEmpty()
    },
    'pendingInvitations.none': async (page, view: StateView<PendingInvitationsContext>) => {
      if (!view.context.declined) {
        await expect(section(page)).toHaveCount(0)
        return
      }
      await expect(section(page).getByRole('status')).toHaveText(M.declined(view.context.declined))
      await expect(section(page).getByRole('listitem')).toHaveCount(0)
    },
    'pendingInvitations.failed': async (page) => {
      await expect(section(page).getByRole('alert')).toHaveText(M.loadFailed)
      await expect(section(page).getByRole('button', { name: 'Try again' })).toBeEnabled()
    },
    'pendingInvitations.shown': (page, view: StateView<PendingInvitationsContext>) => showsList(page, view, false),
    'pendingInvitations.accepting': (page, view: StateView<PendingInvitationsContext>) => showsList(page, view, true),
    'pendingInvitations.declining': (page, view: StateView<PendingInvitationsContext>) => showsList(page, view, true),
    'pendingInvitations.moving': async (page) => {
      await expect(section(page)).toHaveAttribute('aria-busy', 'true')
      await expect(section(page).getByRole('listitem').first().getByRole('button', { name: 'Accept' })).toBeDisabled()
    },
    'pendingInvitations.confirmingMove': async (page, view: StateView<PendingInvitationsContext>) => {
      await expect(section(page).getByRole('alert')).toHaveText(view.context.refusal?.message ?? '')
      await expect(section(page).getByRole('button', { name: M.move(view.context.chosen?.organisationName ?? '') })).toBeEnabled()
      await expect(section(page).getByRole('button', { name: M.stay })).toBeEnabled()
    },
    'pendingInvitations.joined': async (page, view: StateView<PendingInvitationsContext>) => {
      await expect(section(page)).toContainText(M.joined(view.context.joined ?? ''))
      await expect(section(page).getByRole('link', { name: M.open(view.context.joined ?? '') })).toHaveAttribute('href', '/app')
    },
  },
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
