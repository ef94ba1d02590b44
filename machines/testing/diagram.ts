import type { MachineSpec } from './spec'

/**
 * A machine's statechart drawing, laid out once by `npm run flows` (scripts/flows-layout.ts, ELK's layered
 * algorithm) and stored in docs/flows/flows.json, so the /flows page and the spec site only draw SVG: no layout
 * library in the browser, and the same picture on every run (scripts/flows.test.ts checks it is fresh).
 * Coordinates are absolute, in CSS pixels at zoom 1. Text is measured with the metrics below, which the renderer
 * uses too (a monospace font, so a width is a number of characters).
 */
export const DIAGRAM_METRICS = {
  /** State names. */
  titleSize: 13,
  /** Edge labels and the lines inside a state (entry, invoke, internal transitions). */
  textSize: 11.5,
  /** Advance of one monospace character, as a fraction of the font size (0.6 for the common monospace fonts). */
  charWidth: 0.62,
  lineHeight: 16,
  headerHeight: 30,
  paddingX: 10,
  initialRadius: 6,
} as const

export function textWidth(text: string, size: number = DIAGRAM_METRICS.textSize): number {
  return Math.ceil(text.length * size * DIAGRAM_METRICS.charWidth)
}

/** A line drawn inside a state box, UML style: `entry / notify`, `invoke / signUp`, `EVENT [guard] / action`. */
export interface DiagramLine {
  kind: 'entry' | 'invoke' | 'internal'
  text: string
  /** For an internal (targetless) transition, its key, so stepping can highlight it. */
  transition?: string
}

export interface DiagramNode {
  /** A state id, or the machine id for the "any state" box (transitions defined on the whole machine). */
  id: string
  x: number
  y: number
  width: number
  height: number
  /** Height of the title band plus the lines; children of a compound state are drawn below it. */
  header: number
  lines: DiagramLine[]
}

export interface DiagramPoint {
  x: number
  y: number
}

/** The filled dot of a compound state (or the machine) and its arrow to the initial child. */
export interface DiagramInitial {
  /** The compound state, or null for the machine. */
  parent: string | null
  target: string
  x: number
  y: number
  points: DiagramPoint[]
}

export interface DiagramLabelLine {
  text: string
  /** TransitionSpec.key of the transition this line names. */
  transition: string
}

/** One arrow per source and target: transitions between the same two states share it, one label line each. */
export interface DiagramEdge {
  id: string
  source: string
  target: string
  points: DiagramPoint[]
  label: { lines: DiagramLabelLine[]; x: number; y: number; width: number; height: number }
}

export interface FlowDiagram {
  width: number
  height: number
  nodes: DiagramNode[]
  initials: DiagramInitial[]
  edges: DiagramEdge[]
}

/** One entry of docs/flows/flows.json: the machine's spec, its drawing and a hash of its definition. */
export interface FlowSpec extends MachineSpec {
  /**
   * Hash of the machine's definition (states and transitions as flows.json records them). The state atlas
   * stores it with every picture, so a picture taken of an older definition is flagged as outdated.
   */
  definitionHash: string
  diagram: FlowDiagram
}
