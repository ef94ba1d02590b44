/**
 * Traceability (issue 29): how a machine's state says which framework items it handles, without listing them.
 * A state that shows or rates items carries `meta: { frameworkTrace }`: whether it handles one item or every item
 * of some assessments, where in the machine's context the item id and the version id are, and the framework
 * versions the machine can handle (from the registry, so a new version is traced without touching the machine).
 * The machine stays generic; `npm run flows` joins this with the framework data into docs/flows/traceability.*,
 * and `tracedItems` reads, from a running machine's snapshot, the very item ids and version ids it is handling.
 */
import { allItems } from './items'
import { FRAMEWORK_VERSIONS, FRAMEWORKS } from './registry'

export const TRACE_META_KEY = 'frameworkTrace'

export interface TracedVersion {
  readonly id: string
  readonly frameworkId: string
  readonly version: string
}

export interface FrameworkTrace {
  /** 'item': the state shows or rates one item; 'items': it shows every item of the versions it names. */
  readonly handles: 'item' | 'items'
  /** What the state does with them, in a few words ('rates the item', 'shows completion and scores'). */
  readonly role: string
  /** Dotted path to the item id in the context ('item' only). */
  readonly itemIdAt?: string
  /**
   * Dotted path to the version id(s) in the context; `[]` steps into every element of an array
   * ('dashboard.assessments[].versionId'). Omitted for 'item' when the item id alone says it (ids start with
   * their version id).
   */
  readonly versionIdAt?: string
  /** Every framework version the machine can be handed: the registry's, with framework id and version. */
  readonly versions: readonly TracedVersion[]
}

/** The versions of the registry, as the meta names them. */
export const TRACED_VERSIONS: readonly TracedVersion[] = FRAMEWORK_VERSIONS.map((v) => ({ id: v.id, frameworkId: v.frameworkId, version: v.version }))

/** The meta of a state that handles framework items. */
export function frameworkTrace(trace: Omit<FrameworkTrace, 'versions'>): { [TRACE_META_KEY]: FrameworkTrace } {
  return { [TRACE_META_KEY]: { ...trace, versions: TRACED_VERSIONS } }
}

/** The trace in one state node's meta, or undefined. */
export function traceIn(meta: unknown): FrameworkTrace | undefined {
  const trace = meta && typeof meta === 'object' ? (meta as Record<string, unknown>)[TRACE_META_KEY] : undefined
  return trace && typeof trace === 'object' ? (trace as FrameworkTrace) : undefined
}

/** The values at a dotted path ('a.b[].c'), strings only. */
export function valuesAt(value: unknown, path: string): string[] {
  let current: unknown[] = [value]
  for (const part of path.split('.')) {
    const many = part.endsWith('[]')
    const key = many ? part.slice(0, -2) : part
    current = current.flatMap((v) => {
      const next = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined
      return many ? (Array.isArray(next) ? next : []) : [next]
    })
  }
  return current.filter((v): v is string => typeof v === 'string' && v !== '')
}

export interface TracedItems {
  readonly versionIds: string[]
  readonly itemIds: string[]
}

/**
 * The items a running machine handles now: every active state's trace (snapshot.getMeta()) resolved against its
 * context. For 'items' states, every item of the versions named; for 'item' states, the one item (and its version).
 */
export function tracedItems(snapshot: { getMeta(): Record<string, unknown>; context: unknown }): TracedItems {
  const versionIds = new Set<string>()
  const itemIds = new Set<string>()
  for (const meta of Object.values(snapshot.getMeta())) {
    const trace = traceIn(meta)
    if (!trace) continue
    const versions = trace.versionIdAt ? valuesAt(snapshot.context, trace.versionIdAt) : []
    if (trace.handles === 'items') {
      for (const id of versions) {
        const version = FRAMEWORKS.version(id)
        if (!version) continue
        versionIds.add(id)
        for (const item of allItems(version)) itemIds.add(item.id)
      }
    } else {
      for (const id of trace.itemIdAt ? valuesAt(snapshot.context, trace.itemIdAt) : []) {
        const located = FRAMEWORKS.locate(id)
        if (!located || (versions.length && !versions.includes(located.version.id))) continue
        itemIds.add(id)
        versionIds.add(located.version.id)
      }
    }
  }
  return { versionIds: [...versionIds].sort(), itemIds: [...itemIds].sort() }
}
