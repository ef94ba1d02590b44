import { expect, type Page } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { type ActionContext, type ActionInput, actionMachine } from '../../machines/action.machine'
import { actionSampleEvents, actionSampleInputs } from '../../machines/action.samples'
import { assessItemSampleRated } from '../../machines/assessItem.samples'
import { homeSampleCareDashboard } from '../../machines/home.samples'
import { ACTION_STEPS, type ActionRecord, type ActionStep, type ItemActivity, STATUS_LABELS, STEP_LABELS } from '../../src/domain/actions'
import type { AssessmentFailure } from '../../src/domain/assessments'
import { waitForHydration } from '../e2e/support'
import { actions } from '../support/pages/actions'
import { home } from '../support/pages/home'
import { actionRow, heldActions, historyRows, teamReply } from './actionReplies'
import { answer, answerDashboard, held, refuse } from './assessmentReplies'
import { changeField, defineDriver, type StateView } from './driver'
import { signedInStart } from './users'

/**
 * An item's actions and history in /app's item panel, for a real signed-in account: the dashboard is answered with
 * the sample care organisation whose Safeguarding is rated 2 (below good) or 3, the overview's overdue list with
 * none, and the item is opened. The item's reads (list_actions, get_team, audit_events), raise_action,
 * move_action and reassign_action are held and answered by the path as PostgREST sends them. The real rules (who may take which step,
 * verification evidence, the conflict, the append-only trail) are proven by tests/backend/actions.sql.test.ts and,
 * through these pages, by tests/e2e/actions.spec.ts.
 */
const CQC = 'CQC single assessment framework'
const outputOf = <T>(event: AnyEventObject) => (event as unknown as { output: T }).output
const errorOf = (event: AnyEventObject) => (event as unknown as { error: AssessmentFailure }).error

async function answerActivity(page: Page, activity: ItemActivity) {
  await answer(await heldActions.list.next(page), activity.actions.map(actionRow))
  await answer(await heldActions.team.next(page), teamReply(activity))
  await answer(await heldActions.history.next(page), historyRows(activity.history))
}

const card = (page: Page, a: ActionRecord) => actions.card(page, a.title)
const stepForm = (page: Page) => page.locator('form:has(textarea[name="step-note"])')

/** The cards as the context has them: status, owner, and the steps this person may take (or the step's form). */
async function expectCards(page: Page, c: ActionContext) {
  const activity = c.activity!
  if (activity.actions.length === 0) await expect(actions.list(page)).toHaveCount(0)
  else await expect(actions.list(page).getByRole('listitem')).toHaveCount(activity.actions.length)
  for (const a of activity.actions) {
    await expect(card(page, a).getByTestId('action-status')).toHaveText(STATUS_LABELS[a.status])
    await expect(card(page, a)).toContainText(`Owner ${a.ownerName}`)
  }
  await expect(actions.history(page).getByRole('listitem')).toHaveCount(activity.history.length)
}

async function expectMessages(page: Page, c: ActionContext) {
  await expect(actions.notice(page)).toHaveText(c.notice ?? '')
  if (c.refusal) await expect(actions.refusal(page)).toHaveText(c.refusal.message)
  else await expect(actions.refusal(page)).toHaveCount(0)
}

/** In idle, a step's button (and Reassign) is there and enabled exactly when the machine takes its event. */
async function expectCardButtons(page: Page, c: ActionContext, view: StateView<ActionContext>) {
  for (const a of c.activity!.actions) {
    for (const step of ACTION_STEPS) {
      const button = card(page, a).getByRole('button', { name: STEP_LABELS[step], exact: true })
      if (view.can({ type: 'CHOOSE_STEP', actionId: a.id, step })) await expect(button).toBeEnabled()
      else await expect(button).toHaveCount(0)
    }
    if (view.can({ type: 'OPEN_REASSIGN', actionId: a.id })) await expect(actions.reassignButton(page, a.title)).toBeEnabled()
    else await expect(actions.reassignButton(page, a.title)).toHaveCount(0)
  }
}

async function expectRaiseForm(page: Page, c: ActionContext) {
  await expect(actions.raiseForm(page)).toBeVisible()
  await expect(actions.title(page)).toHaveValue(c.raise.title)
  await expect(actions.owner(page)).toHaveValue(c.raise.ownerId)
  await expect(actions.due(page)).toHaveValue(c.raise.dueOn)
  if (c.problem) await expect(actions.raiseProblem(page)).toHaveText(c.problem)
  else await expect(actions.raiseProblem(page)).toHaveCount(0)
}

/** The reassign form with the draft's owner and due date, and its problem. */
async function expectReassignForm(page: Page, c: ActionContext) {
  await expect(actions.reassignForm(page)).toBeVisible()
  await expect(actions.reassignOwner(page)).toHaveValue(c.reassign!.draft.ownerId)
  await expect(actions.reassignDue(page)).toHaveValue(c.reassign!.draft.dueOn)
  if (c.problem) await expect(actions.reassignProblem(page)).toHaveText(c.problem)
  else await expect(actions.reassignProblem(page)).toHaveCount(0)
}

async function expectStepForm(page: Page, c: ActionContext) {
  await expect(stepForm(page)).toBeVisible()
  await expect(actions.stepNote(page)).toHaveValue(c.stepDraft.note)
  if (c.stepping?.step === 'verify') await expect(actions.stepUrl(page)).toHaveValue(c.stepDraft.url)
  else await expect(actions.stepUrl(page)).toHaveCount(0)
  if (c.problem) await expect(actions.stepProblem(page)).toHaveText(c.problem)
  else await expect(actions.stepProblem(page)).toHaveCount(0)
}

export const driver = defineDriver({
  name: 'action',
  flow: "an item's actions and history (/app)",
  machine: actionMachine,
  sampleEvents: actionSampleEvents,
  sampleInputs: actionSampleInputs,
  phone: true,
  async start(page, ctx) {
    const input = actionSampleInputs[ctx.path.inputIndex] as ActionInput
    await signedInStart(page, ctx, [...Object.values(held), ...Object.values(heldActions)])
    await page.goto('/app')
    await waitForHydration(page)
    const [assessment] = homeSampleCareDashboard.assessments
    const item = { ...assessItemSampleRated, rating: input.belowGood ? '2' : '3' }
    await answerDashboard(page, { ...homeSampleCareDashboard, assessments: [{ ...assessment!, items: { [item.itemId]: item } }] })
    // The overview asks for the overdue actions first: none.
    await answer(await heldActions.list.next(page), [])
    await expect(actions.overdue(page)).toContainText('No action is overdue.')
    await home.item(page, CQC, 'Safeguarding').click()
    await expect(home.panelHeading(page)).toBeFocused()
  },
  events: {
    RETRY: (page) => actions.retry(page).click(),
    OPEN_RAISE: (page) => actions.raiseButton(page).click(),
    TITLE_CHANGED: (page, event) => changeField(actions.title(page), event.value as string),
    OWNER_CHOSEN: async (page, event, ctx) =>
      void (await (ctx.view.hasTag('reassigning') ? actions.reassignOwner(page) : actions.owner(page)).selectOption(event.value as string)),
    DUE_CHANGED: (page, event, ctx) => (ctx.view.hasTag('reassigning') ? actions.reassignDue(page) : actions.due(page)).fill(event.value as string),
    SUBMIT_RAISE: (page) => actions.raiseSubmit(page).click(),
    CANCEL: (page, _event, ctx) =>
      (ctx.view.hasTag('raising')
        ? actions.raiseCancel(page)
        : ctx.view.hasTag('reassigning')
          ? actions.reassignCancel(page)
          : stepForm(page).getByRole('button', { name: 'Cancel' })
      ).click(),
    OPEN_REASSIGN: (page, event, ctx) => {
      const a = (ctx.view.context as ActionContext).activity!.actions.find((x) => x.id === event.actionId)!
      return actions.reassignButton(page, a.title).click()
    },
    SUBMIT_REASSIGN: (page) => actions.reassignSave(page).click(),
    CHOOSE_STEP: (page, event, ctx) => {
      const c = ctx.view.context as ActionContext
      const a = c.activity!.actions.find((x) => x.id === event.actionId)!
      return card(page, a).getByRole('button', { name: STEP_LABELS[event.step as ActionStep], exact: true }).click()
    },
    STEP_NOTE_CHANGED: (page, event) => changeField(actions.stepNote(page), event.value as string),
    STEP_URL_CHANGED: (page, event) => changeField(actions.stepUrl(page), event.value as string),
    CONFIRM_STEP: (page, _event, ctx) => {
      const step = (ctx.view.context as ActionContext).stepping!.step
      return stepForm(page).getByRole('button', { name: STEP_LABELS[step], exact: true }).click()
    },
    'xstate.done.actor.loadActivity': (page, event) => answerActivity(page, outputOf<ItemActivity>(event)),
    'xstate.error.actor.loadActivity': async (page, event) => {
      await refuse(await heldActions.list.next(page), errorOf(event))
      await answer(await heldActions.team.next(page), teamReply({ actions: [], members: [], me: { userId: '00000000-0000-4000-8000-0000000000a1', role: 'admin' }, history: [] }))
      await answer(await heldActions.history.next(page), [])
    },
    'xstate.done.actor.raiseAction': async (page, event) => answer(await heldActions.raise.next(page), actionRow(outputOf<ActionRecord>(event))),
    'xstate.error.actor.raiseAction': async (page, event) => refuse(await heldActions.raise.next(page), errorOf(event)),
    'xstate.done.actor.moveAction': async (page, event) => answer(await heldActions.move.next(page), actionRow(outputOf<ActionRecord>(event))),
    'xstate.error.actor.moveAction': async (page, event) => refuse(await heldActions.move.next(page), errorOf(event)),
    'xstate.done.actor.reassignAction': async (page, event) => answer(await heldActions.reassign.next(page), actionRow(outputOf<ActionRecord>(event))),
    'xstate.error.actor.reassignAction': async (page, event) => refuse(await heldActions.reassign.next(page), errorOf(event)),
  },
  states: {
    'action.loading': async (page) => {
      await expect(actions.loading(page)).toBeVisible()
      await expect(actions.section(page)).toHaveCount(0)
    },
    'action.loadFailed': async (page) => {
      await expect(actions.loadFailed(page)).toHaveText("We couldn't load this item's actions and history. Check your connection and try again.")
      await expect(actions.retry(page)).toBeEnabled()
      await expect(actions.history(page)).toHaveCount(0)
    },
    'action.ready.idle': async (page, view: StateView<ActionContext>) => {
      const c = view.context
      await expect(actions.section(page)).not.toHaveAttribute('aria-busy')
      await expectCards(page, c)
      await expectMessages(page, c)
      await expectCardButtons(page, c, view)
      await expect(actions.raiseForm(page)).toHaveCount(0)
      await expect(stepForm(page)).toHaveCount(0)
      await expect(actions.reassignForm(page)).toHaveCount(0)
      if (view.can({ type: 'OPEN_RAISE' })) await expect(actions.raiseButton(page)).toBeEnabled()
      else await expect(actions.raiseButton(page)).toHaveCount(0)
    },
    'action.ready.raising': async (page, view: StateView<ActionContext>) => {
      await expectCards(page, view.context)
      await expectMessages(page, view.context)
      await expectRaiseForm(page, view.context)
      await expect(actions.raiseSubmit(page)).toHaveText('Raise action')
      await expect(actions.raiseSubmit(page)).toBeEnabled()
    },
    'action.ready.stepping': async (page, view: StateView<ActionContext>) => {
      await expectCards(page, view.context)
      await expectMessages(page, view.context)
      await expectStepForm(page, view.context)
      await expect(stepForm(page).getByRole('button', { name: STEP_LABELS[view.context.stepping!.step], exact: true })).toBeEnabled()
    },
    'action.ready.reassigning': async (page, view: StateView<ActionContext>) => {
      await expectCards(page, view.context)
      await expectMessages(page, view.context)
      await expectReassignForm(page, view.context)
      await expect(actions.reassignSave(page)).toHaveText('Save changes')
      await expect(actions.reassignSave(page)).toBeEnabled()
    },
    'action.applyingReassignment': async (page, view: StateView<ActionContext>) => {
      await expectReassignForm(page, view.context)
      await expect(actions.reassignSave(page)).toHaveText('Saving...')
      await expect(actions.reassignSave(page)).toHaveAttribute('aria-busy', 'true')
    },
    'action.saving': async (page, view: StateView<ActionContext>) => {
      await expectRaiseForm(page, view.context)
      await expect(actions.raiseSubmit(page)).toHaveText('Raising...')
      await expect(actions.raiseSubmit(page)).toHaveAttribute('aria-busy', 'true')
    },
    'action.moving': async (page, view: StateView<ActionContext>) => {
      const c = view.context
      await expect(actions.section(page)).toHaveAttribute('aria-busy', 'true')
      if (c.stepping?.step === 'start') {
        const a = c.activity!.actions.find((x) => x.id === c.stepping!.actionId)!
        await expect(card(page, a).getByRole('button', { name: STEP_LABELS.start })).toHaveAttribute('aria-busy', 'true')
      } else {
        await expect(stepForm(page).getByRole('button', { name: 'Saving...' })).toHaveAttribute('aria-busy', 'true')
      }
    },
    'action.reloading': async (page, view: StateView<ActionContext>) => {
      await expect(actions.section(page)).toHaveAttribute('aria-busy', 'true')
      await expectMessages(page, view.context)
      await expect(actions.raiseForm(page)).toHaveCount(0)
    },
  },
  allowConsole: /Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/,
})
