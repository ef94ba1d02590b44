/**
 * The timing report of `npm test`: where the run's time goes, per step, per file and per test, against the
 * suite's budget. Each step's runner writes its own machine-readable report into test-results/timings/
 * (Playwright's and vitest's JSON reporters, the bench's phases); scripts/test.mjs records every step's wall
 * time and, at the end of the run (passed or failed), calls `summarise`, which prints
 *   - the time per step, with the budget each step may use and a warning (never a failure) when over,
 *   - the 20 slowest tests of all runners,
 *   - the slowest files (worker time: the sum of their tests),
 * and writes test-results/timings/summary.json and summary.md (every file, every step).
 * Budgets, and what a new capability may add: docs/flows-and-testing.md#the-time-budget.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

export const TIMINGS_DIR = 'test-results/timings'

/**
 * The budget in seconds, for a quiet 2-core developer machine: `.ci/run` whole (npm ci included) and the
 * Playwright step. The other steps' shares are what they took on such a machine when the budget was set, with
 * room; they are shown beside each step so a step that grows stands out. Measured, never enforced: these
 * machines are noisy, so a run over budget prints a warning and passes.
 */
export const BUDGET = {
  total: 15 * 60,
  steps: {
    'npm ci': 90,
    'type-check': 20,
    lint: 10,
    'deno check': 10,
    vitest: 150,
    'mutation score': 60,
    build: 20,
    'HTML (Nu checker)': 15,
    'build:spec': 10,
    playwright: 8 * 60,
    'path coverage': 10,
    'dev console': 90,
    'engines (Firefox, WebKit)': 110,
    'bench (CI subset)': 120,
  },
}

/** Where a runner writes its JSON report: test-results/timings/<name>.json. */
export function reportPath(name) {
  mkdirSync(TIMINGS_DIR, { recursive: true })
  return resolve(TIMINGS_DIR, `${name}.json`)
}

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

/**
 * Tests of a Playwright JSON report: `{ runner, file, title, seconds, retries }`. A test's time is its first
 * attempt's (a retried test fails the run anyway, and its retry is counted in `retries`).
 */
export function playwrightTests(report, runner = 'playwright') {
  const out = []
  const rootDir = report?.config?.rootDir ?? ''
  const walk = (suite, parentTitles) => {
    // A file's own suite is titled with its path; describe blocks add their titles.
    const titles = suite.title && suite.title !== suite.file ? [...parentTitles, suite.title] : parentTitles
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? []
        if (!results.length) continue
        out.push({
          runner,
          file: spec.file ? relative(process.cwd(), join(rootDir, spec.file)) : suite.file,
          title: [...titles, spec.title].join(' › '),
          seconds: results[0].duration / 1000,
          retries: results.length - 1,
          status: results.at(-1).status,
        })
      }
    }
    for (const child of suite.suites ?? []) walk(child, titles)
  }
  for (const suite of report?.suites ?? []) walk(suite, [])
  return out
}

/** Tests of a vitest JSON report (its jest-compatible format). */
export function vitestTests(report, runner = 'vitest') {
  const out = []
  for (const file of report?.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'skipped' || t.status === 'pending' || t.duration == null) continue
      out.push({
        runner,
        file: relative(process.cwd(), file.name),
        title: [...(t.ancestorTitles ?? []), t.title].join(' › '),
        seconds: t.duration / 1000,
        retries: 0,
        status: t.status,
      })
    }
  }
  return out
}

/** The bench's phases (scripts/bench.ts writes `{ phases: { name: seconds } }`), as tests of one file. */
export function benchPhases(report) {
  return Object.entries(report?.phases ?? {}).map(([title, seconds]) => ({ runner: 'bench', file: 'scripts/bench.ts', title, seconds, retries: 0, status: 'passed' }))
}

/** Per file: its tests' summed time (the worker time it costs) and its slowest test. */
export function byFile(tests) {
  const files = new Map()
  for (const t of tests) {
    const key = `${t.runner}\u0000${t.file}`
    const f = files.get(key) ?? { runner: t.runner, file: t.file, seconds: 0, tests: 0, slowest: 0 }
    f.seconds += t.seconds
    f.tests += 1
    f.slowest = Math.max(f.slowest, t.seconds)
    files.set(key, f)
  }
  return [...files.values()].sort((a, b) => b.seconds - a.seconds)
}

/** Every test of the reports that exist in test-results/timings/. */
export function collectTests(dir = TIMINGS_DIR) {
  const tests = []
  const pw = readJson(join(dir, 'playwright.json'))
  if (pw) tests.push(...playwrightTests(pw, 'playwright'))
  const dev = readJson(join(dir, 'dev-console.json'))
  if (dev) tests.push(...playwrightTests(dev, 'dev console'))
  const vitest = readJson(join(dir, 'vitest.json'))
  if (vitest) tests.push(...vitestTests(vitest, 'vitest'))
  const engines = readJson(join(dir, 'engines.json'))
  if (engines) tests.push(...vitestTests(engines, 'engines'))
  const bench = readJson(join(dir, 'bench.json'))
  if (bench) tests.push(...benchPhases(bench))
  return tests
}

const fmt = (s) => (s >= 100 ? s.toFixed(0) : s.toFixed(1))
const minutes = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`

/**
 * Steps `[{ label, seconds }]` against the budget: each step's line, and the warnings for what went over
 * (a step over its share, Playwright over 8 minutes, the whole run over 15).
 */
export function budgetLines(steps, total) {
  const lines = []
  const warnings = []
  for (const { label, seconds } of steps) {
    const key = Object.keys(BUDGET.steps).find((k) => label === k || label.startsWith(`${k} `))
    const budget = key ? BUDGET.steps[key] : undefined
    const over = budget !== undefined && seconds > budget
    lines.push(`   ${label.padEnd(28)} ${fmt(seconds).padStart(6)} s${budget !== undefined ? `   (budget ${budget} s)` : ''}${over ? '   OVER' : ''}`)
    if (over) warnings.push(`${label} took ${fmt(seconds)} s, over its ${budget} s`)
  }
  if (total > BUDGET.total) warnings.unshift(`the run took ${minutes(total)}, over the ${minutes(BUDGET.total)} budget`)
  return { lines, warnings }
}

/**
 * Prints the summary and writes summary.json and summary.md. `steps`: `[{ label, seconds }]` in run order;
 * `total`: the whole run in seconds (npm ci included when .ci/run says how long it took).
 */
export function summarise({ steps, total, passed }) {
  const tests = collectTests()
  const files = byFile(tests)
  const slowest = [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, 20)
  const { lines, warnings } = budgetLines(steps, total)
  const out = []
  out.push(`\nTime per step (${passed ? 'passed' : 'stopped at a failure'}; whole run ${minutes(total)}, budget ${minutes(BUDGET.total)} on a quiet 2-core machine):`)
  out.push(...lines)
  if (slowest.length) {
    out.push('\nThe 20 slowest tests:')
    for (const t of slowest) out.push(`   ${fmt(t.seconds).padStart(6)} s  ${t.runner.padEnd(11)} ${t.file} › ${t.title}`.slice(0, 220))
    out.push('\nThe slowest files (worker time: their tests added up; every file in test-results/timings/summary.md):')
    for (const f of files.slice(0, 15)) out.push(`   ${fmt(f.seconds).padStart(6)} s  ${f.runner.padEnd(11)} ${f.file} (${f.tests} tests, slowest ${fmt(f.slowest)} s)`)
    const perRunner = new Map()
    for (const t of tests) perRunner.set(t.runner, (perRunner.get(t.runner) ?? 0) + t.seconds)
    out.push(`\nWorker time per runner: ${[...perRunner].map(([r, s]) => `${r} ${fmt(s)} s`).join(', ')}`)
  }
  for (const w of warnings) out.push(`⚠ over budget: ${w} (a warning: these machines are noisy; see docs/flows-and-testing.md#the-time-budget)`)
  console.log(out.join('\n'))

  mkdirSync(TIMINGS_DIR, { recursive: true })
  writeFileSync(join(TIMINGS_DIR, 'summary.json'), JSON.stringify({ at: new Date().toISOString(), passed, total, budget: BUDGET, steps, warnings, files, slowest }, null, 2))
  const md = [
    `# Test timings (${new Date().toISOString()})`,
    '',
    `Whole run: ${minutes(total)} (${passed ? 'passed' : 'stopped at a failure'}); budget ${minutes(BUDGET.total)}.`,
    '',
    '| Step | Seconds | Budget |',
    '| --- | ---: | ---: |',
    ...steps.map(({ label, seconds }) => {
      const key = Object.keys(BUDGET.steps).find((k) => label === k || label.startsWith(`${k} `))
      return `| ${label} | ${fmt(seconds)} | ${key ? BUDGET.steps[key] : ''} |`
    }),
    '',
    '| Runner | File | Tests | Worker seconds | Slowest test |',
    '| --- | --- | ---: | ---: | ---: |',
    ...files.map((f) => `| ${f.runner} | ${f.file} | ${f.tests} | ${fmt(f.seconds)} | ${fmt(f.slowest)} |`),
    '',
  ].join('\n')
  writeFileSync(join(TIMINGS_DIR, 'summary.md'), md)
  return { warnings, slowest, files }
}
