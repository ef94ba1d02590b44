import flows from '../../../docs/flows/flows.json'
import manifest from '../../../docs/flows/atlas/manifest.json'
import traceability from '../../../docs/flows/traceability.json'
import type { FlowSpec } from '../../../machines/testing/diagram'
import type { AtlasManifest } from '../../../machines/testing/atlas'
import type { Traceability } from '../../../machines/testing/traceability'
import type { AtlasData } from './AtlasPanel'

/**
 * The living spec's data for the /flows page: docs/flows/flows.json (machines, drawings, paths; `npm run flows`),
 * docs/flows/traceability.json (framework items → machines, tests, pictures; the same command)
 * and the state atlas's manifest (`npm run flows:atlas`). The pictures are not imported as modules (Vite would
 * emit them into every build, the marketing site's included, even where /flows is the not-found page): the
 * `flowsAtlas` plugin in vite.config.ts serves them in development and copies them into builds that serve
 * /flows (VITE_FLOWS_IN_PRODUCTION=true) under /flows-atlas/.
 */
export const FLOWS = flows as unknown as FlowSpec[]
export const TRACEABILITY = traceability as Traceability
export const ATLAS: AtlasData = {
  manifest: manifest as AtlasManifest,
  pictureUrl: (file) => `${import.meta.env.BASE_URL}flows-atlas/${file}`,
}
