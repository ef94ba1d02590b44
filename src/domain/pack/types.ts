/**
 * The inspection pack (issue 30): what goes in, as plain data, and the document that comes out.
 *
 * The input is independent of any table: whoever reads the assessment, evidence and actions tables maps their rows
 * into `InspectionPackInput`. `buildPackDocument` (./build.ts) turns it into a `PackDocument`, every word already
 * written (scores and bands exactly as src/domain/frameworks computes them, UK dates, the notes on gaps), so the PDF
 * and the print-ready page render the same document and neither decides anything.
 */
import type { AssessmentState } from '../frameworks/types'
import type { ActionStatus } from '../lifecycles/action'
import type { EvidenceKind } from '../lifecycles/evidence'

/** The action lifecycle's statuses and the evidence kinds, as the app has them (src/domain/lifecycles). */
export type { ActionStatus, EvidenceKind }

/** One piece of evidence held for an item. */
export interface PackEvidenceInput {
  /** The file's name, the note's title or the link's title (or its address). */
  readonly name: string
  readonly kind: EvidenceKind
  /** CQC: the key of one of the version's evidence categories ('processes'); null or absent elsewhere. */
  readonly category?: string | null
  /** When it was added, an ISO 8601 instant. */
  readonly addedAt: string
  /** Who added it: a member's display name. */
  readonly addedBy: string
}

/** One action raised on an item. Closed actions are listed as verified, with who verified them. */
export interface PackActionInput {
  readonly title: string
  /** The member who owns it: a display name. */
  readonly owner: string
  /** The due date, a UK calendar date (YYYY-MM-DD). */
  readonly dueOn: string
  readonly status: ActionStatus
  /** Closed actions: when it was closed (ISO instant) and the reviewer who verified it. */
  readonly closedAt?: string | null
  readonly verifiedBy?: string | null
  /** Closed actions: how it was verified, the reviewer's note (else their link). */
  readonly verification?: string | null
}

/** What is known about one item beyond its rating (which is in the assessment state). */
export interface PackItemRecords {
  /** Who made the latest rating: a display name. */
  readonly ratedBy?: string | null
  readonly evidence?: readonly PackEvidenceInput[]
  readonly actions?: readonly PackActionInput[]
}

export interface InspectionPackInput {
  /** The organisation's name, as it should read on every page. */
  readonly organisation: string
  /** The framework version the assessment was made against ('cqc-saf-2024'). */
  readonly versionId: string
  /** The same state the framework rules take: latest rating per item, answers to conditions. */
  readonly assessment: AssessmentState
  /** Item id → its evidence, actions and who rated it. Items without records may be left out. */
  readonly items: Readonly<Record<string, PackItemRecords | undefined>>
  /** Who asked for the pack: a display name. */
  readonly preparedBy: string
  /** When the pack was made, an ISO 8601 instant; its date is the UK calendar date then. */
  readonly preparedAt: string
}

/** How a line reads at a glance: good news, something to look at, a serious gap, or nothing yet. */
export type PackTone = 'good' | 'attention' | 'serious' | 'none'

/** One row of the cover's summary: a key question (CQC), an area (Ofsted), a standard or duties (RSH, BSR). */
export interface PackSummaryRow {
  readonly label: string
  /** 'Good, 69 %', 'Needs attention', 'Partly compliant (worst so far)', 'Not yet rated'. */
  readonly score: string
  /** '8 of 8 rated', '3 of 8 rated: provisional'. */
  readonly detail: string
  readonly tone: PackTone
}

export type PackNoteKind = 'no-evidence' | 'below-good-no-action'

export interface PackNote {
  readonly kind: PackNoteKind
  readonly text: string
}

export interface PackEvidence {
  readonly name: string
  readonly kind: EvidenceKind
  /** 'File', 'Note', 'Link'. */
  readonly kindLabel: string
  /** The category's name (CQC), or null. */
  readonly category: string | null
  /** '3 March 2026'. */
  readonly addedOn: string
  readonly addedBy: string
  /** One line with everything above: 'File · Processes · added 3 March 2026 by Jo Bloggs'. */
  readonly line: string
}

export interface PackAction {
  readonly title: string
  readonly owner: string
  readonly status: ActionStatus
  /** 'Open', 'In progress', 'Awaiting verification', 'Closed'. */
  readonly statusLabel: string
  readonly dueOn: string
  /** Open and due before the pack's date. */
  readonly overdue: boolean
  /** 'Owner Sam Lee · due 1 December 2026 · In progress' (with 'overdue' or who verified it). */
  readonly line: string
}

export interface PackRating {
  readonly value: string
  readonly score: number
  /** The regulator's words for the point (ours for our compliance scale). */
  readonly label: string
  readonly belowGood: boolean
}

export interface PackItem {
  readonly id: string
  readonly name: string
  /** False when its condition does not hold (a school without a sixth form): it counts nowhere. */
  readonly applicable: boolean
  readonly rating: PackRating | null
  /** '3 – Good standard', 'Not yet rated', 'Not applicable: this school has said it has no sixth form'. */
  readonly ratingText: string
  /** 'Rated 12 March 2026 by Priya Shah · evidence category: Processes', or null when unrated. */
  readonly ratingDetail: string | null
  readonly evidence: readonly PackEvidence[]
  /** Not closed: open, in progress or awaiting verification. */
  readonly openActions: readonly PackAction[]
  /** Closed, so verified (issue 30 closes an action only on verification evidence). */
  readonly closedActions: readonly PackAction[]
  readonly notes: readonly PackNote[]
}

export interface PackGroup {
  readonly id: string
  readonly name: string
  /** 'Key question', 'Standard', 'Safeguarding'. */
  readonly kicker: string
  /** The same words as the group's summary row. */
  readonly score: string
  readonly detail: string
  readonly tone: PackTone
  readonly items: readonly PackItem[]
}

export interface PackDocument {
  /** 'Inspection pack'. */
  readonly title: string
  readonly organisation: string
  /** The pack's UK date, '24 November 2026', and as YYYY-MM-DD. */
  readonly date: string
  readonly isoDate: string
  readonly framework: {
    readonly versionId: string
    /** 'CQC single assessment framework (2024)'. */
    readonly name: string
    readonly shortName: string
    readonly regulator: string
  }
  readonly preparedBy: string
  /** 'Prepared by Priya Shah on 24 November 2026'. */
  readonly preparedLine: string
  /** '20 of 34 quality statements rated (58 %)'. */
  readonly completion: string
  /** Our-scale frameworks (RSH, BSR): the sentence that says the scale is ours; null for a regulator's scale. */
  readonly scaleNotice: string | null
  /** Ofsted: the consequence rules on the grades so far; null elsewhere. */
  readonly outcome: { readonly text: string; readonly tone: PackTone } | null
  /** 'Key questions', 'Evaluation areas and safeguarding', 'Standards', 'Duties'. */
  readonly summaryHeading: string
  /** What a summary row is: 'Key question', 'Area', 'Standard', 'Duties'. */
  readonly summaryColumn: string
  readonly summary: readonly PackSummaryRow[]
  /** What an inspector would ask about first: ratings without evidence, gaps without an action, overdue actions. */
  readonly attention: readonly string[]
  readonly groups: readonly PackGroup[]
  /** A file name for the PDF: 'inspection-pack-cqc-2024-sunrise-care-2026-11-24.pdf'. */
  readonly fileName: string
  /** Item ids in the input that the version does not have (mapped from another version?): left out of the pack. */
  readonly unknownItemIds: readonly string[]
}
