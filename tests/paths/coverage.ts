import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { MachineSpec } from '../../machines/testing/spec'
import type { Driver } from './driver'
import { isTransient } from './runner'

/**
 * The path-coverage table: what PASSING page tests exercised of each app machine, read from the records
 * tests/paths/runner.ts writes (a failing test, or one that passed only on a retry, writes none), against the machine's states and transitions in
 * docs/flows/flows.json and what its driver declares the page cannot reach.
 */
const root = resolve(import.meta.dirname, '../..')

/** Where passing path tests write what they exercised: one folder per run's port base. */
export function coverageDir(): string {
  return process.env.PATH_COVERAGE_DIR ?? join(root, 'test-results', `path-coverage-${process.env.E2E_PORT_BASE ?? 0}`)
}

export interface CoverageRecord {
  path: string
  states: string[]
  transitions: string[]
}

/** The records of the last run, by machine name. */
export function readCoverage(dir = coverageDir()): Map<string, CoverageRecord[]> {
  const byMachine = new Map<string, CoverageRecord[]>()
  if (!existsSync(dir)) return byMachine
  for (const name of readdirSync(dir)) {
    const records = readdirSync(join(dir, name))
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, name, f), 'utf8')) as CoverageRecord)
    byMachine.set(name, records)
  }
  return byMachine
}

export function readSpecs(): MachineSpec[] {
  return JSON.parse(readFileSync(join(root, 'docs/flows/flows.json'), 'utf8')) as MachineSpec[]
}

export async function loadDriver(name: string): Promise<Driver | undefined> {
  const file = join(root, 'tests/paths', `${name}.driver.ts`)
  if (!existsSync(file)) return undefined
  return ((await import(pathToFileURL(file).href)) as { driver: Driver }).driver
}

export interface CoverageRow {
  machine: string
  flow: string
  paths: [passed: number, planned: number]
  states: [exercised: number, total: number]
  transitions: [exercised: number, total: number]
  /** Reachable states (not declared unreachable) that no passing test showed. */
  statesMissed: string[]
  /** Transitions neither exercised nor declared unreachable. */
  transitionsMissed: string[]
  declared: MachineSpec['unreachable']
}

export interface CoverageTable {
  rows: CoverageRow[]
  transitions: [exercised: number, total: number]
  /** Why the run falls short of the goal (empty when it meets it). */
  problems: string[]
}

/** At least this share of all app transitions must be exercised through the page. */
export const TRANSITION_GOAL = 0.95

export async function coverageTable(records: Map<string, CoverageRecord[]>, specs = readSpecs()): Promise<CoverageTable> {
  const rows: CoverageRow[] = []
  const problems: string[] = []
  for (const spec of specs) {
    const driver = await loadDriver(spec.name)
    const mine = records.get(spec.name) ?? []
    const states = new Set(mine.flatMap((r) => r.states))
    const transitions = new Set(mine.flatMap((r) => r.transitions))
    const transient = driver ? spec.states.filter((s) => isTransient(driver.machine, s.id)).map((s) => s.id) : []
    const declared = [
      ...spec.unreachable,
      ...transient.map((what) => ({ kind: 'state' as const, what, reason: 'passes within the step that enters it (eventless transitions): never on screen' })),
    ]
    const declaredStates = new Set(declared.filter((u) => u.kind === 'state').map((u) => u.what))
    const declaredTransitions = new Set(spec.unreachable.filter((u) => u.kind === 'transition').map((u) => u.what))
    const row: CoverageRow = {
      machine: spec.name,
      flow: driver?.flow ?? '(no driver)',
      paths: [new Set(mine.map((r) => r.path)).size, spec.paths.length],
      states: [spec.states.filter((s) => states.has(s.id)).length, spec.states.length],
      transitions: [spec.transitions.filter((t) => transitions.has(t.key)).length, spec.transitions.length],
      statesMissed: spec.states.filter((s) => !states.has(s.id) && !declaredStates.has(s.id)).map((s) => s.id),
      transitionsMissed: spec.transitions.filter((t) => !transitions.has(t.key) && !declaredTransitions.has(t.key)).map((t) => t.key),
      declared,
    }
    rows.push(row)
    if (!driver) problems.push(`${spec.name}: no driver (write tests/paths/${spec.name}.driver.ts and its spec)`)
    else if (!mine.length) problems.push(`${spec.name}: no passing path test`)
    for (const s of row.statesMissed) problems.push(`${spec.name}: state ${s} was never shown by a passing test and is not declared unreachable`)
  }
  const exercised = rows.reduce((n, r) => n + r.transitions[0], 0)
  const total = rows.reduce((n, r) => n + r.transitions[1], 0)
  if (exercised < TRANSITION_GOAL * total) {
    problems.push(`${exercised} of ${total} app transitions exercised through the page: under ${TRANSITION_GOAL * 100} %`)
  }
  return { rows, transitions: [exercised, total], problems }
}

const pct = ([n, d]: [number, number]) => (d ? `${Math.round((n / d) * 100)} %` : '-')
const frac = (pair: [number, number]) => `${pair[0]}/${pair[1]}`.padEnd(7) + pct(pair).padStart(6)

export function formatCoverageTable(table: CoverageTable): string {
  const w = Math.max(...table.rows.map((r) => r.machine.length), 7)
  const lines = [
    `${'machine'.padEnd(w)}  ${'paths'.padEnd(13)}  ${'states'.padEnd(13)}  ${'transitions'.padEnd(13)}  flow`,
    ...table.rows.map(
      (r) => `${r.machine.padEnd(w)}  ${frac(r.paths)}  ${frac(r.states)}  ${frac(r.transitions)}  ${r.flow}`,
    ),
    `${'all'.padEnd(w)}  ${''.padEnd(13)}  ${''.padEnd(13)}  ${frac(table.transitions)}  (goal ${TRANSITION_GOAL * 100} %)`,
  ]
  const declared = table.rows.flatMap((r) => r.declared.map((u) => `  ${r.machine}: ${u.kind} ${u.what}: ${u.reason}`))
  if (declared.length) lines.push('', 'Declared unreachable from the page:', ...declared)
  const missed = table.rows.flatMap((r) => r.transitionsMissed.map((t) => `  ${r.machine}: ${t}`))
  if (missed.length) lines.push('', 'Transitions no passing test exercised (and not declared):', ...missed)
  return lines.join('\n')
}
