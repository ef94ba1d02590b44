import { readFile } from 'node:fs/promises'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { jsPDF } from 'jspdf'
import { EVIDENCE_FILE_MESSAGES } from '../../machines/evidenceFiles.machine'
import { e2eEnv } from '../../scripts/e2e-env'
import { ukToday } from '../../src/domain/actions'
import { longDate } from '../../src/domain/assessments'
import { addDays, reviewDueOn } from '../../src/domain/frameworks/review'
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys'
import { messagesTo } from '../backend/helpers'
import { actions } from '../support/pages/actions'
import { home } from '../support/pages/home'
import { pack } from '../support/pages/pack'
import { addMember, admin, clientOf, type EmailUser, emailUser, newOrganisation, signInPage } from '../support/sessions'
import { axeViolationsAtBothWidths, waitForHydration, watchConsole } from './support'
import { pdfText } from '../support/pdf'

/**
 * Issue 30's story end to end, on the real local backend (storage and the evidence-files function, PostgREST, the
 * send-review-reminders function and the mail catcher), each person in a browser of their own: Mia, a member,
 * uploads a policy PDF to "Safeguarding" and rates it "some shortfalls" on it; Ada, the admin, raises an action
 * owned by Olu; Olu starts it and sends it for verification; Mia (not the owner) verifies and closes it; the item's
 * history shows each step and who took it; the reminder digests (run for an instant two days on) name the item's
 * due review and an overdue action; and Ada's inspection pack, on the page and in the PDF read back, shows the
 * organisation, the rating, the file and the verified action. Only the organisation, its members and the run of the
 * schedule are made through the API; everything a person does is done on the pages.
 */
const env = e2eEnv()
const CQC = 'CQC single assessment framework'
const ITEM = 'cqc-saf-2024/safe/safeguarding'
const FILE = 'Safeguarding policy.pdf'
const ACTION = 'Refresh safeguarding training for night staff'
const SECOND = 'Add safeguarding to the night staff induction'

/** A small real PDF: one A4 page saying what the policy is. */
function policyPdf(): Buffer {
  const doc = new jsPDF()
  doc.text('Safeguarding adults and children policy', 20, 20)
  doc.text('Reviewed November 2026. Every member of staff reads it on induction.', 20, 30)
  return Buffer.from(doc.output('arraybuffer'))
}


const inDays = (days: number) => addDays(ukToday(new Date()), days)

/** One care organisation that reviews its ratings daily (an organisation setting, issue 39): Ada its admin, Olu and
 * Mia members; its CQC assessment. */
async function careTeam() {
  const ada = await emailUser({ firstName: 'Ada', lastName: 'Admin' })
  const olu = await emailUser({ firstName: 'Olu', lastName: 'Owner' })
  const mia = await emailUser({ firstName: 'Mia', lastName: 'Member' })
  const organisation = `Story Care ${Date.now().toString(36)} Ltd`
  const organisationId = await newOrganisation(ada, { company: organisation, sector: 'care', regulators: ['cqc'], frequency: 'daily' })
  for (const who of [olu, mia]) await addMember(organisationId, who, { sector: 'care', regulators: ['cqc'], frequency: 'daily' })
  const synced = await clientOf(ada).rpc('sync_assessments', { p_framework_ids: ['cqc-saf'] })
  expect(synced.error).toBeNull()
  return { ada, olu, mia, organisation, organisationId, assessmentId: (synced.data as { id: string }[])[0]!.id }
}

/** A browser of this person's own, its console watched. */
async function browserOf(browser: Browser, user: EmailUser, problems: string[][]): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  problems.push(watchConsole(page, env.siteUrl))
  await signInPage(page, user)
  return page
}

/** /app, then CQC › Safe › Safeguarding; once it is rated below good, with its actions read. */
async function openSafeguarding(page: Page, { rated = true } = {}) {
  await page.goto('/app')
  await waitForHydration(page)
  await home.item(page, CQC, 'Safeguarding').click()
  await expect(home.panelHeading(page)).toHaveText('Safeguarding')
  if (rated) await expect(actions.section(page)).toBeVisible()
}

test('a member uploads a policy PDF for Safeguarding and rates it; the admin raises an action, the owner fixes it, another member verifies and closes it; the history, the reminder e-mails and the pack show it all', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const problems: string[][] = [watchConsole(page, env.siteUrl)]
  const { ada, olu, mia, organisation, assessmentId } = await careTeam()
  const pdf = policyPdf()

  // 1. Mia uploads the policy, sees it listed, and rates Safeguarding "Some shortfalls" on it.
  const miaPage = await browserOf(browser, mia, problems)
  await openSafeguarding(miaPage, { rated: false })
  await home.attach(miaPage).setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: pdf })
  await expect(home.filesStatus(miaPage)).toHaveText(EVIDENCE_FILE_MESSAGES.attached(FILE))
  await expect(home.file(miaPage, FILE)).toContainText(/PDF · \d+ KB · Added by Mia Member, /)
  await home.rating(miaPage, '2 · Some shortfalls').check()
  await home.category(miaPage).selectOption('processes')
  await home.save(miaPage).click()
  await expect(home.status(miaPage).first()).toHaveText('Safeguarding rated Some shortfalls')
  await expect(miaPage.getByTestId('item-rating')).toContainText('Rating: Some shortfalls · Rated by Mia Member')
  await expect(actions.section(miaPage)).toBeVisible()
  expect(await axeViolationsAtBothWidths(miaPage)).toEqual([])

  // 2. Ada raises an action on it, owned by Olu, due in a fortnight.
  await signInPage(page, ada)
  await openSafeguarding(page)
  await expect(home.file(page, FILE)).toBeVisible()
  await actions.raiseButton(page).click()
  await actions.title(page).fill(ACTION)
  await actions.owner(page).selectOption({ label: 'Olu Owner' })
  await actions.due(page).fill(inDays(14))
  await actions.raiseSubmit(page).click()
  await expect(actions.notice(page)).toHaveText(`Action raised: ${ACTION}`)
  await expect(actions.card(page, ACTION).getByTestId('action-status')).toHaveText('Open')
  await expect(actions.card(page, ACTION)).toContainText('Owner Olu Owner')

  // 3. Olu starts it and sends it for verification, saying what was done.
  const oluPage = await browserOf(browser, olu, problems)
  await openSafeguarding(oluPage)
  const oluCard = actions.card(oluPage, ACTION)
  await oluCard.getByRole('button', { name: 'Start work' }).click()
  await expect(oluCard.getByTestId('action-status')).toHaveText('In progress')
  await oluCard.getByRole('button', { name: 'Send for verification' }).click()
  await oluCard.getByRole('textbox', { name: /^What was done/ }).fill('All six night staff completed level 2 training on 24 November')
  await oluCard.getByRole('button', { name: 'Send for verification' }).click()
  await expect(oluCard.getByTestId('action-status')).toHaveText('Awaiting verification')
  await expect(oluCard.getByRole('button', { name: 'Verify and close' })).toHaveCount(0)

  // 4. Mia, not the owner, verifies and closes it with a note.
  await openSafeguarding(miaPage)
  const miaCard = actions.card(miaPage, ACTION)
  await expect(miaCard).toContainText('Done: All six night staff completed level 2 training on 24 November')
  await miaCard.getByRole('button', { name: 'Verify and close' }).click()
  await miaCard.getByRole('textbox', { name: /^Verification note/ }).fill('Six certificates seen in the training file')
  await miaCard.getByRole('button', { name: 'Verify and close' }).click()
  await expect(miaCard.getByTestId('action-status')).toHaveText('Closed')
  await expect(miaCard).toContainText('Verified by Mia Member: Six certificates seen in the training file')

  // 5. The item's history, newest first, each step with who took it (as Ada sees it).
  await openSafeguarding(page)
  const lines = actions.history(page).getByRole('listitem')
  await expect(lines).toHaveCount(6)
  const expected: [string, string][] = [
    [`Verified and closed: ${ACTION}. Six certificates seen in the training file`, 'Mia Member'],
    [`Sent for verification: ${ACTION}. Done: All six night staff completed level 2 training on 24 November`, 'Olu Owner'],
    [`Action started: ${ACTION}`, 'Olu Owner'],
    [`Action raised: ${ACTION} (owner Olu Owner, due ${longDate(inDays(14))})`, 'Ada Admin'],
    ['Rated Some shortfalls', 'Mia Member'],
    [`Evidence added: ${FILE}`, 'Mia Member'],
  ]
  for (const [n, [what, who]] of expected.entries()) {
    await expect(lines.nth(n)).toContainText(what)
    await expect(lines.nth(n)).toContainText(who)
  }

  // 6. The reminders. A second action (through the API, as Ada), due tomorrow; the schedule is run for noon UK time
  // the day after, when that action is overdue and the daily review of Mia's rating is due, and nothing else of
  // this organisation is: Olu gets one digest with the overdue action, Mia one with the review, Ada none.
  const second = await clientOf(ada).rpc('raise_action', { p_assessment_id: assessmentId, p_item_id: ITEM, p_title: SECOND, p_owner_id: olu.id, p_due_on: inDays(1) })
  expect(second.error).toBeNull()
  const rated = await admin.from('assessment_items').select('rated_at').eq('assessment_id', assessmentId).eq('item_id', ITEM).single()
  expect(rated.error).toBeNull()
  const reviewDue = reviewDueOn((rated.data as { rated_at: string }).rated_at, 'daily')
  const runDay = inDays(2)
  expect(reviewDue <= runDay).toBe(true)
  const run = await fetch(`${env.backendUrl}/functions/v1/send-review-reminders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: LOCAL_SERVICE_ROLE_KEY, authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    body: JSON.stringify({ now: `${runDay}T12:00:00Z` }),
  })
  expect(run.status).toBe(200)
  expect(await run.json()).toMatchObject({ success: true })
  const digests = async (who: EmailUser) => (await messagesTo(env.mailUrl, who.email)).filter((m) => m.subject.startsWith('InspectReady: '))
  await expect.poll(async () => (await digests(olu)).length, { timeout: 30_000 }).toBe(1)
  const [oluMail] = await digests(olu)
  expect(oluMail!.subject).toBe(`InspectReady: 1 overdue action for ${organisation}`)
  expect(oluMail!.text).toContain('Hello Olu,')
  expect(oluMail!.text).toContain(`- ${SECOND} (CQC, Safe: Safeguarding). Was due ${longDate(inDays(1))}.`)
  expect(oluMail!.text).not.toContain(ACTION) // closed: not overdue, whatever its date
  await expect.poll(async () => (await digests(mia)).length, { timeout: 30_000 }).toBe(1)
  const [miaMail] = await digests(mia)
  expect(miaMail!.subject).toBe(`InspectReady: 1 rating to review for ${organisation}`)
  expect(miaMail!.text).toContain(`- CQC, Safe: Safeguarding. Due ${longDate(reviewDue)}`)
  expect(miaMail!.text).not.toContain(SECOND)
  expect(await digests(ada)).toEqual([])

  // 7. The pack: Ada opens it from /app; the page and the PDF show the organisation, the rating, the file and the
  // verified action.
  await page.goto('/app')
  await waitForHydration(page)
  await home.framework(page, CQC).getByRole('link', { name: 'Inspection pack' }).click()
  await expect(page).toHaveURL(/\/app\/pack\?framework=cqc-saf$/)
  await expect(pack.organisation(page, organisation)).toBeVisible()
  const item = pack.group(page, 'Safe').getByRole('article', { name: 'Safeguarding', exact: true })
  await expect(item).toContainText('Some shortfalls')
  await expect(item).toContainText(/Rated \d{1,2} \w+ \d{4} by Mia Member/)
  await expect(item).toContainText(FILE)
  await expect(item).toContainText(/File · Processes · added \d{1,2} \w+ \d{4} by Mia Member|File · added \d{1,2} \w+ \d{4} by Mia Member/)
  await expect(item).toContainText('Closed actions, verified (1)')
  await expect(item).toContainText(ACTION)
  await expect(item).toContainText('verified by Mia Member · verification: Six certificates seen in the training file')
  await expect(item).toContainText('Open actions (1)')
  await expect(item).toContainText(SECOND)

  const downloading = page.waitForEvent('download', { timeout: 60_000 })
  await pack.download(page).click()
  const download = await downloading
  await expect(pack.status(page)).toHaveText(/^Downloaded .+\.pdf \(\d+ pages\)\.$/)
  const text = await pdfText(new Uint8Array(await readFile((await download.path())!)))
  expect(text).toContain(organisation)
  expect(text).toContain('Safeguarding')
  expect(text).toContain(FILE)
  expect(text).toContain(ACTION)
  expect(text).toContain('verified by Mia Member')

  expect(problems.flat()).toEqual([])
})
