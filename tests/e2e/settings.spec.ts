import { expect, type Page, test } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { SETTINGS_MESSAGES } from '../../src/domain/organisationSettings'
import { home } from '../support/pages/home'
import { settings } from '../support/pages/settings'
import { toast } from '../support/pages/shell'
import { addMember, clientOf, type EmailUser, emailUser, newOrganisation, signInPage } from '../support/sessions'
import { axeViolationsAtBothWidths, waitForHydration, watchConsole } from './support'

/**
 * Issue 39's organisation settings on /settings and /app against the real local backend: a member who joined and
 * never ran setup sees the organisation's frameworks and review frequency, the same as its admin; the admin changes
 * the settings by keyboard alone (a problem said at its field first); the member reads them, read-only, and their
 * dashboard follows. Organisations are made through the API; what is tested is the pages.
 */
const env = e2eEnv()

async function open(page: Page, user: EmailUser, path: string) {
  await signInPage(page, user)
  await page.goto(path)
  await waitForHydration(page)
}

const lead = (page: Page) => page.getByRole('main').getByText(/^CQC single assessment framework · reviews /)

test('two members see the organisation’s frameworks and frequency; the admin changes them by keyboard, the member reads them', async ({ browser }) => {
  test.setTimeout(90_000)
  const ada = await emailUser({ firstName: 'Ada', lastName: 'Admin' })
  const org = await newOrganisation(ada, { company: `Test settings ${Date.now().toString(36)}`, sector: 'care', regulators: ['cqc'], frequency: 'weekly' })
  const ben = await emailUser({ firstName: 'Ben', lastName: 'Member' })
  await addMember(org, ben) // joined, never ran setup
  expect((await clientOf(ada).rpc('sync_assessments', { p_framework_ids: ['cqc-saf'] })).error).toBeNull()

  const adaPage = await (await browser.newContext()).newPage()
  const benPage = await (await browser.newContext()).newPage()
  const problems = [watchConsole(adaPage, env.siteUrl), watchConsole(benPage, env.siteUrl)]
  for (const [page, user] of [[adaPage, ada], [benPage, ben]] as const) {
    await open(page, user, '/app')
    await expect(home.heading(page)).toBeVisible()
    await expect(lead(page)).toHaveText('CQC single assessment framework · reviews weekly')
  }

  // The admin: the form, a problem at its field, then a change made and saved by keyboard alone.
  await adaPage.goto('/settings')
  await waitForHydration(adaPage)
  await expect(settings.form(adaPage)).toBeVisible()
  await expect(settings.frequency(adaPage, 'Weekly')).toBeChecked()
  await settings.regulator(adaPage, 'CQC — Care Quality Commission').press('Space')
  await settings.save(adaPage).press('Enter')
  await expect(settings.form(adaPage).getByText(SETTINGS_MESSAGES.regulatorsRequired)).toBeVisible()
  await expect(settings.regulator(adaPage, 'CQC — Care Quality Commission')).toBeFocused()
  expect(await axeViolationsAtBothWidths(adaPage)).toEqual([])
  await adaPage.keyboard.press('Space')
  await expect(settings.form(adaPage).getByText(SETTINGS_MESSAGES.regulatorsRequired)).toHaveCount(0)
  await settings.frequency(adaPage, 'Weekly').focus()
  await adaPage.keyboard.press('ArrowDown')
  await expect(settings.frequency(adaPage, 'Monthly')).toBeChecked()
  await settings.save(adaPage).press('Enter')
  await expect(toast(adaPage, SETTINGS_MESSAGES.saved)).toBeVisible()
  await expect(adaPage.getByRole('main')).toContainText(/Last changed by Ada Admin on /)

  // The member: the same settings, read-only, with who can change them; the dashboard follows.
  await benPage.goto('/settings')
  await waitForHydration(benPage)
  const facts = settings.facts(benPage, (await settings.form(adaPage).getByRole('heading').textContent())!.replace('Settings of ', ''))
  await expect(facts).toContainText('Review frequencyMonthly')
  await expect(facts).toContainText('RegulatorsCQC — Care Quality Commission')
  await expect(benPage.getByRole('main')).toContainText(SETTINGS_MESSAGES.readOnly(['Ada Admin']))
  await expect(settings.form(benPage)).toHaveCount(0)
  expect(await axeViolationsAtBothWidths(benPage)).toEqual([])
  for (const page of [adaPage, benPage]) {
    await page.goto('/app')
    await waitForHydration(page)
    await expect(lead(page)).toHaveText('CQC single assessment framework · reviews monthly')
  }
  expect(problems.flat()).toEqual([])
})
