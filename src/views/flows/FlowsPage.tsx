import { StaticPage } from '../layout/StaticPage'
import { ATLAS, FLOWS, TRACEABILITY } from './data'
import { FlowsSpec } from './FlowsSpec'

/**
 * The analysts' living spec (/flows): every machine drawn as a statechart from docs/flows/flows.json, what the
 * user sees in each state (the state atlas), a stepper through the generated paths and the text version.
 * Served by development builds, and by production builds only with VITE_FLOWS_IN_PRODUCTION; the same body is
 * the static spec site (`npm run build:spec`).
 */
export function FlowsPage({ heading }: { heading: string }) {
  return (
    <StaticPage
      wide
      title={heading}
      lead="The living spec: every flow of the product as its state machine, generated from the code. Pick a path to step through it, or choose a state to see the screen a person sees in it."
    >
      <FlowsSpec flows={FLOWS} atlas={ATLAS} traceability={TRACEABILITY} />
    </StaticPage>
  )
}
