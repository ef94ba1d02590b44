/**
 * `npm run test:mutation`: StrykerJS mutates the machines (machines/*.machine.ts) and the domain rules
 * (src/domain/**) and runs their own unit tests against each mutant (stryker.config.mjs, vitest.mutation.config.ts).
 * It runs incrementally against the tracked baseline stryker-incremental.json: only the mutants of code or tests
 * that changed since are tested again, and the baseline is rewritten (commit it with the change). It prints the
 * score per file, weakest first; the HTML report is reports/mutation/index.html (git-ignored).
 *
 *   --check            fail when the score is under 85 % overall or 75 % for a file (scripts/mutation-score.ts),
 *                      or, before running anything, when the baseline is stale (made from other code or tests);
 *                      it runs against a copy and leaves the tracked baseline as it is (npm test runs this).
 *                      With a fresh baseline (every mutated file and every test exactly as it was made from)
 *                      Stryker's incremental run would reuse every result, so the score is read from it without
 *                      a run (a run only re-measured coverage: 33 s); `--check --run` runs Stryker all the same;
 *   --mutate <file>    only that file (a path or a glob; Stryker's own `path:line` ranges work too), against a
 *                      copy of the baseline in reports/, so the tracked one keeps every file's results;
 *   --force            test every mutant again (a cold run), rewriting the baseline;
 *   --table            print the baseline's table and run nothing.
 * Other arguments go to `stryker run`. A cold run is heavy: on the shared machine run it under
 * `flock /tmp/ir-heavy.lock`.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, globSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { BASELINE, baselineProblems, formatTable, mutatedSources, type Report, scores, thresholdProblems, trackedBaseline } from './mutation-score'

const root = resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const check = args.includes('--check')
const tableOnly = args.includes('--table')
const subset = args.includes('--mutate') || args.some((a) => a.startsWith('--mutate='))
const forceRun = args.includes('--run')
const strykerArgs = args.filter((a) => a !== '--check' && a !== '--table' && a !== '--run')
const baselinePath = join(root, BASELINE)
const reportPath = join(root, 'reports/mutation/mutation.json')

function readReport(path: string): Report {
  return JSON.parse(readFileSync(path, 'utf8')) as Report
}

function finish(report: Report, what: string): void {
  const table = scores(report)
  console.log(`\nMutation score per file (${what}; ${Object.keys(report.files).length} files):\n`)
  console.log(formatTable(table))
  const problems = thresholdProblems(table)
  if (check && problems.length) {
    console.error(`\n✖ The mutation score is short:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    console.error('  Open reports/mutation/index.html, kill the survivors with tests that assert outcomes (docs/flows-and-testing.md).')
    process.exit(1)
  }
  if (check) console.log(`\n✔ mutation score ${table.total.score?.toFixed(1)} % (≥ 85 % overall, ≥ 75 % every file)`)
}

if (tableOnly) {
  finish(readReport(baselinePath), BASELINE)
  process.exit(0)
}

if (check && !subset) {
  const stale = baselineProblems(root)
  if (stale.length) {
    console.error(`✖ ${BASELINE} is stale: it was made from other code or tests than these:`)
    for (const p of stale.slice(0, 30)) console.error(`  - ${p}`)
    if (stale.length > 30) console.error(`  … and ${stale.length - 30} more`)
    console.error('  Run `npm run test:mutation` (it tests only what changed) and commit the rewritten baseline.')
    process.exit(1)
  }
  if (!forceRun) {
    finish(readReport(baselinePath), `${BASELINE}, fresh: made from exactly these machines, domain files and tests, so an incremental run would reuse every result`)
    process.exit(0)
  }
}

// The check and a run on some files work on a copy: the tracked baseline changes only when `npm run
// test:mutation` refreshes it (coverage differs a little from run to run, and npm test leaves the tree as it was).
const onCopy = subset || check
let incrementalFile = baselinePath
if (onCopy) {
  incrementalFile = join(root, 'reports/stryker-incremental.copy.json')
  mkdirSync(join(root, 'reports'), { recursive: true })
  if (existsSync(baselinePath)) copyFileSync(baselinePath, incrementalFile)
}

const t0 = Date.now()
const res = spawnSync('npx', ['stryker', 'run', '--incrementalFile', incrementalFile, ...strykerArgs], { cwd: root, stdio: 'inherit' })
const seconds = ((Date.now() - t0) / 1000).toFixed(0)
if (res.status !== 0) {
  console.error(`\n✖ stryker run failed (exit ${res.status ?? res.signal}) after ${seconds} s`)
  process.exit(res.status ?? 1)
}
if (!onCopy) writeFileSync(baselinePath, `${JSON.stringify(trackedBaseline(readReport(baselinePath), mutatedSources(root)), null, 2)}\n`)
console.log(`\nStryker took ${seconds} s. HTML report: reports/mutation/index.html`)
if (subset) {
  // Stryker's report is whole (the other files' results come from the baseline): show the files asked for.
  const asked = new Set(
    args
      .flatMap((a, i) => (a === '--mutate' ? (args[i + 1] ?? '').split(',') : a.startsWith('--mutate=') ? a.slice('--mutate='.length).split(',') : []))
      .flatMap((pattern) => globSync(pattern.replace(/:[\d:-]+$/, ''), { cwd: root })),
  )
  const report = readReport(reportPath)
  finish({ ...report, files: Object.fromEntries(Object.entries(report.files).filter(([file]) => asked.has(file))) }, 'the files asked for')
} else {
  finish(trackedBaseline(readReport(incrementalFile), mutatedSources(root)), 'every mutated file')
}
