import {
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { stateValueText } from '../../src/domain/stateValue'

/**
 * Path generation and coverage for our machines, on top of xstate/graph.
 * Paths: the shortest path to every reachable state, each extended by every enabled sample event, so that
 * every transition reachable with the sample events is taken by at least one path. Coverage is measured by
 * replaying each path in a real actor (invoked actors stubbed, simulated clock) and recording the
 * transitions of every microstep, eventless ones included.
 */
export interface GeneratedPath {
  /** Plain sentence for testers and the living spec. */
  description: string
  events: AnyEventObject[]
  /** Dotted state value at the end of the path, e.g. `form.submitting`. */
  finalState: string
}

export interface TraversalSettings<TInput = unknown> {
  events: readonly AnyEventObject[]
  input?: TInput
  /** Drop volatile context fields so traversal terminates; defaults to value + full context. */
  serializeState?: (snapshot: { value: unknown; context: unknown }) => string
  limit?: number
}

/** Every state node id of the machine, the root excluded. */
export function allStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = []
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      ids.push(child.id)
      walk(child)
    }
  }
  walk(machine.root)
  return ids
}

function targetIds(t: AnyTransitionDefinition): string {
  return (t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)'
}

/** A stable name for one transition: source, event (or 'always') and index among its siblings. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode
  if (t.eventType === '') {
    return `${source.id} --always[${source.always?.indexOf(t) ?? 0}]--> ${targetIds(t)}`
  }
  const siblings = source.transitions.get(t.eventType) ?? []
  return `${source.id} --${t.eventType}[${siblings.indexOf(t)}]--> ${targetIds(t)}`
}

/** Every transition of the machine (event, delayed, done and eventless ones). */
export function allTransitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = []
  const walk = (node: AnyStateNode) => {
    for (const list of node.transitions.values()) for (const t of list) keys.push(transitionKey(t))
    for (const t of node.always ?? []) keys.push(transitionKey(t))
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child)
  }
  walk(machine.root)
  return [...new Set(keys)]
}

/** The state value as a dotted string (one definition, shared with the views: src/domain/stateValue.ts). */
export const stateValueToString = stateValueText

/** JSON of a payload for a sentence, shortened when long (a whole profile would drown the path). */
function brief(value: unknown): string {
  const json = JSON.stringify(value) ?? 'undefined'
  return json.length > 90 ? `${json.slice(0, 86)}…${json.at(-1)}` : json
}

export function describeEvent(event: AnyEventObject): string {
  const { type, ...payload } = event
  const afterMatch = /^xstate\.after\.([^.]+)\./.exec(type)
  if (afterMatch) return `after the ${afterMatch[1]} delay`
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type)
  if (done) return `${done[1]} succeeds${'output' in payload && payload.output !== undefined ? ` with ${brief(payload.output)}` : ''}`
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type)
  if (error) return `${error[1]} fails${'error' in payload ? ` with ${payload.error instanceof Error ? payload.error.message : brief(payload.error)}` : ''}`
  const keys = Object.keys(payload)
  return keys.length ? `${type} with ${brief(payload)}` : type
}

const defaultSerialize = (s: { value: unknown; context: unknown }) => JSON.stringify({ v: s.value, c: s.context })

/** Paths covering every state and transition reachable with the sample events. */
export function generatePaths<TInput>(machine: AnyStateMachine, settings: TraversalSettings<TInput>): GeneratedPath[] {
  const serialize = settings.serializeState ?? defaultSerialize
  const shortest = getShortestPaths(machine, {
    events: settings.events as never,
    input: settings.input as never,
    // The status keeps an errored snapshot (an actor result sent where nothing handles it) from standing in for
    // the healthy snapshot with the same value and context, which would hide the transitions onward from it.
    serializeState: (s) => `${serialize(s as never)}|${(s as { status?: string }).status}`,
    // Only events the state handles: an actor result sent where nothing handles it errors the machine, which is
    // not a state a person can be in, and unhandled events change nothing anyway.
    filterEvents: (snapshot, event) => (snapshot as unknown as { can: (e: AnyEventObject) => boolean }).can(event),
    limit: settings.limit ?? 20_000,
  })
  const initialValue = stateValueToString(machine.getInitialSnapshot(createActor(machine, { input: settings.input as never }).system as never, settings.input as never)?.value)
  const seen = new Set<string>()
  const out: GeneratedPath[] = []
  const push = (events: AnyEventObject[], finalValue: unknown) => {
    const key = JSON.stringify(events)
    if (seen.has(key)) return
    seen.add(key)
    const finalState = stateValueToString(finalValue)
    const steps = events.map(describeEvent).join(', then ')
    out.push({
      events,
      finalState,
      description: events.length ? `From ${initialValue}, ${steps}, reaches ${finalState}` : `Starts in ${finalState}`,
    })
  }
  for (const path of shortest) {
    // A machine that errored (an unhandled actor error) is not a state a person can be in.
    if ((path.state as { status?: string }).status === 'error') continue
    const base = path.steps.map((s) => s.event as AnyEventObject).filter((e) => !e.type.startsWith('xstate.init'))
    const snapshot = path.state as unknown as { can: (e: AnyEventObject) => boolean; status: string; value: unknown }
    const enabled = snapshot.status === 'active' ? settings.events.filter((e) => snapshot.can(e)) : []
    if (enabled.length === 0) push(base, snapshot.value)
    for (const event of enabled) {
      const [next] = [replay(machine, [...base, event], settings.input)]
      push([...base, event], next.value)
    }
  }
  return out
}

export interface ReplayResult {
  value: unknown
  context: unknown
  states: Set<string>
  transitions: Set<string>
  actions: string[]
}

/** Run the events through a real actor with every invoked actor stubbed and a simulated clock. */
export function replay<TInput>(machine: AnyStateMachine, events: readonly AnyEventObject[], input?: TInput): ReplayResult {
  const stubs = Object.fromEntries(
    Object.keys(machine.implementations.actors ?? {}).map((name) => [name, fromPromise(() => new Promise(() => {}))]),
  )
  const states = new Set<string>()
  const transitions = new Set<string>()
  const actions: string[] = []
  const actor = createActor(machine.provide({ actors: stubs }), {
    input: input as never,
    clock: new SimulatedClock(),
    inspect: (ev: InspectionEvent) => {
      if (ev.type === '@xstate.microstep' && ev.actorRef.sessionId === ev.rootId) {
        // A transition's source was active, transient states (left by an eventless transition) included.
        for (const t of ev._transitions) {
          transitions.add(transitionKey(t))
          states.add((t.source as AnyStateNode).id)
        }
        for (const n of (ev.snapshot as unknown as { _nodes: AnyStateNode[] })._nodes) states.add(n.id)
      }
      if (ev.type === '@xstate.action' && ev.actorRef.sessionId === ev.rootId) actions.push(ev.action.type)
    },
  })
  actor.start()
  for (const n of (actor.getSnapshot() as unknown as { _nodes: AnyStateNode[] })._nodes) states.add(n.id)
  for (const event of events) actor.send(event)
  const snap = actor.getSnapshot()
  actor.stop()
  states.delete(machine.root.id)
  return { value: snap.value, context: snap.context, states, transitions, actions }
}

export interface Coverage {
  states: { all: string[]; missing: string[] }
  transitions: { all: string[]; missing: string[] }
  paths: number
}

/** Which states and transitions the paths reach, and which they miss. */
export function coverage<TInput>(machine: AnyStateMachine, paths: GeneratedPath[], input?: TInput): Coverage {
  const states = new Set<string>()
  const transitions = new Set<string>()
  for (const path of paths) {
    const r = replay(machine, path.events, input)
    for (const s of r.states) states.add(s)
    for (const t of r.transitions) transitions.add(t)
  }
  const allStates = allStateIds(machine)
  const allTransitions = allTransitionKeys(machine)
  return {
    states: { all: allStates, missing: allStates.filter((s) => !states.has(s)) },
    transitions: { all: allTransitions, missing: allTransitions.filter((t) => !transitions.has(t)) },
    paths: paths.length,
  }
}
