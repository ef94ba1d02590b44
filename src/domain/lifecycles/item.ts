/**
 * The lifecycle of an assessed framework item (issue 29), written once. The SQL (20261125000000_assessments.sql: the
 * status check of assessment_items, rate_item, the evidence trigger that makes an item's row) and
 * machines/assessItem.machine.ts are checked against this table by tests.
 *
 *   not-started --addEvidence--> in-progress --rate--> rated --review--> reviewed
 *   (rate from any status; review from rated or reviewed; evidence added keeps a rated item rated)
 *
 * `not-started` is an item without a row. "Due for review" is not stored: a rated or reviewed item whose review has
 * fallen due by the organisation's frequency (../frameworks/review.ts) shows as `due-for-review` (itemProgress).
 * Any member of the organisation takes every step.
 */
import { defineLifecycle, type Lifecycle } from '../lifecycle'

export const ITEM_STATUSES = ['not-started', 'in-progress', 'rated', 'reviewed'] as const
export type ItemLifecycleStatus = (typeof ITEM_STATUSES)[number]
/** The statuses an item's row holds (assessment_items.status); `not-started` has no row. */
export type ItemStatus = Exclude<ItemLifecycleStatus, 'not-started'>
export const ITEM_STORED_STATUSES: readonly ItemStatus[] = ['in-progress', 'rated', 'reviewed']
export const ITEM_STEPS = ['addEvidence', 'rate', 'review'] as const
export type ItemStep = (typeof ITEM_STEPS)[number]
export type ItemRole = 'member'

export const ITEM_LIFECYCLE: Lifecycle<ItemLifecycleStatus, ItemStep, ItemRole> = defineLifecycle<ItemLifecycleStatus, ItemStep, ItemRole>({
  name: 'item',
  statuses: ITEM_STATUSES,
  initial: 'not-started',
  final: [],
  steps: ITEM_STEPS,
  roles: ['member'],
  labels: {
    'not-started': 'Not started',
    'in-progress': 'In progress',
    rated: 'Rated',
    reviewed: 'Reviewed',
  },
  transitions: [
    { step: 'addEvidence', from: 'not-started', to: 'in-progress', by: ['member'] },
    { step: 'addEvidence', from: 'in-progress', to: 'in-progress', by: ['member'] },
    { step: 'addEvidence', from: 'rated', to: 'rated', by: ['member'] },
    { step: 'addEvidence', from: 'reviewed', to: 'reviewed', by: ['member'] },
    { step: 'rate', from: 'not-started', to: 'rated', by: ['member'] },
    { step: 'rate', from: 'in-progress', to: 'rated', by: ['member'] },
    { step: 'rate', from: 'rated', to: 'rated', by: ['member'] },
    { step: 'rate', from: 'reviewed', to: 'rated', by: ['member'] },
    { step: 'review', from: 'rated', to: 'reviewed', by: ['member'] },
    { step: 'review', from: 'reviewed', to: 'reviewed', by: ['member'] },
  ],
})

/** Where an item is in its life, as the pages show it: its status, or `due-for-review` when its review has fallen due. */
export type ItemProgress = ItemLifecycleStatus | 'due-for-review'

const { 'not-started': notStarted, 'in-progress': inProgress, rated, reviewed } = ITEM_LIFECYCLE.labels

/** The one set of labels for an item's progress, in the order of its life (due for review between rated and reviewed). */
export const PROGRESS_LABELS: Readonly<Record<ItemProgress, string>> = { 'not-started': notStarted, 'in-progress': inProgress, rated, 'due-for-review': 'Due for review', reviewed }

/** The status of an item as read (null: no row, not started). */
export const itemStatusOf = (item: { readonly status: ItemStatus } | null | undefined): ItemLifecycleStatus => item?.status ?? 'not-started'

/** An item's progress: its status, unless it is rated or reviewed and its review has fallen due. */
export function itemProgress(item: { readonly status: ItemStatus } | null | undefined, reviewDue: boolean): ItemProgress {
  const status = itemStatusOf(item)
  return reviewDue && (status === 'rated' || status === 'reviewed') ? 'due-for-review' : status
}

/** The step a rating is, from an item in this progress: a review when it has fallen due, else a rating. */
export const ratingStep = (progress: ItemProgress): ItemStep => (progress === 'due-for-review' ? 'review' : 'rate')
