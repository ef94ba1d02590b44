import type { AnyEventObject } from 'xstate'
import { ACTION_MESSAGES, type ActionRecord, type ItemActivity } from '../src/domain/actions'
import type { AssessmentFailure } from '../src/domain/assessments'
import type { ActionContext, ActionInput } from './action.machine'

/** machines/action.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

// Samples: a CQC statement rated 2 in an organisation of three (the paths and the tests use them).

export const ACTION_SAMPLE_TODAY = '2026-11-25'
const ASSESSMENT_ID = '00000000-0000-4000-8000-0000000000c1'
const ITEM_ID = 'cqc-saf-2024/safe/safeguarding'
export const ACTION_SAMPLE_PEOPLE = {
  admin: { userId: '00000000-0000-4000-8000-0000000000a1', name: 'Ada Admin' },
  owner: { userId: '00000000-0000-4000-8000-0000000000a2', name: 'Olu Owner' },
  other: { userId: '00000000-0000-4000-8000-0000000000a3', name: 'Vic Verifier' },
} as const

const baseAction: ActionRecord = {
  id: '00000000-0000-4000-8000-0000000000d1',
  assessmentId: ASSESSMENT_ID,
  itemId: ITEM_ID,
  title: 'Refresh safeguarding training',
  ownerId: ACTION_SAMPLE_PEOPLE.owner.userId,
  ownerName: ACTION_SAMPLE_PEOPLE.owner.name,
  dueOn: '2030-12-09',
  status: 'open',
  version: 1,
  doneNote: null,
  rejectionReason: null,
  verifiedByName: null,
  verificationNote: null,
  verificationUrl: null,
  daysOverdue: 0,
}

export const actionSampleOpen = baseAction
export const actionSampleInProgress: ActionRecord = { ...baseAction, status: 'in_progress', version: 2 }
export const actionSampleAwaiting: ActionRecord = { ...baseAction, status: 'awaiting_verification', version: 3, doneNote: 'All staff booked on the course' }
export const actionSampleClosed: ActionRecord = {
  ...actionSampleAwaiting,
  status: 'closed',
  version: 4,
  verifiedByName: ACTION_SAMPLE_PEOPLE.other.name,
  verificationNote: 'Checked the attendance register',
}
/** The in-progress action after an admin reassigned it: Vic's, due 15 January 2031. */
export const actionSampleReassigned: ActionRecord = {
  ...actionSampleInProgress,
  ownerId: ACTION_SAMPLE_PEOPLE.other.userId,
  ownerName: ACTION_SAMPLE_PEOPLE.other.name,
  dueOn: '2031-01-15',
  version: 3,
}

const members = Object.values(ACTION_SAMPLE_PEOPLE)
const history = (n: number) =>
  [
    { id: 1, at: '2026-11-20T10:00:00.000Z', actorName: 'Ada Admin', kind: 'rated' as const, detail: { rating: '2', label: 'Some shortfalls' } },
    { id: 2, at: '2026-11-20T10:05:00.000Z', actorName: 'Ada Admin', kind: 'action_raised' as const, detail: { title: baseAction.title, owner_name: 'Olu Owner', due_on: baseAction.dueOn } },
  ].slice(0, n).reverse()

/** The activity as each person sees it: the admin looking at the open action, the owner, the other member. */
export const actionSampleActivity = (action: ActionRecord | null, me: 'admin' | 'owner' | 'other'): ItemActivity => ({
  actions: action ? [action] : [],
  members,
  me: { userId: ACTION_SAMPLE_PEOPLE[me].userId, role: me === 'admin' ? 'admin' : 'member' },
  history: history(action ? 2 : 1),
})

export const actionSampleInputs: ActionInput[] = [
  { assessmentId: ASSESSMENT_ID, itemId: ITEM_ID, belowGood: true, today: ACTION_SAMPLE_TODAY },
  { assessmentId: ASSESSMENT_ID, itemId: ITEM_ID, belowGood: false, today: ACTION_SAMPLE_TODAY },
]

const failure = (code: string, message: string): AssessmentFailure => ({ code, message })
const NETWORK = "We couldn't reach the server. Check your connection and try again."

export const actionSampleEvents = [
  { type: 'RETRY' },
  { type: 'OPEN_RAISE' },
  { type: 'TITLE_CHANGED', value: 'Refresh safeguarding training' },
  { type: 'TITLE_CHANGED', value: '' },
  { type: 'OWNER_CHOSEN', value: ACTION_SAMPLE_PEOPLE.owner.userId },
  { type: 'DUE_CHANGED', value: '2030-12-09' },
  { type: 'DUE_CHANGED', value: '2020-11-01' },
  { type: 'SUBMIT_RAISE' },
  { type: 'CANCEL' },
  { type: 'CHOOSE_STEP', actionId: baseAction.id, step: 'start' },
  { type: 'CHOOSE_STEP', actionId: baseAction.id, step: 'submit' },
  { type: 'CHOOSE_STEP', actionId: baseAction.id, step: 'verify' },
  { type: 'CHOOSE_STEP', actionId: baseAction.id, step: 'reject' },
  { type: 'STEP_NOTE_CHANGED', value: 'Checked the attendance register' },
  { type: 'STEP_NOTE_CHANGED', value: '' },
  { type: 'STEP_URL_CHANGED', value: 'https://intranet.example/register.pdf' },
  { type: 'STEP_URL_CHANGED', value: 'register.pdf' },
  { type: 'CONFIRM_STEP' },
  { type: 'xstate.done.actor.loadActivity', output: actionSampleActivity(null, 'admin') },
  { type: 'xstate.done.actor.loadActivity', output: actionSampleActivity(actionSampleOpen, 'owner') },
  { type: 'xstate.done.actor.loadActivity', output: actionSampleActivity(actionSampleInProgress, 'admin') },
  { type: 'xstate.done.actor.loadActivity', output: actionSampleActivity(actionSampleAwaiting, 'other') },
  { type: 'xstate.done.actor.loadActivity', output: actionSampleActivity(actionSampleClosed, 'other') },
  { type: 'xstate.error.actor.loadActivity', error: failure('network', NETWORK) },
  { type: 'xstate.done.actor.raiseAction', output: actionSampleOpen },
  { type: 'xstate.error.actor.raiseAction', error: failure('owner_not_member', 'The owner must be a member of your organisation.') },
  { type: 'xstate.done.actor.moveAction', output: actionSampleInProgress },
  { type: 'xstate.done.actor.moveAction', output: actionSampleClosed },
  { type: 'xstate.error.actor.moveAction', error: failure('action_conflict', ACTION_MESSAGES.conflict('Vic Verifier')) },
  { type: 'xstate.error.actor.moveAction', error: failure('network', NETWORK) },
  // An admin reassigns the action to Vic with a later due date.
  { type: 'OPEN_REASSIGN', actionId: baseAction.id },
  { type: 'OWNER_CHOSEN', value: ACTION_SAMPLE_PEOPLE.other.userId },
  { type: 'DUE_CHANGED', value: '2031-01-15' },
  { type: 'SUBMIT_REASSIGN' },
  { type: 'xstate.done.actor.reassignAction', output: actionSampleReassigned },
  { type: 'xstate.error.actor.reassignAction', error: failure('action_conflict', ACTION_MESSAGES.conflict('Olu Owner')) },
  { type: 'xstate.error.actor.reassignAction', error: failure('owner_not_member', 'The owner must be a member of your organisation.') },
] as const satisfies readonly AnyEventObject[]

/** Bounded state: drafts reduced to what changes behaviour. */
export function actionSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as ActionContext
  const a = c.activity?.actions[0]
  return JSON.stringify({
    v: s.value,
    a: c.activity ? `${c.activity.me.userId.slice(-2)}:${a ? a.status : '-'}` : null,
    bg: c.belowGood,
    r: [c.raise.title !== '', c.raise.ownerId !== '', c.raise.dueOn === '' ? 0 : c.raise.dueOn >= c.today ? 1 : 2],
    st: c.stepping?.step ?? null,
    sd: [c.stepDraft.note !== '', c.stepDraft.url === '' ? 0 : /^https?:\/\//.test(c.stepDraft.url) ? 1 : 2],
    ra: c.reassign && [c.reassign.draft.ownerId === a?.ownerId, c.reassign.draft.dueOn === a?.dueOn ? 0 : c.reassign.draft.dueOn >= c.today ? 1 : 2],
    p: c.problem !== null,
    f: c.refusal?.code ?? null,
    n: c.notice !== null,
  })
}
