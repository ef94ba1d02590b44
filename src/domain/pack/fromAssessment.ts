/**
 * The inspection pack's input from an assessment as the app reads it (src/domain/assessments: the rows of
 * assessments, assessment_items and assessment_evidence, with the names the server wrote in them). Pure.
 *
 * Evidence is named by what a person wrote: a note's text (its first line, shortened), a link's note or else its
 * address. Actions are issue 30's and not read here yet: the pack then says which gaps have no action.
 */
import * as v from 'valibot'
import { type AssessmentRecord, assessmentState, type EvidenceRecord } from '../assessments'
import { FRAMEWORK_VERSIONS } from '../frameworks/registry'
import type { InspectionPackInput, PackEvidenceInput, PackItemRecords } from './types'

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

export function evidenceName(e: Pick<EvidenceRecord, 'kind' | 'note' | 'url'>): string {
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

export interface PackData {
  /** The organisation's name ('' when it has no open assessment, so none could be read). */
  readonly organisation: string
  /** Who is preparing the pack: the signed-in person's name, else e-mail. */
  readonly preparedBy: string
  /** The open assessments, in the regulators' order. */
  readonly assessments: readonly AssessmentRecord[]
}

export interface PackSource {
  readonly organisation: string
  readonly assessment: AssessmentRecord
  readonly preparedBy: string
  /** When the pack is made (ISO 8601). */
  readonly preparedAt: string
}

export function packInputFrom(source: PackSource): InspectionPackInput {
  const items: Record<string, PackItemRecords> = {}
  for (const item of Object.values(source.assessment.items)) {
    items[item.itemId] = { ratedBy: item.rating ? item.ratedByName : null, evidence: item.evidence.map(evidenceOf), actions: [] }
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
