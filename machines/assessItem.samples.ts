import type { AnyEventObject } from 'xstate'
import { ASSESSMENT_MESSAGES, type AssessmentFailure, draftProblem, type ItemRecord } from '../src/domain/assessments'
import type { AssessItemContext, AssessItemInput } from './assessItem.machine'

/** machines/assessItem.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

// Samples: a CQC Safe statement (evidence category recorded) as the paths and the tests use it.

const ASSESSMENT = { id: '00000000-0000-4000-8000-0000000000c1', organisationId: '00000000-0000-4000-8000-0000000000f1', versionId: 'cqc-saf-2024' }
const ITEM_ID = 'cqc-saf-2024/safe/safeguarding'
const RATER = '00000000-0000-4000-8000-000000000001'

const evidence = (id: string, note: string, url: string | null = null) => ({ id, kind: url ? ('link' as const) : ('note' as const), note, url, createdAt: '2026-11-20T09:00:00.000Z', createdByName: 'Ada Lovelace' })

export const assessItemSampleInProgress: ItemRecord = {
  itemId: ITEM_ID,
  status: 'in-progress',
  rating: null,
  evidenceCategory: null,
  ratedBy: null,
  ratedByName: null,
  ratedAt: null,
  reviewedAt: null,
  version: 0,
  evidence: [evidence('00000000-0000-4000-8000-0000000000e1', 'Safeguarding policy, reviewed in October')],
}

export const assessItemSampleRated: ItemRecord = {
  ...assessItemSampleInProgress,
  status: 'rated',
  rating: '3',
  evidenceCategory: 'processes',
  ratedBy: RATER,
  ratedByName: 'Ada Lovelace',
  ratedAt: '2026-11-20T10:00:00.000Z',
  version: 1,
  evidence: [...assessItemSampleInProgress.evidence, evidence('00000000-0000-4000-8000-0000000000e2', 'Training records', 'https://intranet.example/training')],
}

export const assessItemSampleReviewed: ItemRecord = { ...assessItemSampleRated, status: 'reviewed', rating: '4', reviewedAt: '2026-11-27T10:00:00.000Z', ratedAt: '2026-11-27T10:00:00.000Z', version: 2 }

/** What a colleague did meanwhile (the item read again after a conflict). */
export const assessItemSampleChanged: ItemRecord = { ...assessItemSampleRated, rating: '2', ratedByName: 'Grace Hopper', version: 2 }

/** The item after a file was attached (machines/evidenceFiles.machine.ts): in progress, the file its evidence. */
export const assessItemSampleWithFile: ItemRecord = {
  ...assessItemSampleInProgress,
  evidence: [
    {
      id: '00000000-0000-4000-8000-0000000000f9',
      kind: 'file',
      note: null,
      url: null,
      createdAt: '2026-11-25T09:00:00.000Z',
      createdByName: 'Ada Lovelace',
      file: {
        path: `${ASSESSMENT.organisationId}/${ITEM_ID}/00000000-0000-4000-8000-0000000000a1`,
        name: 'Safeguarding policy.pdf',
        size: 48_213,
        contentType: 'application/pdf',
        createdBy: RATER,
      },
    },
  ],
}

export const assessItemSampleInputs: AssessItemInput[] = [
  { assessment: ASSESSMENT, itemId: ITEM_ID, item: null, reviewDue: false },
  { assessment: ASSESSMENT, itemId: ITEM_ID, item: assessItemSampleRated, reviewDue: true },
]

const failure = (code: string, message: string): AssessmentFailure => ({ code, message })

export const assessItemSampleEvents = [
  { type: 'NOTE_CHANGED', value: 'Safeguarding policy, reviewed in October' },
  { type: 'NOTE_CHANGED', value: '' },
  { type: 'LINK_CHANGED', value: 'https://intranet.example/training' },
  { type: 'LINK_CHANGED', value: 'intranet/training' },
  { type: 'RATING_CHOSEN', value: '3' },
  { type: 'CATEGORY_CHOSEN', value: 'processes' },
  { type: 'ADD_EVIDENCE' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.addEvidence', output: assessItemSampleInProgress },
  { type: 'xstate.error.actor.addEvidence', error: failure('network', "We couldn't reach the server. Check your connection and try again.") },
  { type: 'xstate.done.actor.rateItem', output: assessItemSampleRated },
  { type: 'xstate.done.actor.rateItem', output: assessItemSampleReviewed },
  { type: 'xstate.error.actor.rateItem', error: failure('rating_conflict', ASSESSMENT_MESSAGES.conflict('Grace Hopper')) },
  { type: 'xstate.error.actor.rateItem', error: failure('assessment_archived', 'This assessment is archived: reopen it to change its answers.') },
  { type: 'xstate.done.actor.refreshItem', output: assessItemSampleChanged },
  { type: 'xstate.error.actor.refreshItem', error: failure('network', "We couldn't reach the server. Check your connection and try again.") },
  { type: 'FILES_CHANGED', item: assessItemSampleWithFile },
] as const satisfies readonly AnyEventObject[]

/** Bounded state: the draft and choices reduced to what changes behaviour. */
export function assessItemSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as AssessItemContext
  return JSON.stringify({
    v: s.value,
    item: c.item ? `${c.item.status}:${c.item.version}:${c.item.evidence.length}` : null,
    due: c.reviewDue,
    note: c.draft.note !== '',
    url: c.draft.url === '' ? 0 : draftProblem({ note: '', url: c.draft.url }) === null ? 1 : 2,
    r: c.rating,
    cat: c.category,
    p: c.problem !== null,
    f: c.refusal?.code ?? null,
    n: c.notice !== null,
  })
}
