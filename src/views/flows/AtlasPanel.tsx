import type { Ref } from 'react'
import type { FlowSpec } from '../../../machines/testing/diagram'
import { ATLAS_VIEWPORTS, type AtlasManifest, type AtlasPicture, atlasStatus } from '../../../machines/testing/atlas'
import * as s from './flows.css'

/** The atlas as the views get it: the manifest and where each picture is served from (relative on the spec site). */
export interface AtlasData {
  manifest: AtlasManifest
  pictureUrl: (file: string) => string | undefined
}

interface AtlasPanelProps {
  flow: FlowSpec
  atlas: AtlasData
  stateId: string | null
  /** Whether the panel follows the path being stepped through (rather than a state the reader chose). */
  following: boolean
  /** The heading, focused when the reader chooses a state. */
  headingRef?: Ref<HTMLHeadingElement>
}

/**
 * "What the user sees" for one state: its desktop and phone pictures from the state atlas, flagged when they were
 * taken of an older definition of the machine; or the reason its driver declares for never reaching it from the
 * page; or that no picture exists yet. The heading takes focus when the reader chooses a state in the drawing.
 */
// A plain function, not forwardRef: a forwardRef call is kept by the minifier even where /flows is compiled out.
export function AtlasPanel({ flow, atlas, stateId, following, headingRef }: AtlasPanelProps) {
  const state = flow.states.find((st) => st.id === stateId)
  const headingId = `atlas-${flow.name}-title`
  return (
    <section className={s.atlas} aria-labelledby={headingId} data-atlas-panel={flow.name} data-atlas-state={state?.id}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={s.atlasTitle}>
        What the user sees in {flow.name}
        {state ? (
          <>
            : <span className={s.mono}>{state.path}</span>
          </>
        ) : null}
      </h3>
      {state ? (
        <>
          <p className={s.meta}>{following ? 'The current state of the path above. Choose any state in the drawing to see it.' : 'The state you chose in the drawing.'}</p>
          <AtlasBody flow={flow} atlas={atlas} stateId={state.id} path={state.path} />
        </>
      ) : (
        <p className={s.meta}>Choose a state in the drawing to see the screen a person sees in it.</p>
      )}
    </section>
  )
}

function AtlasBody({ flow, atlas, stateId, path }: { flow: FlowSpec; atlas: AtlasData; stateId: string; path: string }) {
  const status = atlasStatus(atlas.manifest, flow, stateId)
  if (status.kind === 'missing') {
    return (
      <p data-atlas="missing">
        {status.driven
          ? 'No picture yet: no page test has reached this state, and its driver declares no reason.'
          : 'No picture: no page test drives this machine yet.'}
      </p>
    )
  }
  const outdated = status.outdated ? (
    <p className={s.outdated} data-atlas-outdated="true">
      Outdated: taken of an older version of this machine. Run npm run flows:atlas.
    </p>
  ) : null
  if (status.kind === 'unreached') {
    return (
      <>
        {outdated}
        <p data-atlas="unreached">
          <strong>Not reached from the page:</strong> {status.reason}
        </p>
      </>
    )
  }
  const { entry } = status
  const picture = (p: AtlasPicture | undefined, viewport: 'desktop' | 'phone') => {
    if (!p) return null
    const url = atlas.pictureUrl(p.file)
    const width = ATLAS_VIEWPORTS[viewport].width
    return (
      <figure className={viewport === 'phone' ? s.phoneShot : s.desktopShot}>
        {url ? (
          <img
            src={url}
            width={p.width}
            height={p.height}
            loading="lazy"
            decoding="async"
            className={s.shot}
            alt={`Screenshot of ${entry.page} in state ${path}, ${width} px wide`}
            data-atlas-picture={viewport}
          />
        ) : (
          <p>The picture file {p.file} is missing: run npm run flows:atlas.</p>
        )}
        <figcaption className={s.meta}>
          {viewport === 'phone' ? 'Phone' : 'Desktop'}, {width} px wide
        </figcaption>
      </figure>
    )
  }
  return (
    <div data-atlas="pictured">
      {outdated}
      <div className={s.shots}>
        {picture(entry.desktop, 'desktop')}
        {picture(entry.phone, 'phone')}
      </div>
      <p className={s.meta}>
        Page {entry.page}, first reached by the test “{entry.pathTitle}”.
      </p>
    </div>
  )
}
