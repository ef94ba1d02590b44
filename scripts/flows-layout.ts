/**
 * Lays out each machine as a statechart with ELK (elkjs, the Eclipse Layout Kernel compiled to JavaScript):
 * the layered algorithm over the whole hierarchy at once (`hierarchyHandling: INCLUDE_CHILDREN`), so nested
 * states are boxes inside their parent and transitions cross box borders, with orthogonal edges and placed edge
 * labels. Run by `npm run flows` at generation time: the result is stored in flows.json and the browser only
 * draws it, so /flows carries no layout code (elkjs is 480 kB gzip) and every run draws the same picture.
 */
import { createHash } from 'node:crypto'
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js'
import { DIAGRAM_METRICS as M, type DiagramLabelLine, type DiagramLine, type DiagramNode, type FlowDiagram, type FlowSpec, textWidth } from '../machines/testing/diagram'
import type { MachineSpec, StateSpec, TransitionSpec } from '../machines/testing/spec'

const INITIAL = '::initial'

/**
 * Options of the layered algorithm. With INCLUDE_CHILDREN, ELK reads them from each compound node as well as the
 * root, so every compound state gets them too.
 */
const LAYERED: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  // Read top-down from the initial state: a depth-first walk from it decides which arrows point back up.
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.layered.spacing.edgeNodeBetweenLayers': '16',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '14',
  'elk.spacing.edgeEdge': '10',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.componentComponent': '32',
  'elk.randomSeed': '1',
}
const round = (n: number) => Math.round(n * 10) / 10

/** `signUp (signUp)` -> `signUp`; `exchange (exchangeCode)` stays as it is. */
function invokeText(invoke: string): string {
  const m = /^(.+) \((.+)\)$/.exec(invoke)
  return m && m[1] === m[2] ? m[1]! : invoke
}

function internalText(t: TransitionSpec): string {
  return t.actions.length ? `${t.label} / ${t.actions.join(', ')}` : t.label
}

/** The lines a state box shows under its name. */
export function stateLines(spec: MachineSpec, id: string): DiagramLine[] {
  const state = spec.states.find((s) => s.id === id)
  const lines: DiagramLine[] = []
  if (state?.entry.length) lines.push({ kind: 'entry', text: `entry / ${state.entry.join(', ')}` })
  for (const invoke of state?.invokes ?? []) lines.push({ kind: 'invoke', text: `invoke / ${invokeText(invoke)}` })
  for (const t of spec.transitions) {
    if (t.source === id && t.targets.length === 0) lines.push({ kind: 'internal', text: internalText(t), transition: t.key })
  }
  return lines
}

function title(spec: MachineSpec, id: string): string {
  return id === spec.id ? 'any state' : (spec.states.find((s) => s.id === id)?.key ?? id)
}

function headerSize(spec: MachineSpec, id: string): { width: number; header: number; lines: DiagramLine[] } {
  const lines = stateLines(spec, id)
  const width = Math.max(72, textWidth(title(spec, id), M.titleSize) + 2 * M.paddingX + 16, ...lines.map((l) => textWidth(l.text) + 2 * M.paddingX))
  const header = M.headerHeight + lines.length * M.lineHeight + (lines.length ? 6 : 0)
  return { width, header, lines }
}

/** A hash of what the machine is: its states and transitions as flows.json records them. */
export function definitionHash(spec: MachineSpec): string {
  const definition = { id: spec.id, rootType: spec.rootType, states: spec.states, transitions: spec.transitions }
  return createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 16)
}

export async function layoutMachine(spec: MachineSpec): Promise<FlowDiagram> {
  const elk = new ELK()
  const children = new Map<string | null, StateSpec[]>()
  for (const s of spec.states) children.set(s.parent, [...(children.get(s.parent) ?? []), s])
  const parentOf = new Map<string, string | null>(spec.states.map((s) => [s.id, s.parent]))
  const sizes = new Map<string, ReturnType<typeof headerSize>>()
  const hasAny = spec.transitions.some((t) => t.source === spec.id) || spec.transitions.some((t) => t.targets.includes(spec.id))

  /** The ELK container of a node: its parent state, or null for the machine (root graph). */
  const ancestors = (id: string): Array<string | null> => {
    const out: Array<string | null> = []
    let p = id === spec.id ? null : (parentOf.get(id) ?? null)
    while (p !== null) {
      out.push(p)
      p = parentOf.get(p) ?? null
    }
    out.push(null)
    return out
  }
  /** ELK wants an edge in the lowest node containing both ends (the source itself when it contains the target). */
  const container = (source: string, target: string): string | null => {
    const up = ancestors(target)
    if (source !== spec.id && up.includes(source)) return source
    const mine = ancestors(source)
    return mine.find((a) => up.includes(a)) ?? null
  }

  const edgesIn = new Map<string | null, ElkExtendedEdge[]>()
  const addEdge = (where: string | null, edge: ElkExtendedEdge) => edgesIn.set(where, [...(edgesIn.get(where) ?? []), edge])
  // Transitions between the same two states share one arrow with one label line each, as statechart editors draw them.
  const edgeMeta = new Map<string, { source: string; target: string; lines: DiagramLabelLine[] }>()
  for (const t of spec.transitions) {
    for (const target of t.targets) {
      const id = `${t.source}->${target}`
      const meta = edgeMeta.get(id) ?? { source: t.source, target, lines: [] }
      meta.lines.push({ text: t.label, transition: t.key })
      edgeMeta.set(id, meta)
    }
  }
  for (const [id, meta] of edgeMeta) {
    addEdge(container(meta.source, meta.target), {
      id,
      sources: [meta.source],
      targets: [meta.target],
      labels: [{ text: meta.lines.map((l) => l.text).join('\n'), width: Math.max(...meta.lines.map((l) => textWidth(l.text))) + 8, height: meta.lines.length * M.lineHeight + 2 }],
    })
  }

  const node = (s: StateSpec): ElkNode => {
    const size = headerSize(spec, s.id)
    sizes.set(s.id, size)
    const kids = children.get(s.id) ?? []
    if (!kids.length) return { id: s.id, width: size.width + (s.type === 'final' ? 6 : 0), height: size.header + (s.type === 'final' ? 6 : 0) }
    return {
      id: s.id,
      layoutOptions: {
        ...LAYERED,
        'elk.padding': `[top=${size.header + 12},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${size.width}, ${size.header + 40})`,
      },
      children: graphChildren(s.id, s.type),
      edges: edgesIn.get(s.id) ?? [],
    }
  }
  const initialOf = (parent: string | null): StateSpec | undefined => (children.get(parent) ?? []).find((s) => s.initial)
  const graphChildren = (parent: string | null, type: string): ElkNode[] => {
    const list: ElkNode[] = []
    const first = type === 'parallel' ? undefined : initialOf(parent)
    if (first) {
      const id = `${parent ?? spec.id}${INITIAL}`
      list.push({ id, width: 2 * M.initialRadius, height: 2 * M.initialRadius })
      addEdge(parent, { id: `${id}->${first.id}`, sources: [id], targets: [first.id] })
    }
    for (const s of children.get(parent) ?? []) list.push(node(s))
    return list
  }

  const top = graphChildren(null, spec.rootType)
  if (hasAny) {
    const size = headerSize(spec, spec.id)
    sizes.set(spec.id, size)
    top.push({ id: spec.id, width: size.width, height: size.header })
  }
  const graph: ElkNode = {
    id: '(root)',
    layoutOptions: {
      ...LAYERED,
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: top,
    edges: [],
  }
  graph.edges = edgesIn.get(null) ?? []
  const out = await elk.layout(graph)

  const nodes: DiagramNode[] = []
  const initials: FlowDiagram['initials'] = []
  const boxes = new Map<string, { x: number; y: number; width: number; height: number }>()
  const collect = (n: ElkNode) => {
    for (const c of n.children ?? []) {
      const box = { x: round(c.x ?? 0), y: round(c.y ?? 0), width: round(c.width ?? 0), height: round(c.height ?? 0) }
      boxes.set(c.id, box)
      if (!c.id.endsWith(INITIAL)) {
        const size = sizes.get(c.id)!
        nodes.push({ id: c.id, ...box, header: size.header, lines: size.lines })
      }
      collect(c)
    }
  }
  collect(out)
  const edges: FlowDiagram['edges'] = []
  const walkEdges = (n: ElkNode) => {
    for (const e of n.edges ?? []) {
      const section = e.sections?.[0]
      const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => ({ x: round(p.x), y: round(p.y) })) : []
      if (e.id.includes(`${INITIAL}->`)) {
        const [from, target] = e.id.split(`${INITIAL}->`) as [string, string]
        const dot = boxes.get(`${from}${INITIAL}`)!
        initials.push({ parent: from === spec.id ? null : from, target, x: round(dot.x + M.initialRadius), y: round(dot.y + M.initialRadius), points })
        continue
      }
      const meta = edgeMeta.get(e.id)!
      const label = e.labels?.[0]
      edges.push({
        id: e.id,
        source: meta.source,
        target: meta.target,
        points,
        label: { lines: meta.lines, x: round(label?.x ?? 0), y: round(label?.y ?? 0), width: round(label?.width ?? 0), height: round(label?.height ?? 0) },
      })
    }
    for (const c of n.children ?? []) walkEdges(c)
  }
  walkEdges(out)
  // Keep the spec's order (states as defined, edges as the transitions list), whatever order ELK returns.
  const order = new Map([spec.id, ...spec.states.map((s) => s.id)].map((id, i) => [id, i]))
  nodes.sort((a, b) => order.get(a.id)! - order.get(b.id)!)
  const edgeOrder = new Map([...edgeMeta.keys()].map((id, i) => [id, i]))
  edges.sort((a, b) => edgeOrder.get(a.id)! - edgeOrder.get(b.id)!)
  return { width: Math.ceil(out.width ?? 0), height: Math.ceil(out.height ?? 0), nodes, initials, edges }
}

/** The flows.json entry: the spec with its drawing and definition hash. */
export async function withDiagram(spec: MachineSpec): Promise<FlowSpec> {
  return { ...spec, definitionHash: definitionHash(spec), diagram: await layoutMachine(spec) }
}
