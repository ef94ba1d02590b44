import { expect, type Page, test } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { ASSESSMENT_MESSAGES } from '../../src/domain/assessments'
import { home } from '../support/pages/home'
import { addMember, clientOf, type EmailUser, emailUser, newOrganisation, signInPage } from '../support/sessions'
import { axeViolationsAtBothWidths, waitForHydration, watchConsole } from './support'

/**
 * Issue 29's journeys on /app against the real local backend (PostgREST on PostgreSQL, the real supabase-js in the
 * page): a care organisation rates three Safe statements with evidence, one of them by keyboard alone, and sees
 * Safe's percentage and CQC band; a second member's rating made meanwhile is never overwritten ("changed by <name>
 * — review and try again"); a school with safeguarding not met sees "requires significant improvement"; a housing
 * and a construction organisation see their frameworks. Organisations and setup answers are made through the API;
 * what is tested is the page.
 */
const env = e2eEnv()
const CQC = 'CQC single assessment framework'

/** A new organisation with `user` as its admin, and their setup answers as the wizard saves them. */
const organisationOf = (user: EmailUser, sector: string, regulators: string[]): Promise<string> =>
  newOrganisation(user, { company: `Test ${sector} ${Date.now().toString(36)}`, sector, regulators, frequency: 'monthly' })

async function openHome(page: Page, user: EmailUser) {
  await signInPage(page, user)
  await page.goto('/app')
  await waitForHydration(page)
  await expect(home.heading(page)).toBeVisible()
}

/** Rates the open item with a note: the rating's label as the radio says it, and CQC's evidence category. */
async function rateOpenItem(page: Page, note: string, radio: string, category?: string) {
  await home.note(page).fill(note)
  await home.rating(page, radio).check()
  if (category) await home.category(page).selectOption(category)
  await home.save(page).click()
}

test('a care organisation rates three Safe statements with evidence, one by keyboard alone, and sees Safe’s percentage and band', async ({ page }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page, env.siteUrl)
  const ada = await emailUser()
  await organisationOf(ada, 'care', ['cqc'])
  await openHome(page, ada)

  // No assessment yet: the empty state starts the one setup chose.
  await expect(home.start(page)).toContainText(ASSESSMENT_MESSAGES.empty)
  await home.startButton(page).click()
  await expect(home.framework(page, CQC)).toContainText('0 of 34 quality statements rated (0 %)')
  await expect(home.nextStep(page)).toContainText('Rate Learning culture.')
  expect(await axeViolationsAtBothWidths(page)).toEqual([])

  // A rating needs evidence: refused in the page with the reason, nothing sent.
  await home.item(page, CQC, 'Learning culture').click()
  await expect(home.panelHeading(page)).toBeFocused()
  await expect(home.progress(page)).toHaveText('Not started')
  await home.rating(page, '3 · Good standard').check()
  await home.save(page).click()
  await expect(home.problem(page)).toHaveText(ASSESSMENT_MESSAGES.evidenceRequired)
  expect(await axeViolationsAtBothWidths(page)).toEqual([])

  // By keyboard alone: a note, a link, the rating (arrow keys in the radio group), the category, Save.
  await home.note(page).focus()
  await page.keyboard.type('Monthly learning reviews of incidents, minuted')
  await page.keyboard.press('Tab')
  await expect(home.link(page)).toBeFocused()
  await page.keyboard.type('https://intranet.example/learning-reviews')
  await page.keyboard.press('Tab')
  await expect(home.addEvidence(page)).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(home.rating(page, '3 · Good standard')).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(home.rating(page, '4 · Exceptional standard')).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(home.category(page)).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(home.category(page)).not.toHaveValue('')
  await page.keyboard.press('Tab')
  await expect(home.save(page)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(home.status(page)).toHaveText('Learning culture rated Exceptional standard')
  await expect(home.progress(page)).toHaveText('Rated')
  await expect(home.evidence(page).getByRole('listitem')).toHaveCount(1)
  await page.keyboard.press('Shift+Tab')
  await home.back(page).focus()
  await page.keyboard.press('Enter')
  await expect(home.item(page, CQC, 'Learning culture')).toBeFocused()

  // Two more, by pointer: 3 and 2 with notes.
  for (const [name, radio] of [
    ['Safeguarding', '3 · Good standard'],
    ['Medicines optimisation', '2 · Some shortfalls'],
  ] as const) {
    await home.item(page, CQC, name).click()
    await rateOpenItem(page, `Checked ${name.toLowerCase()} records`, radio, 'processes')
    await expect(home.status(page)).toContainText(`${name} rated`)
    await home.back(page).click()
  }

  // 4 + 3 + 2 of 12 is 75 %: Good, provisional while 5 of 8 statements are unrated.
  const safe = home.group(page, CQC, 'Safe')
  await expect(safe.getByTestId('group-score')).toHaveText('75 % · Good (provisional)')
  await expect(safe).toContainText('3 of 8 rated')
  await expect(home.framework(page, CQC)).toContainText('3 of 34 quality statements rated (8 %)')
  await expect(home.nextStep(page)).toContainText('Rate Safe systems, pathways and transitions.')

  // What the page showed is what the server holds, after a reload.
  await page.reload()
  await waitForHydration(page)
  await expect(home.group(page, CQC, 'Safe').getByTestId('group-score')).toHaveText('75 % · Good (provisional)')
  await expect(home.item(page, CQC, 'Medicines optimisation')).toContainText('Some shortfalls')
  expect(problems).toEqual([])
})

test('a colleague’s rating made meanwhile is never overwritten: "changed by <name> — review and try again"', async ({ page }) => {
  test.setTimeout(90_000)
  const ada = await emailUser()
  const organisationId = await organisationOf(ada, 'care', ['cqc'])
  const grace = await emailUser({ firstName: 'Grace', lastName: 'Hopper' })
  await addMember(organisationId, grace)
  const synced = await clientOf(ada).rpc('sync_assessments', { p_framework_ids: ['cqc-saf'] })
  expect(synced.error).toBeNull()
  const assessmentId = (synced.data as { id: string }[])[0]!.id

  await openHome(page, ada)
  await home.item(page, CQC, 'Safe environments').click()
  await expect(home.progress(page)).toHaveText('Not started')
  // Grace rates the same statement first.
  const theirs = await clientOf(grace).rpc('rate_item', {
    p_assessment_id: assessmentId,
    p_item_id: 'cqc-saf-2024/safe/safe-environments',
    p_rating: '2',
    p_expected_version: 0,
    p_evidence_category: 'observation',
    p_evidence: [{ kind: 'note', note: 'Fire door wedged open on the first floor' }],
  })
  expect(theirs.error).toBeNull()
  await rateOpenItem(page, 'Walked the building: all clear', '4 · Exceptional standard', 'observation')
  await expect(home.refusal(page)).toHaveText('changed by Grace Hopper — review and try again')
  // The page now shows what Grace did, and keeps Ada's draft to try again.
  await expect(page.getByTestId('item-rating')).toContainText('Rating: Some shortfalls · Rated by Grace Hopper, ')
  await expect(home.evidence(page)).toContainText('Fire door wedged open on the first floor · Added by Grace Hopper, ')
  await expect(home.note(page)).toHaveValue('Walked the building: all clear')
  const stored = await clientOf(ada).from('assessment_items').select('rating, rated_by').eq('item_id', 'cqc-saf-2024/safe/safe-environments').single()
  expect(stored.data).toEqual({ rating: '2', rated_by: grace.id })
  // Reviewed, Ada's rating goes through from the version she now sees.
  await home.save(page).click()
  await expect(home.status(page)).toHaveText('Safe environments rated Exceptional standard')
  await expect(home.refusal(page)).toHaveCount(0)
})

test('a school with safeguarding not met sees "requires significant improvement"', async ({ page }) => {
  test.setTimeout(90_000)
  const head = await emailUser()
  await organisationOf(head, 'education', ['ofsted'])
  expect((await clientOf(head).rpc('sync_assessments', { p_framework_ids: ['ofsted-eif'] })).error).toBeNull()
  await openHome(page, head)
  const ofsted = 'Ofsted education inspection framework'
  await expect(home.framework(page, ofsted).getByTestId('ofsted-outcome')).not.toContainText('requires significant improvement')
  // Safeguarding first: the next thing to do.
  await expect(home.nextStep(page)).toContainText('Rate Safeguarding.')
  await home.nextStep(page).getByRole('button', { name: 'Open it' }).click()
  await expect(home.panelHeading(page)).toHaveText('Safeguarding')
  await expect(home.category(page)).toHaveCount(0)
  await rateOpenItem(page, 'Single central record has gaps for two volunteers', 'Not met')
  await expect(home.status(page)).toHaveText('Safeguarding rated Not met')
  await home.back(page).click()
  await expect(home.framework(page, ofsted).getByTestId('ofsted-outcome')).toHaveText(
    'Outcome so far: requires significant improvement, because of Safeguarding.',
  )
  await expect(home.nextStep(page)).toContainText('Put safeguarding right first')
  expect(await axeViolationsAtBothWidths(page)).toEqual([])
})

test('a housing and a construction organisation see their frameworks, on a scale the product says is its own', async ({ page }) => {
  test.setTimeout(90_000)
  const landlord = await emailUser()
  await organisationOf(landlord, 'housing', [])
  await openHome(page, landlord)
  await home.startButton(page).click()
  const rsh = home.framework(page, 'RSH consumer standards')
  await expect(rsh).toContainText('0 of 19 outcomes rated (0 %)')
  for (const standard of ['Safety and Quality', 'Transparency, Influence and Accountability', 'Neighbourhood and Community', 'Tenancy']) {
    await expect(home.group(page, 'RSH consumer standards', standard)).toBeVisible()
  }
  await expect(rsh).toContainText('publishes no')
  await expect(home.framework(page, CQC)).toHaveCount(0)

  const builder = await emailUser()
  await organisationOf(builder, 'construction', ['bsr'])
  await page.context().clearCookies()
  await page.evaluate(() => window.localStorage.clear())
  await openHome(page, builder)
  await home.startButton(page).click()
  const bsr = home.framework(page, 'BSR higher-risk building duties')
  await expect(bsr).toContainText('0 of 10 duties rated (0 %)')
  await expect(bsr.getByRole('button', { name: /^Register the building/ })).toBeVisible()
  await expect(home.framework(page, 'RSH consumer standards')).toHaveCount(0)
  expect(await axeViolationsAtBothWidths(page)).toEqual([])
})
