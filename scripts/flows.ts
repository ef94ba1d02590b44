/**
 * `npm run flows`: the living spec. Discovers every `machines/<name>.machine.ts`, checks it follows the
 * convention (the machine module exports `<name>Machine` and no samples; `machines/<name>.samples.ts` exports
 * `<name>SampleEvents`, optionally `<name>SampleInput` or `<name>SampleInputs`, and `<name>SerializeState` when
 * context holds volatile values) and writes docs/flows/: one Markdown page per machine (Mermaid diagram, states,
 * events with payload shapes, transitions with guards and delays, the catalogue of generated paths), an index,
 * flows.json (the same data, rendered by the /flows page), and traceability.json/.md (scripts/traceability.ts: each
 * framework item's machines, path tests, pictures and tests). Generated from the machine definitions (and, for
 * traceability, the framework data and the test sources);
 * scripts/flows.test.ts fails when the committed files differ from a fresh generation.
 */
import { existsSync } from 'node:fs'
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyEventObject, AnyStateMachine } from 'xstate'
import { createActor } from 'xstate'
import { describeMachine, type MachineSpec, type UnreachableDeclarations } from '../machines/testing/spec'
import { withDiagram } from './flows-layout'
import { renderTraceability, type TraceMachineInput } from './traceability'

const root = resolve(import.meta.dirname, '..')
export const OUT_DIR = 'docs/flows'

export class FlowConventionError extends Error {}

function isMachine(value: unknown): value is AnyStateMachine {
  return !!value && typeof value === 'object' && 'root' in value && 'getInitialSnapshot' in value && 'provide' in value
}

/** The machine files, sorted, as repository-relative paths. */
export async function machineFiles(dir = join(root, 'machines')): Promise<string[]> {
  return (await readdir(dir))
    .filter((f) => f.endsWith('.machine.ts'))
    .sort()
    .map((f) => `machines/${f}`)
}

/** Loads one machine file and checks the convention; throws FlowConventionError naming the file. */
type SerializeState = (snapshot: { value: unknown; context: unknown }) => string

/** Where a machine module's samples live: `machines/<name>.samples.ts` beside `machines/<name>.machine.ts`. */
export const samplesFileOf = (file: string) => file.replace(/(\.machine)?\.ts$/, '.samples.ts')

/** Exports that are samples (events, inputs, data, the traversal's state reduction): none in a machine module. */
const isSampleExport = (key: string) => /Sample|SAMPLE|SerializeState$/.test(key)

export async function loadMachine(
  file: string,
  name = /([^/]+)\.machine\.ts$/.exec(file)?.[1] ?? '',
  samplesFile = samplesFileOf(file),
): Promise<{ name: string; machine: AnyStateMachine; events: AnyEventObject[]; inputs: unknown[]; serializeState?: SerializeState }> {
  const fail = (what: string): never => {
    throw new FlowConventionError(`${file} does not follow the flows convention: ${what} (see docs/flows-and-testing.md#the-machine-convention)`)
  }
  const machineModule = (await import(pathToFileURL(resolve(root, file)).href)) as Record<string, unknown>
  const machine = machineModule[`${name}Machine`]
  if (!isMachine(machine)) fail(`export \`${name}Machine\`, the XState machine (setup({...}).createMachine({...}))`)
  // Samples stay out of the production module (and so out of the bundles): they live in the samples module.
  const misplaced = Object.keys(machineModule).filter(isSampleExport)
  if (misplaced.length) fail(`move ${misplaced.map((key) => `\`${key}\``).join(', ')} to ${samplesFile} (samples stay out of the machine module)`)
  if (!existsSync(resolve(root, samplesFile))) fail(`add ${samplesFile} exporting \`${name}SampleEvents\`, a non-empty array of sample events`)
  const mod = (await import(pathToFileURL(resolve(root, samplesFile)).href)) as Record<string, unknown>
  const events = mod[`${name}SampleEvents`]
  if (!Array.isArray(events) || events.length === 0) fail(`export \`${name}SampleEvents\` from ${samplesFile}, a non-empty array of sample events`)
  const bad = (events as unknown[]).findIndex((e) => !e || typeof e !== 'object' || typeof (e as { type?: unknown }).type !== 'string')
  if (bad >= 0) fail(`\`${name}SampleEvents[${bad}]\` is not an event object with a string \`type\``)
  let inputs: unknown[] = [undefined]
  if (`${name}SampleInputs` in mod) {
    const list = mod[`${name}SampleInputs`]
    if (!Array.isArray(list) || list.length === 0) fail(`\`${name}SampleInputs\` must be a non-empty array of inputs`)
    inputs = list as unknown[]
  } else if (`${name}SampleInput` in mod) {
    inputs = [mod[`${name}SampleInput`]]
  }
  for (const input of inputs) {
    // A failing start is reported in the snapshot (and rethrown later unless someone listens), not thrown here.
    let problem: unknown
    try {
      const actor = createActor(machine as AnyStateMachine, { input: input as never })
      actor.subscribe({ error: (error) => (problem = error) })
      actor.start()
      const snapshot = actor.getSnapshot() as { status: string; error?: unknown }
      if (snapshot.status === 'error') problem = snapshot.error
      actor.stop()
    } catch (error) {
      problem = error
    }
    if (problem) {
      const error = problem as Error
      fail(
        `\`${name}Machine\` cannot start with input ${JSON.stringify(input)} (${error.message}); ` +
          `export \`${name}SampleInput\` (or \`${name}SampleInputs\`) from ${samplesFile} with the input the view gives it`,
      )
    }
  }
  const serializeState = mod[`${name}SerializeState`]
  if (serializeState !== undefined && typeof serializeState !== 'function') fail(`\`${name}SerializeState\` must be a function (snapshot) => string`)
  return { name, machine: machine as AnyStateMachine, events: events as AnyEventObject[], inputs, serializeState: serializeState as SerializeState | undefined }
}

/**
 * What the machine's page driver (tests/paths/<name>.driver.ts) declares the page cannot reach: its paths leave
 * those sample events out, and the page lists the declarations with their reasons. None when there is no driver.
 */
export async function driverDeclarations(name: string): Promise<UnreachableDeclarations> {
  return (await pageDriver(name))?.unreachable ?? {}
}

/** The machine's page driver (tests/paths/<name>.driver.ts), or undefined when it has none. */
async function pageDriver(name: string): Promise<{ flow: string; phone?: boolean; unreachable?: UnreachableDeclarations } | undefined> {
  const file = resolve(root, 'tests/paths', `${name}.driver.ts`)
  if (!existsSync(file)) return undefined
  const mod = (await import(pathToFileURL(file).href)) as { driver?: { flow: string; phone?: boolean; unreachable?: UnreachableDeclarations } }
  return mod.driver
}

export interface LoadedSpecs {
  specs: MachineSpec[]
  /** Each spec with its machine and page driver (what the traceability table reads). */
  machines: TraceMachineInput[]
  /** One message per machine file that breaks the convention (its page is left out). */
  problems: string[]
}

export async function loadSpecs(files?: string[]): Promise<LoadedSpecs> {
  const specs: MachineSpec[] = []
  const machines: TraceMachineInput[] = []
  const problems: string[] = []
  for (const file of files ?? (await machineFiles())) {
    try {
      const { name, machine, events, inputs, serializeState } = await loadMachine(file)
      const driver = await pageDriver(name)
      try {
        const spec = describeMachine({ name, file, machine, events, inputs, serializeState, unreachable: driver?.unreachable ?? {} })
        specs.push(spec)
        machines.push({ spec, machine, ...(driver ? { driver: { flow: driver.flow, ...(driver.phone ? { phone: true } : {}) } } : {}) })
      } catch (error) {
        const hint = /limit exceeded/i.test((error as Error).message)
          ? ` (export \`${name}SerializeState\` from ${samplesFileOf(file)} to drop context fields that make every state unique)`
          : ''
        throw new FlowConventionError(`${file}: generating paths with its sample events failed: ${(error as Error).message}${hint}`)
      }
    } catch (error) {
      if (!(error instanceof FlowConventionError)) throw error
      problems.push(error.message)
    }
  }
  return { specs, machines, problems }
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
const code = (text: string) => (text ? `\`${cell(text)}\`` : '')
const list = (items: string[]) => items.map(code).join(', ')

export function machinePage(spec: MachineSpec): string {
  const stateById = new Map(spec.states.map((s) => [s.id, s]))
  const stateName = (id: string) => (id === spec.id ? '(any state)' : (stateById.get(id)?.path ?? id))
  const out: string[] = [
    `# ${spec.name}`,
    '',
    `<!-- Generated by \`npm run flows\` from ${spec.file}. Do not edit by hand. -->`,
    '',
    `Machine \`${spec.id}\` in [\`${spec.file}\`](../../${spec.file}).${spec.description ? ` ${spec.description}` : ''}`,
    '',
  ]
  if (spec.inputs.length) out.push(`Sample input${spec.inputs.length > 1 ? 's' : ''}: ${spec.inputs.map((i) => code(JSON.stringify(i))).join(', ')}`, '')
  out.push('## Diagram', '', '```mermaid', spec.mermaid.trimEnd(), '```', '')
  out.push('## States', '', '| State | Kind | On entry | Invokes | Notes |', '| --- | --- | --- | --- | --- |')
  for (const s of spec.states) {
    const kind = `${s.type}${s.initial ? ', initial' : ''}`
    out.push(`| ${code(s.path)} | ${kind} | ${list(s.entry)} | ${list(s.invokes)} | ${cell(s.description ?? '')} |`)
  }
  out.push('', '## Events', '', '| Event | Payload |', '| --- | --- |')
  for (const e of spec.events) out.push(`| ${code(e.type)} | ${code(e.payload)} |`)
  out.push('', '## Transitions', '', '| From | Event | Guard | To | Actions |', '| --- | --- | --- | --- | --- |')
  for (const t of spec.transitions) {
    const event = t.delay ? `after ${t.delay}` : t.event
    const to = t.targets.length ? t.targets.map((id) => code(stateName(id))).join(', ') : '(stays)'
    out.push(`| ${code(stateName(t.source))} | ${code(event)} | ${code(t.guard ?? '')} | ${to} | ${list(t.actions)} |`)
  }
  const c = spec.coverage
  out.push(
    '',
    `## Paths (${spec.paths.length})`,
    '',
    `Planned from the sample events as tours: each path starts where the page starts and goes on taking transitions no earlier step took, so a few paths take every transition the page can reach. These are the page tests' paths (tests/paths/${spec.name}.spec.ts, one test per path, titled with its sentence). Together they reach ${c.states} of ${c.statesTotal} states and ${c.transitions} of ${c.transitionsTotal} transitions.`,
    '',
  )
  spec.paths.forEach((p, i) => {
    out.push(`${i + 1}. ${p.description}.`)
  })
  if (spec.unreachable.length) {
    out.push('', '## Out of the page tests’ reach', '', 'Declared in the machine’s driver, with the reason:', '')
    for (const u of spec.unreachable) out.push(`- ${u.kind} ${code(u.what)}: ${cell(u.reason)}`)
  }
  if (c.missing.length) out.push('', 'Not reached by the paths:', '', ...c.missing.map((m) => `- ${code(m)}`))
  return `${out.join('\n')}\n`
}

export function indexPage(specs: MachineSpec[]): string {
  const rows = specs.map(
    (s) =>
      `| [${s.name}](./${s.name}.md) | ${code(s.file)} | ${s.states.length} | ${s.events.length} | ${s.transitions.length} | ${s.paths.length} | ${s.coverage.states}/${s.coverage.statesTotal} states, ${s.coverage.transitions}/${s.coverage.transitionsTotal} transitions |`,
  )
  return [
    '# Flows: the living spec',
    '',
    '<!-- Generated by `npm run flows` from machines/*.machine.ts. Do not edit by hand. -->',
    '',
    'Every flow of the product is an XState machine in `machines/`. These pages are generated from the machine definitions: a Mermaid diagram (guards in `[brackets]`, delays as `after …`), the states, the events with their payload shapes, the transitions and the catalogue of generated paths, each a plain sentence: the starting state, the events in order, the state reached.',
    '',
    '| Machine | File | States | Events | Transitions | Paths | Paths reach |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    'Regenerate with `npm run flows`; `scripts/flows.test.ts` fails when these files are stale. The same data drives the /flows page of development builds.',
    '',
    'Which machines, path tests, pictures and tests cover each framework item, and which tests prove each key question’s or area’s score or band: [traceability.md](./traceability.md).',
    '',
  ].join('\n')
}

/** Every generated file, keyed by path relative to docs/flows/, and the files that break the convention. */
export async function renderFlows(files?: string[]): Promise<{ files: Map<string, string>; problems: string[] }> {
  const { specs, machines, problems } = await loadSpecs(files)
  const out = new Map<string, string>()
  out.set('index.md', indexPage(specs))
  for (const spec of specs) out.set(`${spec.name}.md`, machinePage(spec))
  // flows.json also carries each machine's drawing (laid out here, so the browser only draws) and definition hash.
  const drawn = []
  for (const spec of specs) drawn.push(await withDiagram(spec))
  out.set('flows.json', `${JSON.stringify(drawn, null, 2)}\n`)
  // Framework item → machine states, path tests, pictures and tests (issue 29), from the same machines.
  const trace = renderTraceability(machines)
  out.set('traceability.json', trace.json)
  out.set('traceability.md', trace.md)
  return { files: out, problems }
}

async function main() {
  const dir = join(root, OUT_DIR)
  const { files, problems } = await renderFlows()
  if (existsSync(dir)) {
    // Files only: docs/flows/atlas/ (the state atlas, written by npm run flows:atlas) is not generated here.
    for (const f of await readdir(dir, { withFileTypes: true })) if (f.isFile() && !files.has(f.name)) await rm(join(dir, f.name))
  }
  await mkdir(dir, { recursive: true })
  for (const [name, content] of files) await writeFile(join(dir, name), content)
  console.log(`flows: wrote ${files.size} files to ${OUT_DIR}/ (${files.size - 4} machines)`)
  if (problems.length) {
    // The conforming machines are written so the docs stay useful; the run still fails until every file conforms.
    console.error(`flows: ${problems.length} machine file(s) left out:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    process.exit(1)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
