import { expect, type Page, test } from '@playwright/test'
import { e2eEnv } from '../../scripts/e2e-env'
import { EVIDENCE_FILE_MESSAGES } from '../../machines/evidenceFiles.machine'
import { FILE_MESSAGES } from '../../src/domain/fileType'
import { home } from '../support/pages/home'
import { admin, emailUser, newOrganisation, signInPage } from '../support/sessions'
import { axeViolationsAtBothWidths, waitForHydration, watchConsole } from './support'

/**
 * Issue 30's evidence files on /app against the real local backend (storage, the evidence-files edge function on
 * Deno, PostgREST): a member attaches a policy PDF to "Safeguarding", sees it listed, rates on it alone, views it
 * (a signed link), cannot remove it while it is the rating's only evidence, then removes it after adding a note;
 * a text file named .pdf is refused by its content; an upload cancelled midway, or cut by the network, keeps
 * nothing and leaves the rating as it was.
 */
const env = e2eEnv()
const CQC = 'CQC single assessment framework'
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

type User = Awaited<ReturnType<typeof emailUser>>

async function careOrganisation(user: User): Promise<string> {
  return newOrganisation(user, { company: `Test files ${Date.now().toString(36)}`, sector: 'care', regulators: ['cqc'], frequency: 'monthly' })
}

/** The organisation's stored objects (the service role sees them all). */
async function storedFiles(org: string): Promise<string[]> {
  const r = await admin.from('assessment_evidence').select('storage_path').eq('organisation_id', org).eq('kind', 'file')
  expect(r.error).toBeNull()
  const listed = await admin.storage.from('evidence').list(`${org}/cqc-saf-2024/safe/safeguarding`)
  expect(listed.error).toBeNull()
  return (listed.data ?? []).map((f) => f.name)
}

async function openSafeguarding(page: Page, user: User) {
  await signInPage(page, user)
  await page.goto('/app')
  await waitForHydration(page)
  const start = home.startButton(page)
  await expect(start.or(home.framework(page, CQC))).toBeVisible()
  if (await start.isVisible()) await start.click()
  await home.item(page, CQC, 'Safeguarding').click()
  await expect(home.panelHeading(page)).toBeFocused()
}

test('a member attaches a policy PDF to Safeguarding, rates on it, views it, and removes it', async ({ page, context }) => {
  test.setTimeout(120_000)
  const problems = watchConsole(page, env.siteUrl)
  const ada = await emailUser()
  const org = await careOrganisation(ada)
  await openSafeguarding(page, ada)

  // A text file named .pdf: refused by its content, nothing sent.
  await home.attach(page).setInputFiles({ name: 'policy.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text') })
  await expect(home.filesRefusal(page)).toHaveText(FILE_MESSAGES.wrong_type)
  expect(await storedFiles(org)).toEqual([])

  // The real PDF: uploaded, checked by the server, listed.
  await home.attach(page).setInputFiles({ name: 'Safeguarding policy.pdf', mimeType: 'application/pdf', buffer: PDF })
  await expect(home.filesStatus(page)).toHaveText(EVIDENCE_FILE_MESSAGES.attached('Safeguarding policy.pdf'))
  await expect(home.filesRefusal(page)).toHaveCount(0)
  await expect(home.file(page, 'Safeguarding policy.pdf')).toContainText(`PDF · ${PDF.length} bytes · Added by Ada Lovelace, `)
  await expect(home.progress(page)).toHaveText('In progress')
  expect(await storedFiles(org)).toHaveLength(1)
  expect(await axeViolationsAtBothWidths(page)).toEqual([])

  // The file alone is evidence enough for a rating.
  await home.rating(page, '3 · Good standard').check()
  await home.category(page).selectOption('processes')
  await home.save(page).click()
  await expect(home.status(page)).toHaveText('Safeguarding rated Good standard')

  // View: a signed link, in a new tab, serving the very bytes.
  const [opened] = await Promise.all([
    context.waitForEvent('request', (r) => r.method() === 'GET' && r.url().includes('/storage/v1/object/sign/evidence/')),
    home.viewFile(page, 'Safeguarding policy.pdf').click(),
  ])
  expect(new URL(opened.url()).searchParams.get('token')).toBeTruthy()
  const served = await fetch(opened.url())
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toBe('application/pdf')
  expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true)
  for (const other of context.pages()) if (other !== page) await other.close()

  // The rating's only evidence cannot be removed; keeping it changes nothing.
  await home.removeFile(page, 'Safeguarding policy.pdf').click()
  await home.keepFile(page).click()
  await expect(home.file(page, 'Safeguarding policy.pdf')).toBeVisible()
  await home.removeFile(page, 'Safeguarding policy.pdf').click()
  await home.confirmRemove(page).click()
  await expect(home.filesRefusal(page)).toHaveText('This file is the only evidence for the rating: add other evidence before removing it.')
  expect(await storedFiles(org)).toHaveLength(1)

  // With a note beside it, it can go: row and file.
  await home.note(page).fill('Policy read at the team meeting')
  await home.addEvidence(page).click()
  await expect(home.status(page)).toHaveText('Evidence added')
  await home.removeFile(page, 'Safeguarding policy.pdf').click()
  await home.confirmRemove(page).click()
  await expect(home.filesStatus(page)).toHaveText(EVIDENCE_FILE_MESSAGES.removed('Safeguarding policy.pdf'))
  await expect(home.files(page)).toHaveCount(0)
  expect(await storedFiles(org)).toEqual([])
  await expect(page.getByTestId('item-rating')).toContainText('Rating: Good standard')
  expect(problems).toEqual([])
})

test('an upload cancelled midway, or cut by the network, keeps nothing and the rating stays', async ({ page }) => {
  test.setTimeout(120_000)
  const ada = await emailUser()
  const org = await careOrganisation(ada)
  await openSafeguarding(page, ada)
  await home.note(page).fill('Safeguarding log checked')
  await home.rating(page, '3 · Good standard').check()
  await home.category(page).selectOption('processes')
  await home.save(page).click()
  await expect(home.status(page)).toHaveText('Safeguarding rated Good standard')

  // The upload is held at the network while the person cancels it.
  const uploads = /\/storage\/v1\/object\/upload\/sign\/evidence\//
  let held: import('@playwright/test').Route | undefined
  await page.route(uploads, (route) => {
    held = route
  })
  await home.attach(page).setInputFiles({ name: 'Rota.pdf', mimeType: 'application/pdf', buffer: PDF })
  await expect(home.uploadProgress(page)).toBeVisible()
  await expect.poll(() => held !== undefined).toBe(true)
  await home.cancelUpload(page).click()
  await expect(home.filesStatus(page)).toHaveText(EVIDENCE_FILE_MESSAGES.cancelled)
  await expect(home.uploadProgress(page)).toHaveCount(0)
  await held?.abort().catch(() => {})
  await page.unroute(uploads)

  // The connection drops during the upload: refused with the reason, nothing kept.
  await page.route(uploads, (route) => route.abort('internetdisconnected'))
  await home.attach(page).setInputFiles({ name: 'Rota.pdf', mimeType: 'application/pdf', buffer: PDF })
  await expect(home.filesRefusal(page)).toHaveText("We couldn't reach the server. Check your connection and try again.")
  await page.unroute(uploads)

  expect(await storedFiles(org)).toEqual([])
  await expect(home.files(page)).toHaveCount(0)
  await expect(page.getByTestId('item-rating')).toContainText('Rating: Good standard')
  await page.reload()
  await waitForHydration(page)
  await home.item(page, CQC, 'Safeguarding').click()
  await expect(page.getByTestId('item-rating')).toContainText('Rating: Good standard')
  await expect(home.files(page)).toHaveCount(0)
})
