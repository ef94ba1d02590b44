/**
 * The traceability table (issue 29), written by `npm run flows` as docs/flows/traceability.json and
 * traceability.md: for every framework version and every item, the machines whose states show or rate it (their
 * `meta.frameworkTrace`, src/domain/frameworks/trace.ts), the generated path tests that pass through those states
 * (tests/paths/<machine>.spec.ts, titled as Playwright lists them), the state atlas's pictures of those states, and
 * the tests that name the item; per key question or area, the scoring tests that prove its score or band.
 *
 * The machines stay generic (a trace says where the item id is, not which items there are): the join with the
 * framework data happens here. Which tests name what is found by reading the test sources (Vite's parser):
 * a test names an item when its title or body holds the item's id (or `<group key>/<item key>` in quotes, or its
 * key or name where no other item or group shares them), directly or through a file-level constant it uses. A
 * scoring test is a test in a file that imports src/domain/frameworks/scoring.ts.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { parseSync } from 'vite'
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { atlasFile } from '../machines/testing/atlas'
import type { MachineSpec } from '../machines/testing/spec'
import type { TestRef, Traceability, TracedFramework, TracedItem, TracedMachine, TracedState } from '../machines/testing/traceability'
import { FRAMEWORK_VERSIONS } from '../src/domain/frameworks/registry'
import { type FrameworkTrace, traceIn } from '../src/domain/frameworks/trace'
import type { FrameworkVersion } from '../src/domain/frameworks/types'

const root = resolve(import.meta.dirname, '..')

export type { TestRef, Traceability, TracedFramework, TracedItem, TracedMachine, TracedState }

// ---------------------------------------------------------------------------------------------- reading tests

export interface ParsedTest extends TestRef {
  /** The call's whole text (title and body). */
  text: string
}

export interface ParsedTestFile {
  file: string
  text: string
  tests: ParsedTest[]
  /** File-level constants: name → initializer text. */
  constants: Map<string, string>
  /** Repository-relative modules it imports (resolved, without extension). */
  imports: string[]
}

const TEST_CALLS = new Set(['it', 'test'])
const NOT_TESTS = new Set(['beforeAll', 'afterAll', 'beforeEach', 'afterEach', 'use', 'configure', 'step', 'extend', 'info'])

// The parser's tree (ESTree with TypeScript, from Vite's oxc parser): only the few fields read here.
interface AstNode {
  type: string
  start: number
  end: number
  [key: string]: unknown
}
const isNode = (v: unknown): v is AstNode => !!v && typeof v === 'object' && typeof (v as AstNode).type === 'string' && typeof (v as AstNode).start === 'number'

/** `it`, `it.each(...)`, `test.describe`, `it.skip`: whether the call declares a test, a group of tests, or neither. */
function callKind(callee: AstNode): 'test' | 'group' | null {
  const names: string[] = []
  let e: AstNode | undefined = callee
  while (e) {
    if (e.type === 'Identifier') {
      names.unshift(e.name as string)
      break
    }
    if (e.type === 'MemberExpression' && !e.computed && isNode(e.property) && e.property.type === 'Identifier') {
      names.unshift(e.property.name as string)
      e = e.object as AstNode
    } else if (e.type === 'CallExpression') e = e.callee as AstNode
    else return null
  }
  const [base, ...rest] = names
  if (base === 'describe' || (base && TEST_CALLS.has(base) && rest.includes('describe'))) return 'group'
  if (base && TEST_CALLS.has(base) && !rest.some((r) => NOT_TESTS.has(r))) return 'test'
  return null
}

function titleOf(arg: AstNode | undefined, text: string): string | null {
  if (!arg) return null
  if (arg.type === 'Literal' && typeof arg.value === 'string') return arg.value
  if (arg.type === 'TemplateLiteral') return text.slice(arg.start + 1, arg.end - 1)
  return text.slice(arg.start, arg.end)
}

export function parseTestFile(file: string, text = readFileSync(join(root, file), 'utf8')): ParsedTestFile {
  const parsed = parseSync(file, text, { lang: file.endsWith('x') ? 'tsx' : 'ts' })
  if (parsed.errors.length) throw new Error(`traceability: ${file} does not parse: ${parsed.errors[0]!.message}`)
  const program = parsed.program as unknown as { body: AstNode[] }
  const tests: ParsedTest[] = []
  const constants = new Map<string, string>()
  const imports: string[] = []
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration) ? statement.declaration : statement
    if (statement.type === 'ImportDeclaration') {
      const spec = (statement.source as { value: string }).value
      if (spec.startsWith('.')) imports.push(relative(root, resolve(root, dirname(file), spec)).replace(/\.(tsx?|mjs|js)$/, ''))
    }
    if (declaration.type === 'VariableDeclaration') {
      for (const d of declaration.declarations as AstNode[]) {
        const id = d.id as AstNode
        const init = d.init as AstNode | null
        if (id.type === 'Identifier' && init) constants.set(id.name as string, text.slice(init.start, init.end))
      }
    }
  }
  const visit = (node: unknown, describes: string[]): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, describes)
      return
    }
    if (!isNode(node)) return
    if (node.type === 'CallExpression') {
      const kind = callKind(node.callee as AstNode)
      const args = node.arguments as AstNode[]
      const title = kind ? titleOf(args[0], text) : null
      if (kind && title !== null) {
        if (kind === 'test') {
          tests.push({ file, title: [...describes, title].join(' › '), text: text.slice(node.start, node.end) })
          return
        }
        visit(args, [...describes, title])
        return
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'type' && value && typeof value === 'object') visit(value, describes)
  }
  visit(program.body, [])
  return { file, text, tests, constants, imports }
}

const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', '.git', '.data', 'fixtures'])

/** Every test source of the repository (Vitest `*.test.ts(x)`, Playwright `*.spec.ts`), sorted. */
export function testFiles(dirs = ['src', 'machines', 'scripts', 'tests', 'supabase']): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[]
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true })
    } catch {
      return
    }
    for (const e of entries) {
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('dist')) walk(`${dir}/${e.name}`)
      } else if (/\.(test|spec)\.tsx?$/.test(e.name)) out.push(`${dir}/${e.name}`)
    }
  }
  for (const d of dirs) walk(d)
  return out.sort()
}

// ---------------------------------------------------------------------------------------------- naming

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const QUOTE = `['"\`]`

/** What a test must contain to name something: one of these patterns. */
export interface Naming {
  /** Unambiguous on their own (ids). */
  exact: RegExp[]
  /** Names and keys: count only in a file that mentions the framework version. */
  loose: RegExp[]
}

function uniques(values: string[]): Set<string> {
  const seen = new Map<string, number>()
  for (const v of values) seen.set(v, (seen.get(v) ?? 0) + 1)
  return new Set([...seen].filter(([, n]) => n === 1).map(([v]) => v))
}

const ALL_ITEMS = FRAMEWORK_VERSIONS.flatMap((v) => v.groups.flatMap((g) => g.items.map((i) => ({ v, g, i }))))
const ALL_GROUPS = FRAMEWORK_VERSIONS.flatMap((v) => v.groups)
const UNIQUE_KEYS = uniques([...ALL_ITEMS.map((x) => x.i.key), ...ALL_GROUPS.map((g) => g.key)])
const UNIQUE_NAMES = uniques([...ALL_ITEMS.map((x) => x.i.name), ...ALL_GROUPS.map((g) => g.name)])

const wordPattern = (text: string) => new RegExp(`(?<![\\w-])${escapeRegExp(text)}(?![\\w-])`)

export function itemNaming(groupKey: string, item: { id: string; key: string; name: string }): Naming {
  const loose: RegExp[] = []
  if (UNIQUE_KEYS.has(item.key)) loose.push(new RegExp(`${QUOTE}${escapeRegExp(item.key)}${QUOTE}`))
  if (UNIQUE_NAMES.has(item.name)) loose.push(wordPattern(item.name))
  return {
    exact: [new RegExp(`${escapeRegExp(item.id)}(?![\\w/-])`), new RegExp(`(?<=${QUOTE}|/)${escapeRegExp(`${groupKey}/${item.key}`)}(?=${QUOTE})`)],
    loose,
  }
}

export function groupNaming(group: { id: string; key: string; name: string }): Naming {
  const loose: RegExp[] = []
  if (UNIQUE_KEYS.has(group.key)) loose.push(new RegExp(`${QUOTE}${escapeRegExp(group.key)}${QUOTE}`))
  if (UNIQUE_NAMES.has(group.name)) loose.push(wordPattern(group.name))
  return { exact: [new RegExp(`${escapeRegExp(group.id)}(?![\\w-])`)], loose }
}

/** Whether the file mentions the version: its id or its data module's constant (CQC_SAF_2024). */
export function mentionsVersion(file: ParsedTestFile, version: FrameworkVersion): boolean {
  const constant = version.id.toUpperCase().replace(/-/g, '_')
  return file.text.includes(version.id) || wordPattern(constant).test(file.text)
}

/** The tests of a file that name something: in their own text, or through a file-level constant they use. */
export function testsNaming(file: ParsedTestFile, naming: Naming, version: FrameworkVersion): ParsedTest[] {
  const patterns = mentionsVersion(file, version) ? [...naming.exact, ...naming.loose] : naming.exact
  const names = (text: string) => patterns.some((p) => p.test(text))
  if (!patterns.some((p) => p.test(file.text))) return []
  const constants = [...file.constants].filter(([, init]) => names(init)).map(([name]) => wordPattern(name))
  return file.tests.filter((t) => names(t.text) || constants.some((c) => c.test(t.text)))
}

// ---------------------------------------------------------------------------------------------- machines

export interface TraceMachineInput {
  spec: MachineSpec
  machine: AnyStateMachine
  driver?: { flow: string; phone?: boolean }
}

const isTransient = (node: AnyStateNode) => (node.always?.length ?? 0) > 0 && node.transitions.size === 0 && node.type === 'atomic'

function tracedStates(machine: AnyStateMachine): { node: AnyStateNode; trace: FrameworkTrace }[] {
  const out: { node: AnyStateNode; trace: FrameworkTrace }[] = []
  const walk = (node: AnyStateNode, inherited: FrameworkTrace | undefined) => {
    const trace = traceIn(node.meta) ?? inherited
    if (trace && node !== machine.root && !isTransient(node)) out.push({ node, trace })
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child, trace)
  }
  walk(machine.root, undefined)
  return out
}

export function traceMachine({ spec, machine, driver }: TraceMachineInput): TracedMachine | null {
  const traced = tracedStates(machine)
  if (!traced.length) return null
  const ids = new Set(traced.map((t) => t.node.id))
  const pathSpec = driver ? `tests/paths/${spec.name}.spec.ts` : null
  const states: TracedState[] = traced.map(({ node, trace }) => ({
    id: node.id,
    path: spec.states.find((s) => s.id === node.id)?.path ?? node.id,
    handles: trace.handles,
    role: trace.role,
    ...(trace.itemIdAt ? { itemIdAt: trace.itemIdAt } : {}),
    ...(trace.versionIdAt ? { versionIdAt: trace.versionIdAt } : {}),
    pictures: {
      desktop: `atlas/${atlasFile(spec.name, node.id, 'desktop')}`,
      ...(driver?.phone ? { phone: `atlas/${atlasFile(spec.name, node.id, 'phone')}` } : {}),
    },
  }))
  const pathTests = driver
    ? spec.paths
        .map((p) => {
          const seen = new Set([...p.initialActive, ...p.steps.flatMap((s) => s.active)].filter((id) => ids.has(id)))
          return { file: pathSpec!, title: `paths: ${driver.flow} › ${p.description}`, states: states.map((s) => s.id).filter((id) => seen.has(id)) }
        })
        .filter((t) => t.states.length > 0)
    : []
  return { name: spec.name, file: spec.file, flow: driver?.flow ?? null, pathSpec, versions: traced[0]!.trace.versions, states, pathTests }
}

// ---------------------------------------------------------------------------------------------- the join

/** The tests as references, each once (two calls in one file may share a title). */
const refs = (tests: TestRef[]): TestRef[] => {
  const seen = new Set<string>()
  return tests.filter((t) => !seen.has(`${t.file}\n${t.title}`) && !!seen.add(`${t.file}\n${t.title}`)).map((t) => ({ file: t.file, title: t.title }))
}
const SCORING_MODULE = 'src/domain/frameworks/scoring'

export function buildTraceability(machines: TracedMachine[], files: ParsedTestFile[], versions: readonly FrameworkVersion[] = FRAMEWORK_VERSIONS): Traceability {
  const scoringFiles = files.filter((f) => f.imports.includes(SCORING_MODULE))
  const frameworks = versions.map((version): TracedFramework => {
    const handling = machines.filter((m) => m.versions.some((v) => v.id === version.id))
    return {
      versionId: version.id,
      frameworkId: version.frameworkId,
      version: version.version,
      name: version.name,
      groupNoun: version.groupNoun.singular,
      itemNoun: version.itemNoun.singular,
      scoring: version.scoring.kind,
      groups: version.groups.map((group) => {
        const items = group.items.map((item): TracedItem => {
          const naming = itemNaming(group.key, item)
          return {
            id: item.id,
            key: item.key,
            name: item.name,
            // Every item of a version the machine takes is handled by its traced states: the machine is generic.
            machines: handling.map((m) => m.name),
            tests: refs(files.flatMap((f) => testsNaming(f, naming, version))),
          }
        })
        const namings = [groupNaming(group), ...group.items.map((i) => itemNaming(group.key, i))]
        const scoreTests = refs(
          scoringFiles.flatMap((f) => {
            const found = new Set(namings.flatMap((n) => testsNaming(f, n, version)))
            return f.tests.filter((t) => found.has(t))
          }),
        )
        return { id: group.id, key: group.key, name: group.name, scoreTests, items }
      }),
    }
  })
  return { machines, frameworks }
}

// ---------------------------------------------------------------------------------------------- the page

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
const code = (text: string) => `\`${cell(text)}\``
const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`
const testLine = (t: TestRef) => `${code(t.file)}: ${cell(t.title)}`

export function traceabilityPage(t: Traceability): string {
  const out = [
    '# Traceability: framework items → machines, path tests, pictures, tests',
    '',
    '<!-- Generated by `npm run flows` (scripts/traceability.ts). Do not edit by hand. -->',
    '',
    'For every framework version and item: the machines whose states show or rate it (each state’s `meta.frameworkTrace` says where the item id and version are in the machine’s context; the machines are generic, so every item of a version they take is handled by the same states), the generated path tests through those states, the state atlas’s pictures of them, and the tests whose title or body names the item. Per key question or area: the scoring tests (tests in files importing `src/domain/frameworks/scoring.ts`) that name it or its items — the tests that prove its score or band. The same data is [traceability.json](traceability.json), shown on the /flows page and the spec site.',
    '',
    '## Machines',
    '',
  ]
  for (const m of t.machines) {
    out.push(`### ${m.name}`, '', `[${m.file}](../../${m.file}) · [flow page](${m.name}.md) · versions: ${m.versions.map((v) => code(v.id)).join(', ')}`, '')
    out.push('| State | Handles | Item id at | Version id at | What it does | Pictures |', '| --- | --- | --- | --- | --- | --- |')
    for (const s of m.states) {
      const pictures = [`[desktop](${s.pictures.desktop})`, ...(s.pictures.phone ? [`[phone](${s.pictures.phone})`] : [])].join(' · ')
      out.push(`| ${code(s.path)} | ${s.handles === 'item' ? 'one item' : 'every item'} | ${s.itemIdAt ? code(s.itemIdAt) : ''} | ${s.versionIdAt ? code(s.versionIdAt) : '(from the item id)'} | ${cell(s.role)} | ${pictures} |`)
    }
    out.push('', `Path tests (${m.pathTests.length}) in ${m.pathSpec ? code(m.pathSpec) : '(no driver)'}:`, '')
    m.pathTests.forEach((p, i) => {
      out.push(`${i + 1}. ${cell(p.title)} — shows ${p.states.map((id) => code(m.states.find((s) => s.id === id)?.path ?? id)).join(', ')}`)
    })
    out.push('')
  }
  for (const f of t.frameworks) {
    out.push(`## ${f.name} (${code(f.versionId)}, framework ${code(f.frameworkId)}, version ${f.version})`, '')
    out.push(`Scored by ${code(f.scoring)}. Handled by ${[...new Set(f.groups.flatMap((g) => g.items.flatMap((i) => i.machines)))].map(code).join(', ') || 'no machine'}.`, '')
    out.push(`### Scoring tests per ${f.groupNoun}`, '')
    for (const g of f.groups) {
      out.push(`- **${cell(g.name)}** (${code(g.id)}): ${g.scoreTests.length ? '' : 'no scoring test names it'}`)
      for (const s of g.scoreTests) out.push(`  - ${testLine(s)}`)
    }
    out.push('', `### ${capitalise(f.itemNoun)}s`, '')
    out.push(`| Id | ${capitalise(f.itemNoun)} | ${capitalise(f.groupNoun)} | Machine states | Tests naming it |`, '| --- | --- | --- | --- | --- |')
    for (const g of f.groups) {
      for (const i of g.items) {
        const states = i.machines.map((name) => `[${name}](#${name.toLowerCase()}): ${t.machines.find((m) => m.name === name)?.states.length ?? 0} states`).join('; ')
        const tests = i.tests.map(testLine).join('<br>')
        out.push(`| ${code(i.id)} | ${cell(i.name)} | ${cell(g.name)} | ${states} | ${tests} |`)
      }
    }
    out.push('')
  }
  return `${out.join('\n').trimEnd()}\n`
}

/** docs/flows/traceability.{json,md} from the specs and machines of `npm run flows`. */
export function renderTraceability(machines: TraceMachineInput[], files = testFiles().map((f) => parseTestFile(f))): { json: string; md: string; data: Traceability } {
  const traced = machines.map(traceMachine).filter((m): m is TracedMachine => m !== null)
  const data = buildTraceability(traced, files)
  return { json: `${JSON.stringify(data, null, 2)}\n`, md: traceabilityPage(data), data }
}
