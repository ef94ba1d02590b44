import { type Browser, expect, type Page, test } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { ukToday } from '../../src/domain/actions'
import { actions } from '../support/pages/actions'
import { home } from '../support/pages/home'
import { addMember, admin, clientOf, type EmailUser, emailUser, newOrganisation, signInPage } from '../support/sessions'
import { axeViolationsAtBothWidths, waitForHydration, watchConsole } from './support'

/**
 * Issue 30's actions and audit trail on /app against the real local backend (PostgREST on PostgreSQL, the real
 * supabase-js in each person's page): the admin rates Safeguarding "some shortfalls" and raises an action owned by
 * a member; the owner starts it and sends it for verification with what was done; another member verifies and
 * closes it with a note and a link; the item's history shows each step, newest first. Then an overdue action shows
 * on the dashboard. Organisations and memberships are made through the API; what is tested is the pages.
 */
const env = e2eEnv()
const CQC = 'CQC single assessment framework'
const ITEM = 'cqc-saf-2024/safe/safeguarding'

/** A care organisation with Ada as its admin, Olu and Vic as members, and its open CQC assessment. */
async function careTeam() {
  const ada = await emailUser({ firstName: 'Ada', lastName: 'Admin' })
  const olu = await emailUser({ firstName: 'Olu', lastName: 'Owner' })
  const vic = await emailUser({ firstName: 'Vic', lastName: 'Verifier' })
  const organisationId = await newOrganisation(ada, { company: `Actions ${Date.now().toString(36)}`, sector: 'care', regulators: ['cqc'], frequency: 'monthly' })
  for (const who of [olu, vic]) await addMember(organisationId, who, { sector: 'care', regulators: ['cqc'] })
  const synced = await clientOf(ada).rpc('sync_assessments', { p_framework_ids: ['cqc-saf'] })
  expect(synced.error).toBeNull()
  return { ada, olu, vic, organisationId, assessmentId: (synced.data as { id: string }[])[0]!.id }
}

/** A page of its own (its own browser context) signed in as `user`, on the item. */
async function itemPageOf(browser: Browser, user: EmailUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signInPage(page, user)
  await page.goto('/app')
  await waitForHydration(page)
  await home.item(page, CQC, 'Safeguarding').click()
  await expect(home.panelHeading(page)).toHaveText('Safeguarding')
  await expect(actions.section(page)).toBeVisible()
  return page
}

const inDays = (days: number) => {
  const d = new Date(`${ukToday(new Date())}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

test('the admin raises an action on "some shortfalls", the owner fixes it, another member verifies and closes it; the history shows each step', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const problems = watchConsole(page, env.siteUrl)
  const { ada, olu, vic } = await careTeam()

  // Ada rates Safeguarding 2 with a note, then raises an action owned by Olu.
  await signInPage(page, ada)
  await page.goto('/app')
  await waitForHydration(page)
  await home.item(page, CQC, 'Safeguarding').click()
  await home.note(page).fill('Two staff overdue on safeguarding training')
  await home.rating(page, '2 · Some shortfalls').check()
  await home.category(page).selectOption('processes')
  await home.save(page).click()
  await expect(home.status(page).first()).toHaveText('Safeguarding rated Some shortfalls')
  await actions.raiseButton(page).click()
  await actions.raiseSubmit(page).click()
  await expect(actions.raiseProblem(page)).toHaveText('Say what is to be done.')
  await actions.title(page).fill('Book the two staff on safeguarding training')
  await actions.owner(page).selectOption({ label: 'Olu Owner' })
  await actions.due(page).fill(inDays(-1))
  await actions.raiseSubmit(page).click()
  await expect(actions.raiseProblem(page)).toHaveText('The due date cannot be in the past.')
  await actions.due(page).fill(inDays(14))
  await actions.raiseSubmit(page).click()
  await expect(actions.notice(page)).toHaveText('Action raised: Book the two staff on safeguarding training')
  const card = actions.card(page, 'Book the two staff on safeguarding training')
  await expect(card.getByTestId('action-status')).toHaveText('Open')
  await expect(card).toContainText('Owner Olu Owner')
  // Ada is an admin, so she could start it for Olu, but never verify her own... she is not the owner: no verify yet.
  await expect(card.getByRole('button', { name: 'Start work' })).toBeVisible()
  expect(await axeViolationsAtBothWidths(page)).toEqual([])

  // Olu starts it and sends it for verification with what was done; he may not verify it himself.
  const oluPage = await itemPageOf(browser, olu)
  const oluCard = actions.card(oluPage, 'Book the two staff on safeguarding training')
  await oluCard.getByRole('button', { name: 'Start work' }).click()
  await expect(oluCard.getByTestId('action-status')).toHaveText('In progress')
  await oluCard.getByRole('button', { name: 'Send for verification' }).click()
  await oluCard.getByRole('button', { name: 'Send for verification' }).click()
  await expect(oluCard.getByTestId('step-problem')).toHaveText('Say what was done before sending it for verification.')
  await oluCard.getByRole('textbox', { name: /^What was done/ }).fill('Both booked and attended on 20 November')
  await oluCard.getByRole('button', { name: 'Send for verification' }).click()
  await expect(oluCard.getByTestId('action-status')).toHaveText('Awaiting verification')
  await expect(oluCard.getByRole('button', { name: 'Verify and close' })).toHaveCount(0)

  // Vic verifies and closes it with a note and a link.
  const vicPage = await itemPageOf(browser, vic)
  const vicCard = actions.card(vicPage, 'Book the two staff on safeguarding training')
  await expect(vicCard).toContainText('Done: Both booked and attended on 20 November')
  await vicCard.getByRole('button', { name: 'Verify and close' }).click()
  await vicCard.getByRole('button', { name: 'Verify and close' }).click()
  await expect(vicCard.getByTestId('step-problem')).toHaveText('Closing needs verification evidence: a note or a link.')
  await vicCard.getByRole('textbox', { name: /^Verification note/ }).fill('Certificates seen')
  await vicCard.getByRole('textbox', { name: /^Verification link/ }).fill('https://intranet.example/certificates.pdf')
  await vicCard.getByRole('button', { name: 'Verify and close' }).click()
  await expect(vicCard.getByTestId('action-status')).toHaveText('Closed')
  await expect(vicCard).toContainText('Verified by Vic Verifier: Certificates seen')

  // The history, newest first, as any member sees it.
  const lines = actions.history(vicPage).getByRole('listitem')
  await expect(lines).toHaveCount(6)
  await expect(lines.nth(0)).toContainText('Verified and closed: Book the two staff on safeguarding training. Certificates seen (https://intranet.example/certificates.pdf)')
  await expect(lines.nth(0)).toContainText('Vic Verifier')
  await expect(lines.nth(1)).toContainText('Sent for verification: Book the two staff on safeguarding training. Done: Both booked and attended on 20 November')
  await expect(lines.nth(1)).toContainText('Olu Owner')
  await expect(lines.nth(2)).toContainText('Action started')
  await expect(lines.nth(3)).toContainText('Action raised: Book the two staff on safeguarding training (owner Olu Owner, due')
  await expect(lines.nth(3)).toContainText('Ada Admin')
  await expect(lines.nth(4)).toContainText('Rated Some shortfalls')
  await expect(lines.nth(5)).toContainText('Evidence added: Two staff overdue on safeguarding training')
  expect(problems).toEqual([])
})

test('an overdue action shows on the dashboard with its item, owner, due date and days overdue, and links to the item; the admin reassigns it', async ({ page }) => {
  test.setTimeout(120_000)
  const { ada, olu, assessmentId } = await careTeam()
  const sb = clientOf(ada)
  await signInPage(page, ada)
  await page.goto('/app')
  await waitForHydration(page)
  await expect(actions.overdue(page)).toContainText('No action is overdue.')

  const rated = await sb.rpc('rate_item', { p_assessment_id: assessmentId, p_item_id: ITEM, p_rating: '1', p_expected_version: 0, p_evidence_category: 'processes', p_evidence: [{ kind: 'note', note: 'No lead' }] })
  expect(rated.error).toBeNull()
  const raised = await sb.rpc('raise_action', { p_assessment_id: assessmentId, p_item_id: ITEM, p_title: 'Name a safeguarding lead', p_owner_id: olu.id, p_due_on: inDays(0) })
  expect(raised.error).toBeNull()
  // Made overdue as the database would find it three days later (the service role may set any date).
  expect((await admin.from('actions').update({ due_on: inDays(-3) }).eq('id', (raised.data as { id: string }).id)).error).toBeNull()

  await page.reload()
  await waitForHydration(page)
  const row = actions.overdue(page).getByRole('button', { name: /Name a safeguarding lead/ })
  await expect(row).toContainText('Safeguarding')
  await expect(row).toContainText('Olu Owner')
  await expect(row).toContainText('3 days overdue')
  await row.click()
  await expect(home.panelHeading(page)).toHaveText('Safeguarding')
  const card = actions.card(page, 'Name a safeguarding lead')
  await expect(card).toContainText('Overdue')

  // Ada (an admin) gives it to Vic with a new due date: the form opens on the owner, and the history says what changed.
  await actions.reassignButton(page, 'Name a safeguarding lead').click()
  await expect(actions.reassignOwner(page)).toBeFocused()
  await actions.reassignSave(page).click()
  await expect(actions.reassignProblem(page)).toHaveText('Choose another owner or due date first.')
  expect(await axeViolationsAtBothWidths(page)).toEqual([])
  await actions.reassignOwner(page).selectOption({ label: 'Vic Verifier' })
  await actions.reassignDue(page).fill(inDays(7))
  await actions.reassignSave(page).click()
  await expect(actions.notice(page)).toHaveText('Reassigned: Name a safeguarding lead')
  await expect(card).toContainText('Owner Vic Verifier')
  await expect(card).not.toContainText('Overdue')
  await expect(actions.reassignButton(page, 'Name a safeguarding lead')).toBeFocused()
  await expect(actions.history(page).getByRole('listitem').first()).toContainText(/Action handed to Vic Verifier: Name a safeguarding lead \(Olu Owner was the owner\); due date changed to .+/)
})
