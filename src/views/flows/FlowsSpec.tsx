import type { FlowSpec } from '../../../machines/testing/diagram'
import type { Traceability as TraceabilityData } from '../../../machines/testing/traceability'
import type { AtlasData } from './AtlasPanel'
import * as s from './flows.css'
import { MachineSection } from './MachineSection'
import { Traceability } from './Traceability'

/**
 * The living spec's body, shared by the /flows page and the static spec site (`npm run build:spec`): a list of
 * the machines, then each machine drawn, with its atlas pictures, path stepper and text version, then the
 * traceability of framework items (docs/flows/traceability.json).
 */
export function FlowsSpec({ flows, atlas, traceability }: { flows: FlowSpec[]; atlas: AtlasData; traceability: TraceabilityData }) {
  return (
    <>
      <nav aria-label="Machines">
        <ul className={s.machineNav}>
          {flows.map((flow) => (
            <li key={flow.name}>
              <a className={s.machineNavLink} href={`#flow-${flow.name}`}>
                {flow.name}
              </a>
            </li>
          ))}
          <li>
            <a className={s.machineNavLink} href="#traceability-title">
              Traceability
            </a>
          </li>
        </ul>
      </nav>
      {flows.length === 0 ? <p>No machines yet: run npm run flows.</p> : null}
      {flows.map((flow) => (
        <MachineSection key={flow.name} flow={flow} atlas={atlas} />
      ))}
      <Traceability data={traceability} atlas={atlas} />
    </>
  )
}
