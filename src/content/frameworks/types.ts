/**
 * Our own words about each framework item, shown beside it when a person rates it: what good looks like and
 * which evidence helps. Written in plain English for a care manager, a head teacher, a housing officer or a
 * building safety manager; never copied from the regulator. The structure (ids, names, scales) is in
 * src/domain/frameworks/.
 */
import type { FrameworkItem } from '../../domain/frameworks/types'

export interface ItemPrompt {
  /** What good looks like, in one or two sentences. */
  readonly good: string
  /** Evidence that helps show it: short examples, each a line of a list. */
  readonly evidence: readonly string[]
}

export interface FrameworkContent {
  readonly versionId: string
  /** One sentence under the framework's name: what it covers. */
  readonly summary: string
  /** Group key → item key → prompt. */
  readonly prompts: Readonly<Record<string, Readonly<Record<string, ItemPrompt>>>>
  /** Condition key → the question that asks whether it holds. */
  readonly conditionQuestions: Readonly<Record<string, string>>
}

/** The prompt of an item; undefined only for an item the content does not cover (a test forbids that). */
export function promptFor(content: FrameworkContent, item: FrameworkItem): ItemPrompt | undefined {
  const [, groupKey] = item.groupId.split('/')
  return content.prompts[groupKey ?? '']?.[item.key]
}
