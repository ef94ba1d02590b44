import { useEffect, useId, useRef, useState } from 'react'
import type { FlowSpec } from '../../../machines/testing/diagram'
import type { PathSpec } from '../../../machines/testing/spec'
import { Button } from '../../ui/Button'
import { type AtlasData, AtlasPanel } from './AtlasPanel'
import * as s from './flows.css'
import { StateChart } from './StateChart'

const ZOOMS = [0.5, 0.67, 0.8, 1, 1.25, 1.5, 2]

function reducedMotion(): boolean {
  const root = document.documentElement
  if (root.classList.contains('reduce-motion')) return true
  if (root.classList.contains('allow-motion')) return false
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
}

/** Active state ids and transitions taken at a step of a path (step 0 is the start). */
export function stepState(path: PathSpec | undefined, step: number): { active: string[]; taken: string[] } {
  if (!path) return { active: [], taken: [] }
  if (step === 0) return { active: path.initialActive, taken: [] }
  const at = path.steps[step - 1]
  return { active: at?.active ?? [], taken: at?.transitions ?? [] }
}

/** The deepest active states (no active child), in the order the machine defines them. */
function leaves(flow: FlowSpec, active: ReadonlySet<string>): string[] {
  return flow.states.filter((st) => active.has(st.id) && !flow.states.some((c) => c.parent === st.id && active.has(c.id))).map((st) => st.id)
}

/**
 * One machine on /flows and the spec site: the drawn statechart (zoomable, scrolling inside its own region),
 * what the user sees in the chosen or current state, a stepper through the generated paths, and the text
 * version (states, transitions, events, the path catalogue).
 */
export function MachineSection({ flow, atlas }: { flow: FlowSpec; atlas: AtlasData }) {
  const [pathIndex, setPathIndex] = useState(0)
  const [step, setStep] = useState(0)
  const [zoom, setZoom] = useState(1)
  const [chosen, setChosen] = useState<string | null>(null)
  const panelHeading = useRef<HTMLHeadingElement>(null)
  const scroller = useRef<HTMLElement>(null)
  const path = flow.paths[pathIndex]
  const { active: activeList, taken: takenList } = stepState(path, step)
  const active = new Set(activeList)
  const taken = new Set(takenList)
  const current = leaves(flow, active)
  // With several regions active, show the first current state that has a picture.
  const following = current.find((id) => atlas.manifest.machines[flow.name]?.states[id]) ?? current[0] ?? null
  const shown = chosen ?? following
  const titleId = `flow-${flow.name}-title`
  const c = flow.coverage

  // Keep the current state in view inside the drawing's own scroll region as the path moves.
  const firstActive = current[0]
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step or zoom moves the highlight
  useEffect(() => {
    const box = scroller.current
    const node = flow.diagram.nodes.find((n) => n.id === firstActive)
    if (!box || !node || step === 0) return
    const x = node.x * zoom
    const y = node.y * zoom
    const inView = x >= box.scrollLeft && y >= box.scrollTop && x + node.width * zoom <= box.scrollLeft + box.clientWidth && y + node.height * zoom <= box.scrollTop + box.clientHeight
    if (!inView) box.scrollTo({ left: Math.max(0, x - 24), top: Math.max(0, y - 24), behavior: reducedMotion() ? 'auto' : 'smooth' })
  }, [firstActive, step, zoom])

  const choose = (id: string) => {
    setChosen(id)
    // The picture appears beside or below the drawing: move there, as a disclosure would.
    requestAnimationFrame(() => panelHeading.current?.focus())
  }
  const goTo = (n: number) => {
    setStep(n)
    setChosen(null)
  }
  const zoomIndex = ZOOMS.indexOf(zoom)
  const fitWidth = () => {
    const box = scroller.current
    if (!box) return
    // Rounded down to whole percent: rounding up could make the drawing a few pixels wider than its region (the
    // team machine's 2565 px at 390 px wide: 13.57 % rounded to 14 % gave 360 px in a 356 px region).
    const fit = Math.max(0.1, Math.min(2, Math.floor(((box.clientWidth - 8) / flow.diagram.width) * 100) / 100))
    setZoom(fit)
  }
  return (
    <section id={`flow-${flow.name}`} aria-labelledby={titleId} className={s.machine} data-machine={flow.name}>
      <div>
        <h2 id={titleId} className={s.machineTitle}>
          {flow.name}
        </h2>
        <p className={s.meta}>
          {flow.file} · {flow.states.length} states · {flow.events.length} events · {flow.transitions.length} transitions · {flow.paths.length} paths reaching{' '}
          {c.states}/{c.statesTotal} states and {c.transitions}/{c.transitionsTotal} transitions
        </p>
        {flow.description ? <p>{flow.description}</p> : null}
      </div>
      <div className={s.columns}>
        <figure className={s.figure} aria-labelledby={`${titleId}-diagram`}>
          <figcaption id={`${titleId}-diagram`} className={s.caption}>
            Statechart of {flow.name}
          </figcaption>
          <fieldset className={s.zoomBar}>
            <legend className="sr-only">Zoom of the {flow.name} statechart</legend>
            <Button variant="outline" size="sm" aria-label="Zoom out" onClick={() => setZoom(ZOOMS[Math.max(0, zoomIndex < 0 ? 2 : zoomIndex - 1)]!)} aria-disabled={zoom <= ZOOMS[0]!}>
              −
            </Button>
            <Button variant="outline" size="sm" aria-label="Zoom in" onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex < 0 ? 3 : zoomIndex + 1)]!)} aria-disabled={zoom >= ZOOMS[ZOOMS.length - 1]!}>
              +
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setZoom(1)}>
              Actual size
            </Button>
            <Button variant="ghost" size="sm" onClick={fitWidth}>
              Fit width
            </Button>
            <span className={s.meta} aria-live="polite">
              {Math.round(zoom * 100)}%
            </span>
          </fieldset>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing scrolls inside this region, which keyboard users must be able to scroll */}
          <section ref={scroller} className={s.chartScroller} aria-label={`${flow.name} statechart (scrolls)`} tabIndex={0}>
            <StateChart flow={flow} zoom={zoom} active={active} taken={taken} selected={chosen} onSelect={choose} />
          </section>
          <p className={s.legend}>
            ● initial state · double border: final state · dashed box: a region running in parallel · “EVENT [guard]”, “after delay” on arrows · lines inside a
            state: entry actions, invoked actors and transitions that stay in the state
          </p>
        </figure>
        <AtlasPanel headingRef={panelHeading} flow={flow} atlas={atlas} stateId={shown} following={!chosen} />
      </div>
      {path ? (
        <PathStepper
          flow={flow}
          pathIndex={pathIndex}
          step={step}
          onPath={(i) => {
            setPathIndex(i)
            goTo(0)
          }}
          onStep={goTo}
        />
      ) : null}
      <TextVersion flow={flow} />
    </section>
  )
}

function PathStepper({
  flow,
  pathIndex,
  step,
  onPath,
  onStep,
}: {
  flow: FlowSpec
  pathIndex: number
  step: number
  onPath: (index: number) => void
  onStep: (step: number) => void
}) {
  const id = useId()
  const path = flow.paths[pathIndex]!
  const last = path.steps.length
  const byKey = new Map(flow.transitions.map((t) => [t.key, t]))
  const pathOf = new Map(flow.states.map((st) => [st.id, st.path]))
  const took = (keys: string[]) =>
    keys
      .map((k) => byKey.get(k))
      .filter((t) => t !== undefined)
      .map((t) => `${t.label} (${pathOf.get(t.source) ?? 'any state'} → ${t.targets.map((x) => pathOf.get(x) ?? x).join(', ') || 'stays'})`)
      .join('; ')
  const at = path.steps[step - 1]
  const now =
    step === 0 || !at ? `Start: in ${path.initialState}` : `Step ${step} of ${last}: ${at.text}, now in ${at.state}.${at.transitions.length ? ` Took ${took(at.transitions)}.` : ''}`
  const go = (n: number) => {
    if (n >= 0 && n <= last) onStep(n)
  }
  return (
    <section className={s.stepper} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Step through a path of {flow.name}</h3>
      <label htmlFor={`${id}-path`}>Path</label>
      <select id={`${id}-path`} className={s.select} value={pathIndex} onChange={(e) => onPath(Number(e.target.value))}>
        {flow.paths.map((p, i) => (
          <option key={p.description} value={i}>
            {i + 1}. {p.description}
          </option>
        ))}
      </select>
      <ol className={s.steps} start={0}>
        <li className={step === 0 ? s.stepCurrent : s.muted} aria-current={step === 0 ? 'step' : undefined}>
          Start in {path.initialState}
        </li>
        {path.steps.map((st, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional
          <li key={i} className={step === i + 1 ? s.stepCurrent : s.muted} aria-current={step === i + 1 ? 'step' : undefined}>
            {st.text} → {st.state}
          </li>
        ))}
      </ol>
      <p aria-live="polite" data-testid="path-position" className={s.position}>
        {now}
      </p>
      {/* aria-disabled, not disabled: the button keeps focus at either end of the path */}
      <div className={s.actions}>
        <Button variant="outline" size="sm" onClick={() => go(step - 1)} aria-disabled={step === 0}>
          Previous step
        </Button>
        <Button size="sm" onClick={() => go(step + 1)} aria-disabled={step >= last}>
          Next step
        </Button>
        <Button variant="ghost" size="sm" onClick={() => go(0)} aria-disabled={step === 0}>
          Restart
        </Button>
      </div>
    </section>
  )
}

function TextVersion({ flow }: { flow: FlowSpec }) {
  const pathOf = new Map(flow.states.map((st) => [st.id, st.path]))
  const name = (id: string) => (id === flow.id ? '(any state)' : (pathOf.get(id) ?? id))
  return (
    <>
      <details>
        <summary className={s.summary}>States and transitions as text ({flow.states.length} states)</summary>
        <div className={s.tableScroller}>
          <table className={s.table}>
            <caption className="sr-only">States of {flow.name}</caption>
            <thead>
              <tr>
                <th className={s.cell} scope="col">
                  State
                </th>
                <th className={s.cell} scope="col">
                  Kind
                </th>
                <th className={s.cell} scope="col">
                  On entry
                </th>
                <th className={s.cell} scope="col">
                  Invokes
                </th>
              </tr>
            </thead>
            <tbody>
              {flow.states.map((st) => (
                <tr key={st.id}>
                  <td className={`${s.cell} ${s.mono}`}>{st.path}</td>
                  <td className={s.cell}>
                    {st.type}
                    {st.initial ? ', initial' : ''}
                  </td>
                  <td className={`${s.cell} ${s.mono}`}>{st.entry.join(', ')}</td>
                  <td className={`${s.cell} ${s.mono}`}>{st.invokes.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className={s.table}>
            <caption className="sr-only">Transitions of {flow.name}</caption>
            <thead>
              <tr>
                <th className={s.cell} scope="col">
                  From
                </th>
                <th className={s.cell} scope="col">
                  Event [guard]
                </th>
                <th className={s.cell} scope="col">
                  To
                </th>
                <th className={s.cell} scope="col">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {flow.transitions.map((t) => (
                <tr key={t.key}>
                  <td className={`${s.cell} ${s.mono}`}>{name(t.source)}</td>
                  <td className={`${s.cell} ${s.mono}`}>{t.label}</td>
                  <td className={`${s.cell} ${s.mono}`}>{t.targets.length ? t.targets.map(name).join(', ') : '(stays)'}</td>
                  <td className={`${s.cell} ${s.mono}`}>{t.actions.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <details>
        <summary className={s.summary}>Events and payloads ({flow.events.length})</summary>
        <div className={s.tableScroller}>
          <table className={s.table}>
            <caption className="sr-only">Events of {flow.name}</caption>
            <thead>
              <tr>
                <th className={s.cell} scope="col">
                  Event
                </th>
                <th className={s.cell} scope="col">
                  Payload
                </th>
              </tr>
            </thead>
            <tbody>
              {flow.events.map((e) => (
                <tr key={e.type}>
                  <td className={`${s.cell} ${s.mono}`}>{e.type}</td>
                  <td className={`${s.cell} ${s.mono}`}>{e.payload}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <details>
        <summary className={s.summary}>Path catalogue ({flow.paths.length})</summary>
        <ol className={s.catalogue}>
          {flow.paths.map((p) => (
            <li key={p.description}>{p.description}</li>
          ))}
        </ol>
        {flow.coverage.missing.length ? (
          <>
            <p>Not reached with the sample events:</p>
            <ul className={s.catalogue}>
              {flow.coverage.missing.map((m) => (
                <li key={m} className={s.mono}>
                  {m}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </details>
      <details>
        <summary className={s.summary}>Mermaid source (stateDiagram-v2)</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code must be reachable by keyboard */}
        <pre className={s.source} tabIndex={0}>
          <code>{flow.mermaid}</code>
        </pre>
      </details>
    </>
  )
}
