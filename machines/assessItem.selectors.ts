import type { SnapshotFrom } from 'xstate'
import { isDueForReview, type ItemRecord } from '../src/domain/assessments'
import type { ReviewFrequency } from '../src/domain/frameworks/review'
import { type ItemProgress, itemProgress } from '../src/domain/lifecycles/item'
import type { assessItemMachine } from './assessItem.machine'

/**
 * An item's progress as the pages show it (the item lifecycle's status, or "due for review"), read in one place:
 * the open item's panel from its machine (the item as last read and whether its review was due when opened), the
 * overview's rows from the dashboard's items at the time the page opened, by the same rule the page machine
 * (machines/home.machine.ts openItemInput) hands the item's machine.
 */
export const selectProgress = (snapshot: SnapshotFrom<typeof assessItemMachine>): ItemProgress => itemProgress(snapshot.context.item, snapshot.context.reviewDue)

/** An item of the dashboard: its progress at `now`, by the organisation's review frequency. */
export const itemProgressAt = (item: ItemRecord | null, frequency: ReviewFrequency | null, now: Date): ItemProgress => itemProgress(item, isDueForReview(item, frequency, now))
