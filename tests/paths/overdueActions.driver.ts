import { expect } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { homeSampleCareDashboard } from '../../machines/home.samples'
import { type OverdueContext, overdueActionsMachine } from '../../machines/overdueActions.machine'
import { overdueActionsSampleEvents } from '../../machines/overdueActions.samples'
import { ACTION_MESSAGES, type ActionRecord } from '../../src/domain/actions'
import type { AssessmentFailure } from '../../src/domain/assessments'
import { longDate } from '../../src/domain/assessments'
import { waitForHydration } from '../e2e/support'
import { actions } from '../support/pages/actions'
import { actionRow, heldActions } from './actionReplies'
import { answer, answerDashboard, held, refuse } from './assessmentReplies'
import { defineDriver, type StateView } from './driver'
import { signedInStart } from './users'

/**
 * The dashboard's overdue actions on /app's overview, for a real signed-in account: the dashboard is answered with
 * the sample care organisation; list_actions (overdue only) is held and answered by the path as PostgREST sends
 * it. That the server finds exactly the actions due before today in the UK is proven by
 * tests/backend/actions.sql.test.ts and tests/e2e/actions.spec.ts.
 */
const outputOf = (event: AnyEventObject) => (event as unknown as { output: readonly ActionRecord[] }).output
const errorOf = (event: AnyEventObject) => (event as unknown as { error: AssessmentFailure }).error

export const driver = defineDriver({
  name: 'overdueActions',
  flow: 'overdue actions on the dashboard (/app)',
  machine: overdueActionsMachine,
  sampleEvents: overdueActionsSampleEvents,
  phone: true,
  async start(page, ctx) {
    await signedInStart(page, ctx, [...Object.values(held), heldActions.list])
    await page.goto('/app')
    await waitForHydration(page)
    await answerDashboard(page, homeSampleCareDashboard)
    await expect(actions.overdue(page)).toBeVisible()
  },
  events: {
    RETRY: (page) => actions.overdue(page).getByRole('button', { name: 'Try again' }).click(),
    'xstate.done.actor.loadOverdue': async (page, event) => answer(await heldActions.list.next(page), outputOf(event).map(actionRow)),
    'xstate.error.actor.loadOverdue': async (page, event) => refuse(await heldActions.list.next(page), errorOf(event)),
  },
  states: {
    'overdueActions.loading': async (page) => {
      await expect(actions.overdue(page)).toHaveAttribute('aria-busy', 'true')
      await expect(actions.overdue(page)).toContainText('Loading overdue actions')
    },
    'overdueActions.shown': async (page, view: StateView<OverdueContext>) => {
      const rows = actions.overdue(page).getByRole('listitem')
      await expect(rows).toHaveCount(view.context.actions.length)
      for (const [i, a] of view.context.actions.entries()) {
        await expect(rows.nth(i).getByRole('button')).toContainText(a.title)
        await expect(rows.nth(i)).toContainText(`CQC · Safeguarding · owner ${a.ownerName} · due ${longDate(a.dueOn)} · ${a.daysOverdue} days overdue`)
      }
    },
    'overdueActions.none': async (page) => {
      await expect(actions.overdue(page)).toContainText(ACTION_MESSAGES.noOverdue)
      await expect(actions.overdue(page).getByRole('listitem')).toHaveCount(0)
    },
    'overdueActions.failed': async (page) => {
      await expect(actions.overdue(page).getByRole('alert')).toHaveText(ACTION_MESSAGES.overdueLoadFailed)
      await expect(actions.overdue(page).getByRole('button', { name: 'Try again' })).toBeEnabled()
    },
  },
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
