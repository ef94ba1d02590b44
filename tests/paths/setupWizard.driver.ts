import { expect, type Page, test } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { type SetupWizardContext, setupWizardMachine } from '../../machines/setupWizard.machine'
import { SAVED_ANSWERS, setupWizardSampleEvents, setupWizardSampleInput } from '../../machines/setupWizard.samples'
import { e2eEnv } from '../../scripts/e2e-env'
import {
  COUNTRIES,
  DOMAINS,
  FREQUENCIES,
  humanise,
  LIFE_SKILLS,
  REGULATOR_INFO,
  REGULATORS,
  ROLES,
  SECTOR_OPTIONS,
  WIZARD_STEP_COUNT,
  WIZARD_STEPS,
} from '../../src/domain/onboarding'
import { PAID_PLAN_MESSAGE, ROLE_NAMES, seatsSentence, type Team, type TeamFailure, TEAM_MESSAGES, WIZARD_TEAM_MESSAGES } from '../../src/domain/team'
import { admin, signInPage, ssoUser } from '../support/sessions'
import { defineDriver, holdRequests, type StateView } from './driver'
import { wizard } from '../support/pages/onboarding'
import { toast } from '../support/pages/shell'
import { team as teamPage } from '../support/pages/team'
import { answer, INVITE_SENT, refuse, teamReply } from './teamReplies'

/**
 * The setup wizard at /onboarding/setup, for a new SSO user signed in in the page (the session machine knows them
 * before the wizard starts; without a session the signed-in layout leaves, as the session's paths show). The read of
 * a previous run's answers (GET of the user's row) and the save (PATCH of the row) are held until the path says how
 * they end. What each button may do is asked of the shadow machine (`can`), as the page asks the wizard. The team
 * step's reads of the team (get_team) and its invitations (the invite-member function) are held too and answered
 * with the path's sample team, as tests/paths/team.driver.ts answers them.
 */
const env = e2eEnv()
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const { loading, stepText, next, back, finish, close: closeButton, subContinue, failedAlert, option, phone } = wizard
const rows = holdRequests(new RegExp(`^${escapeRegExp(env.backendUrl)}/rest/v1/users\\?`), 'GET')
const saves = holdRequests(new RegExp(`^${escapeRegExp(env.backendUrl)}/rest/v1/users\\?`), 'PATCH')
const teamReads = holdRequests(`${env.backendUrl}/rest/v1/rpc/get_team`)
const invitations = holdRequests(`${env.backendUrl}/functions/v1/invite-member`)


const hasEvent = (events: readonly AnyEventObject[], type: string, test: (e: AnyEventObject) => boolean = () => true) =>
  events.some((e) => e.type === type && test(e))

/** The step the machine is on (the state under editing), or the last one while it saves. */
const stepOf = (view: StateView) => {
  const index = WIZARD_STEPS.findIndex((s) => view.matches({ editing: s.id }))
  return index === -1 ? WIZARD_STEP_COUNT - 1 : index
}

interface StoredSession {
  expires_at: number
}
async function storedSession(page: Page): Promise<StoredSession | null> {
  const raw = await page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((k) => k.endsWith('-auth-token'))
    return key ? window.localStorage.getItem(key) : null
  })
  return raw ? (JSON.parse(raw) as StoredSession) : null
}

async function completedAt(userId: string): Promise<string | null> {
  const { data, error } = await admin.from('users').select('onboarding_completed_at').eq('id', userId).single()
  expect(error).toBeNull()
  return (data as { onboarding_completed_at: string | null }).onboarding_completed_at
}

/** What the current step shows for the answers (the control of the step, pressed or filled as the answers say). */
async function expectStep(page: Page, view: StateView<SetupWizardContext>) {
  const c = view.context
  const step = WIZARD_STEPS[stepOf(view)]!
  const a = c.answers
  const pressed = async (name: string, on: boolean) => expect(option(page, name)).toHaveAttribute('aria-pressed', String(on))
  switch (step.id) {
    case 'country':
      for (const country of COUNTRIES) await pressed(country.name, a.country === country.id)
      if (a.country) await expect(page.getByText(`Selected: ${COUNTRIES.find((x) => x.id === a.country)!.name}`)).toBeVisible()
      else await expect(page.getByText(/^Selected:/)).toHaveCount(0)
      break
    case 'phone':
      await expect(phone(page)).toHaveValue(a.phone)
      break
    case 'sector':
      for (const o of SECTOR_OPTIONS) await pressed(o.name, a.sector === o.id)
      break
    case 'lifeSkills':
      for (const skill of LIFE_SKILLS) await pressed(humanise(skill), a.lifeSkills.includes(skill))
      break
    case 'regulators':
      for (const r of REGULATORS) await pressed(REGULATOR_INFO[r].name, a.regulators.includes(r))
      break
    case 'roles':
      for (const r of ROLES) await expect(page.getByRole('button', { name: humanise(r), exact: true })).toHaveAttribute('aria-pressed', String(a.roles.includes(r)))
      break
    case 'domains':
      for (const d of DOMAINS) await pressed(humanise(d), a.domains.includes(d))
      break
    case 'frequency':
      for (const f of FREQUENCIES) {
        const radio = page.getByRole('radio', { name: humanise(f) })
        if (c.draftFrequency === f) await expect(radio).toBeChecked()
        else await expect(radio).not.toBeChecked()
      }
      await expect(page.getByRole('status').filter({ hasText: /Review frequency:|Confirm a review frequency/ })).toHaveText(
        a.frequency ? `Review frequency: ${humanise(a.frequency)}. Press Complete Setup to finish.` : 'Confirm a review frequency to finish.',
      )
      break
    default:
      break
  }
  // The steps with their own Continue: enabled when the machine takes it; the other steps have none.
  if (['sector', 'lifeSkills', 'regulators', 'roles', 'frequency'].includes(step.id)) {
    if (view.can({ type: 'SUB_STEP_CONTINUE' })) await expect(subContinue(page)).toBeEnabled()
    else await expect(subContinue(page)).toBeDisabled()
  } else await expect(subContinue(page)).toHaveCount(0)
}

/** Each button enabled exactly when the machine takes its event. */
const enabledAsTheMachineSays = async (button: ReturnType<typeof back>, takes: boolean) =>
  takes ? expect(button).toBeEnabled() : expect(button).toBeDisabled()

async function expectEditing(page: Page, view: StateView<SetupWizardContext>) {
  const c = view.context
  const step = stepOf(view)
  await expect(page).toHaveURL(`${env.siteUrl}/onboarding/setup`)
  await expect(stepText(page)).toHaveText(`Step ${step + 1} of ${WIZARD_STEP_COUNT}`)
  await expect(page.getByRole('heading', { level: 2, name: WIZARD_STEPS[step]!.title })).toBeVisible()
  await expect(loading(page)).toHaveCount(0)
  await enabledAsTheMachineSays(back(page), view.can({ type: 'BACK' }))
  await enabledAsTheMachineSays(closeButton(page), view.can({ type: 'CLOSE' }))
  if (view.hasTag('lastStep')) {
    await expect(finish(page)).toHaveText('Complete Setup')
    await enabledAsTheMachineSays(finish(page), view.can({ type: 'FINISH' }))
    await expect(next(page)).toHaveCount(0)
  } else {
    await enabledAsTheMachineSays(next(page), view.can({ type: 'NEXT' }))
    await expect(finish(page)).toHaveCount(0)
  }
  await expectStep(page, view)
  if (c.saveFailed) await expect(failedAlert(page)).toBeVisible()
  else await expect(failedAlert(page)).toHaveCount(0)
  await expect(page.getByText(/^(Saving|Finishing) your setup\.\.\.$/)).toHaveCount(0)
}

/** The team step once the team is read: its seats, who is invited, and the invite form while a seat is free. */
async function expectTeamShown(page: Page, view: StateView<SetupWizardContext>, form: boolean) {
  await expectEditing(page, view)
  const t = view.context.team!
  await expect(teamPage.seats(page)).toContainText(seatsSentence(t))
  await expect(teamPage.seats(page)).toContainText(PAID_PLAN_MESSAGE)
  if (t.invitations.length) {
    for (const i of t.invitations) await expect(wizard.invited(page).getByRole('listitem').filter({ hasText: i.email })).toContainText(ROLE_NAMES[i.role])
  } else await expect(wizard.invited(page)).toHaveCount(0)
  await expect(wizard.inviteColleagues(page)).toHaveCount(0)
  if (form) {
    await expect(teamPage.inviteForm(page)).toBeVisible()
    await expect(teamPage.inviteRegion(page).getByRole('heading', { level: 3, name: 'Invite a colleague' })).toBeVisible()
  } else {
    await expect(teamPage.inviteForm(page)).toHaveCount(0)
    await expect(page.getByText(t.me.role === 'admin' ? WIZARD_TEAM_MESSAGES.seatsTaken : WIZARD_TEAM_MESSAGES.notAdmin)).toBeVisible()
  }
}

/** Finished or closed, the wizard goes to the signed-in home. */
async function expectGoneHome(page: Page) {
  await expect(page).toHaveURL(`${env.siteUrl}/app`)
  await expect(stepText(page)).toHaveCount(0)
  await expect(toast(page, 'Setup complete!')).toHaveCount(0)
}

export const driver = defineDriver({
  name: 'setupWizard',
  flow: 'setup wizard (/onboarding/setup)',
  machine: setupWizardMachine,
  sampleEvents: setupWizardSampleEvents,
  sampleInputs: [setupWizardSampleInput],
  phone: true,
  async start(page, ctx) {
    // A long path checks the whole wizard after each of its many steps.
    test.setTimeout(Math.max(45_000, 20_000 + ctx.events.length * 3_000))
    const user = await ssoUser('google')
    ctx.data.userId = user.id
    if (hasEvent(ctx.events, 'xstate.done.actor.savedAnswers', (e) => e.output != null)) {
      // A returning user who finished the wizard before ('Run setup again'): the row holds the saved answers.
      const { error } = await admin
        .from('users')
        .update({
          country: SAVED_ANSWERS.country,
          phone_number: SAVED_ANSWERS.phone,
          sector: SAVED_ANSWERS.sector,
          life_skills_enabled: false,
          life_skills: SAVED_ANSWERS.lifeSkills,
          selected_regulators: SAVED_ANSWERS.regulators,
          selected_roles: SAVED_ANSWERS.roles,
          selected_domains: SAVED_ANSWERS.domains,
          policy_frequency: SAVED_ANSWERS.frequency,
          team_structure: { roles: SAVED_ANSWERS.roles },
          onboarding_completed_at: new Date(Date.now() - 86_400_000).toISOString(),
        })
        .eq('id', user.id)
      expect(error).toBeNull()
    }
    ctx.data.completedBefore = await completedAt(user.id)
    ctx.data.rowRequested = false
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().startsWith(`${env.backendUrl}/rest/v1/users?`)) ctx.data.rowRequested = true
    })
    await signInPage(page, user)
    await rows.install(page)
    await saves.install(page)
    await teamReads.install(page)
    await invitations.install(page)
    await page.goto('/onboarding/setup')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 }) // a busy machine is slow to start the app
  },
  events: {
    COUNTRY_SELECTED: (page, e) => option(page, COUNTRIES.find((c) => c.id === e.country)!.name).click(),
    PHONE_CHANGED: async (page, e) => {
      const field = phone(page)
      if ((await field.inputValue()) !== e.phone) return field.fill(e.phone as string)
      await field.press('End')
      await field.pressSequentially('x')
      await field.press('Backspace')
    },
    SECTOR_SELECTED: (page, e) => option(page, SECTOR_OPTIONS.find((o) => o.id === e.sector)!.name).click(),
    LIFE_SKILL_TOGGLED: (page, e) => option(page, humanise(e.skill as string)).click(),
    REGULATOR_TOGGLED: (page, e) => option(page, REGULATOR_INFO[e.regulator as keyof typeof REGULATOR_INFO].name).click(),
    ROLE_TOGGLED: (page, e) => page.getByRole('button', { name: humanise(e.role as string), exact: true }).click(),
    DOMAIN_TOGGLED: (page, e) => option(page, humanise(e.domain as string)).click(),
    FREQUENCY_DRAFTED: (page, e) => page.getByRole('radio', { name: humanise(e.frequency as string) }).check(),
    SUB_STEP_CONTINUE: (page) => subContinue(page).click(),
    NEXT: (page) => next(page).click(),
    BACK: (page) => back(page).click(),
    FINISH: (page) => finish(page).click(),
    CLOSE: (page) => closeButton(page).click(),
    INVITE_COLLEAGUES: (page) => wizard.inviteColleagues(page).click(),
    RETRY: (page) => wizard.retryTeam(page).click(),
    // An invitation through the step's invite form: the address the new team adds, then the team read again.
    TEAM_CHANGED: async (page, event, ctx) => {
      const after = (event as unknown as { team: Team }).team
      const before = new Set((ctx.view.context as SetupWizardContext).team?.invitations.map((i) => i.email))
      const added = after.invitations.find((i) => !before.has(i.email))!
      await teamPage.inviteEmail(page).fill(added.email)
      await teamPage.inviteRole(page).selectOption(added.role)
      await teamPage.sendInvitation(page).click()
      const sent = await invitations.next(page)
      expect(sent.request().postDataJSON()).toMatchObject({ email: added.email, role: added.role })
      await answer(sent, INVITE_SENT)
      await answer(await teamReads.next(page), teamReply(after, ctx.data.userId as string))
      // The form says so while it is shown (the last seat taken ends it).
      if (after.seats.available !== 0) await expect(teamPage.inviteStatus(page)).toHaveText(TEAM_MESSAGES.invited(added.email))
    },
    'xstate.done.actor.loadTeam': async (page, event, ctx) =>
      answer(await teamReads.next(page), teamReply((event as unknown as { output: Team }).output, ctx.data.userId as string)),
    'xstate.error.actor.loadTeam': async (page, event) => refuse(await teamReads.next(page), (event as unknown as { error: TeamFailure }).error, false),
    'xstate.done.actor.savedAnswers': async (page) => (await rows.next(page)).continue(),
    'xstate.done.actor.saveAnswers': async (page) => (await saves.next(page)).continue(),
    'xstate.error.actor.saveAnswers': async (page) => (await saves.next(page)).abort('internetdisconnected'),
    // The real finish delay (3 s) runs out.
    'xstate.after.finishDelay.setupWizard.saved': (page) => expect(toast(page, 'Setup complete!').first()).toBeVisible({ timeout: 8000 }),
  },
  states: {
    'setupWizard.restoring': async (page, _view, ctx) => {
      await expect(page).toHaveURL(`${env.siteUrl}/onboarding/setup`)
      await expect(loading(page)).toBeVisible()
      await expect(stepText(page)).toHaveCount(0)
      // The session is known; the previous run's answers are being fetched.
      await expect.poll(() => ctx.data.rowRequested).toBe(true)
    },
    ...Object.fromEntries(
      WIZARD_STEPS.filter((st) => st.id !== 'frequency' && st.id !== 'team').map((st) => [`setupWizard.editing.${st.id}`, (page: Page, view: StateView<SetupWizardContext>) => expectEditing(page, view)]),
    ),
    'setupWizard.editing.team.overview': async (page, view) => {
      await expectEditing(page, view)
      await expect(page.getByText(WIZARD_TEAM_MESSAGES.intro)).toBeVisible()
      await expect(wizard.inviteColleagues(page)).toBeEnabled()
      await expect(teamPage.seats(page)).toHaveCount(0)
      await expect(teamPage.inviteForm(page)).toHaveCount(0)
    },
    'setupWizard.editing.team.readingTeam': async (page, view) => {
      await expectEditing(page, view)
      await expect(wizard.teamLoading(page)).toBeVisible()
      await expect(wizard.inviteColleagues(page)).toHaveCount(0)
    },
    'setupWizard.editing.team.teamUnavailable': async (page, view) => {
      await expectEditing(page, view)
      await expect(page.getByRole('alert').filter({ hasText: view.context.teamFailure!.message })).toBeVisible()
      await expect(wizard.retryTeam(page)).toBeEnabled()
      await expect(teamPage.inviteForm(page)).toHaveCount(0)
    },
    'setupWizard.editing.team.inviting': (page, view) => expectTeamShown(page, view, true),
    'setupWizard.editing.team.teamShown': (page, view) => expectTeamShown(page, view, false),
    'setupWizard.editing.frequency.choosing': (page, view) => expectEditing(page, view),
    'setupWizard.editing.frequency.chosen': (page, view) => expectEditing(page, view),
    'setupWizard.saving': async (page) => {
      await expect(page.getByText('Saving your setup...')).toBeVisible()
      await expect(finish(page)).toHaveText('Saving...')
      await expect(finish(page)).toBeDisabled()
      await expect(closeButton(page)).toBeDisabled()
      await expect(back(page)).toBeDisabled()
      await expect(failedAlert(page)).toHaveCount(0)
    },
    'setupWizard.saved': async (page, _view, ctx) => {
      await expect(page.getByText('Finishing your setup...')).toBeVisible()
      await expect(finish(page)).toBeDisabled()
      await expect(toast(page, 'Setup complete!')).toHaveCount(0)
      await expect(page).toHaveURL(`${env.siteUrl}/onboarding/setup`)
      const at = await completedAt(ctx.data.userId as string)
      expect(at).not.toBeNull()
      expect(at).not.toBe(ctx.data.completedBefore)
    },
    'setupWizard.done': async (page) => {
      await expect(toast(page, 'Setup complete!').first()).toBeVisible()
      await expect(page).toHaveURL(`${env.siteUrl}/app`)
    },
    'setupWizard.closed': async (page, _view, ctx) => {
      await expectGoneHome(page)
      // Still signed in, nothing saved.
      const session = await storedSession(page)
      expect(session).not.toBeNull()
      expect(session!.expires_at * 1000).toBeGreaterThan(Date.now())
      expect(await completedAt(ctx.data.userId as string)).toBe(ctx.data.completedBefore)
    },
  },
  // A dropped connection is reported by the browser.
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
