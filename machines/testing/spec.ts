import type { AnyEventObject, AnyStateMachine, AnyStateNode } from 'xstate'
import { actionNames, allNodes, describeTransition, eventShapes, nameOf, statePath, toMermaid, transitionsOf } from './labels'
import { describeEvent, shadow, stateValueText } from './shadow'
import { planPaths } from './tours'


/**
 * The living spec of one machine, computed from its definition only: states, events with payload shapes,
 * transitions with guards and delays, a Mermaid stateDiagram-v2 and the catalogue of generated paths.
 * Pure data (JSON-serialisable), so `npm run flows` writes it to docs/flows/ and the /flows page renders it
 * in the browser without loading the planner.
 */
export interface StateSpec {
  id: string
  /** Dotted path from the root, e.g. `form.submitting`. */
  path: string
  key: string
  parent: string | null
  depth: number
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  initial: boolean
  description?: string
  entry: string[]
  exit: string[]
  invokes: string[]
}

export interface TransitionSpec {
  key: string
  source: string
  targets: string[]
  event: string
  /** Human label: `SUBMIT [isWorkEmail]`, `after redirectDelay (1 s)`, `always`. */
  label: string
  guard?: string
  delay?: string
  actions: string[]
  description?: string
}

export interface EventSpec {
  type: string
  /** TypeScript-like shape inferred from the sample events, e.g. `{ reduce: boolean }`; `{}` when none. */
  payload: string
}

export interface PathStep {
  event: AnyEventObject
  /** The event's index in the machine's sample events (the page tests take the event object from there). */
  eventIndex: number
  text: string
  /** Dotted state value after the event. */
  state: string
  /** State node ids active after the event (for highlighting). */
  active: string[]
  /** Keys of the transitions the event took, eventless ones after it included (for highlighting). */
  transitions: string[]
}

export interface PathSpec {
  description: string
  /** Index of the input in the machine's sample inputs. */
  inputIndex: number
  input?: unknown
  finalState: string
  initialState: string
  initialActive: string[]
  steps: PathStep[]
}

export interface MachineSpec {
  name: string
  file: string
  id: string
  /** The root's kind: its top-level states are alternatives (compound) or regions running together (parallel). */
  rootType: 'compound' | 'parallel'
  description?: string
  states: StateSpec[]
  events: EventSpec[]
  transitions: TransitionSpec[]
  mermaid: string
  inputs: unknown[]
  paths: PathSpec[]
  coverage: { states: number; statesTotal: number; transitions: number; transitionsTotal: number; missing: string[] }
  /** What the page cannot reach, as the machine's driver (tests/paths/<name>.driver.ts) declares it, with why. */
  unreachable: Unreachable[]
}

/** A sample event, state or transition the page cannot reach, and the reason (declared by a driver). */
export interface Unreachable {
  kind: 'event' | 'state' | 'transition'
  /** The event's description, the state id or the transition key. */
  what: string
  reason: string
}

/** The declarations a driver makes about what its page cannot reach. */
export interface UnreachableDeclarations {
  /** Sample events the page cannot cause: left out of the planned paths. */
  events?: ReadonlyArray<{ match: (event: AnyEventObject) => boolean; reason: string }>
  /** States and transitions that then remain out of reach, keyed by id / transition key. */
  states?: Readonly<Record<string, string>>
  transitions?: Readonly<Record<string, string>>
}

interface Walker {
  value: unknown
  context: unknown
  active: string[]
  /** Titles of notifications (actions whose params carry a string `title`, e.g. toasts) raised by this step. */
  notices: string[]
  /** Keys of the transitions taken by this step (every microstep). */
  transitions: string[]
}

/** Replays a path event by event on a shadow of the machine, recording the state after each. */
function walk(machine: AnyStateMachine, events: readonly AnyEventObject[], input: unknown): Walker[] {
  let notices: string[] = []
  const sh = shadow(machine, input, {
    onAction: (action) => {
      const params = action.params as { title?: unknown } | undefined
      if (params && typeof params.title === 'string') notices.push(params.title)
    },
  })
  const read = (transitions: string[]): Walker => {
    const snap = sh.snapshot()
    const step = { value: snap.value, context: snap.context, active: sh.active(), notices, transitions }
    notices = []
    return step
  }
  const out = [read(sh.initial.transitions)]
  for (const event of events) out.push(read(sh.send(event).transitions))
  sh.stop()
  return out
}

/** What the last step announced (a toast's title), else a message the final context carries (`error`, …). */
function outcomeNote(last: Walker): string {
  if (last.notices.length) return `: ${last.notices.join('; ')}`
  const context = last.context
  if (!context || typeof context !== 'object') return ''
  for (const key of ['error', 'errorMessage', 'message', 'warning', 'notice']) {
    const v = (context as Record<string, unknown>)[key]
    if (typeof v === 'string' && v.trim()) return `: ${v.trim()}`
    if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') {
      return `: ${(v as { message: string }).message}`
    }
  }
  return ''
}

/** 'From idle, SUBMIT with {…}, then …, reaches failure' (the state before any event is the resolved initial one). */
function sentence(initial: unknown, events: readonly AnyEventObject[], final: unknown): string {
  const from = stateValueText(initial)
  const to = stateValueText(final)
  if (!events.length) return `Starts in ${to}`
  return `From ${from}, ${events.map(describeEvent).join(', then ')}, reaches ${to}`
}

export interface DescribeOptions {
  name: string
  file: string
  machine: AnyStateMachine
  events: readonly AnyEventObject[]
  /** One entry per sample input; `[undefined]` when the machine takes none. */
  inputs: readonly unknown[]
  /** Passed to the path planner: drop volatile context fields so traversal terminates. */
  serializeState?: (snapshot: { value: unknown; context: unknown }) => string
  /** What the machine's page driver declares out of reach (its sample events are left out of the paths). */
  unreachable?: UnreachableDeclarations
}

export function describeMachine({ name, file, machine, events, inputs, serializeState, unreachable = {} }: DescribeOptions): MachineSpec {
  const nodes = allNodes(machine)
  const rootTransitions = transitionsOf(machine.root)
  const transitions = [...rootTransitions, ...nodes.flatMap(transitionsOf)].map((t) => describeTransition(machine, t))
  const states: StateSpec[] = nodes.map((n) => {
    const parent = n.parent && n.parent !== machine.root ? n.parent.id : null
    return {
      id: n.id,
      path: statePath(n),
      key: n.key,
      parent,
      depth: n.path.length - 1,
      type: n.type,
      initial: !!n.parent && ((n.parent.initial?.target ?? []) as AnyStateNode[]).includes(n),
      ...(n.description ? { description: n.description } : {}),
      entry: actionNames(n.entry),
      exit: actionNames(n.exit),
      invokes: n.invoke.map((i: { id: string; src: unknown }) => `${i.id} (${nameOf(i.src)})`),
    }
  })
  const eventTypes = [...new Set(transitions.map((t) => t.event).filter((e) => e !== 'always'))]
  const paths: PathSpec[] = []
  const covered = { states: new Set<string>(), transitions: new Set<string>() }
  const many = inputs.length > 1
  const excluded = (event: AnyEventObject) => (unreachable.events ?? []).some((d) => d.match(event))
  const planned = planPaths(machine, { events, inputs, serializeState, exclude: excluded })
  for (const path of planned) {
    for (const s of path.states) covered.states.add(s)
    for (const t of path.transitions) covered.transitions.add(t)
    const inputIndex = inputs.indexOf(path.input)
    const walked = walk(machine, path.events, path.input)
    const last = walked[walked.length - 1]!
    const prefix = many ? `With input ${JSON.stringify(path.input)}: ` : ''
    paths.push({
      description: `${prefix}${sentence(walked[0]!.value, path.events, last.value)}${outcomeNote(last)}`,
      inputIndex,
      ...(path.input === undefined ? {} : { input: path.input }),
      finalState: path.finalState,
      initialState: stateValueText(walked[0]!.value),
      initialActive: walked[0]!.active,
      steps: path.events.map((event, i) => ({
        event,
        eventIndex: events.indexOf(event),
        text: describeEvent(event),
        state: stateValueText(walked[i + 1]!.value),
        active: walked[i + 1]!.active,
        transitions: walked[i + 1]!.transitions,
      })),
    })
  }
  const allTransitions = [...new Set(transitions.map((t) => t.key))]
  return {
    name,
    file,
    id: machine.id,
    rootType: machine.root.type === 'parallel' ? 'parallel' : 'compound',
    ...(machine.root.description ? { description: machine.root.description } : {}),
    states,
    events: eventShapes(events, eventTypes),
    transitions,
    mermaid: toMermaid(machine, transitions),
    inputs: inputs.filter((i) => i !== undefined),
    paths,
    unreachable: [
      ...events.filter(excluded).map((e) => ({
        kind: 'event' as const,
        what: describeEvent(e),
        reason: (unreachable.events ?? []).find((d) => d.match(e))?.reason ?? '',
      })),
      ...Object.entries(unreachable.states ?? {}).map(([what, reason]) => ({ kind: 'state' as const, what, reason })),
      ...Object.entries(unreachable.transitions ?? {}).map(([what, reason]) => ({ kind: 'transition' as const, what, reason })),
    ],
    coverage: {
      states: covered.states.size,
      statesTotal: states.length,
      transitions: allTransitions.filter((k) => covered.transitions.has(k)).length,
      transitionsTotal: allTransitions.length,
      missing: [...states.map((s) => s.id).filter((s) => !covered.states.has(s)), ...allTransitions.filter((k) => !covered.transitions.has(k))],
    },
  }
}
