import type { FlowSpec } from '../../../machines/testing/diagram'
import type { AtlasData } from './AtlasPanel'
import * as s from './flows.css'
import { MachineSection } from './MachineSection'

/**
 * The living spec's body, shared by the /flows page and the static spec site (`npm run build:spec`): a list of
 * the machines, then each machine drawn, with its atlas pictures, path stepper and text version.
 */
export function FlowsSpec({ flows, atlas }: { flows: FlowSpec[]; atlas: AtlasData }) {
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
        </ul>
      </nav>
      {flows.length === 0 ? <p>No machines yet: run npm run flows.</p> : null}
      {flows.map((flow) => (
        <MachineSection key={flow.name} flow={flow} atlas={atlas} />
      ))}
    </>
  )
}
