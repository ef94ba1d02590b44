import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { CQC_SAF_2024 } from '../../src/domain/frameworks/cqcSaf2024'
import { home } from '../support/pages/home'
import { pack } from '../support/pages/pack'
import { clientOf, emailUser, newOrganisation, signInPage, signUpOrganisation } from '../support/sessions'
import { axeViolationsAtBothWidths, waitForHydration, watchConsole } from './support'
import { pdfText } from '../support/pdf'

/**
 * The inspection pack (/app/pack) against the real local backend: a care organisation with three Safe statements
 * rated (by a member, through the real rate_item) opens its pack from /app, sees its name, Safe's score and band,
 * who rated and who added the evidence; downloads the PDF, which is read back with Mozilla's PDF.js and holds the
 * organisation's name and all 34 CQC quality statements; and prints a page without the site's header and footer.
 */
const env = e2eEnv()


test('a care organisation opens its inspection pack from /app, sees Safe’s band, downloads the PDF with all 34 statements, and prints it', async ({ page }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page, env.siteUrl)
  const ada = await emailUser()
  const organisation = `Sunrise Care ${Date.now().toString(36)} (Leeds) Ltd`
  await newOrganisation(ada, { company: organisation, sector: 'care', regulators: ['cqc'], frequency: 'monthly' })

  // Three Safe statements rated with evidence, through the API as the page would: 3 + 4 + 2 of 12 is 75 %, Good.
  const sb = clientOf(ada)
  const synced = await sb.rpc('sync_assessments', { p_framework_ids: ['cqc-saf'] })
  expect(synced.error).toBeNull()
  const assessmentId = (synced.data as { id: string }[])[0]!.id
  for (const [key, rating] of [['safeguarding', '3'], ['safe-environments', '4'], ['medicines-optimisation', '2']] as const) {
    const rated = await sb.rpc('rate_item', {
      p_assessment_id: assessmentId,
      p_item_id: `cqc-saf-2024/safe/${key}`,
      p_rating: rating,
      p_expected_version: 0,
      p_evidence_category: 'processes',
      p_evidence: [{ kind: 'note', note: `Checked ${key} at the morning handover` }],
    })
    expect(rated.error).toBeNull()
  }

  await signInPage(page, ada)
  await page.goto('/app')
  await waitForHydration(page)
  await home.framework(page, CQC_SAF_2024.name).getByRole('link', { name: 'Inspection pack' }).click()
  await expect(page).toHaveURL(/\/app\/pack\?framework=cqc-saf$/)

  await expect(pack.organisation(page, organisation)).toBeVisible()
  await expect(pack.summary(page).getByRole('row', { name: /^Safe / })).toContainText('Good, 75 %')
  const safe = pack.group(page, 'Safe')
  await expect(safe).toContainText('Good, 75 %')
  await expect(safe).toContainText('by Ada Lovelace')
  await expect(safe).toContainText('Checked safeguarding at the morning handover')
  await expect(safe).toContainText(/Note · added \d{1,2} \w+ \d{4} by Ada Lovelace/)
  expect(await axeViolationsAtBothWidths(page)).toEqual([])

  // The PDF: made on demand, named after the organisation, framework and date, read back with PDF.js.
  const downloading = page.waitForEvent('download', { timeout: 60_000 })
  await pack.download(page).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^inspection-pack-cqc-2024-sunrise-care-[a-z0-9]+-leeds-ltd-\d{4}-\d{2}-\d{2}\.pdf$/)
  await expect(pack.status(page)).toHaveText(new RegExp(`^Downloaded ${download.suggestedFilename().replace(/[.()]/g, '\\$&')} \\(\\d+ pages\\)\\.$`))
  const text = await pdfText(new Uint8Array(await readFile((await download.path())!)))
  expect(text).toContain(organisation)
  const statements = CQC_SAF_2024.groups.flatMap((g) => g.items.map((i) => i.name))
  expect(statements).toHaveLength(34)
  expect(statements.filter((name) => !text.includes(name))).toEqual([])
  expect(text).toContain('Good, 75 %')

  // Print: the browser's print, and printed pages show the pack without the site's header, footer or buttons.
  await page.evaluate(() => {
    const w = window as unknown as { printed: number }
    w.printed = 0
    window.print = () => {
      w.printed += 1
    }
  })
  await pack.print(page).click()
  expect(await page.evaluate(() => (window as unknown as { printed?: number }).printed)).toBe(1)
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('[data-theme] > header')).toBeHidden()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(pack.download(page)).toBeHidden()
  await expect(pack.organisation(page, organisation)).toBeVisible()
  await page.emulateMedia({ media: 'screen' })
  expect(problems).toEqual([])
})

test('an organisation without an assessment is told so and sent to /app', async ({ page }) => {
  const problems = watchConsole(page, env.siteUrl)
  const bo = await emailUser()
  await signUpOrganisation(bo, { company: `Empty ${Date.now().toString(36)}`, sector: 'care', staffCount: 3 })
  await signInPage(page, bo)
  await page.goto('/app/pack?framework=nonsense')
  await waitForHydration(page)
  await expect(pack.empty(page)).toBeVisible()
  await pack.workspaceLink(page).click()
  await expect(page).toHaveURL(/\/app$/)
  await expect(home.heading(page)).toBeVisible()
  expect(problems).toEqual([])
})
