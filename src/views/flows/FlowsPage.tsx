import { type ReactNode, useId, useState } from 'react'
import flows from '../../../docs/flows/flows.json'
import type { MachineSpec, StateSpec, TransitionSpec } from '../../../machines/testing/spec'
import { Button } from '../../ui/Button'
import { StaticPage } from '../layout/StaticPage'
import * as s from './flows.css'

/**
 * The analysts' living spec (/flows): every machine's states and transitions drawn as an accessible tree from
 * docs/flows/flows.json (generated from the machine definitions by `npm run flows`), the Mermaid source beside
 * it, the events with their payload shapes, and a stepper that walks one generated path at a time, marking the
 * active states. Served by development builds, and by production builds only with VITE_FLOWS_IN_PRODUCTION.
 */
const SPECS = flows as unknown as MachineSpec[]

export function FlowsPage({ heading }: { heading: string }) {
  return (
    <StaticPage
      wide
      title={heading}
      lead="The living spec: every flow of the product as its state machine, generated from the code. Pick a path to step through it."
    >
      <nav aria-label="Machines">
        <ul className={s.machineNav}>
          {SPECS.map((spec) => (
            <li key={spec.name}>
              <a className={s.machineNavLink} href={`#flow-${spec.name}`}>
                {spec.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {SPECS.length === 0 ? <p>No machines yet: run npm run flows.</p> : null}
      {SPECS.map((spec) => (
        <MachineSection key={spec.name} spec={spec} />
      ))}
    </StaticPage>
  )
}

function MachineSection({ spec }: { spec: MachineSpec }) {
  const [pathIndex, setPathIndex] = useState(0)
  const [step, setStep] = useState(0)
  const path = spec.paths[pathIndex]
  const active = new Set(path ? (step === 0 ? path.initialActive : (path.steps[step - 1]?.active ?? [])) : [])
  const titleId = `flow-${spec.name}-title`
  const c = spec.coverage
  return (
    <section id={`flow-${spec.name}`} aria-labelledby={titleId} className={s.machine} data-machine={spec.name}>
      <div>
        <h2 id={titleId} className={s.machineTitle}>
          {spec.name}
        </h2>
        <p className={s.meta}>
          {spec.file} · {spec.states.length} states · {spec.events.length} events · {spec.transitions.length} transitions · {spec.paths.length} paths reaching{' '}
          {c.states}/{c.statesTotal} states and {c.transitions}/{c.transitionsTotal} transitions
        </p>
        {spec.description ? <p>{spec.description}</p> : null}
      </div>
      <div className={s.columns}>
        <figure className={s.figure} aria-labelledby={`${titleId}-diagram`}>
          <figcaption id={`${titleId}-diagram`} className={s.caption}>
            States and transitions
          </figcaption>
          <StateDiagram spec={spec} active={active} />
        </figure>
        <figure className={s.figure} aria-labelledby={`${titleId}-mermaid`}>
          <figcaption id={`${titleId}-mermaid`} className={s.caption}>
            Mermaid source (stateDiagram-v2)
          </figcaption>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code must be reachable by keyboard */}
          <pre className={s.source} tabIndex={0}>
            <code>{spec.mermaid}</code>
          </pre>
        </figure>
      </div>
      {path ? (
        <PathStepper
          spec={spec}
          pathIndex={pathIndex}
          step={step}
          onPath={(i) => {
            setPathIndex(i)
            setStep(0)
          }}
          onStep={setStep}
        />
      ) : null}
      <details>
        <summary className={s.summary}>Events and payloads ({spec.events.length})</summary>
        <table className={s.table}>
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
            {spec.events.map((e) => (
              <tr key={e.type}>
                <td className={`${s.cell} ${s.mono}`}>{e.type}</td>
                <td className={`${s.cell} ${s.mono}`}>{e.payload}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  )
}

function StateDiagram({ spec, active }: { spec: MachineSpec; active: Set<string> }) {
  const byParent = new Map<string | null, StateSpec[]>()
  for (const st of spec.states) byParent.set(st.parent, [...(byParent.get(st.parent) ?? []), st])
  const pathOf = new Map(spec.states.map((st) => [st.id, st.path]))
  const from = (id: string) => spec.transitions.filter((t) => t.source === id)
  const rootTransitions = from(spec.id)
  const render = (parent: string | null, className: string): ReactNode => (
    <ul className={className}>
      {(byParent.get(parent) ?? []).map((st) => {
        const isActive = active.has(st.id)
        return (
          <li key={st.id} className={`${s.state} ${isActive ? s.stateActive : ''}`} data-state={st.path} aria-current={isActive ? 'step' : undefined}>
            <span className={s.stateName}>{st.key}</span>
            {st.initial ? <span className={s.badge}>initial</span> : null}
            {st.type !== 'atomic' ? <span className={s.badge}>{st.type}</span> : null}
            {isActive ? <span className={s.badgeActive}>current</span> : null}
            {st.entry.length ? <div className={`${s.muted} ${s.mono}`}>entry: {st.entry.join(', ')}</div> : null}
            {st.invokes.length ? <div className={`${s.muted} ${s.mono}`}>invokes: {st.invokes.join(', ')}</div> : null}
            <TransitionList transitions={from(st.id)} pathOf={pathOf} />
            {byParent.has(st.id) ? render(st.id, s.subtree) : null}
          </li>
        )
      })}
    </ul>
  )
  return (
    <div>
      {rootTransitions.length ? (
        <div className={s.state}>
          <span className={s.stateName}>any state</span>
          <TransitionList transitions={rootTransitions} pathOf={pathOf} />
        </div>
      ) : null}
      {render(null, s.tree)}
    </div>
  )
}

function TransitionList({ transitions, pathOf }: { transitions: TransitionSpec[]; pathOf: Map<string, string> }) {
  if (!transitions.length) return null
  return (
    <ul className={s.transitions} aria-label="Transitions">
      {transitions.map((t) => (
        <li key={t.key} className={s.mono}>
          {t.label} → {t.targets.length ? t.targets.map((id) => pathOf.get(id) ?? id).join(', ') : '(stays)'}
          {t.actions.length ? <span className={s.muted}> / {t.actions.join(', ')}</span> : null}
        </li>
      ))}
    </ul>
  )
}

function PathStepper({
  spec,
  pathIndex,
  step,
  onPath,
  onStep,
}: {
  spec: MachineSpec
  pathIndex: number
  step: number
  onPath: (index: number) => void
  onStep: (step: number) => void
}) {
  const id = useId()
  const path = spec.paths[pathIndex]!
  const last = path.steps.length
  const numbered = path.steps.map((st, i) => ({ ...st, n: i + 1 }))
  const now = step === 0 ? `Start: in ${path.initialState}` : `Step ${step} of ${last}: ${path.steps[step - 1]!.text}, now in ${path.steps[step - 1]!.state}`
  return (
    <section className={s.stepper} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Step through a path of {spec.name}</h3>
      <label htmlFor={`${id}-path`}>Path</label>
      <select id={`${id}-path`} className={s.select} value={pathIndex} onChange={(e) => onPath(Number(e.target.value))}>
        {spec.paths.map((p, i) => (
          <option key={p.description} value={i}>
            {i + 1}. {p.description}
          </option>
        ))}
      </select>
      <ol className={s.steps} start={0}>
        <li className={step === 0 ? s.stepCurrent : s.muted} aria-current={step === 0 ? 'step' : undefined}>
          Start in {path.initialState}
        </li>
        {numbered.map((st) => (
          <li key={st.n} className={step === st.n ? s.stepCurrent : s.muted} aria-current={step === st.n ? 'step' : undefined}>
            {st.text} → {st.state}
          </li>
        ))}
      </ol>
      <p aria-live="polite" data-testid="path-position">
        {now}
      </p>
      <div className={s.actions}>
        <Button variant="outline" size="sm" onClick={() => onStep(step - 1)} disabled={step === 0}>
          Previous step
        </Button>
        <Button size="sm" onClick={() => onStep(step + 1)} disabled={step >= last}>
          Next step
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onStep(0)} disabled={step === 0}>
          Restart
        </Button>
      </div>
    </section>
  )
}
