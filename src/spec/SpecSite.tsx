import flows from '../../docs/flows/flows.json'
import manifest from '../../docs/flows/atlas/manifest.json'
import traceability from '../../docs/flows/traceability.json'
import type { FlowSpec } from '../../machines/testing/diagram'
import type { AtlasManifest } from '../../machines/testing/atlas'
import type { Traceability } from '../../machines/testing/traceability'
import type { AtlasData } from '../views/flows/AtlasPanel'
import { FlowsSpec } from '../views/flows/FlowsSpec'
import * as s from './spec.css'

/** Inlined at build time by scripts/build-spec.ts: when and from which commit the site was built. */
declare const __SPEC_BUILT__: { at: string; commit: string }

// The build copies docs/flows/atlas/ beside index.html, so pictures are relative URLs that work on any host and from a folder.
const ATLAS: AtlasData = { manifest: manifest as AtlasManifest, pictureUrl: (file) => `atlas/${file}` }

/** The spec site: the /flows page's body in a plain shell, for people who never run the app. */
export function SpecSite() {
  return (
    <div className={s.page}>
      <header className={s.header}>
        <p className={s.brand}>InspectReady · living spec</p>
      </header>
      <main className={s.main}>
        <h1 className={s.title}>Flows</h1>
        <p className={s.lead}>
          Every flow of the product as its state machine, generated from the code: choose a state in a drawing to see the screen a person sees in it, or
          pick a path and step through it.
        </p>
        <FlowsSpec flows={flows as unknown as FlowSpec[]} atlas={ATLAS} traceability={traceability as Traceability} />
      </main>
      <footer className={s.footer}>
        <p>
          Built {__SPEC_BUILT__.at} from commit {__SPEC_BUILT__.commit}. Pictures taken {(manifest as AtlasManifest).generatedAt || 'never (run npm run flows:atlas)'}.
        </p>
      </footer>
    </div>
  )
}
