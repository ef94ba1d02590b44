import type { AnyEventObject, AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { describeEvent, shadow, stateValueText, transitionKey } from './shadow'
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

function nameOf(thing: unknown): string {
  if (typeof thing === 'string') return thing
  if (thing && typeof thing === 'object' && 'type' in thing) return String((thing as { type: unknown }).type)
  if (typeof thing === 'function') {
    const fn = thing as { type?: string; name?: string }
    return fn.type ?? (fn.name || 'inline')
  }
  return 'inline'
}

/** `isWorkEmail`, `not isConsumerEmail`, `a and b`, `in state x`. */
export function guardName(guard: unknown): string {
  if (typeof guard === 'function') {
    const g = guard as { type?: string; guards?: unknown[]; stateValue?: unknown; name?: string }
    if (g.type === 'xstate.not' && g.guards) return `not ${guardName(g.guards[0])}`
    if (g.type === 'xstate.and' && g.guards) return g.guards.map(guardName).join(' and ')
    if (g.type === 'xstate.or' && g.guards) return g.guards.map(guardName).join(' or ')
    if (g.type === 'xstate.stateIn') return `in state ${JSON.stringify(g.stateValue)}`
  }
  return nameOf(guard)
}

/**
 * XState implements `after` by adding a raise of the delayed event to the state's entry and its cancel to the exit;
 * the diagrams draw the delayed transition itself, so these two are not listed among the state's own actions.
 */
function schedulesDelay(action: unknown): boolean {
  const a = action as { type?: unknown; id?: unknown; sendId?: unknown }
  if (a?.type === 'xstate.raise') return typeof a.id === 'string' && a.id.startsWith('xstate.after.')
  if (a?.type === 'xstate.cancel') return typeof a.sendId === 'string' && a.sendId.startsWith('xstate.after.')
  return false
}

function actionNames(actions: readonly unknown[] | undefined): string[] {
  return (actions ?? [])
    .filter((a) => !schedulesDelay(a))
    .map((a) => {
      const n = nameOf(a)
      return n === 'xstate.assign' ? 'assign' : n.replace(/^xstate\./, '')
    })
}

function formatMs(ms: number): string {
  return ms >= 1000 && ms % 100 === 0 ? `${ms / 1000} s` : `${ms} ms`
}

function delayLabel(machine: AnyStateMachine, delay: unknown): string {
  if (typeof delay === 'number') return formatMs(delay)
  if (typeof delay === 'string') {
    const impl = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay]
    return typeof impl === 'number' ? `${delay} (${formatMs(impl)})` : delay
  }
  return 'a computed delay'
}

function eventLabel(machine: AnyStateMachine, t: AnyTransitionDefinition): { event: string; delay?: string } {
  const type = t.eventType
  if (type === '') return { event: 'always' }
  const after = /^xstate\.after\.(.+)\.[^.]*$/.exec(type)
  if (after) {
    const own = (t.source as AnyStateNode).after.find((d) => d.eventType === type) as { delay?: unknown } | undefined
    const delay = delayLabel(machine, own?.delay ?? after[1])
    return { event: `after ${delay}`, delay }
  }
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type)
  if (done) return { event: `${done[1]} done` }
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type)
  if (error) return { event: `${error[1]} error` }
  const doneState = /^xstate\.done\.state\.(.+)$/.exec(type)
  if (doneState) return { event: `${doneState[1]} done` }
  return { event: type }
}

function statePath(node: AnyStateNode): string {
  return node.path.join('.')
}

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = []
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      out.push(child)
      walk(child)
    }
  }
  walk(machine.root)
  return out
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const list: AnyTransitionDefinition[] = []
  for (const ts of node.transitions.values()) list.push(...ts)
  list.push(...(node.always ?? []))
  return list
}

function describeTransition(machine: AnyStateMachine, t: AnyTransitionDefinition): TransitionSpec {
  const { event, delay } = eventLabel(machine, t)
  const guard = t.guard ? guardName(t.guard) : undefined
  const source = t.source as AnyStateNode
  const description = (t as { description?: string }).description
  return {
    key: transitionKey(t),
    source: source.id,
    targets: (t.target ?? []).map((n: AnyStateNode) => n.id),
    event: t.eventType === '' ? 'always' : t.eventType,
    label: guard ? `${event} [${guard}]` : event,
    ...(guard ? { guard } : {}),
    ...(delay ? { delay } : {}),
    actions: actionNames(t.actions),
    ...(description ? { description } : {}),
  }
}

function shapeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return value.length ? `${shapeOf(value[0])}[]` : 'unknown[]'
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    return entries.length ? `{ ${entries.map(([k, v]) => `${k}: ${shapeOf(v)}`).join('; ')} }` : '{}'
  }
  return typeof value
}

/** Payload shape per event type, merged over every sample of that type (`value: boolean | null`). */
export function eventShapes(events: readonly AnyEventObject[], extraTypes: readonly string[] = []): EventSpec[] {
  const byType = new Map<string, Map<string, Set<string>>>()
  for (const event of events) {
    const { type, ...payload } = event
    const keys = byType.get(type) ?? new Map<string, Set<string>>()
    byType.set(type, keys)
    for (const [k, v] of Object.entries(payload)) {
      const set = keys.get(k) ?? new Set<string>()
      set.add(shapeOf(v))
      keys.set(k, set)
    }
  }
  for (const type of extraTypes) if (!byType.has(type)) byType.set(type, new Map())
  return [...byType.entries()].map(([type, keys]) => ({
    type,
    payload: keys.size ? `{ ${[...keys.entries()].map(([k, s]) => `${k}: ${[...s].join(' | ')}`).join('; ')} }` : '{}',
  }))
}

const mermaidId = (node: AnyStateNode) => node.path.join('_').replace(/[^A-Za-z0-9_]/g, '_')
const mermaidText = (text: string) => text.replace(/[:;#{}"<>]/g, ' ').replace(/\s+/g, ' ').trim()

/** Mermaid stateDiagram-v2: nested states as composites, parallel regions split by `--`, labelled edges. */
export function toMermaid(machine: AnyStateMachine, transitions: TransitionSpec[]): string {
  const lines = ['stateDiagram-v2']
  const byId = new Map(allNodes(machine).map((n) => [n.id, n]))
  const emit = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states) as AnyStateNode[]
    const initialTargets = node.type === 'compound' ? (node.initial?.target ?? []) : []
    for (const t of initialTargets as AnyStateNode[]) lines.push(`${indent}[*] --> ${mermaidId(t)}`)
    children.forEach((child, i) => {
      if (node.type === 'parallel' && i > 0) lines.push(`${indent}--`)
      const id = mermaidId(child)
      if (Object.keys(child.states).length) {
        lines.push(`${indent}state ${id} {`)
        emit(child, `${indent}  `)
        lines.push(`${indent}}`)
      } else if (id !== child.key) {
        lines.push(`${indent}state "${mermaidText(child.key)}" as ${id}`)
      }
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`)
    })
  }
  emit(machine.root, '  ')
  const anyState = transitions.some((t) => t.source === machine.root.id)
  if (anyState) lines.push('  state "any state" as any_state')
  for (const t of transitions) {
    const source = t.source === machine.root.id ? 'any_state' : mermaidId(byId.get(t.source)!)
    const targets = t.targets.length ? t.targets : [t.source]
    for (const target of targets) {
      const to = target === machine.root.id ? 'any_state' : mermaidId(byId.get(target)!)
      lines.push(`  ${source} --> ${to} : ${mermaidText(t.label)}`)
    }
  }
  return `${lines.join('\n')}\n`
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
