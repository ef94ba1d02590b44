/**
 * The inspection pack's input from an assessment as the app reads it (src/domain/assessments: the rows of
 * assessments, assessment_items and assessment_evidence, with the names the server wrote in them). Pure.
 *
 * Evidence is named by what a person wrote: a note's text (its first line, shortened), a link's note or else its
 * address, a file by its own name. Actions (rpc list_actions, src/domain/actions) go with their item: owner, due
 * date, status and, once closed, when, who verified it and their verification note or link.
 */
import * as v from 'valibot'
import { type ActionRecord, parseAction } from '../actions'
import { type AssessmentRecord, assessmentState, type EvidenceRecord } from '../assessments'
import { FRAMEWORK_VERSIONS } from '../frameworks/registry'
import type { InspectionPackInput, PackActionInput, PackEvidenceInput, PackItemRecords } from './types'

/** What /app/pack says (src/views/pack/PackPage.tsx; its path tests read the same). */
export const PACK_PAGE_MESSAGES = {
  loading: 'Loading your inspection pack',
  loadFailed: "We couldn't load your inspection pack. Check your connection and try again.",
  empty: 'You have no self-assessment yet, so there is nothing to put in an inspection pack. Start one in your workspace.',
  pdfFailed: "We couldn't make the PDF. Check your connection and try again.",
  downloaded: (fileName: string, pages: number) => `Downloaded ${fileName} (${pages} ${pages === 1 ? 'page' : 'pages'}).`,
} as const

/** `?framework=` of /app/pack: a framework id we know ('cqc-saf'), else null (the page then shows the first open one). */
const PackFramework = v.picklist([...new Set(FRAMEWORK_VERSIONS.map((f) => f.frameworkId))])
export function packFrameworkOf(value: unknown): string | null {
  const parsed = v.safeParse(PackFramework, value)
  return parsed.success ? parsed.output : null
}

/** Longest evidence name the pack shows (a note can be 4,000 characters; the pack lists, it does not quote). */
export const EVIDENCE_NAME_MAX = 160

function shorten(text: string): string {
  const line = text.trim().split(/\r?\n/, 1)[0]!.trim()
  return line.length > EVIDENCE_NAME_MAX ? `${line.slice(0, EVIDENCE_NAME_MAX - 1).trimEnd()}…` : line
}

export function evidenceName(e: Pick<EvidenceRecord, 'kind' | 'note' | 'url'> & { readonly file?: { readonly name: string } }): string {
  if (e.kind === 'file' && e.file?.name.trim()) return shorten(e.file.name)
  if (e.kind === 'link') return e.note?.trim() ? shorten(e.note) : (e.url ?? 'Link')
  return e.note?.trim() ? shorten(e.note) : 'Note'
}

const evidenceOf = (e: EvidenceRecord): PackEvidenceInput => ({
  name: evidenceName(e),
  kind: e.kind,
  category: null,
  addedAt: e.createdAt,
  addedBy: e.createdByName ?? 'a member',
})

/** An action as the pack reads it (rpc list_actions): the app's record and, once closed, when. */
export interface PackActionRecord extends ActionRecord {
  readonly closedAt: string | null
}

/** rpc list_actions' rows (every action of the organisation) as the pack reads them; malformed rows are left out. */
export function parsePackActions(rows: unknown): PackActionRecord[] {
  if (!Array.isArray(rows)) return []
  return rows.flatMap((row) => {
    const action = parseAction(row)
    if (!action) return []
    const closedAt = (row as { closed_at?: unknown }).closed_at
    return [{ ...action, closedAt: typeof closedAt === 'string' && closedAt ? closedAt : null }]
  })
}

const actionOf = (a: PackActionRecord): PackActionInput => ({
  title: a.title,
  owner: a.ownerName,
  dueOn: a.dueOn,
  status: a.status,
  closedAt: a.closedAt,
  verifiedBy: a.verifiedByName,
  verification: a.verificationNote?.trim() ? shorten(a.verificationNote) : a.verificationUrl,
})

export interface PackData {
  /** The organisation's name ('' when it has no open assessment, so none could be read). */
  readonly organisation: string
  /** Who is preparing the pack: the signed-in person's name, else e-mail. */
  readonly preparedBy: string
  /** The open assessments, in the regulators' order. */
  readonly assessments: readonly AssessmentRecord[]
  /** The organisation's actions, of every assessment (absent: none read). */
  readonly actions?: readonly PackActionRecord[]
}

export interface PackSource {
  readonly organisation: string
  readonly assessment: AssessmentRecord
  readonly preparedBy: string
  /** When the pack is made (ISO 8601). */
  readonly preparedAt: string
  /** The organisation's actions; those of this assessment go with their items. */
  readonly actions?: readonly PackActionRecord[]
}

export function packInputFrom(source: PackSource): InspectionPackInput {
  const items: Record<string, PackItemRecords> = {}
  for (const item of Object.values(source.assessment.items)) {
    items[item.itemId] = { ratedBy: item.rating ? item.ratedByName : null, evidence: item.evidence.map(evidenceOf), actions: [] }
  }
  for (const action of source.actions ?? []) {
    if (action.assessmentId !== source.assessment.id) continue
    const records = items[action.itemId] ?? { ratedBy: null, evidence: [], actions: [] }
    items[action.itemId] = { ...records, actions: [...(records.actions ?? []), actionOf(action)] }
  }
  return {
    organisation: source.organisation,
    versionId: source.assessment.versionId,
    assessment: assessmentState(source.assessment),
    items,
    preparedBy: source.preparedBy,
    preparedAt: source.preparedAt,
  }
}
