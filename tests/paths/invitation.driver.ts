import { expect, type Page, type Route, test } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { type InvitationContext, invitationMachine } from '../../machines/invitation.machine'
import { invitationSampleEvents, invitationSampleInputs, invitationSampleInvitation } from '../../machines/invitation.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import { INVITATION_MESSAGES, type InvitationSummary, type TeamFailure } from '../../src/domain/team'
import { waitForHydration } from '../e2e/support'
import { toast } from '../support/pages/shell'
import { invite } from '../support/pages/team'
import { emailUser, signedInStore, signInPage } from '../support/sessions'
import { authErrorResponse, defineDriver, holdRequests, type PathContext } from './driver'
import { sessionChunkName, signOutEndings } from './users'

/**
 * /invite?token=… with real accounts: the person the path needs (nobody, the invited address, or another
 * address) is signed in before the page opens. The invitation's reads and acceptance (get_invitation,
 * accept_invitation) are held at the network and answered by the path with the sample's reply or refusal as the
 * server words it, with the invited address being the real account's. Signing in (the password grant) is held
 * and answered with a real session of the invited account (or GoTrue's refusal); signing out is held and goes on
 * to the real server. Joining for real, with the mailed link, is tests/e2e/team.spec.ts.
 */
const env = e2eEnv()
const reads = holdRequests(`${env.backendUrl}/rest/v1/rpc/get_invitation`)
const accepts = holdRequests(`${env.backendUrl}/rest/v1/rpc/accept_invitation`)
const tokens = holdRequests(`${env.backendUrl}/auth/v1/token?grant_type=password`)
const logouts = holdRequests(`${env.backendUrl}/auth/v1/logout**`)
// The session actor's chunk: held, the page stays in checkingSession until the path says who is signed in.
const sessionChunk = holdRequests((url) => url.origin === env.siteUrl && url.pathname === `/assets/${sessionChunkName()}`, null)
const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' }
const STATUS: Record<string, number> = { invitation_not_found: 404, invitation_revoked: 410, already_in_organisation: 409, already_member: 409, last_admin: 409 }

type Account = Awaited<ReturnType<typeof emailUser>>
interface Data {
  invited: Account
  other?: Account
}
const dataOf = (ctx: PathContext) => ctx.data as unknown as Data

const answer = (route: Route, body: unknown) => route.fulfill({ status: 200, contentType: 'application/json', headers: CORS, body: JSON.stringify(body) })
async function refuse(route: Route, failure: TeamFailure) {
  if (failure.code === 'network') return route.abort('internetdisconnected')
  const status = STATUS[failure.code] ?? 400
  return route.fulfill({ status, contentType: 'application/json', headers: CORS, body: JSON.stringify({ code: `PT${status}`, message: failure.message, hint: failure.code, details: null }) })
}

const INVITED = invitationSampleInvitation.email
/** The address the page shows for a sample address: the invited one is the real invited account's. */
const real = (ctx: PathContext, email: string) => (email === INVITED ? dataOf(ctx).invited.email : (dataOf(ctx).other?.email ?? email))

function invitationRow(i: InvitationSummary, ctx: PathContext) {
  return { status: i.status, email: real(ctx, i.email), role: i.role, organisation_name: i.organisationName, invited_by_name: i.invitedByName, expires_at: i.expiresAt }
}

const errorOf = (event: AnyEventObject) => (event as unknown as { error: TeamFailure }).error

async function expectSummary(page: Page, c: InvitationContext, ctx: PathContext) {
  await expect(invite.heading(page)).toBeVisible()
  await expect(page.getByRole('main')).toContainText(`${c.invitation?.invitedByName} invited ${dataOf(ctx).invited.email} to join ${c.invitation?.organisationName}`)
}

async function expectAlert(page: Page, text: string) {
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(text)
}

export const driver = defineDriver({
  name: 'invitation',
  flow: 'invitation page (/invite)',
  machine: invitationMachine,
  sampleEvents: invitationSampleEvents,
  sampleInputs: invitationSampleInputs,
  phone: true,
  unreachable: {
    events: [
      {
        match: (e) => e.type === 'xstate.error.actor.currentUser',
        reason: 'the page asks the one session (settledUser), which never fails: a session that cannot be read is no session (done with null)',
      },
    ],
    transitions: {
      'invitation.checkingSession --xstate.error.actor.currentUser[0]--> invitation.signedOut':
        'the page asks the one session (settledUser), which never fails: a session that cannot be read is no session (done with null)',
    },
  },
  async start(page, ctx) {
    test.setTimeout(120_000)
    const who = ctx.events.find((e) => e.type === 'xstate.done.actor.currentUser') as { output: { email: string } | null } | undefined
    const invited = await emailUser()
    ctx.data.invited = invited
    if (who?.output && who.output.email !== INVITED) ctx.data.other = await emailUser()
    const signedIn = who?.output ? (who.output.email === INVITED ? invited : (ctx.data.other as Account)) : null
    if (signedIn) await signInPage(page, { store: await signedInStore(signedIn) })
    for (const holder of [reads, accepts, tokens, logouts, sessionChunk]) await holder.install(page)
    const token = (ctx.path.input as { token: string | null }).token
    await page.goto(token ? `/invite?token=${token}` : '/invite')
    await waitForHydration(page)
  },
  events: {
    PASSWORD_CHANGED: (page, event) => invite.password(page).fill(event.value as string),
    SIGN_IN: (page) => invite.signInButton(page).click(),
    SIGN_OUT: (page) => invite.signOutButton(page).click(),
    MOVE: (page) => invite.move(page).click(),
    RETRY: (page) => invite.retry(page).click(),
    'xstate.done.actor.readInvitation': async (page, event, ctx) =>
      answer(await reads.next(page), invitationRow((event as unknown as { output: InvitationSummary }).output, ctx)),
    'xstate.error.actor.readInvitation': async (page, event) => refuse(await reads.next(page), errorOf(event)),
    // Who is signed in was decided before the page opened (start): the session answers once its code arrives.
    'xstate.done.actor.currentUser': (page) => sessionChunk.releaseAll(page),
    // A real session of the invited account, whatever was typed: the page stores it as its own.
    'xstate.done.actor.signIn': async (page, _event, ctx) => {
      const store = await signedInStore(dataOf(ctx).invited)
      const session = [...store.entries()].find(([k]) => k.endsWith('-auth-token'))?.[1] ?? '{}'
      await answer(await tokens.next(page), JSON.parse(session))
    },
    'xstate.error.actor.signIn': async (page) =>
      (await tokens.next(page)).fulfill(authErrorResponse(400, 'invalid_credentials', 'Invalid login credentials')),
    ...signOutEndings(logouts),
    'xstate.done.actor.acceptInvitation': async (page, event) =>
      answer(await accepts.next(page), { organisation_id: '00000000-0000-4000-8000-0000000000f1', organisation_name: (event.output as { organisationName: string }).organisationName, role: 'member' }),
    'xstate.error.actor.acceptInvitation': async (page, event) => refuse(await accepts.next(page), errorOf(event)),
    'xstate.done.actor.moveToOrganisation': async (page, event) =>
      answer(await accepts.next(page), { organisation_id: '00000000-0000-4000-8000-0000000000f1', organisation_name: (event.output as { organisationName: string }).organisationName, role: 'member' }),
    'xstate.error.actor.moveToOrganisation': async (page, event) => refuse(await accepts.next(page), errorOf(event)),
  },
  states: {
    'invitation.reading': async (page) => {
      await expect(invite.heading(page)).toBeVisible()
      await expect(invite.loading(page)).toBeVisible()
      await expect(page.getByRole('alert')).toHaveCount(0)
    },
    'invitation.checkingSession': async (page) => {
      await expect(invite.loading(page)).toBeVisible()
      expect(reads.pending(page)).toBe(0)
      await sessionChunk.expectPending(page)
    },
    'invitation.missingToken': async (page) => {
      await expectAlert(page, INVITATION_MESSAGES.missingToken)
      await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible()
    },
    'invitation.notFound': async (page, view) => {
      await expectAlert(page, view.context.failure.message)
      await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible()
    },
    'invitation.readFailed': async (page) => {
      await expectAlert(page, INVITATION_MESSAGES.readFailed)
      await expect(invite.retry(page)).toBeEnabled()
    },
    'invitation.unusable': async (page, view) => {
      const { status, organisationName: org } = view.context.invitation
      const message = status === 'expired' ? INVITATION_MESSAGES.expired(org) : status === 'revoked' ? INVITATION_MESSAGES.revoked(org) : INVITATION_MESSAGES.accepted(org)
      await expectAlert(page, message)
      await expect(invite.signInForm(page)).toHaveCount(0)
    },
    'invitation.signedOut': async (page, view, ctx) => {
      await expectSummary(page, view.context, ctx)
      await expect(invite.signInForm(page).getByLabel('Work email', { exact: true })).toHaveValue(dataOf(ctx).invited.email)
      await expect(invite.password(page)).toHaveValue(view.context.password)
      await expect(invite.signInButton(page)).toHaveText('Sign in and join')
      await expect(invite.signInButton(page)).toBeEnabled()
      await expect(invite.createAccount(page)).toBeVisible()
      const failure = view.context.failure
      if (failure) await expectAlert(page, failure.message)
      else await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)
    },
    'invitation.signingIn': async (page, view, ctx) => {
      await expectSummary(page, view.context, ctx)
      await expect(invite.signInButton(page)).toHaveText('Signing in...')
      await expect(invite.signInButton(page)).toBeDisabled()
    },
    'invitation.wrongAccount': async (page, view, ctx) => {
      await expectSummary(page, view.context, ctx)
      await expectAlert(page, INVITATION_MESSAGES.wrongAccount(dataOf(ctx).invited.email, dataOf(ctx).other?.email ?? ''))
      await expect(invite.signOutButton(page)).toHaveText('Sign out')
      await expect(invite.signOutButton(page)).toBeEnabled()
    },
    'invitation.signingOut': async (page) => {
      await expect(invite.signOutButton(page)).toHaveText('Signing out...')
      await expect(invite.signOutButton(page)).toBeDisabled()
    },
    'invitation.accepting': async (page, view, ctx) => {
      await expectSummary(page, view.context, ctx)
      await expect(page.getByRole('main').getByRole('status')).toHaveText(`Joining ${view.context.invitation.organisationName}...`)
      // The page shows "Joining…" as the machine enters the state; its request follows a moment later.
      await accepts.expectPending(page)
    },
    'invitation.moving': async (page, view, ctx) => {
      await expectSummary(page, view.context, ctx)
      await expect(page.getByRole('main').getByRole('status')).toHaveText(`Joining ${view.context.invitation.organisationName}...`)
      await expect(invite.move(page)).toHaveCount(0)
    },
    'invitation.acceptFailed': async (page, view) => {
      await expectAlert(page, view.context.failure.message)
      await expect(invite.retry(page)).toBeEnabled()
      // A way out besides trying again: the signed-in person's own account.
      await expect(page.getByRole('main').getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account')
    },
    'invitation.alreadyInOrganisation': async (page, view) => {
      await expectAlert(page, view.context.failure.message)
      await expect(invite.move(page)).toBeEnabled()
      await expect(page.getByRole('link', { name: 'Keep my organisation' })).toBeVisible()
    },
    'invitation.joined': async (page, view, ctx) => {
      await expect(page).toHaveURL(/\/team$/)
      const last = ctx.events[ctx.step] as { output?: { organisationName?: string } } | undefined
      const org = last?.output?.organisationName ?? view.context.invitation.organisationName
      await expect(toast(page, INVITATION_MESSAGES.joined(org))).toBeVisible()
    },
  },
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
