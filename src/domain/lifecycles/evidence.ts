/**
 * The lifecycle of a piece of evidence (issues 29 and 30), written once. The SQL (the kind check and the insert and
 * delete rules of assessment_evidence: 20261125000000_assessments.sql, 20261126000000_evidence_files.sql; the
 * evidence-files function records a file) and the machines (machines/assessItem.machine.ts adds notes and links,
 * machines/evidenceFiles.machine.ts uploads and removes files) are checked against this table by tests.
 *
 *   new --add (note, link)--> attached
 *   new --upload (file)--> uploading --record--> attached --remove (file)--> removed
 *                               +------cancel-------------------------------^
 *
 * Notes and links are never removed; a file is, unless it is the only evidence a rating rests on (the item's rule,
 * enforced by the database: 'last_evidence'). Any member of the organisation takes every step; a file is recorded
 * by the evidence-files function on the member's behalf, after it has checked the stored bytes.
 */
import { defineLifecycle, type Lifecycle, transitionOf } from '../lifecycle'

export const EVIDENCE_KINDS = ['note', 'link', 'file'] as const
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number]
export const EVIDENCE_STATUSES = ['new', 'uploading', 'attached', 'removed'] as const
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number]
export const EVIDENCE_STEPS = ['add', 'upload', 'record', 'cancel', 'remove'] as const
export type EvidenceStep = (typeof EVIDENCE_STEPS)[number]
export type EvidenceRole = 'member'

export const EVIDENCE_LIFECYCLE: Lifecycle<EvidenceStatus, EvidenceStep, EvidenceRole> = defineLifecycle<EvidenceStatus, EvidenceStep, EvidenceRole>({
  name: 'evidence',
  statuses: EVIDENCE_STATUSES,
  initial: 'new',
  final: ['removed'],
  steps: EVIDENCE_STEPS,
  roles: ['member'],
  labels: { new: 'Not saved', uploading: 'Uploading', attached: 'Attached', removed: 'Removed' },
  transitions: [
    { step: 'add', from: 'new', to: 'attached', by: ['member'] },
    { step: 'upload', from: 'new', to: 'uploading', by: ['member'] },
    { step: 'record', from: 'uploading', to: 'attached', by: ['member'] },
    { step: 'cancel', from: 'uploading', to: 'removed', by: ['member'] },
    { step: 'remove', from: 'attached', to: 'removed', by: ['member'] },
  ],
})

/** Which kinds of evidence each step is for. */
export const EVIDENCE_STEP_KINDS: Readonly<Record<EvidenceStep, readonly EvidenceKind[]>> = {
  add: ['note', 'link'],
  upload: ['file'],
  record: ['file'],
  cancel: ['file'],
  remove: ['file'],
}

/** Whether a piece of evidence of this kind, in this status, can take this step. */
export const evidenceMay = (step: EvidenceStep, kind: EvidenceKind, from: EvidenceStatus): boolean =>
  EVIDENCE_STEP_KINDS[step].includes(kind) && !!transitionOf(EVIDENCE_LIFECYCLE, from, step)
