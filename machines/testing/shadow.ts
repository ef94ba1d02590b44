import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  getInitialMicrosteps,
  getMicrosteps,
  getStateNodes,
} from 'xstate'

/**
 * The one replay of a machine for path planning, the living spec, the page path tests and coverage: a shadow of the
 * machine that moves only on the events it is sent (its invoked actors never start, its timers never run: their
 * results and delays are events of the path). It is XState's own pure stepping (`getInitialMicrosteps`,
 * `getMicrosteps`), so nothing runs; each step reports the transitions taken and the states passed through, read
 * with XState's public API only: the active state nodes from `getStateNodes`, and the transitions each microstep took
 * by XState's selection rule (document order, the innermost state first, the first transition whose named guard
 * passes; eventless transitions first after the event's own), from the state nodes' public `transitions` and `always`.
 */

/** The state value as one dotted string: `editing`, `requesting.sending`, parallel regions joined with ' + '. */
export function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        const rest = stateValueText(v)
        return rest ? `${k}.${rest}` : k
      })
      .join(' + ')
  }
  return ''
}

function targetIds(t: AnyTransitionDefinition): string {
  return (t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)'
}

/** A stable name for one transition: source, event (or 'always') and index among its siblings. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode
  if (t.eventType === '') return `${source.id} --always[${source.always?.indexOf(t) ?? 0}]--> ${targetIds(t)}`
  const siblings = source.transitions.get(t.eventType) ?? []
  return `${source.id} --${t.eventType}[${siblings.indexOf(t)}]--> ${targetIds(t)}`
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return (Object.values(node.states) as AnyStateNode[]).flatMap((child) => [child, ...descendants(child)])
}

/** Every state node id of the machine, the root excluded. */
export function allStateIds(machine: AnyStateMachine): string[] {
  return descendants(machine.root).map((n) => n.id)
}

/** Every transition of the machine (event, delayed, done and eventless ones). */
export function allTransitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = []
  for (const node of [machine.root, ...descendants(machine.root)]) {
    for (const list of node.transitions.values()) for (const t of list) keys.push(transitionKey(t))
    for (const t of node.always ?? []) keys.push(transitionKey(t))
  }
  return [...new Set(keys)]
}

/** The active state nodes of a snapshot (root excluded), in document order. */
export function activeNodes(machine: AnyStateMachine, snapshot: { value: unknown }): AnyStateNode[] {
  const nodes = new Set(getStateNodes(machine.root, snapshot.value as never) as AnyStateNode[])
  nodes.delete(machine.root)
  return [...nodes].sort((a, b) => a.order - b.order)
}

/** Whether a transition's guard lets it be taken; every guard is named (the machine convention). */
function guardPasses(machine: AnyStateMachine, guard: unknown, snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  if (guard === undefined) return true
  if (typeof guard === 'function') throw new Error(`${machine.id}: an inline or built-in guard cannot be read; name every guard in setup()`)
  const ref = guard as string | { type: string; params?: unknown }
  const type = typeof ref === 'string' ? ref : ref.type
  const impl = (machine.implementations.guards as Record<string, (args: unknown, params: unknown) => boolean>)[type]
  if (!impl) throw new Error(`${machine.id}: guard ${type} is not implemented`)
  const args = { context: snapshot.context, event }
  const raw = typeof ref === 'string' ? undefined : ref.params
  return impl(args, typeof raw === 'function' ? (raw as (a: unknown) => unknown)(args) : raw)
}

/** The transition a state node takes for an event: its first candidate whose guard passes. */
function nodeTransition(machine: AnyStateMachine, node: AnyStateNode, snapshot: AnyMachineSnapshot, event: AnyEventObject) {
  for (const candidate of node.transitions.get(event.type) ?? []) {
    if (guardPasses(machine, candidate.guard, snapshot, event)) return [candidate]
  }
  return []
}

/** XState's selection for an event: the innermost states first, their ancestors when they take nothing. */
function eventTransitions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): AnyTransitionDefinition[] {
  const select = (node: AnyStateNode, value: unknown): AnyTransitionDefinition[] => {
    let inner: AnyTransitionDefinition[] = []
    if (typeof value === 'string') inner = nodeTransition(machine, node.states[value] as AnyStateNode, snapshot, event)
    else if (value && typeof value === 'object') {
      for (const [key, sub] of Object.entries(value as Record<string, unknown>)) inner.push(...select(node.states[key] as AnyStateNode, sub))
    }
    return inner.length ? inner : nodeTransition(machine, node, snapshot, event)
  }
  return select(machine.root, snapshot.value)
}

/** XState's eventless selection: for each atomic state, the first passing `always` of it or an ancestor. */
function eventlessTransitions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): AnyTransitionDefinition[] {
  const taken = new Set<AnyTransitionDefinition>()
  for (const atomic of activeNodes(machine, snapshot).filter((n) => n.type === 'atomic' || n.type === 'final')) {
    found: for (let node: AnyStateNode | undefined = atomic; node; node = node.parent) {
      for (const t of node.always ?? []) {
        if (guardPasses(machine, t.guard, snapshot, event)) {
          taken.add(t)
          break found
        }
      }
    }
  }
  return [...taken]
}

/** What one step took: its transitions (every microstep) and the states it passed through (transient ones too). */
export interface StepResult {
  transitions: string[]
  states: string[]
}

/** An action the machine ran (its name and params), for checks of what it said (a toast's title). */
export interface ShadowAction {
  type: string
  params: unknown
}

type Microstep = [AnyMachineSnapshot, Array<{ type: string; params?: unknown }>]

/**
 * What a run of microsteps took, from the snapshot before them: the first microstep of a sent event takes the
 * event's transitions, the later ones the eventless transitions. A raised event (a `raise` action) between them is
 * not something the machines here use; a microstep that changed the state without either is reported as an error.
 */
function read(machine: AnyStateMachine, before: AnyMachineSnapshot, event: AnyEventObject, steps: readonly Microstep[], sent: boolean): StepResult {
  const transitions = new Set<string>()
  const states = new Set(activeNodes(machine, before).map((n) => n.id))
  let prev = before
  for (const [i, [next]] of steps.entries()) {
    const taken = i === 0 && sent ? eventTransitions(machine, prev, event) : eventlessTransitions(machine, prev, event)
    if (!taken.length && !(i === 0 && sent) && JSON.stringify(next.value) !== JSON.stringify(prev.value)) {
      throw new Error(`${machine.id}: a microstep after ${event.type} changed the state without an eventless transition (a raised event?)`)
    }
    for (const t of taken) {
      transitions.add(transitionKey(t))
      if (t.source !== machine.root) states.add((t.source as AnyStateNode).id)
    }
    for (const n of activeNodes(machine, next)) states.add(n.id)
    prev = next
  }
  return { transitions: [...transitions], states: [...states] }
}

/** One event from a snapshot, purely: the snapshot after it, what it took, and the actions it would run. */
export function step(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject) {
  if (snapshot.status !== 'active') return { snapshot, result: { transitions: [], states: [] }, actions: [] as ShadowAction[] }
  const steps = getMicrosteps(machine, snapshot as never, event as never) as unknown as Microstep[]
  const after = steps.at(-1)?.[0] ?? snapshot
  const actions = steps.flatMap(([, list]) => list.map((a) => ({ type: a.type, params: a.params })))
  return { snapshot: after, result: read(machine, snapshot, event, steps, true), actions }
}

/** The machine as it starts with this input: its snapshot, what starting took, and the actions it would run. */
export function start(machine: AnyStateMachine, input?: unknown) {
  const steps = getInitialMicrosteps(machine, input as never) as unknown as Microstep[]
  const [entered] = steps[0] as Microstep
  const result = read(machine, entered, { type: 'xstate.init', input }, steps.slice(1), false)
  const actions = steps.flatMap(([, list]) => list.map((a) => ({ type: a.type, params: a.params })))
  return { snapshot: (steps.at(-1) as Microstep)[0], result, actions }
}

export interface Shadow {
  send(event: AnyEventObject): StepResult
  snapshot(): AnyMachineSnapshot
  /** Active state node ids (root excluded). */
  active(): string[]
  stop(): void
  /** What starting took: the initial state's eventless transitions and the states they passed through. */
  initial: StepResult
}

/**
 * A shadow of the machine. `onAction` hears every action the machine would run (for the toasts a step raises); an
 * actor error sent where nothing handles it errors the shadow (its status says so), and it takes no event after that.
 */
export function shadow(machine: AnyStateMachine, input?: unknown, options: { onAction?: (action: ShadowAction) => void } = {}): Shadow {
  const first = start(machine, input)
  for (const action of first.actions) options.onAction?.(action)
  let current = first.snapshot
  return {
    initial: first.result,
    send(event) {
      const next = step(machine, current, event)
      for (const action of next.actions) options.onAction?.(action)
      current = next.snapshot
      return next.result
    },
    snapshot: () => current,
    active: () => activeNodes(machine, current).map((n) => n.id),
    stop: () => {},
  }
}

/** JSON of a payload for a sentence, shortened when long (a whole profile would drown the path). */
function brief(value: unknown): string {
  const json = JSON.stringify(value) ?? 'undefined'
  return json.length > 90 ? `${json.slice(0, 86)}…${json.at(-1)}` : json
}

/** An event as the path sentences say it: `SUBMIT`, `signUp succeeds with {…}`, `after the redirectDelay delay`. */
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
