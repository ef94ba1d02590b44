import type { AnyEventObject } from 'xstate'
import type { AssessmentFailure, Dashboard } from '../src/domain/assessments'
import { assessItemSampleRated } from './assessItem.samples'
import { chosenFrameworkIds, type HomeContext, type HomeInput } from './home.machine'

/** machines/home.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

// Samples: a care organisation (CQC, reviews weekly) with one Safe statement rated a week ago.

const ORG = '00000000-0000-4000-8000-0000000000f1'
const CQC_ASSESSMENT = '00000000-0000-4000-8000-0000000000c1'

export const homeSampleInput: HomeInput = { user: { userId: '00000000-0000-4000-8000-000000000001', email: 'ada@sunrise-care.co.uk' }, now: '2026-11-27T12:00:00.000Z' }

export const homeSampleCareDashboard: Dashboard = {
  answers: { selectedRegulators: ['cqc'], sector: 'care', frequency: 'weekly' },
  assessments: [
    {
      id: CQC_ASSESSMENT,
      organisationId: ORG,
      frameworkId: 'cqc-saf',
      versionId: 'cqc-saf-2024',
      conditions: {},
      items: { [assessItemSampleRated.itemId]: assessItemSampleRated },
    },
  ],
}

/** Setup chose CQC, but nothing is started yet. */
export const homeSampleEmptyDashboard: Dashboard = { answers: homeSampleCareDashboard.answers, assessments: [] }

/** Setup never answered: no framework to start. */
export const homeSampleUnsetDashboard: Dashboard = { answers: { selectedRegulators: [], sector: null, frequency: null }, assessments: [] }

const failure = (code: string, message: string): AssessmentFailure => ({ code, message })

export const homeSampleEvents = [
  { type: 'RETRY' },
  { type: 'START' },
  { type: 'OPEN_ITEM', assessmentId: CQC_ASSESSMENT, itemId: 'cqc-saf-2024/safe/safeguarding' },
  { type: 'CLOSE_ITEM' },
  // The open statement rated again (as the item's machine reports it).
  { type: 'ITEM_CHANGED', assessmentId: CQC_ASSESSMENT, item: { ...assessItemSampleRated, rating: '2', ratedAt: '2026-11-27T11:00:00.000Z', version: 2 } },
  { type: 'xstate.done.actor.loadDashboard', output: homeSampleCareDashboard },
  { type: 'xstate.done.actor.loadDashboard', output: homeSampleEmptyDashboard },
  { type: 'xstate.done.actor.loadDashboard', output: homeSampleUnsetDashboard },
  { type: 'xstate.error.actor.loadDashboard', error: failure('network', "We couldn't reach the server. Check your connection and try again.") },
  { type: 'xstate.done.actor.syncAssessments', output: homeSampleCareDashboard },
  { type: 'xstate.done.actor.syncAssessments', output: homeSampleEmptyDashboard },
  { type: 'xstate.error.actor.syncAssessments', error: failure('not_member', 'You are not a member of an organisation.') },
] as const satisfies readonly AnyEventObject[]

/** Bounded state: the dashboard reduced to what changes the page's behaviour. */
export function homeSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as HomeContext
  return JSON.stringify({
    v: s.value,
    d: c.dashboard ? `${c.dashboard.assessments.length}:${chosenFrameworkIds(c.dashboard).length}:${c.dashboard.assessments.map((a) => Object.keys(a.items).length).join(',')}` : null,
    o: c.open?.itemId ?? null,
    r: c.refusal?.code ?? null,
  })
}
