/**
 * The mutation score of the machines and the domain rules (`npm run test:mutation`, scripts/mutation.ts): per file
 * from a StrykerJS report (the mutation-testing-report JSON: reports/mutation/mutation.json after a run, or the
 * tracked baseline stryker-incremental.json), the thresholds `--check` holds them to, and whether the baseline is
 * stale, i.e. was made from other sources or tests than the ones checked out.
 *
 * The score is Stryker's: detected mutants (killed, or timed out) over valid ones (detected, survived, or run by no
 * test). Static mutants are ignored (stryker.config.mjs), compile and runtime errors are not valid mutants.
 */
import { existsSync, globSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** `--check` fails under these: the whole, and every file with at least one valid mutant. */
export const THRESHOLDS = { overall: 85, perFile: 75 } as const

/** The tracked incremental baseline, relative to the project root: CI runs incrementally against it. */
export const BASELINE = 'stryker-incremental.json'
/** What Stryker mutates and which tests it runs: stryker.config.mjs and vitest.mutation.config.ts say the same. */
export const MUTATED = ['machines/*.machine.ts', 'machines/actorEvents.ts', 'src/domain/**/*.ts']
/**
 * Left out of MUTATED: the tests, and sample data (tests and the bench read it; no rule lives there). A machine's
 * samples (machines/<name>.samples.ts) are not matched by MUTATED in the first place.
 */
export const NOT_MUTATED = ['src/domain/**/*.test.ts', 'src/domain/pack/samples.ts']
export const TESTS = ['machines/*.test.ts', 'src/domain/**/*.test.ts']

type Status = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending'
export interface ReportMutant {
  id: string
  mutatorName: string
  replacement?: string
  status: Status
  statusReason?: string
  static?: boolean
  location: { start: { line: number; column: number }; end: { line: number; column: number } }
  coveredBy?: string[]
  killedBy?: string[]
  duration?: number
  testsCompleted?: number
}
export interface Report {
  schemaVersion: string
  thresholds: { high: number; low: number }
  files: Record<string, { language: string; source: string; mutants: ReportMutant[] }>
  testFiles?: Record<string, { source?: string; tests: { id: string; name: string }[] }>
  [other: string]: unknown
}

export interface FileScore {
  file: string
  killed: number
  timeout: number
  survived: number
  noCoverage: number
  ignored: number
  errors: number
  /** Detected over valid, in percent; null when the file has no valid mutant. */
  score: number | null
}

function tally(file: string, mutants: readonly ReportMutant[]): FileScore {
  const count = (...s: Status[]) => mutants.filter((m) => s.includes(m.status)).length
  const killed = count('Killed')
  const timeout = count('Timeout')
  const survived = count('Survived')
  const noCoverage = count('NoCoverage')
  const valid = killed + timeout + survived + noCoverage
  return {
    file,
    killed,
    timeout,
    survived,
    noCoverage,
    ignored: count('Ignored'),
    errors: count('CompileError', 'RuntimeError'),
    score: valid === 0 ? null : ((killed + timeout) / valid) * 100,
  }
}

/** One row a file, weakest first (files without valid mutants last), and the total over all of them. */
export function scores(report: Pick<Report, 'files'>): { files: FileScore[]; total: FileScore } {
  const files = Object.entries(report.files)
    .map(([file, { mutants }]) => tally(file, mutants))
    .sort((a, b) => (a.score ?? 101) - (b.score ?? 101) || a.file.localeCompare(b.file))
  const total = tally(
    'All files',
    Object.values(report.files).flatMap((f) => f.mutants),
  )
  return { files, total }
}

/** What `--check` fails on: the total under 85 %, or any file under 75 %. */
export function thresholdProblems({ files, total }: ReturnType<typeof scores>): string[] {
  const problems: string[] = []
  if (total.score !== null && total.score < THRESHOLDS.overall) {
    problems.push(`the overall score is ${total.score.toFixed(1)} %, under ${THRESHOLDS.overall} %`)
  }
  for (const f of files) {
    if (f.score !== null && f.score < THRESHOLDS.perFile) {
      problems.push(`${f.file} scores ${f.score.toFixed(1)} %, under ${THRESHOLDS.perFile} % (${f.survived} survived, ${f.noCoverage} run by no test)`)
    }
  }
  return problems
}

const pct = (s: number | null) => (s === null ? '   -  ' : `${s.toFixed(1).padStart(5)} %`)

export function formatTable({ files, total }: ReturnType<typeof scores>): string {
  const width = Math.max(9, ...files.map((f) => f.file.length))
  const row = (f: FileScore, mark = '') =>
    `${f.file.padEnd(width)}  ${pct(f.score)}  ${String(f.killed).padStart(6)}  ${String(f.timeout).padStart(7)}  ${String(f.survived).padStart(8)}  ${String(f.noCoverage).padStart(6)}  ${String(f.ignored).padStart(7)}${mark}`
  const head = `${'File'.padEnd(width)}  ${'score'.padStart(7)}  ${'killed'.padStart(6)}  ${'timeout'.padStart(7)}  ${'survived'.padStart(8)}  ${'no cov'.padStart(6)}  ${'ignored'.padStart(7)}`
  const rule = '-'.repeat(head.length)
  const low = (f: FileScore) => (f.score !== null && f.score < THRESHOLDS.perFile ? `  < ${THRESHOLDS.perFile} %` : '')
  return [head, rule, ...files.map((f) => row(f, low(f))), rule, row(total, total.score !== null && total.score < THRESHOLDS.overall ? `  < ${THRESHOLDS.overall} %` : '')].join('\n')
}

function sourcesOf(root: string, patterns: readonly string[]): Map<string, string> {
  const files = globSync([...patterns], { cwd: root, exclude: patterns === MUTATED ? [...NOT_MUTATED] : [] })
    .map((f) => f.split('\\').join('/'))
    .sort()
  return new Map(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]))
}

/**
 * How the baseline differs from the checked-out code: every mutated file and every test file that was added,
 * changed or removed since it was made. Empty when it is fresh, so an incremental run reuses every result.
 */
export function baselineProblems(root = resolve(import.meta.dirname, '..')): string[] {
  const path = join(root, BASELINE)
  if (!existsSync(path)) return [`${BASELINE} is missing`]
  const report = JSON.parse(readFileSync(path, 'utf8')) as Report
  const problems: string[] = []
  const compare = (what: string, current: Map<string, string>, recorded: Record<string, string | undefined>) => {
    for (const [file, source] of current) {
      if (!(file in recorded)) problems.push(`${file} (${what}) is new`)
      else if (recorded[file] !== source) problems.push(`${file} (${what}) changed`)
    }
    for (const file of Object.keys(recorded)) if (!current.has(file)) problems.push(`${file} (${what}) is gone`)
  }
  compare('mutated', sourcesOf(root, MUTATED), Object.fromEntries(Object.entries(report.files).map(([f, v]) => [f, v.source])))
  compare('test', sourcesOf(root, TESTS), Object.fromEntries(Object.entries(report.testFiles ?? {}).map(([f, v]) => [f, v.source])))
  return problems
}

type Position = { line: number; column: number }
const byPosition = (a?: Position, b?: Position) => (a?.line ?? 0) - (b?.line ?? 0) || (a?.column ?? 0) - (b?.column ?? 0)

/**
 * The baseline as it is tracked: what Stryker wrote, less what differs from run to run or machine to machine and
 * that incremental mode does not read (the absolute project root, the options, each mutant's duration), with the
 * ids renumbered in file and source order: Stryker numbers tests in the order the two workers happen to report them
 * and matches old to new by file, name and position, never by id, so the same results always read the same.
 * Given the mutated files' current sources, it holds exactly those files: Stryker carries a file it no longer
 * mutates over from the old baseline, and leaves out a file without mutants (types only), which would look new.
 */
export function trackedBaseline(report: Report, mutated?: ReadonlyMap<string, string>): Report {
  const { projectRoot: _root, config: _config, framework: _framework, ...rest } = report
  const testIds = new Map<string, string>()
  const testFiles = Object.fromEntries(
    Object.keys(report.testFiles ?? {})
      .sort()
      .map((file) => {
        const tf = report.testFiles![file]!
        const tests = [...tf.tests]
          .sort((a, b) => byPosition((a as { location?: { start: Position } }).location?.start, (b as { location?: { start: Position } }).location?.start) || a.name.localeCompare(b.name))
          .map((t) => {
            const id = String(testIds.size)
            testIds.set(t.id, id)
            return { ...t, id }
          })
        return [file, { ...tf, tests }] as const
      }),
  )
  const ids = (list?: string[]) =>
    list
      ?.map((id) => testIds.get(id) ?? `unknown-${id}`)
      .sort((a, b) => Number(a) - Number(b) || a.localeCompare(b))
  const files = Object.entries(report.files)
    .filter(([file]) => !mutated || mutated.has(file))
    .map(([file, f]) => [file, { ...f }] as [string, Report['files'][string]])
  for (const [file, source] of mutated ?? []) {
    if (!(file in report.files)) files.push([file, { language: 'typescript', source, mutants: [] }])
  }
  files.sort(([a], [b]) => a.localeCompare(b))
  let mutantId = 0
  for (const entry of files) {
    const mutants = [...entry[1].mutants].sort(
      (a, b) =>
        byPosition(a.location.start, b.location.start) ||
        byPosition(a.location.end, b.location.end) ||
        a.mutatorName.localeCompare(b.mutatorName) ||
        (a.replacement ?? '').localeCompare(b.replacement ?? ''),
    )
    entry[1] = {
      ...entry[1],
      mutants: mutants.map(({ duration: _d, ...m }) => ({
        ...m,
        id: String(mutantId++),
        ...(m.coveredBy ? { coveredBy: ids(m.coveredBy) } : {}),
        ...(m.killedBy ? { killedBy: ids(m.killedBy) } : {}),
      })),
    }
  }
  return { ...rest, files: Object.fromEntries(files), ...(report.testFiles ? { testFiles } : {}) }
}

/** The mutated files (MUTATED less NOT_MUTATED) and their sources. */
export function mutatedSources(root = resolve(import.meta.dirname, '..')): Map<string, string> {
  return sourcesOf(root, MUTATED)
}

/** The text a location covers (lines and columns 1-based, the end exclusive). */
function slice(source: string, { start, end }: ReportMutant['location']): string {
  const lines = source.split('\n')
  if (start.line === end.line) return lines[start.line - 1]!.slice(start.column - 1, end.column - 1)
  return [lines[start.line - 1]!.slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1]!.slice(0, end.column - 1)].join('\n')
}

const oneLine = (text: string, max = 70) => {
  const flat = text.replace(/\s+/g, ' ')
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** Every mutant no test noticed, as `file:line:column Mutator: original -> replacement`, in file order. */
export function survivors(report: Pick<Report, 'files'>): string[] {
  return Object.entries(report.files).flatMap(([file, { source, mutants }]) =>
    mutants
      .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
      .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column)
      .map(
        (m) =>
          `${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName}${m.status === 'NoCoverage' ? ' (no test ran it)' : ''}: ${oneLine(slice(source, m.location))} -> ${oneLine(m.replacement ?? '')}`,
      ),
  )
}
