/**
 * Every framework version the product knows, and the maps between versions. A new version (CQC's next
 * framework, say) is one more data module listed here, after the versions it replaces, plus a mapping from the
 * version before it (./versioning.ts). Old versions stay: assessments keep the version they were made against.
 */
import type { Regulator } from '../onboarding'
import { BSR_HRB_2023 } from './bsrHrb2023'
import { CQC_SAF_2024 } from './cqcSaf2024'
import { OFSTED_EIF_2025 } from './ofstedEif2025'
import { RSH_CONSUMER_2024 } from './rshConsumer2024'
import type { FrameworkGroup, FrameworkItem, FrameworkMapping, FrameworkVersion } from './types'

export interface ItemLocation {
  readonly version: FrameworkVersion
  readonly group: FrameworkGroup
  readonly item: FrameworkItem
}

export interface FrameworkRegistry {
  /** Oldest first within each framework: the last listed version of a framework is its current one. */
  readonly versions: readonly FrameworkVersion[]
  readonly mappings: readonly FrameworkMapping[]
  version(versionId: string): FrameworkVersion | undefined
  /** The current version of a framework ('cqc-saf'). */
  current(frameworkId: string): FrameworkVersion | undefined
  /** The current version of the framework a regulator inspects against. */
  forRegulator(regulator: Regulator): FrameworkVersion | undefined
  /** Where an item id belongs (any version). */
  locate(itemId: string): ItemLocation | undefined
  /** The mapping from one version to another, when there is one. */
  mapping(fromVersionId: string, toVersionId: string): FrameworkMapping | undefined
}

export function createRegistry(versions: readonly FrameworkVersion[], mappings: readonly FrameworkMapping[] = []): FrameworkRegistry {
  const byId = new Map(versions.map((v) => [v.id, v]))
  if (byId.size !== versions.length) throw new Error('A framework version is listed twice')
  const items = new Map<string, ItemLocation>()
  for (const version of versions) for (const group of version.groups) for (const item of group.items) items.set(item.id, { version, group, item })
  const current = (pick: (v: FrameworkVersion) => boolean) => versions.filter(pick).at(-1)
  return {
    versions,
    mappings,
    version: (id) => byId.get(id),
    current: (frameworkId) => current((v) => v.frameworkId === frameworkId),
    forRegulator: (regulator) => current((v) => v.regulator === regulator),
    locate: (itemId) => items.get(itemId),
    mapping: (from, to) => mappings.find((m) => m.fromVersionId === from && m.toVersionId === to),
  }
}

/** The versions in force today (shared/frameworks.md). */
export const FRAMEWORK_VERSIONS: readonly FrameworkVersion[] = [CQC_SAF_2024, OFSTED_EIF_2025, RSH_CONSUMER_2024, BSR_HRB_2023]

export const FRAMEWORKS: FrameworkRegistry = createRegistry(FRAMEWORK_VERSIONS)
