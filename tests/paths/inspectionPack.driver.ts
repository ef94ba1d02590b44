import { type Download, expect } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { e2eEnv } from '../../scripts/e2e-env'
import { type InspectionPackContext, inspectionPackMachine, type PdfMade } from '../../machines/inspectionPack.machine'
import { inspectionPackSampleEvents, inspectionPackSampleInput } from '../../machines/inspectionPack.samples'
import type { AssessmentFailure } from '../../src/domain/assessments'
import { FRAMEWORKS } from '../../src/domain/frameworks/registry'
import { PACK_PAGE_MESSAGES, type PackActionRecord, type PackData } from '../../src/domain/pack/fromAssessment'
import { waitForHydration } from '../e2e/support'
import { pack } from '../support/pages/pack'
import { actionRow } from './actionReplies'
import { answer, itemRow, refuse } from './assessmentReplies'
import { defineDriver, holdRequests } from './driver'
import { signedInStart } from './users'

/**
 * /app/pack, the inspection pack, for a real signed-in account. Its reads (the open assessments with the
 * organisation's name, items, evidence and who rated and added them; beside it rpc list_actions) are held at the
 * network and answered by the path with the sample, as PostgREST sends them (a refused load refuses the assessments
 * and answers the actions, which Promise.all then drops); making the PDF reads again (held the same way) and then
 * runs the real PDF code, whose download the path receives. The real rows (names written by the server, RLS) are proven by
 * tests/backend/assessments.names.test.ts and, through this page, by tests/e2e/pack.spec.ts, which reads the PDF back.
 */
const env = e2eEnv()
const rows = holdRequests((url) => url.origin === env.backendUrl && url.pathname === '/rest/v1/assessments', 'GET')
const actions = holdRequests((url) => url.origin === env.backendUrl && url.pathname === '/rest/v1/rpc/list_actions', 'POST')

const outputOf = (event: AnyEventObject) => (event as unknown as { output: PackData }).output
const errorOf = (event: AnyEventObject) => (event as unknown as { error: AssessmentFailure }).error

/** The pack's read as PostgREST answers it. */
const packRows = (d: PackData) =>
  d.assessments.map((a) => ({
    id: a.id,
    organisation_id: a.organisationId,
    framework_id: a.frameworkId,
    framework_version_id: a.versionId,
    conditions: a.conditions,
    organisations: { name: d.organisation },
    assessment_items: Object.values(a.items).map(itemRow),
  }))

/** list_actions's reply, as the pack reads it (closed_at beside each action). */
const actionRows = (list: readonly PackActionRecord[] | undefined) => (list ?? []).map((a) => ({ ...actionRow(a), closed_at: a.closedAt }))

/** Both reads of a load answered with the pack's data. */
async function answerPack(page: Parameters<typeof rows.next>[0], data: PackData) {
  await answer(await rows.next(page), packRows(data))
  await answer(await actions.next(page), actionRows(data.actions))
}

/** A refused load: the assessments refused, the actions answered (so none is left held for the next load). */
async function refusePack(page: Parameters<typeof rows.next>[0], failure: AssessmentFailure) {
  await refuse(await rows.next(page), failure, { get: true })
  await answer(await actions.next(page), [])
}

const shownVersion = (c: InspectionPackContext) => {
  const a = c.data?.assessments.find((x) => x.frameworkId === c.frameworkId)
  return a ? FRAMEWORKS.version(a.versionId) : undefined
}

export const driver = defineDriver({
  name: 'inspectionPack',
  flow: 'inspection pack (/app/pack)',
  machine: inspectionPackMachine,
  sampleEvents: inspectionPackSampleEvents,
  sampleInputs: [inspectionPackSampleInput],
  phone: true,
  async start(page, ctx) {
    await signedInStart(page, ctx, [rows, actions])
    await page.goto('/app/pack')
    await waitForHydration(page)
  },
  events: {
    RETRY: (page) => pack.retry(page).click(),
    DOWNLOAD: async (page, _event, ctx) => {
      const download = page.waitForEvent('download', { timeout: 60_000 })
      // A path that ends in a failure never sees it: no unhandled rejection when the page closes.
      download.catch(() => {})
      ctx.data.download = download
      await pack.download(page).click()
    },
    FRAMEWORK_CHOSEN: async (page, event) => {
      await pack.framework(page).selectOption(event.frameworkId as string)
      await expect(page).toHaveURL(new RegExp(`/app/pack\\?framework=${event.frameworkId as string}$`))
    },
    'xstate.done.actor.loadPack': async (page, event) => answerPack(page, outputOf(event)),
    'xstate.error.actor.loadPack': async (page, event) => refusePack(page, errorOf(event)),
    'xstate.done.actor.makePdf': async (page, event, ctx) => {
      const made = (event as unknown as { output: PdfMade }).output
      await answerPack(page, made.data)
      const download = await (ctx.data.download as Promise<Download>)
      const version = shownVersion(ctx.view.context as InspectionPackContext)!
      expect(download.suggestedFilename()).toMatch(new RegExp(`^inspection-pack-${version.shortName.toLowerCase()}-${version.version}-sunrise-care-leeds-ltd-\\d{4}-\\d{2}-\\d{2}\\.pdf$`))
    },
    'xstate.error.actor.makePdf': async (page, event) => refusePack(page, errorOf(event)),
  },
  states: {
    'inspectionPack.loading': async (page) => {
      await expect(page).toHaveURL(/\/app\/pack$/)
      await expect(pack.heading(page)).toBeVisible()
      await expect(pack.loading(page)).toBeVisible()
      await expect(pack.alert(page)).toHaveCount(0)
    },
    'inspectionPack.loadFailed': async (page) => {
      await expect(pack.heading(page)).toBeVisible()
      await expect(pack.alert(page)).toHaveText(PACK_PAGE_MESSAGES.loadFailed)
      await expect(pack.retry(page)).toBeEnabled()
      await expect(page.getByTestId('loading-screen')).toHaveCount(0)
    },
    'inspectionPack.empty': async (page) => {
      await expect(pack.heading(page)).toBeVisible()
      await expect(pack.empty(page)).toContainText(PACK_PAGE_MESSAGES.empty)
      await expect(pack.workspaceLink(page)).toHaveAttribute('href', '/app')
      await expect(pack.download(page)).toHaveCount(0)
    },
    'inspectionPack.ready.idle': async (page, view) => {
      const c = view.context as InspectionPackContext
      const version = shownVersion(c)!
      await expect(pack.organisation(page, c.data!.organisation)).toBeVisible()
      await expect(pack.heading(page)).toHaveCount(0)
      await expect(page.getByRole('main')).toContainText(version.name)
      await expect(pack.framework(page)).toHaveValue(c.frameworkId!)
      await expect(pack.download(page)).toHaveText('Download PDF')
      await expect(pack.download(page)).toBeEnabled()
      await expect(pack.print(page)).toBeEnabled()
      await expect(pack.status(page)).toHaveText('')
      await expect(pack.alert(page)).toHaveCount(0)
    },
    'inspectionPack.ready.generating': async (page) => {
      await expect(pack.download(page)).toHaveText('Making the PDF...')
      await expect(pack.download(page)).toHaveAttribute('aria-busy', 'true')
      await expect(pack.download(page)).toBeDisabled()
      await expect(pack.framework(page)).toBeDisabled()
    },
    'inspectionPack.ready.downloaded': async (page, view) => {
      const c = view.context as InspectionPackContext
      await expect(pack.organisation(page, c.data!.organisation)).toBeVisible()
      await expect(pack.status(page)).toHaveText(/^Downloaded inspection-pack-[a-z0-9-]+\.pdf \(\d+ pages?\)\.$/)
      await expect(pack.download(page)).toHaveText('Download PDF')
      await expect(pack.download(page)).toBeEnabled()
      await expect(pack.alert(page)).toHaveCount(0)
    },
    'inspectionPack.ready.pdfFailed': async (page, view) => {
      const c = view.context as InspectionPackContext
      await expect(pack.organisation(page, c.data!.organisation)).toBeVisible()
      await expect(pack.alert(page)).toHaveText(PACK_PAGE_MESSAGES.pdfFailed)
      await expect(pack.retry(page)).toBeEnabled()
      await expect(pack.download(page)).toHaveCount(0)
      await expect(pack.status(page)).toHaveText('')
    },
  },
  allowConsole: /Failed to load resource/,
})
