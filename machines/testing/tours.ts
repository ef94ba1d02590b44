import { type AnyEventObject, type AnyStateMachine, type AnyStateNode, createActor, fromPromise, type InspectionEvent, SimulatedClock } from 'xstate'
import { allStateIds, allTransitionKeys, describeEvent, stateValueToString, transitionKey } from './graph'

/**
 * Paths for the page tests and the living spec's catalogue, planned as tours: each path starts where the page starts
 * and keeps going, each step taking a transition no earlier step took (or walking the shortest way to the nearest
 * one), until nothing new is reachable or the path is long enough. Few, longer paths cover every reachable
 * transition with far fewer page loads than one path per transition. Events a driver declares the page cannot
 * cause are left out (`exclude`), so every planned path can be driven.
 */

/** A shadow of the app machine: invoked actors never settle on their own and time is simulated, so it moves only
 * on the events it is sent; each send reports the transitions taken and the states entered. */
export interface Shadow {
  send(event: AnyEventObject): StepResult
  snapshot(): { value: unknown; context: unknown; status: string; can(event: AnyEventObject): boolean; hasTag(tag: string): boolean; matches(value: never): boolean }
  /** Active state node ids (root excluded). */
  active(): string[]
  stop(): void
  /** What starting took: the initial state's eventless transitions and the states they passed through. */
  initial: StepResult
}

export interface StepResult {
  transitions: string[]
  states: string[]
}

export function shadow(machine: AnyStateMachine, input?: unknown): Shadow {
  const stubs = Object.fromEntries(
    Object.keys(machine.implementations.actors ?? {}).map((name) => [name, fromPromise(() => new Promise(() => {}))]),
  )
  let transitions = new Set<string>()
  let states = new Set<string>()
  const actor = createActor(machine.provide({ actors: stubs }), {
    input: input as never,
    clock: new SimulatedClock(),
    inspect: (ev: InspectionEvent) => {
      if (ev.type !== '@xstate.microstep' || ev.actorRef.sessionId !== ev.rootId) return
      for (const t of ev._transitions) {
        transitions.add(transitionKey(t))
        states.add((t.source as AnyStateNode).id)
      }
      for (const n of (ev.snapshot as unknown as { _nodes: AnyStateNode[] })._nodes) states.add(n.id)
    },
  })
  const take = (): StepResult => {
    const result = { transitions: [...transitions], states: [...states].filter((s) => s !== machine.root.id) }
    transitions = new Set()
    states = new Set()
    return result
  }
  const nodes = () => (actor.getSnapshot() as unknown as { _nodes: AnyStateNode[] })._nodes
  // An actor error sent where nothing handles it errors the shadow (its status says so) instead of throwing.
  actor.subscribe({ error: () => {} })
  actor.start()
  for (const n of nodes()) states.add(n.id)
  const initial = take()
  return {
    initial,
    send(event) {
      actor.send(event)
      for (const n of nodes()) states.add(n.id)
      return take()
    },
    snapshot: () => actor.getSnapshot() as never,
    active: () => nodes().map((n) => n.id).filter((id) => id !== machine.root.id),
    stop: () => actor.stop(),
  }
}

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

function replayTo(machine: AnyStateMachine, input: unknown, events: readonly AnyEventObject[]) {
  const sh = shadow(machine, input)
  for (const e of events) sh.send(e)
  return sh
}

/** Every state reachable with the allowed sample events: a representative path to it and its outgoing edges. */
function explore(machine: AnyStateMachine, input: unknown, events: readonly AnyEventObject[], serialize: (s: never) => string, limit: number) {
  const key = (sh: Shadow) => `${serialize(sh.snapshot() as never)}|${sh.snapshot().status}`
  const start = shadow(machine, input)
  const initialKey = key(start)
  start.stop()
  const paths = new Map<string, AnyEventObject[]>([[initialKey, []]])
  const edges = new Map<string, Edge[]>()
  const queue = [initialKey]
  while (queue.length) {
    const from = queue.shift() as string
    const path = paths.get(from) as AnyEventObject[]
    const out: Edge[] = []
    const base = replayTo(machine, input, path)
    const enabled = base.snapshot().status === 'active' ? events.filter((e) => base.snapshot().can(e)) : []
    base.stop()
    for (const event of enabled) {
      const sh = replayTo(machine, input, path)
      const step = sh.send(event)
      const to = key(sh)
      const ok = sh.snapshot().status !== 'error'
      sh.stop()
      if (!ok) continue
      out.push({ event, to, transitions: step.transitions })
      if (!paths.has(to)) {
        if (paths.size >= limit) throw new Error(`More than ${limit} states: give the machine a serializeState that drops volatile context`)
        paths.set(to, [...path, event])
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
  const initialState = stateValueToString(sh.snapshot().value)
  for (const e of events) {
    const step = sh.send(e)
    for (const s of step.states) states.add(s)
    for (const t of step.transitions) transitions.add(t)
  }
  const finalState = stateValueToString(sh.snapshot().value)
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
