import type { AnyEventObject } from 'xstate'
import type { AssessmentFailure, EvidenceRecord, ItemRecord } from '../src/domain/assessments'
import { assessItemSampleWithFile } from './assessItem.samples'
import type { EvidenceFilesContext, EvidenceFilesInput } from './evidenceFiles.machine'

/** machines/evidenceFiles.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

// Samples, as the paths and the tests use them.

/** A statement in progress with a file as its evidence: assessItem's sample (the item panel shows both flows). */
export const evidenceFilesSampleItem: ItemRecord = assessItemSampleWithFile

export const evidenceFilesSampleFile = assessItemSampleWithFile.evidence[0] as EvidenceRecord

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
  { type: 'VIEW', evidence: evidenceFilesSampleFile },
  { type: 'xstate.done.actor.signFileUrl', output: 'http://127.0.0.1:54321/storage/v1/object/sign/evidence/sample?token=sample' },
  { type: 'xstate.error.actor.signFileUrl', error: failure('file_not_found', 'This file is no longer there: it may have been removed.') },
  { type: 'REMOVE', evidence: evidenceFilesSampleFile },
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
