/**
 * The traceability table's data (docs/flows/traceability.json): written by scripts/traceability.ts (`npm run
 * flows`), shown by the /flows page and the spec site (src/views/flows/Traceability.tsx).
 */
import type { FrameworkTrace } from '../../src/domain/frameworks/trace'

export interface TestRef {
  /** Repository-relative test file. */
  file: string
  /** The describe titles and the test's, joined with ' › ' (as Playwright and Vitest report them). */
  title: string
}

export interface TracedState {
  id: string
  path: string
  handles: FrameworkTrace['handles']
  role: string
  itemIdAt?: string
  versionIdAt?: string
  /** The state atlas's pictures of the state (docs/flows/atlas/…), named as the atlas names them. */
  pictures: { desktop: string; phone?: string }
}

export interface TracedMachine {
  name: string
  file: string
  /** The flow's name in its path tests ('paths: <flow> › …'); null without a driver. */
  flow: string | null
  pathSpec: string | null
  /** The framework versions its meta names (id, framework id, version). */
  versions: FrameworkTrace['versions']
  states: TracedState[]
  /** The generated path tests that pass through a traced state, with the traced states each shows. */
  pathTests: (TestRef & { states: string[] })[]
}

export interface TracedItem {
  id: string
  key: string
  name: string
  /** The machines whose traced states handle the item (the states are the machine's, in `machines`). */
  machines: string[]
  /** Tests whose title or body names the item. */
  tests: TestRef[]
}

export interface TracedGroup {
  id: string
  key: string
  name: string
  /** Scoring tests that name the group or one of its items: the tests that prove its score or band. */
  scoreTests: TestRef[]
  items: TracedItem[]
}

export interface TracedFramework {
  versionId: string
  frameworkId: string
  version: string
  name: string
  groupNoun: string
  itemNoun: string
  scoring: string
  groups: TracedGroup[]
}

export interface Traceability {
  machines: TracedMachine[]
  frameworks: TracedFramework[]
}
