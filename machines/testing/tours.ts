import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { allStateIds, allTransitionKeys, describeEvent, type Shadow, shadow, start, stateValueText, step } from './shadow'

/**
 * The one path planner, for the page tests and the living spec's catalogue: paths planned as tours. Each path starts
 * where the page starts and keeps going, each step taking a transition no earlier step took (or walking the shortest
 * way to the nearest one), until nothing new is reachable or the path is long enough. Few, longer paths cover every
 * reachable transition with far fewer page loads than one path per transition. Events a driver declares the page
 * cannot cause are left out (`exclude`), so every planned path can be driven. Machine unit tests check with
 * `uncovered(machine, planPaths(...))` that the sample events reach every state and transition.
 */

export interface PlannedPath {
  input: unknown
  events: AnyEventObject[]
  /** The path as a sentence for testers and analysts: `From editing, SUBMIT, then ..., reaches ...`. */
  description: string
  initialState: string
  finalState: string
  /** State ids and transition keys the path passes through (the eventless ones included). */
  states: string[]
  transitions: string[]
}

export interface PlanSettings {
  events: readonly AnyEventObject[]
  inputs?: readonly unknown[]
  serializeState?: (snapshot: { value: unknown; context: unknown }) => string
  /** Sample events the page cannot cause (declared by the machine's driver with a reason). */
  exclude?: (event: AnyEventObject) => boolean
  /** Longest path, in events. */
  maxSteps?: number
  /** Most states explored per input. */
  limit?: number
}

interface Edge {
  event: AnyEventObject
  to: string
  transitions: string[]
}

const defaultSerialize = (s: { value: unknown; context: unknown }) => JSON.stringify({ v: s.value, c: s.context })

/** Every state reachable with the allowed sample events and its outgoing edges, stepping snapshots purely. */
function explore(machine: AnyStateMachine, input: unknown, events: readonly AnyEventObject[], serialize: (s: never) => string, limit: number) {
  const key = (snapshot: AnyMachineSnapshot) => `${serialize(snapshot as never)}|${snapshot.status}`
  const initial = start(machine, input).snapshot
  const initialKey = key(initial)
  const snapshots = new Map<string, AnyMachineSnapshot>([[initialKey, initial]])
  const edges = new Map<string, Edge[]>()
  const queue = [initialKey]
  while (queue.length) {
    const from = queue.shift() as string
    const snapshot = snapshots.get(from) as AnyMachineSnapshot
    const out: Edge[] = []
    const enabled = snapshot.status === 'active' ? events.filter((e) => snapshot.can(e)) : []
    for (const event of enabled) {
      const next = step(machine, snapshot, event)
      if (next.snapshot.status === 'error') continue
      const to = key(next.snapshot)
      out.push({ event, to, transitions: next.result.transitions })
      if (!snapshots.has(to)) {
        if (snapshots.size >= limit) throw new Error(`More than ${limit} states: give the machine a serializeState that drops volatile context`)
        snapshots.set(to, next.snapshot)
        queue.push(to)
      }
    }
    edges.set(from, out)
  }
  return { initialKey, edges }
}

/**
 * The first step of the shortest walk from `from` to an edge taking a transition not yet covered, or null.
 * `blocked` holds edges found not to behave as planned from here (serializeState keeps only what decides behaviour
 * in general, so a state key's representative path can differ from the tour's actual context).
 */
function nextStep(edges: Map<string, Edge[]>, from: string, covered: Set<string>, blocked: Set<Edge>): Edge | null {
  const first = new Map<string, Edge | null>([[from, null]])
  const queue = [from]
  while (queue.length) {
    const node = queue.shift() as string
    const out = (edges.get(node) ?? []).filter((e) => !blocked.has(e))
    const fresh = out
      .map((edge) => ({ edge, gain: edge.transitions.filter((t) => !covered.has(t)).length }))
      .filter((x) => x.gain > 0)
      .sort((a, b) => b.gain - a.gain)[0]
    if (fresh) return first.get(node) ?? fresh.edge
    for (const edge of out) {
      if (first.has(edge.to)) continue
      first.set(edge.to, first.get(node) ?? edge)
      queue.push(edge.to)
    }
  }
  return null
}

/** Plans the tours for every input; together they take every transition the allowed events can reach. */
export function planPaths(machine: AnyStateMachine, settings: PlanSettings): PlannedPath[] {
  const serialize = (settings.serializeState ?? defaultSerialize) as (s: never) => string
  const allowed = settings.events.filter((e) => !settings.exclude?.(e))
  const maxSteps = settings.maxSteps ?? 24
  const covered = new Set<string>()
  const planned: PlannedPath[] = []
  for (const input of settings.inputs ?? [undefined]) {
    const { edges } = explore(machine, input, allowed, serialize, settings.limit ?? 5000)
    const key = (sh: Shadow) => `${serialize(sh.snapshot() as never)}|${sh.snapshot().status}`
    for (;;) {
      // Walk a live shadow, so what counts as covered is what the tour really takes.
      const sh = shadow(machine, input)
      for (const t of sh.initial.transitions) covered.add(t)
      const blocked = new Set<Edge>()
      const events: AnyEventObject[] = []
      let gained = 0
      while (events.length < maxSteps) {
        const at = key(sh)
        const edge = nextStep(edges, at, covered, blocked)
        if (!edge) break
        if (!sh.snapshot().can(edge.event)) {
          blocked.add(edge)
          continue
        }
        const step = sh.send(edge.event)
        events.push(edge.event)
        for (const t of step.transitions) {
          if (covered.has(t)) continue
          covered.add(t)
          gained++
        }
        if (key(sh) !== edge.to) blocked.add(edge)
        if (sh.snapshot().status !== 'active') break
      }
      sh.stop()
      if (gained === 0) break
      // Trailing steps that took nothing new are dropped.
      planned.push(trimmed(machine, input, events))
    }
  }
  // The start itself (its eventless transitions) counts even when no event follows.
  for (const input of settings.inputs ?? [undefined]) {
    if (!planned.some((p) => p.input === input)) planned.push(describePath(machine, input, []))
  }
  return planned
}

/** The path without its trailing events that took no transition its earlier events had not taken. */
function trimmed(machine: AnyStateMachine, input: unknown, events: AnyEventObject[]): PlannedPath {
  let keep = events.length
  const full = describePath(machine, input, events)
  while (keep > 1) {
    const shorter = describePath(machine, input, events.slice(0, keep - 1))
    if (shorter.transitions.length < full.transitions.length) break
    keep--
  }
  return keep === events.length ? full : describePath(machine, input, events.slice(0, keep))
}

/** Replays a path on a shadow of the machine: its sentence, end state, and what it passes through. */
export function describePath(machine: AnyStateMachine, input: unknown, events: AnyEventObject[]): PlannedPath {
  const sh = shadow(machine, input)
  const states = new Set(sh.initial.states)
  const transitions = new Set(sh.initial.transitions)
  const initialState = stateValueText(sh.snapshot().value)
  for (const e of events) {
    const step = sh.send(e)
    for (const s of step.states) states.add(s)
    for (const t of step.transitions) transitions.add(t)
  }
  const finalState = stateValueText(sh.snapshot().value)
  sh.stop()
  const steps = events.map(describeEvent).join(', then ')
  return {
    input,
    events,
    description: events.length ? `From ${initialState}, ${steps}, reaches ${finalState}` : `Starts in ${finalState}`,
    initialState,
    finalState,
    states: [...states],
    transitions: [...transitions],
  }
}

/** What a set of paths leaves out of the machine. */
export function uncovered(machine: AnyStateMachine, paths: readonly PlannedPath[]) {
  const states = new Set(paths.flatMap((p) => p.states))
  const transitions = new Set(paths.flatMap((p) => p.transitions))
  return {
    states: allStateIds(machine).filter((s) => !states.has(s)),
    transitions: allTransitionKeys(machine).filter((t) => !transitions.has(t)),
  }
}
