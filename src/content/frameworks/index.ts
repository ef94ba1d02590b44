/**
 * Loads a framework version's prompts on demand: each version's text is its own chunk, so the dashboard does not
 * carry the prose of four frameworks and a page rating CQC statements downloads only CQC's.
 */
import type { FrameworkContent } from './types'

const loaders: Readonly<Record<string, () => Promise<FrameworkContent>>> = {
  'cqc-saf-2024': () => import('./cqcSaf2024').then((m) => m.content),
  'ofsted-eif-2025': () => import('./ofstedEif2025').then((m) => m.content),
  'rsh-consumer-2024': () => import('./rshConsumer2024').then((m) => m.content),
  'bsr-hrb-2023': () => import('./bsrHrb2023').then((m) => m.content),
}

export const CONTENT_VERSION_IDS: readonly string[] = Object.keys(loaders)

/** The prompts of a framework version; rejects for a version without content. */
export function loadFrameworkContent(versionId: string): Promise<FrameworkContent> {
  const load = loaders[versionId]
  return load ? load() : Promise.reject(new Error(`No content for framework version ${versionId}`))
}
