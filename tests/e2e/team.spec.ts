import { type Browser, expect, type Page, test } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { INVITATION_MESSAGES, PAID_PLAN_MESSAGE, TEAM_MESSAGES, WIZARD_TEAM_MESSAGES } from '../../src/domain/team'
import { messagesTo } from '../backend/helpers'
import { wizard } from '../support/pages/onboarding'
import { invite, team } from '../support/pages/team'
import { toast } from '../support/pages/shell'
import { admin, emailUser, signedInStore, signInPage, uniqueWorkEmail, USER_PASSWORD } from '../support/sessions'
import { axeViolationsAtBothWidths, waitForHydration, watchConsole } from './support'

/**
 * Issue 28's journey against the real local backend: an admin invites two colleagues from /team, both accept from
 * the links the mail catcher received (one already signed in, one signing in on the invitation page), the fourth
 * seat of the free plan is refused with the reason, and a member the admin removes loses access at once.
 */
const env = e2eEnv()

async function invitationLink(email: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      link = (await messagesTo(env.mailUrl, email)).flatMap((m) => m.links).find((l) => l.includes('/invite?token='))
      return link
    })
    .toBeTruthy()
  return link!
}

async function sendInvitation(page: Page, email: string) {
  await team.inviteEmail(page).fill(email)
  await team.sendInvitation(page).click()
}

async function newPage(browser: Browser) {
  const context = await browser.newContext()
  return context.newPage()
}

test('an admin invites two colleagues, both join from the mailed links, the fourth seat is refused, a removed member loses access', async ({ page, browser }) => {
  test.setTimeout(150_000)
  const problems = watchConsole(page, env.siteUrl)
  const organisation = `Sunrise Care ${Date.now().toString(36)}`
  const ada = await emailUser()
  const setUp = await admin.rpc('complete_user_signup', { p_user_id: ada.id, p_email: ada.email, p_user_data: { company_name: organisation, sector: 'care', staff_count: 12 } })
  expect(setUp.error).toBeNull()
  const grace = { email: uniqueWorkEmail('grace'), firstName: 'Grace', lastName: 'Hopper' }
  const alan = { email: uniqueWorkEmail('alan'), firstName: 'Alan', lastName: 'Turing' }

  // The admin's team: one member, the seats explained.
  await signInPage(page, ada)
  await page.goto('/team')
  await waitForHydration(page)
  await expect(team.member(page, 'Ada Lovelace')).toBeVisible()
  await expect(team.seats(page)).toContainText('The free plan has 3 seats: members plus pending invitations. 1 of 3 in use.')
  await expect(team.seats(page)).toContainText(PAID_PLAN_MESSAGE)
  expect(await axeViolationsAtBothWidths(page)).toEqual([])

  // A personal address is refused before anything is sent.
  await sendInvitation(page, 'grace.hopper@gmail.com')
  await expect(team.inviteForm(page)).toContainText('personal e-mail providers')

  await sendInvitation(page, grace.email)
  await expect(team.inviteStatus(page)).toHaveText(TEAM_MESSAGES.invited(grace.email))
  await expect(team.invitation(page, grace.email)).toBeVisible()
  // Alan is invited as an admin: the role chosen in the form is the role he gets.
  await team.inviteRole(page).selectOption('admin')
  await sendInvitation(page, alan.email)
  await expect(team.inviteStatus(page)).toHaveText(TEAM_MESSAGES.invited(alan.email))
  await expect(team.invitation(page, alan.email)).toContainText('Admin')
  await expect(team.seats(page)).toContainText('3 of 3 in use.')

  // Grace has an account and is signed in when she opens her link: she joins and lands on the team page.
  const graceUser = await emailUser(grace)
  const gracePage = await newPage(browser)
  await signInPage(gracePage, { store: await signedInStore(graceUser) })
  await gracePage.goto(await invitationLink(grace.email))
  await expect(gracePage).toHaveURL(/\/team$/)
  await expect(toast(gracePage, INVITATION_MESSAGES.joined(organisation))).toBeVisible()
  await expect(team.member(gracePage, 'Grace Hopper')).toBeVisible()
  // A member sees the team but no admin controls.
  await expect(team.inviteForm(gracePage)).toHaveCount(0)
  await expect(gracePage.getByRole('button', { name: /^(Resend|Revoke|Remove|Make) / })).toHaveCount(0)

  // Alan opens his link signed out and signs in on the invitation page.
  await emailUser(alan)
  const alanPage = await newPage(browser)
  await alanPage.goto(await invitationLink(alan.email))
  await waitForHydration(alanPage)
  await expect(invite.signInForm(alanPage).getByLabel('Work email', { exact: true })).toHaveValue(alan.email)
  expect(await axeViolationsAtBothWidths(alanPage)).toEqual([])
  await invite.password(alanPage).fill(USER_PASSWORD)
  await invite.signInButton(alanPage).click()
  await expect(alanPage).toHaveURL(/\/team$/)
  await expect(team.member(alanPage, 'Alan Turing')).toContainText('Admin')
  // An admin manages the team: the invite form is his.
  await expect(team.inviteForm(alanPage)).toBeVisible()

  // The link works once.
  const usedPage = await newPage(browser)
  await usedPage.goto(await invitationLink(grace.email))
  await expect(usedPage.getByRole('main').getByRole('alert')).toHaveText(INVITATION_MESSAGES.accepted(organisation))

  // Three members: the fourth seat is refused with the reason.
  await page.reload()
  await waitForHydration(page)
  await expect(team.member(page, 'Alan Turing')).toBeVisible()
  await expect(team.seats(page)).toContainText('3 of 3 in use.')
  await sendInvitation(page, uniqueWorkEmail('katherine'))
  await expect(team.inviteRefusal(page)).toContainText('All 3 seats of the free plan are taken')
  await expect(team.inviteRefusal(page)).toContainText(PAID_PLAN_MESSAGE)

  // The admin removes Grace after confirming; her next request is refused.
  await team.remove(page, 'Grace Hopper').click()
  await team.confirmation(page).getByRole('button', { name: 'Remove member' }).click()
  await expect(team.status(page)).toHaveText(TEAM_MESSAGES.removed('Grace Hopper'))
  await expect(team.member(page, 'Grace Hopper')).toHaveCount(0)
  // Focus is not left on the page's body: the members' heading has it.
  await expect(page.getByRole('heading', { name: /^Members \(/ })).toBeFocused()
  await gracePage.reload()
  await expect(gracePage.getByRole('main').getByRole('alert')).toHaveText(TEAM_MESSAGES.notMember)

  expect(problems).toEqual([])
})

test("the setup wizard's team step invites a colleague for real: the invitation is stored, mailed and on /team, and the last seat ends the form", async ({ page }) => {
  test.setTimeout(90_000)
  const problems = watchConsole(page, env.siteUrl)
  const ada = await emailUser()
  const setUp = await admin.rpc('complete_user_signup', {
    p_user_id: ada.id,
    p_email: ada.email,
    p_user_data: { company_name: `Harbour Homes ${Date.now().toString(36)}`, sector: 'housing', staff_count: 40 },
  })
  expect(setUp.error).toBeNull()
  const grace = uniqueWorkEmail('grace')
  const alan = uniqueWorkEmail('alan')
  // Resume the wizard on step 10 (the stored progress of this browser session).
  const answers = { country: 'uk', phone: '07700 900123', sector: 'housing', lifeSkills: [], regulators: ['rsh'], roles: ['manager'], domains: ['safety'], frequency: '' }
  await page.addInitScript(([key, value]) => window.sessionStorage.setItem(key!, value!), [`inspectready.setup.${ada.id}`, JSON.stringify({ step: 9, answers })])
  await signInPage(page, ada)
  await page.goto('/onboarding/setup')
  await expect(page.getByText('Step 10 of 11')).toBeVisible()
  await wizard.inviteColleagues(page).click()
  await expect(team.seats(page)).toContainText('1 of 3 in use.')
  await sendInvitation(page, grace)
  await expect(team.inviteStatus(page)).toHaveText(TEAM_MESSAGES.invited(grace))
  await expect(wizard.invited(page)).toContainText(grace)
  await expect(team.seats(page)).toContainText('2 of 3 in use.')
  expect(await axeViolationsAtBothWidths(page)).toEqual([])
  await team.inviteRole(page).selectOption('admin')
  await sendInvitation(page, alan)
  // The last seat taken: no form, the reason instead.
  await expect(team.seats(page)).toContainText('3 of 3 in use.')
  await expect(team.inviteForm(page)).toHaveCount(0)
  await expect(page.getByText(WIZARD_TEAM_MESSAGES.seatsTaken)).toBeVisible()
  // Stored as asked (Alan an admin) and mailed.
  const { data, error } = await admin.from('invitations').select('email, role').in('email', [grace, alan]).order('email')
  expect(error).toBeNull()
  expect(data).toEqual([
    { email: alan, role: 'admin' },
    { email: grace, role: 'member' },
  ])
  expect(await invitationLink(grace)).toContain('/invite?token=')
  expect(await invitationLink(alan)).toContain('/invite?token=')
  // Continue goes on to the last step; the team page lists both invitations.
  await wizard.next(page).click()
  await expect(page.getByText('Step 11 of 11')).toBeVisible()
  await page.goto('/team')
  await expect(team.invitation(page, grace)).toBeVisible()
  await expect(team.invitation(page, alan)).toContainText('Admin')
  expect(problems).toEqual([])
})
