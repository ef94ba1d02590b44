import { expect, type Page, } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { type HomeContext, homeMachine } from '../../machines/home.machine'
import { homeSampleEvents, homeSampleInput } from '../../machines/home.samples'
import { ASSESSMENT_MESSAGES, type AssessmentFailure, assessmentState, type Dashboard, type ItemRecord, versionOf } from '../../src/domain/assessments'
import { findItem, scaleOf } from '../../src/domain/frameworks/items'
import { FRAMEWORKS } from '../../src/domain/frameworks/registry'
import { summariseFramework } from '../../src/domain/frameworks/scoring'
import { waitForHydration } from '../e2e/support'
import { home } from '../support/pages/home'
import { answer, answerDashboard, held, ratedReply, refuse } from './assessmentReplies'
import { defineDriver } from './driver'
import { signedInStart } from './users'

/**
 * /app, the signed-in home, for a real signed-in account (the session is real, so the signed-in layout and the
 * header work as for anyone). The dashboard's requests (the setup answers from the own users row, and the one
 * embedded select of assessments, items and evidence), sync_assessments and rate_item are held at the network and
 * answered by the path with the sample of the event, as PostgREST sends them. The real server's rules (scores
 * stored, RLS, the conflict) are proven by tests/backend/assessments.*.test.ts and, through this page, by
 * tests/e2e/assessment.spec.ts.
 */
const outputOf = (event: AnyEventObject) => (event as unknown as { output: Dashboard }).output
const errorOf = (event: AnyEventObject) => (event as unknown as { error: AssessmentFailure }).error

const versionName = (c: HomeContext, assessmentId: string) => {
  const a = c.dashboard?.assessments.find((x) => x.id === assessmentId)
  return a ? versionOf(a) : undefined
}

/** The overview: every framework with its completion and each group's result; the next thing to do. */
async function expectOverview(page: Page, c: HomeContext) {
  const d = c.dashboard!
  await expect(home.heading(page)).toBeVisible()
  await expect(page.getByTestId('loading-screen')).toHaveCount(0)
  await expect(home.panel(page)).toHaveCount(0)
  await expect(home.nextStep(page)).toBeVisible()
  await expect(home.due(page)).toBeVisible()
  for (const a of d.assessments) {
    const v = versionOf(a)
    const summary = summariseFramework(v, assessmentState(a))
    const region = home.framework(page, v.name)
    await expect(region).toContainText(`${summary.completion.rated} of ${summary.completion.applicable} ${v.itemNoun.plural} rated (${summary.completion.percent} %)`)
    for (const g of summary.groups) {
      if (g.result.kind === 'percentage' && g.result.percent !== null) {
        await expect(home.group(page, v.name, g.group.name).getByTestId('group-score')).toContainText(`${g.result.percent} % · ${g.result.band?.label}`)
      }
    }
    for (const item of Object.values(a.items)) {
      const found = findItem(v, item.itemId)!
      const label = scaleOf(v, found.scaleId).points.find((p) => p.value === item.rating)?.label
      if (label) await expect(home.item(page, v.name, found.name)).toContainText(label)
    }
  }
}

/**
 * The page's clock is today's, the sample's 27 November 2026: with daily reviews (for weekly ones) a rating of 20
 * November is due for review on both, as the sample has it.
 */
const pageAnswers = (d: Dashboard) => (d.answers.frequency === 'weekly' ? { policy_frequency: 'daily' as const } : {})

export const driver = defineDriver({
  name: 'home',
  flow: 'signed-in home (/app)',
  machine: homeMachine,
  sampleEvents: homeSampleEvents,
  sampleInputs: [homeSampleInput],
  phone: true,
  async start(page, ctx) {
    await signedInStart(page, ctx, Object.values(held))
    await page.goto('/app')
    await waitForHydration(page)
  },
  events: {
    RETRY: (page) => home.retry(page).click(),
    START: (page) => home.startButton(page).click(),
    OPEN_ITEM: async (page, event, ctx) => {
      const v = versionName(ctx.view.context, event.assessmentId as string)!
      await home.item(page, v.name, findItem(v, event.itemId as string)!.name).click()
    },
    CLOSE_ITEM: (page) => home.back(page).click(),
    // The open item is rated in its view: evidence, the rating and (CQC) its category, saved through rate_item.
    ITEM_CHANGED: async (page, event) => {
      const item = (event as unknown as { item: ItemRecord }).item
      const location = FRAMEWORKS.locate(item.itemId)!
      const point = scaleOf(location.version, location.item.scaleId).points.find((p) => p.value === item.rating)!
      await home.note(page).fill('Checked during the morning handover')
      await home.rating(page, /^\d$/.test(point.value) ? `${point.value} · ${point.label}` : point.label).check()
      if (item.evidenceCategory) await home.category(page).selectOption(item.evidenceCategory)
      await home.save(page).click()
      await answer(await held.ratings.next(page), ratedReply(item))
      // A rating due for review is saved as a review.
      await expect(home.status(page)).toHaveText(new RegExp(`^${location.item.name} (rated|reviewed:) ${point.label}$`))
    },
    'xstate.done.actor.loadDashboard': (page, event) => answerDashboard(page, outputOf(event), pageAnswers(outputOf(event))),
    'xstate.error.actor.loadDashboard': async (page, event) => {
      await answer(await held.answers.next(page), { sector: 'care', selected_regulators: ['cqc'], policy_frequency: 'weekly' })
      await refuse(await held.dashboards.next(page), errorOf(event), { get: true })
    },
    'xstate.done.actor.syncAssessments': async (page, event) => {
      await answer(await held.sync.next(page), [])
      await answerDashboard(page, outputOf(event), pageAnswers(outputOf(event)))
    },
    'xstate.error.actor.syncAssessments': async (page, event) => refuse(await held.sync.next(page), errorOf(event)),
  },
  states: {
    'home.loading': async (page) => {
      await expect(page).toHaveURL(/\/app$/)
      await expect(home.heading(page)).toBeVisible()
      await expect(home.loading(page)).toBeVisible()
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)
    },
    'home.loadFailed': async (page) => {
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(ASSESSMENT_MESSAGES.loadFailed)
      await expect(home.retry(page)).toBeEnabled()
      await expect(page.getByTestId('loading-screen')).toHaveCount(0)
    },
    'home.empty': async (page, view) => {
      await expect(home.start(page)).toBeVisible()
      const alert = page.getByRole('main').getByRole('alert')
      if (view.context.refusal) await expect(alert).toHaveText(view.context.refusal.message)
      else await expect(alert).toHaveCount(0)
      if (view.can({ type: 'START' })) {
        await expect(home.start(page)).toContainText(ASSESSMENT_MESSAGES.empty)
        await expect(home.startButton(page)).toHaveText('Start self-assessment')
        await expect(home.startButton(page)).toBeEnabled()
      } else {
        await expect(home.start(page)).toContainText(ASSESSMENT_MESSAGES.noFrameworks)
        await expect(home.startButton(page)).toHaveCount(0)
        await expect(page.getByRole('link', { name: 'Run setup' })).toHaveAttribute('href', '/onboarding/setup')
      }
    },
    'home.starting': async (page) => {
      await expect(home.startButton(page)).toHaveText('Starting...')
      await expect(home.startButton(page)).toHaveAttribute('aria-busy', 'true')
      await expect(home.startButton(page)).toBeDisabled()
    },
    'home.shown.overview': async (page, view, ctx) => {
      await expectOverview(page, view.context)
      // Closing an item puts focus back on its button.
      if (ctx.events[ctx.step]?.type === 'CLOSE_ITEM' && view.context.open) {
        const v = versionName(view.context, view.context.open.assessmentId)!
        await expect(home.item(page, v.name, findItem(v, view.context.open.itemId)!.name)).toBeFocused()
      }
    },
    'home.shown.item': async (page, view) => {
      const open = view.context.open!
      const v = versionName(view.context, open.assessmentId)!
      await expect(home.panel(page)).toBeVisible()
      await expect(home.panelHeading(page)).toHaveText(findItem(v, open.itemId)!.name)
      await expect(home.nextStep(page)).toHaveCount(0)
      await expect(home.back(page)).toBeEnabled()
    },
  },
  allowConsole: /Failed to load resource/,
})
