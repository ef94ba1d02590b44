/**
 * The shape of a regulator's framework as versioned data (shared/frameworks.md): a framework id and a version,
 * groups (CQC key questions, Ofsted evaluation areas, RSH standards, BSR duties) holding items with stable ids,
 * the rating scales, CQC's evidence categories and the conditions under which an item applies.
 *
 * Only facts and the structure the rules need live here (src/domain may be imported by machines, the backend,
 * views and content). Our own prose about each item (what good looks like, what evidence helps) is content, in
 * src/content/frameworks/.
 */
import type { Regulator } from '../onboarding'
import type { Sector } from '../sectors'

/** One point of a rating scale, worst first: `score` runs 1..n in that order. */
export interface ScalePoint {
  /** The stable value stored with a rating ('1'..'4', 'urgent-improvement', 'met', 'partly-compliant'). */
  readonly value: string
  /** 1 for the worst point, n for the best. CQC's scores are these numbers. */
  readonly score: number
  /** The regulator's own words for the point, or ours for a scale of our own. */
  readonly label: string
  /** Below the standard a regulator expects: such a rating may raise an action (issue 30). */
  readonly belowGood: boolean
}

export interface Scale {
  /** Stable across versions: a new version reuses a scale unless the scale itself changes. */
  readonly id: string
  readonly name: string
  readonly points: readonly ScalePoint[]
  /** 'regulator' when the regulator publishes the scale; 'ours' when it publishes none and the scale is ours. */
  readonly source: 'regulator' | 'ours'
  /** The sentence the product shows wherever an 'ours' scale is used; null for a regulator's scale. */
  readonly notice: string | null
}

export interface FrameworkItem {
  /** `<version id>/<group key>/<item key>`, e.g. `cqc-saf-2024/safe/medicines-optimisation`. Never changes. */
  readonly id: string
  readonly key: string
  /** The regulator's name for the item. */
  readonly name: string
  readonly groupId: string
  readonly scaleId: string
  /** The key of a condition of the version (e.g. 'early-years'): the item applies only where it holds. */
  readonly condition: string | null
}

export type GroupKind = 'key-question' | 'evaluation-areas' | 'safeguarding' | 'standard' | 'duties'

export interface FrameworkGroup {
  /** `<version id>/<group key>`, e.g. `cqc-saf-2024/safe`. */
  readonly id: string
  readonly key: string
  readonly name: string
  readonly kind: GroupKind
  /** Judged on its own, apart from the other groups (Ofsted's safeguarding, met or not met). */
  readonly judgedSeparately: boolean
  readonly items: readonly FrameworkItem[]
}

/** One of CQC's published rating bands, on whole percentages (both ends included). */
export interface Band {
  readonly key: string
  readonly label: string
  readonly from: number
  readonly to: number
}

/** How a version is scored: each kind is a regulator's published method (or, for compliance, ours). */
export type ScoringMethod =
  | { readonly kind: 'cqc-percentage'; readonly bands: readonly Band[] }
  | {
      readonly kind: 'ofsted-grades'
      /** The item whose urgent improvement, with another area's, means special measures. */
      readonly leadershipItemKey: string
      /** The scale value that is "urgent improvement". */
      readonly urgentValue: string
      /** The safeguarding scale value that is "not met". */
      readonly notMetValue: string
    }
  | { readonly kind: 'compliance' }

export interface EvidenceCategory {
  readonly key: string
  readonly name: string
}

export interface Condition {
  readonly key: string
  /** What must hold for the items to apply, as a noun phrase: 'Early years provision'. */
  readonly name: string
}

export interface FrameworkVersion {
  /** `<framework id>-<version>`, e.g. 'cqc-saf-2024'. */
  readonly id: string
  /** 'cqc-saf', 'ofsted-eif', 'rsh-consumer', 'bsr-hrb'. */
  readonly frameworkId: string
  readonly version: string
  /** The framework's full name: 'CQC single assessment framework'. */
  readonly name: string
  /** A short name for tight places: 'CQC'. */
  readonly shortName: string
  readonly regulator: Regulator
  readonly sector: Sector
  /** What a group and an item are called in this framework ('key question', 'quality statement'). */
  readonly groupNoun: { readonly singular: string; readonly plural: string }
  readonly itemNoun: { readonly singular: string; readonly plural: string }
  readonly scoring: ScoringMethod
  readonly scales: readonly Scale[]
  readonly groups: readonly FrameworkGroup[]
  /** CQC's six evidence categories; empty where the regulator names none. */
  readonly evidenceCategories: readonly EvidenceCategory[]
  readonly conditions: readonly Condition[]
}

/** The current (latest) rating of one item. */
export interface ItemRating {
  readonly value: string
  /** When it was made, as an ISO 8601 instant. */
  readonly ratedAt: string
  /** CQC: the key of the evidence category recorded with the rating. */
  readonly evidenceCategory?: string | null
}

/** Item id → its latest rating; an item without one is unrated. Plain data, so machines can hold it. */
export type RatingsByItem = Readonly<Record<string, ItemRating | undefined>>

/** What the rules need to know about one assessment: its ratings and its answers to the conditions. */
export interface AssessmentState {
  readonly ratings: RatingsByItem
  /** Condition key → whether it holds; unanswered counts as holding, so no item is dropped silently. */
  readonly conditions?: Readonly<Record<string, boolean | undefined>>
}

/**
 * A map from one version's items to the next's (./versioning.ts): every old item and every new item appears in
 * exactly one entry. One → one is the same item; one → many a split; many → one a merge; none → one a new item;
 * one → none a dropped one.
 */
export interface MappingEntry {
  readonly from: readonly string[]
  readonly to: readonly string[]
}

/** How values of an old scale read on a new one. A scale both versions share needs no map. */
export interface ScaleMap {
  readonly fromScaleId: string
  readonly toScaleId: string
  readonly values: Readonly<Record<string, string>>
}

export interface FrameworkMapping {
  readonly fromVersionId: string
  readonly toVersionId: string
  readonly entries: readonly MappingEntry[]
  readonly scaleMaps?: readonly ScaleMap[]
}
