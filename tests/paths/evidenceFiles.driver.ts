import { expect, type Page } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { type EvidenceFilesContext, evidenceFilesMachine } from '../../machines/evidenceFiles.machine'
import { evidenceFilesSampleEvents, evidenceFilesSampleInput, evidenceFilesSampleItem } from '../../machines/evidenceFiles.samples'
import { homeSampleCareDashboard } from '../../machines/home.samples'
import { ASSESSMENT_MESSAGES, type AssessmentFailure, type ItemRecord } from '../../src/domain/assessments'
import { findItem } from '../../src/domain/frameworks/items'
import { FRAMEWORKS } from '../../src/domain/frameworks/registry'
import { waitForHydration } from '../e2e/support'
import { home } from '../support/pages/home'
import { answer, answerDashboard, fileFinalized, filePrepared, fileRefused, held, itemRow, refuse, SAMPLE_PDF } from './assessmentReplies'
import { defineDriver, type PathContext, type StateView } from './driver'
import { signedInStart } from './users'

/**
 * An item's evidence files on /app (a child of the item's machine), for a real signed-in account: the dashboard is
 * answered with the sample care organisation's Safeguarding statement holding one PDF, which is opened. The
 * evidence-files function (prepare, finalize), the upload to the signed URL, the signed URL to view, the row's
 * deletion and the object's removal are held and answered by the path as the backend sends them. What the server
 * really does (content checks, policies, nothing kept on a refusal or an aborted upload) is proven by
 * tests/backend/evidenceFiles.http.test.ts and tests/e2e/evidence-files.spec.ts.
 */
const CQC = FRAMEWORKS.version('cqc-saf-2024')!
const FILE_NAME = 'Safeguarding policy.pdf'
const errorOf = (event: AnyEventObject) => (event as unknown as { error: AssessmentFailure }).error

/** Whether the open upload's prepare step has been answered (then its bytes are on their way, held). */
const prepared = new WeakMap<Page, boolean>()

async function ensurePrepared(page: Page) {
  if (prepared.get(page)) return
  await filePrepared(await held.fileCalls.next(page))
  prepared.set(page, true)
}

async function expectMessages(page: Page, c: EvidenceFilesContext) {
  await expect(home.filesStatus(page)).toHaveText(c.notice ?? '')
  if (c.refusal) await expect(home.filesRefusal(page)).toHaveText(c.refusal.message)
  else await expect(home.filesRefusal(page)).toHaveCount(0)
}

async function idle(page: Page, view: StateView<EvidenceFilesContext>) {
  await expectMessages(page, view.context)
  await expect(home.uploadProgress(page)).toHaveCount(0)
  await expect(home.attach(page)).toBeEnabled()
  await expect(home.viewFile(page, FILE_NAME)).toBeEnabled()
  await expect(home.removeFile(page, FILE_NAME)).toBeEnabled()
  await expect(home.confirmRemove(page)).toHaveCount(0)
}

export const driver = defineDriver({
  name: 'evidenceFiles',
  flow: "an item's evidence files (/app)",
  machine: evidenceFilesMachine,
  sampleEvents: evidenceFilesSampleEvents,
  sampleInputs: [evidenceFilesSampleInput],
  phone: true,
  async start(page, ctx: PathContext) {
    await signedInStart(page, ctx, Object.values(held))
    prepared.set(page, false)
    await page.goto('/app')
    await waitForHydration(page)
    const [assessment] = homeSampleCareDashboard.assessments
    await answerDashboard(page, { ...homeSampleCareDashboard, assessments: [{ ...assessment!, items: { [evidenceFilesSampleItem.itemId]: evidenceFilesSampleItem } }] })
    await home.item(page, CQC.name, findItem(CQC, evidenceFilesSampleItem.itemId)!.name).click()
    await expect(home.panelHeading(page)).toBeFocused()
    await expect(home.file(page, FILE_NAME)).toBeVisible()
    // A file is evidence: the panel says so beside it (issue 39), not that there are no notes or links.
    await expect(home.panel(page).getByText(ASSESSMENT_MESSAGES.filesOnly(1))).toBeVisible()
  },
  events: {
    FILE_CHOSEN: async (page) => {
      prepared.set(page, false)
      await home.attach(page).setInputFiles(SAMPLE_PDF)
    },
    // The signed upload URL given: the bytes go (and are held at the network).
    UPLOAD_PROGRESS: async (page) => {
      await ensurePrepared(page)
      await held.fileUploads.expectPending(page)
    },
    UPLOAD_DONE: async (page, event) => {
      await ensurePrepared(page)
      await answer(await held.fileUploads.next(page), { Key: 'evidence/sample' })
      await fileFinalized(await held.fileCalls.next(page))
      await answer(await held.items.next(page), itemRow((event as unknown as { item: ItemRecord }).item))
    },
    // Too large: refused by the function before any byte goes, or by storage when they were already going.
    UPLOAD_FAILED: async (page, event) => {
      const failure = (event as unknown as { failure: AssessmentFailure }).failure
      if (prepared.get(page)) {
        await answer(await held.fileUploads.next(page), { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' }, 413)
      } else {
        await fileRefused(await held.fileCalls.next(page), failure, 413)
      }
    },
    // Cancelled while the function or the bytes are held: the page aborts; the held request is let go.
    CANCEL: async (page) => {
      const holder = prepared.get(page) ? held.fileUploads : held.fileCalls
      await holder.expectPending(page)
      await home.cancelUpload(page).click()
      const route = await holder.next(page)
      await route.abort().catch(() => {})
    },
    VIEW: (page) => home.viewFile(page, FILE_NAME).click(),
    'xstate.done.actor.signFileUrl': async (page) =>
      answer(await held.signs.next(page), { signedURL: '/object/sign/evidence/sample?token=sample' }),
    'xstate.error.actor.signFileUrl': async (page) =>
      answer(await held.signs.next(page), { statusCode: '404', error: 'not_found', message: 'Object not found' }, 400),
    REMOVE: (page) => home.removeFile(page, FILE_NAME).click(),
    KEEP_FILE: (page) => home.keepFile(page).click(),
    CONFIRM_REMOVE: (page) => home.confirmRemove(page).click(),
    'xstate.done.actor.removeFile': async (page, event) => {
      await answer(await held.fileRows.next(page), [{ id: 'removed' }])
      await answer(await held.objectRemovals.next(page), [])
      await answer(await held.items.next(page), itemRow((event as unknown as { output: ItemRecord }).output))
    },
    'xstate.error.actor.removeFile': async (page, event) => refuse(await held.fileRows.next(page), errorOf(event)),
  },
  states: {
    'evidenceFiles.idle': idle,
    'evidenceFiles.uploading': async (page, view) => {
      await expectMessages(page, view.context)
      await expect(home.uploadProgress(page)).toBeVisible()
      await expect(page.getByText(`Uploading ${FILE_NAME}:`)).toBeVisible()
      await expect(home.cancelUpload(page)).toBeEnabled()
      await expect(home.attach(page)).toHaveCount(0)
    },
    'evidenceFiles.opening': async (page, view) => {
      await expectMessages(page, view.context)
      await expect(home.viewFile(page, FILE_NAME)).toBeDisabled()
      await expect(home.attach(page)).toBeDisabled()
    },
    'evidenceFiles.confirmingRemoval': async (page, view) => {
      await expectMessages(page, view.context)
      await expect(home.confirmRemove(page)).toBeVisible()
      await expect(home.keepFile(page)).toBeVisible()
    },
    'evidenceFiles.removing': async (page, view) => {
      await expectMessages(page, view.context)
      await expect(home.removeFile(page, FILE_NAME)).toHaveAttribute('aria-busy', 'true')
      await expect(home.attach(page)).toBeDisabled()
    },
  },
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
