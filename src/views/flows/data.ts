import flows from '../../../docs/flows/flows.json'
import type { FlowSpec } from '../../../machines/testing/diagram'
import { type AtlasManifest, EMPTY_ATLAS } from '../../domain/atlas'
import type { AtlasData } from './AtlasPanel'

/**
 * The living spec's data for the /flows page and the spec site: docs/flows/flows.json (machines, drawings,
 * paths; `npm run flows`) and the state atlas (docs/flows/atlas/; `npm run flows:atlas`). Vite emits each
 * picture as an asset of the build that imports this module (the /flows chunk, or the spec site), never of the
 * marketing pages. A checkout without an atlas still builds: the manifest is then empty.
 */
const manifests = import.meta.glob<AtlasManifest>('../../../docs/flows/atlas/manifest.json', { eager: true, import: 'default' })
const pictures = import.meta.glob<string>('../../../docs/flows/atlas/**/*.webp', { eager: true, query: '?url', import: 'default' })

export const FLOWS = flows as unknown as FlowSpec[]
export const ATLAS: AtlasData = {
  manifest: Object.values(manifests)[0] ?? EMPTY_ATLAS,
  pictureUrl: (file) => pictures[`../../../docs/flows/atlas/${file}`],
}
