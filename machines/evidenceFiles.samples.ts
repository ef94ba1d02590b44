import type { AnyEventObject } from 'xstate'
import type { AssessmentFailure, EvidenceRecord, ItemRecord } from '../src/domain/assessments'
import type { EvidenceFilesContext, EvidenceFilesInput } from './evidenceFiles.machine'

/**
 * The samples of machines/evidenceFiles.machine.ts, kept out of the production module (docs/flows-and-testing.md#the-machine-convention):
 * the events, inputs and data its graph, docs/flows, the path drivers and the machine tests use, and the state
 * reduction that keeps its traversal finite.
 */

// Samples, as the paths and the tests use them.

const FILE_EVIDENCE: EvidenceRecord = {
  id: '00000000-0000-4000-8000-0000000000f9',
  kind: 'file',
  note: null,
  url: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  createdByName: 'Ada Lovelace',
  file: {
    path: '00000000-0000-4000-8000-0000000000f1/cqc-saf-2024/safe/safeguarding/00000000-0000-4000-8000-0000000000a1',
    name: 'Safeguarding policy.pdf',
    size: 48_213,
    contentType: 'application/pdf',
    createdBy: '00000000-0000-4000-8000-000000000001',
  },
}

export const evidenceFilesSampleFile = FILE_EVIDENCE

export const evidenceFilesSampleItem: ItemRecord = {
  itemId: 'cqc-saf-2024/safe/safeguarding',
  status: 'in-progress',
  rating: null,
  evidenceCategory: null,
  ratedBy: null,
  ratedByName: null,
  ratedAt: null,
  reviewedAt: null,
  version: 0,
  evidence: [FILE_EVIDENCE],
}

export const evidenceFilesSampleInput: EvidenceFilesInput = {
  assessment: { id: '00000000-0000-4000-8000-0000000000c1', organisationId: '00000000-0000-4000-8000-0000000000f1' },
  itemId: 'cqc-saf-2024/safe/safeguarding',
}

const failure = (code: string, message: string): AssessmentFailure => ({ code, message })

export const evidenceFilesSampleEvents = [
  { type: 'FILE_CHOSEN', file: new File([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], 'Safeguarding policy.pdf', { type: 'application/pdf' }) },
  { type: 'UPLOAD_PROGRESS', loaded: 8, total: 15 },
  { type: 'UPLOAD_DONE', item: evidenceFilesSampleItem },
  { type: 'UPLOAD_FAILED', failure: failure('too_large', 'This file is larger than 20 MB: choose a smaller file.') },
  { type: 'CANCEL' },
  { type: 'VIEW', evidence: FILE_EVIDENCE },
  { type: 'xstate.done.actor.signFileUrl', output: 'http://127.0.0.1:54321/storage/v1/object/sign/evidence/sample?token=sample' },
  { type: 'xstate.error.actor.signFileUrl', error: failure('file_not_found', 'This file is no longer there: it may have been removed.') },
  { type: 'REMOVE', evidence: FILE_EVIDENCE },
  { type: 'KEEP_FILE' },
  { type: 'CONFIRM_REMOVE' },
  // The item read again after a removal (in the paths a copy of the file is still listed, so the path can go on).
  { type: 'xstate.done.actor.removeFile', output: evidenceFilesSampleItem },
  { type: 'xstate.error.actor.removeFile', error: failure('last_evidence', 'This file is the only evidence for the rating: add other evidence before removing it.') },
] as const satisfies readonly AnyEventObject[]

/** Bounded state: what changes behaviour or what the page shows. */
export function evidenceFilesSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as EvidenceFilesContext
  return JSON.stringify({ v: s.value, up: c.upload !== null, rm: c.removing !== null, f: c.refusal?.code ?? null, n: c.notice })
}
