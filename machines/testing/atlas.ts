/**
 * The state atlas: a picture of what a person sees in each state of each machine, taken the first time a page
 * test reaches that state (tests/support/atlas.ts), stored in docs/flows/atlas/ with this manifest
 * (docs/flows/atlas/manifest.json) and shown by the /flows page and the spec site when a state is clicked.
 * Pure data and rules, shared by the capture helper, `npm run flows:atlas`, the staleness test and the views.
 */

/** Viewport of each capture and the width the picture is scaled to (CSS px). */
export const ATLAS_VIEWPORTS = {
  desktop: { width: 1280, height: 720, pictureWidth: 960 },
  phone: { width: 390, height: 844, pictureWidth: 390 },
} as const
export type AtlasViewport = keyof typeof ATLAS_VIEWPORTS

/** WebP quality (0–1) of Chromium's encoder: a few tens of kB for a page screenshot, text still crisp. */
export const ATLAS_QUALITY = 0.72

export interface AtlasPicture {
  /** Relative to docs/flows/atlas/, e.g. `signup/form.editing.desktop.webp`. */
  file: string
  width: number
  height: number
  bytes: number
}

export interface AtlasEntry {
  /** Title of the test (the path sentence) that reached the state first. */
  pathTitle: string
  /** Path of the page's URL when the picture was taken (no query: it may hold one-time codes). */
  page: string
  desktop: AtlasPicture
  /** Only for flows with a phone layout. */
  phone?: AtlasPicture
}

export interface AtlasMachine {
  /** FlowSpec.definitionHash of the machine when its pictures were taken. */
  definitionHash: string
  /** Keyed by state id (`signup.form.editing`). */
  states: Record<string, AtlasEntry>
}

export interface AtlasManifest {
  version: 1
  generatedAt: string
  machines: Record<string, AtlasMachine>
  /**
   * States the page tests can never show, with the reason their driver declares (e.g. a transient state the
   * browser never renders), keyed by machine name, then state id. Written by the path runner through
   * `declareUnreached` in tests/support/atlas.ts.
   */
  unreached: Record<string, Record<string, string>>
}

export const EMPTY_ATLAS: AtlasManifest = { version: 1, generatedAt: '', machines: {}, unreached: {} }

/** The picture file name of a state: its id without the machine prefix (`form.editing.desktop.webp`). */
export function atlasFile(machine: string, stateId: string, viewport: AtlasViewport): string {
  const path = stateId.startsWith(`${machine}.`) ? stateId.slice(machine.length + 1) : stateId
  return `${machine}/${path.replace(/[^A-Za-z0-9._-]/g, '_')}.${viewport}.webp`
}

export type AtlasStatus =
  | { kind: 'pictured'; entry: AtlasEntry; outdated: boolean }
  | { kind: 'unreached'; reason: string; outdated: boolean }
  /** No picture and no reason: `driven` says whether any page test captured this machine at all. */
  | { kind: 'missing'; driven: boolean }

export interface AtlasFlow {
  name: string
  definitionHash: string
  states: Array<{ id: string }>
}

export function atlasStatus(manifest: AtlasManifest, flow: AtlasFlow, stateId: string): AtlasStatus {
  const machine = manifest.machines[flow.name]
  const outdated = !!machine && machine.definitionHash !== flow.definitionHash
  const entry = machine?.states[stateId]
  if (entry) return { kind: 'pictured', entry, outdated }
  const reason = manifest.unreached[flow.name]?.[stateId]
  if (reason) return { kind: 'unreached', reason, outdated }
  return { kind: 'missing', driven: !!machine }
}

/**
 * Everything that makes the committed atlas stale: pictures of a machine or state that no longer exists, of an
 * older machine definition, or files the manifest does not list (and listed files that are missing), when
 * `files` (paths relative to docs/flows/atlas/) is given. Empty when the atlas is current.
 */
export function atlasProblems(manifest: AtlasManifest, flows: AtlasFlow[], files?: Map<string, number>): string[] {
  const problems: string[] = []
  const byName = new Map(flows.map((f) => [f.name, f]))
  const listed = new Set<string>(['manifest.json', 'index.md'])
  for (const [name, machine] of Object.entries(manifest.machines)) {
    const flow = byName.get(name)
    if (!flow) {
      problems.push(`${name}: pictures of a machine that no longer exists`)
      continue
    }
    if (machine.definitionHash !== flow.definitionHash) {
      problems.push(`${name}: pictures taken of an older definition of the machine (${machine.definitionHash}, now ${flow.definitionHash})`)
    }
    const ids = new Set(flow.states.map((s) => s.id))
    for (const [id, entry] of Object.entries(machine.states)) {
      if (!ids.has(id)) problems.push(`${name}: a picture of ${id}, a state that no longer exists`)
      for (const picture of [entry.desktop, entry.phone]) {
        if (!picture) continue
        listed.add(picture.file)
        if (files && files.get(picture.file) !== picture.bytes) {
          problems.push(`${name}: ${picture.file} is ${files.has(picture.file) ? 'not the file the manifest lists' : 'missing'}`)
        }
      }
    }
  }
  for (const [name, states] of Object.entries(manifest.unreached)) {
    const flow = byName.get(name)
    for (const id of Object.keys(states)) {
      if (!flow?.states.some((s) => s.id === id)) problems.push(`${name}: a reason for ${id}, a state that no longer exists`)
    }
  }
  if (files) for (const file of files.keys()) if (!listed.has(file)) problems.push(`${file} is not in the manifest`)
  return problems
}
