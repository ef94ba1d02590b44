import type { AnyEventObject, AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { transitionKey } from './shadow'
import type { EventSpec, TransitionSpec } from './spec'

/**
 * How the living spec names what a machine is made of: actions, guards, delays and events as labels, the state
 * nodes and transitions in document order, payload shapes, and the Mermaid source of the diagram. Read from the
 * machine definition only (public StateNode properties).
 */

export function nameOf(thing: unknown): string {
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

export function actionNames(actions: readonly unknown[] | undefined): string[] {
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

export function statePath(node: AnyStateNode): string {
  return node.path.join('.')
}

export function allNodes(machine: AnyStateMachine): AnyStateNode[] {
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

export function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const list: AnyTransitionDefinition[] = []
  for (const ts of node.transitions.values()) list.push(...ts)
  list.push(...(node.always ?? []))
  return list
}

export function describeTransition(machine: AnyStateMachine, t: AnyTransitionDefinition): TransitionSpec {
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

