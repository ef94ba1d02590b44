import type { KeyboardEvent } from 'react'
import { DIAGRAM_METRICS as M, type DiagramNode, type DiagramPoint, type FlowSpec } from '../../../machines/testing/diagram'
import type { StateSpec } from '../../../machines/testing/spec'
import * as s from './StateChart.css'

/**
 * One machine drawn as a statechart from its precomputed layout (FlowSpec.diagram): states as rounded boxes,
 * children inside their parent, parallel regions as dashed boxes, final states with a double border, a filled dot
 * and arrow for each initial state, transitions as arrows labelled with event, [guard] and delay, and targetless
 * transitions listed inside their state (UML's internal transitions). Each state is a button (Enter or Space)
 * that selects it; the current states of the path being stepped through and the transitions just taken are
 * highlighted (`data-active`, `data-taken`). Edges are decorative for assistive technology: the text version
 * beside the drawing lists them.
 */
export interface StateChartProps {
  flow: FlowSpec
  zoom: number
  active: ReadonlySet<string>
  taken: ReadonlySet<string>
  selected: string | null
  onSelect: (stateId: string) => void
}

const KIND: Record<StateSpec['type'], string> = {
  atomic: 'state',
  compound: 'compound state',
  parallel: 'parallel state',
  final: 'final state',
  history: 'history state',
}

function pathData(points: DiagramPoint[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${p.x} ${p.y}`).join(' ')
}

export function stateLabel(flow: FlowSpec, state: StateSpec, active: boolean): string {
  const parent = flow.states.find((x) => x.id === state.parent)
  const region = parent?.type === 'parallel' || (!state.parent && flow.rootType === 'parallel')
  const kind = region ? `region (${KIND[state.type]})` : KIND[state.type]
  return `${state.path}: ${kind}${state.initial ? ', initial' : ''}${active ? ', current' : ''}`
}

export function StateChart({ flow, zoom, active, taken, selected, onSelect }: StateChartProps) {
  const { diagram } = flow
  const byId = new Map(flow.states.map((st) => [st.id, st]))
  const isRegion = (st: StateSpec) => (st.parent ? byId.get(st.parent)?.type === 'parallel' : flow.rootType === 'parallel')
  const onKey = (id: string) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      onSelect(id)
    }
  }
  const markerId = `arrow-${flow.name}`
  const anyBox = diagram.nodes.find((n) => n.id === flow.id)
  const stateNodes = diagram.nodes.filter((n) => n.id !== flow.id)

  const lines = (node: DiagramNode) =>
    node.lines.map((line, i) => (
      <text
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional and never reorder
        key={i}
        x={node.x + M.paddingX}
        y={node.y + M.headerHeight + 4 + i * M.lineHeight + M.textSize}
        className={line.kind === 'internal' ? s.internal : s.line}
        data-transition={line.transition}
        data-taken={line.transition && taken.has(line.transition) ? 'true' : undefined}
      >
        {line.text}
      </text>
    ))

  return (
    // biome-ignore lint/a11y/useSemanticElements: an <svg> cannot be a <fieldset>; the group names the drawing
    <svg
      className={s.svg}
      width={Math.ceil(diagram.width * zoom)}
      height={Math.ceil(diagram.height * zoom)}
      viewBox={`0 0 ${diagram.width} ${diagram.height}`}
      role="group"
      aria-label={`Statechart of ${flow.name}: ${flow.states.length} states; choose a state to see what the user sees in it`}
      data-statechart={flow.name}
    >
      <defs>
        <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" className={s.arrowHead} />
        </marker>
        <marker id={`${markerId}-taken`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" className={s.arrowHeadTaken} />
        </marker>
      </defs>

      {stateNodes.map((node) => {
        const st = byId.get(node.id)
        if (!st) return null
        const on = active.has(st.id)
        const region = isRegion(st)
        const compound = st.type === 'compound' || st.type === 'parallel'
        return (
          <g
            key={node.id}
            className={s.state}
            data-state-id={st.id}
            data-state={st.path}
            data-kind={st.type}
            data-active={on ? 'true' : undefined}
            data-selected={selected === st.id ? 'true' : undefined}
          >
            <rect
              x={node.x}
              y={node.y}
              width={node.width}
              height={node.height}
              rx={region ? 4 : 10}
              className={region ? s.regionBox : compound ? s.compoundBox : s.box}
            />
            {st.type === 'final' ? <rect x={node.x + 3} y={node.y + 3} width={node.width - 6} height={node.height - 6} rx={8} className={s.finalInner} /> : null}
            {compound ? <line x1={node.x} x2={node.x + node.width} y1={node.y + node.header} y2={node.y + node.header} className={s.divider} /> : null}
            {/* biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; role, tabindex and keys make it one */}
            <g
              role="button"
              tabIndex={0}
              aria-label={stateLabel(flow, st, on)}
              aria-pressed={selected === st.id}
              aria-current={on ? 'step' : undefined}
              className={s.hit}
              onClick={() => onSelect(st.id)}
              onKeyDown={onKey(st.id)}
            >
              <rect x={node.x} y={node.y} width={node.width} height={compound ? M.headerHeight : node.height} rx={region ? 4 : 10} className={s.hitArea} />
              <text x={node.x + M.paddingX} y={node.y + 20} className={s.title}>
                {st.key}
                {st.type === 'parallel' ? ' ∥' : ''}
              </text>
            </g>
            {lines(node)}
          </g>
        )
      })}

      {anyBox ? (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: nothing in it is focusable; the text version lists these transitions
        <g className={s.state} data-any-state="true" aria-hidden="true">
          <rect x={anyBox.x} y={anyBox.y} width={anyBox.width} height={anyBox.height} rx={10} className={s.anyBox} />
          <text x={anyBox.x + M.paddingX} y={anyBox.y + 20} className={s.anyTitle}>
            any state
          </text>
          {lines(anyBox)}
        </g>
      ) : null}

      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: arrows are drawing only (nothing focusable); the text version lists the transitions */}
      <g aria-hidden="true">
        {diagram.initials.map((init) => (
          <g key={`${init.parent ?? ''}->${init.target}`} data-initial-of={init.parent ?? flow.id}>
            <circle cx={init.x} cy={init.y} r={M.initialRadius} className={s.initialDot} />
            <path d={pathData(init.points)} className={s.edgeLine} markerEnd={`url(#${markerId})`} />
          </g>
        ))}
        {diagram.edges.map((edge) => {
          const on = edge.label.lines.some((l) => taken.has(l.transition))
          return (
            <g key={edge.id} className={s.edge} data-edge={edge.id} data-taken={on ? 'true' : undefined}>
              <path d={pathData(edge.points)} className={s.edgeLine} markerEnd={`url(#${markerId}${on ? '-taken' : ''})`} />
              <rect x={edge.label.x} y={edge.label.y} width={edge.label.width} height={edge.label.height} rx={3} className={s.labelBox} />
              {edge.label.lines.map((l, i) => (
                <text
                  key={l.transition}
                  x={edge.label.x + 4}
                  y={edge.label.y + 1 + i * M.lineHeight + M.textSize}
                  className={s.label}
                  data-transition={l.transition}
                  data-taken={taken.has(l.transition) ? 'true' : undefined}
                >
                  {l.text}
                </text>
              ))}
            </g>
          )
        })}
      </g>
    </svg>
  )
}
