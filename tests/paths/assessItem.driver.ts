import { expect, type Page, } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { type AssessItemContext, type AssessItemInput, assessItemMachine } from '../../machines/assessItem.machine'
import { assessItemSampleEvents, assessItemSampleInputs } from '../../machines/assessItem.samples'
import { homeSampleCareDashboard } from '../../machines/home.samples'
import { type AssessmentFailure, type ItemRecord, PROGRESS_LABELS } from '../../src/domain/assessments'
import { findItem, scaleOf } from '../../src/domain/frameworks/items'
import { FRAMEWORKS } from '../../src/domain/frameworks/registry'
import { waitForHydration } from '../e2e/support'
import { home } from '../support/pages/home'
import { answer, answerDashboard, fileFinalized, filePrepared, held, itemRow, ratedReply, refuse, SAMPLE_PDF } from './assessmentReplies'
import { changeField, defineDriver, type PathContext, type StateView } from './driver'
import { signedInStart } from './users'

/**
 * Assessing one item on /app (a child of the signed-in home's machine), for a real signed-in account: the dashboard
 * is answered with the sample care organisation holding the path's item (not started, or rated and due for review:
 * the answers say daily reviews, so a rating of 20 November 2026 is due whenever the test runs), then the item is
 * opened from the overview. The evidence insert, the item read after it, rate_item and the item read after a
 * conflict are held and answered by the path as PostgREST sends them. The real rules (a rating needs evidence, the
 * row lock, "changed by <name> — review and try again" from a real second member) are proven by
 * tests/backend/assessments.*.test.ts and tests/e2e/assessment.spec.ts.
 */
const CQC = FRAMEWORKS.version('cqc-saf-2024')!
const outputOf = (event: AnyEventObject) => (event as unknown as { output: ItemRecord }).output
const errorOf = (event: AnyEventObject) => (event as unknown as { error: AssessmentFailure }).error

function itemOf(c: AssessItemContext) {
  const version = FRAMEWORKS.version(c.assessment.versionId)!
  return { version, item: findItem(version, c.itemId)! }
}

function radioLabel(c: AssessItemContext, value: string): string {
  const { version, item } = itemOf(c)
  const point = scaleOf(version, item.scaleId).points.find((p) => p.value === value)!
  return /^\d$/.test(point.value) ? `${point.value} · ${point.label}` : point.label
}

const PROGRESS: Record<string, keyof typeof PROGRESS_LABELS> = {
  notStarted: 'not-started',
  inProgress: 'in-progress',
  rated: 'rated',
  dueForReview: 'due-for-review',
  reviewed: 'reviewed',
}

/** The form as the context has it: draft, choices, the problem, the refusal and the notice. */
async function expectForm(page: Page, view: StateView<AssessItemContext>) {
  const c = view.context
  const { item } = itemOf(c)
  await expect(home.panelHeading(page)).toHaveText(item.name)
  await expect(home.note(page)).toHaveValue(c.draft.note)
  await expect(home.link(page)).toHaveValue(c.draft.url)
  if (c.rating) await expect(home.rating(page, radioLabel(c, c.rating))).toBeChecked()
  else await expect(page.getByRole('radio', { checked: true })).toHaveCount(0)
  await expect(home.category(page)).toHaveValue(c.category ?? '')
  if (c.problem) await expect(home.problem(page)).toHaveText(c.problem)
  else await expect(home.problem(page)).toHaveCount(0)
  if (c.refusal) await expect(home.refusal(page)).toHaveText(c.refusal.message)
  else await expect(home.refusal(page)).toHaveCount(0)
  await expect(home.status(page)).toHaveText(c.notice ?? '')
  const evidence = c.item?.evidence.filter((e) => e.kind !== 'file') ?? []
  await expect(home.files(page).getByRole('listitem')).toHaveCount(c.item?.evidence.filter((e) => e.kind === 'file').length ?? 0)
  if (evidence.length > 0) await expect(home.evidence(page).getByRole('listitem')).toHaveCount(evidence.length)
  else await expect(home.evidence(page)).toHaveCount(0)
}

async function expectAtRest(page: Page, view: StateView<AssessItemContext>, key: string) {
  await expectForm(page, view)
  await expect(home.progress(page)).toHaveText(PROGRESS_LABELS[PROGRESS[key]!])
  await expect(home.save(page)).toHaveText(view.hasTag('reviewing') ? 'Save review' : 'Save rating')
  await expect(home.save(page)).toBeEnabled()
  await expect(home.addEvidence(page)).toHaveText('Add evidence')
  await expect(home.addEvidence(page)).toBeEnabled()
  if (view.hasTag('hasRating')) await expect(page.getByTestId('item-rating')).toBeVisible()
  else await expect(page.getByTestId('item-rating')).toHaveCount(0)
}

const atRest = (key: string) => (page: Page, view: StateView<AssessItemContext>) => expectAtRest(page, view, key)

export const driver = defineDriver({
  name: 'assessItem',
  flow: 'assessing an item (/app)',
  machine: assessItemMachine,
  sampleEvents: assessItemSampleEvents,
  sampleInputs: assessItemSampleInputs,
  phone: true,
  async start(page, ctx: PathContext) {
    const input = assessItemSampleInputs[ctx.path.inputIndex] as AssessItemInput
    await signedInStart(page, ctx, Object.values(held))
    await page.goto('/app')
    await waitForHydration(page)
    const [assessment] = homeSampleCareDashboard.assessments
    const items = input.item ? { [input.item.itemId]: input.item } : {}
    await answerDashboard(page, { ...homeSampleCareDashboard, assessments: [{ ...assessment!, items }] }, input.reviewDue ? { policy_frequency: 'daily' } : {})
    await home.item(page, CQC.name, findItem(CQC, input.itemId)!.name).click()
    await expect(home.panelHeading(page)).toBeFocused()
  },
  events: {
    NOTE_CHANGED: (page, event) => changeField(home.note(page), event.value as string),
    LINK_CHANGED: (page, event) => changeField(home.link(page), event.value as string),
    RATING_CHOSEN: (page, event, ctx) => home.rating(page, radioLabel(ctx.view.context, event.value as string)).check(),
    CATEGORY_CHOSEN: async (page, event) => void (await home.category(page).selectOption(event.value as string)),
    ADD_EVIDENCE: (page) => home.addEvidence(page).click(),
    SUBMIT: (page) => home.save(page).click(),
    'xstate.done.actor.addEvidence': async (page, event) => {
      await answer(await held.evidence.next(page), undefined, 201)
      await answer(await held.items.next(page), itemRow(outputOf(event)))
    },
    'xstate.error.actor.addEvidence': async (page, event) => refuse(await held.evidence.next(page), errorOf(event)),
    'xstate.done.actor.rateItem': async (page, event) => answer(await held.ratings.next(page), ratedReply(outputOf(event))),
    'xstate.error.actor.rateItem': async (page, event) => refuse(await held.ratings.next(page), errorOf(event)),
    'xstate.done.actor.refreshItem': async (page, event) => answer(await held.items.next(page), itemRow(outputOf(event))),
    'xstate.error.actor.refreshItem': async (page, event) => refuse(await held.items.next(page), errorOf(event), { get: true }),
    // A file attached through the panel (its own machine's paths: evidenceFiles.driver.ts); the item read after it.
    FILES_CHANGED: async (page, event) => {
      await home.attach(page).setInputFiles(SAMPLE_PDF)
      await filePrepared(await held.fileCalls.next(page))
      await answer(await held.fileUploads.next(page), { Key: 'evidence/sample' })
      await fileFinalized(await held.fileCalls.next(page))
      await answer(await held.items.next(page), itemRow((event as unknown as { item: ItemRecord }).item))
    },
  },
  states: {
    'assessItem.ready.notStarted': atRest('notStarted'),
    'assessItem.ready.inProgress': atRest('inProgress'),
    'assessItem.ready.rated': atRest('rated'),
    'assessItem.ready.dueForReview': atRest('dueForReview'),
    'assessItem.ready.reviewed': atRest('reviewed'),
    'assessItem.addingEvidence': async (page, view) => {
      await expectForm(page, view)
      await expect(home.addEvidence(page)).toHaveText('Adding...')
      await expect(home.addEvidence(page)).toHaveAttribute('aria-busy', 'true')
      await expect(home.save(page)).toBeDisabled()
      await expect(home.note(page)).toHaveAttribute('readonly', '')
    },
    'assessItem.saving': async (page, view) => {
      await expectForm(page, view)
      await expect(home.save(page)).toHaveText('Saving...')
      await expect(home.save(page)).toHaveAttribute('aria-busy', 'true')
      await expect(home.addEvidence(page)).toBeDisabled()
    },
    'assessItem.refreshing': async (page, view) => {
      // The conflict is on show while the item is read again; nothing can be saved meanwhile.
      await expectForm(page, view)
      await expect(home.save(page)).toBeDisabled()
      await expect(home.addEvidence(page)).toBeDisabled()
    },
  },
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
