import type { SnapshotFrom } from 'xstate'
import { ACTION_STEPS, type ActionRecord, type ActionStep, isOverdue } from '../src/domain/actions'
import type { actionMachine } from './action.machine'

/**
 * What an action's card shows, read from the action machine's snapshot (src/views/home/ItemActions.tsx and the path
 * driver ask these, never the domain's lists). Every answer is the machine's own `can()`: a button is shown when
 * the machine at rest (ready.idle, with the same context) would take its event, which its guards decide from the
 * action lifecycle's table, and enabled exactly when the machine takes its event now (not while a form is open or
 * a change is being saved).
 */
type ActionSnapshot = SnapshotFrom<typeof actionMachine>

export interface StepButton {
  readonly step: ActionStep
  readonly enabled: boolean
}

/** The machine at rest with this context: what the card offers this person at all. */
const atRest = (snapshot: ActionSnapshot): ActionSnapshot => snapshot.machine.resolveState({ value: { ready: 'idle' }, context: snapshot.context })

/** The step buttons of an action's card. */
export function stepButtons(snapshot: ActionSnapshot, action: ActionRecord): StepButton[] {
  if (!snapshot.context.activity) return []
  const rest = atRest(snapshot)
  return ACTION_STEPS.filter((step) => rest.can({ type: 'CHOOSE_STEP', actionId: action.id, step })).map((step) => ({
    step,
    enabled: snapshot.can({ type: 'CHOOSE_STEP', actionId: action.id, step }),
  }))
}

/** The card's Reassign button: null when this person may not reassign it (a member, a closed action). */
export function reassignButton(snapshot: ActionSnapshot, action: ActionRecord): { readonly enabled: boolean } | null {
  if (!snapshot.context.activity || !atRest(snapshot).can({ type: 'OPEN_REASSIGN', actionId: action.id })) return null
  return { enabled: snapshot.can({ type: 'OPEN_REASSIGN', actionId: action.id }) }
}

/** Overdue on the day the page opened (the machine's `today`, a UK date): the lifecycle's one rule. */
export const isActionOverdue = (snapshot: ActionSnapshot, action: ActionRecord): boolean => isOverdue(action, snapshot.context.today)
