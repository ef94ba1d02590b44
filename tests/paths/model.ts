import type { AnyEventObject, AnyStateMachine } from 'xstate'
import { allStateIds, allTransitionKeys, coverage, type GeneratedPath, generatePaths, replay } from '../../machines/testing/graph'

/**
 * A UI-level path model: a plain XState machine (no invoke, no after; async results are explicit events)
 * whose state ids are a subset of the app machine's, the sample events to traverse it with, and how its
 * events map onto the app machine's (to measure which app states and transitions the UI paths exercise).
 */
export interface PathModel {
  /** Human name of the flow, for the table. */
  flow: string
  model: AnyStateMachine
  events: AnyEventObject[]
  app: {
    machine: AnyStateMachine
    input?: unknown
    /** Events the view sends on its own before the user acts (e.g. the browser's preferences). */
    start?: AnyEventObject[]
    /** The app event(s) a model event stands for, or null when it has none (a reload, a navigation). */
    toAppEvent: (event: AnyEventObject) => AnyEventObject | AnyEventObject[] | null
  }
}

export function modelPaths(m: PathModel): GeneratedPath[] {
  return generatePaths(m.model, { events: m.events })
}

/** Model state ids that the app machine does not have (must be empty). */
export function driftingStates(m: PathModel): string[] {
  const app = new Set(allStateIds(m.app.machine))
  return allStateIds(m.model).filter((id) => !app.has(id))
}

export interface PathReport {
  flow: string
  paths: number
  model: { states: [number, number]; transitions: [number, number] }
  app: { states: [number, number]; transitions: [number, number] }
}

export function pathReport(m: PathModel): PathReport {
  const paths = modelPaths(m)
  const cov = coverage(m.model, paths)
  const appStates = new Set<string>()
  const appTransitions = new Set<string>()
  for (const path of paths) {
    const events = [...(m.app.start ?? []), ...path.events.flatMap((e) => m.app.toAppEvent(e) ?? [])]
    const r = replay(m.app.machine, events, m.app.input)
    for (const s of r.states) appStates.add(s)
    for (const t of r.transitions) appTransitions.add(t)
  }
  const appAllStates = allStateIds(m.app.machine)
  const appAllTransitions = allTransitionKeys(m.app.machine)
  return {
    flow: m.flow,
    paths: paths.length,
    model: {
      states: [cov.states.all.length - cov.states.missing.length, cov.states.all.length],
      transitions: [cov.transitions.all.length - cov.transitions.missing.length, cov.transitions.all.length],
    },
    app: {
      states: [appAllStates.filter((s) => appStates.has(s)).length, appAllStates.length],
      transitions: [appAllTransitions.filter((t) => appTransitions.has(t)).length, appAllTransitions.length],
    },
  }
}

export function formatTable(reports: PathReport[]): string {
  const pct = ([a, b]: [number, number]) => `${a}/${b}${b ? ` (${Math.round((100 * a) / b)}%)` : ''}`
  const head = ['Flow', 'Paths', 'Model states', 'Model transitions', 'App states', 'App transitions']
  const rows = reports.map((r) => [r.flow, String(r.paths), pct(r.model.states), pct(r.model.transitions), pct(r.app.states), pct(r.app.transitions)])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n')
}
