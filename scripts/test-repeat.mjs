#!/usr/bin/env node
/**
 * `npm run test:repeat -- N`: how repeatable the browser suites are. Builds the site for the test backend once
 * (as `npm test` does; `--no-build` uses the existing one), then runs N rounds of the Playwright suite
 * (tests/e2e and tests/paths), the development console check (tests/dev) and the engines suite (Firefox and
 * WebKit), each with no retries, and lists every test that failed even once: how often, in which rounds, and the
 * first line of each failure. Exits non-zero when any test failed. Reports stay in test-results/repeat-<base>/.
 * E2E_PORT_BASE, DIST and PW_WORKERS are honoured as in `npm test`. It takes N times a quarter of an hour on the
 * 2-core machine: run it inside `flock /tmp/ir-heavy.lock` where others share the machine.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { onSupportedNode } from './supported-node.mjs'

await onSupportedNode()

const args = process.argv.slice(2)
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 3)
const build = !args.includes('--no-build')
if (!(rounds >= 1)) {
  console.error('Usage: npm run test:repeat -- N [--no-build]')
  process.exit(2)
}
const base = process.env.E2E_PORT_BASE ?? '0'
const dist = process.env.DIST ?? 'dist-test'
const env = {
  ...process.env,
  E2E_PORT_BASE: base,
  DIST: dist,
  SPEC_OUT: process.env.SPEC_OUT ?? `${dist}-spec`,
  VITE_SUPABASE_URL: `http://127.0.0.1:${4421 + Number(base)}`,
  PW_RETRIES: '0',
}
const out = resolve('test-results', `repeat-${base}`)
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })

function run(label, cmd, cmdArgs, extra = {}) {
  const t0 = Date.now()
  console.log(`\n▶ ${label}`)
  const res = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...env, ...extra } })
  console.log(`  ${label}: exit ${res.status ?? res.signal} in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
  return res.status === 0
}

if (build) {
  if (!run('build', 'npm', ['run', 'build', '--silent']) || !run('build:spec', 'npm', ['run', 'build:spec', '--silent'])) process.exit(1)
} else if (!existsSync(join(dist, 'client', 'index.html'))) {
  console.error(`No build in ${dist}/ (drop --no-build)`)
  process.exit(1)
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

/** test id → { title, failures: [{ round, message }] } */
const failed = new Map()
const ran = new Map()
function record(suite, title, round, ok, message = '') {
  const id = `${suite} › ${title}`
  ran.set(id, (ran.get(id) ?? 0) + 1)
  if (ok) return
  if (!failed.has(id)) failed.set(id, [])
  failed.get(id).push({ round, message: String(message).replace(ANSI, '').trim().split('\n')[0].slice(0, 200) })
}

/** Playwright's JSON report: suites nest; each spec has one test per project, each with its results. */
function readPlaywright(file, suite, round) {
  if (!existsSync(file)) return record(suite, '(the run produced no report)', round, false, 'see the output above')
  const report = JSON.parse(readFileSync(file, 'utf8'))
  for (const error of report.errors ?? []) record(suite, '(run error)', round, false, error.message)
  const walk = (s, trail) => {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const results = t.results ?? []
        if (t.status === 'skipped' && results.every((r) => r.status === 'skipped')) continue
        const bad = results.find((r) => r.status !== 'passed' && r.status !== 'skipped')
        record(suite, [...trail, spec.title].join(' › '), round, !bad && results.length > 0, bad?.error?.message ?? bad?.status ?? 'did not run')
      }
    }
    for (const child of s.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...trail, child.title] : [...trail, child.file ?? child.title])
  }
  for (const s of report.suites ?? []) walk(s, [])
}

/** Vitest's JSON report: one entry per file with its assertion results; a file that failed to run has a message. */
function readVitest(file, suite, round) {
  if (!existsSync(file)) return record(suite, '(the run produced no report)', round, false, 'see the output above')
  const report = JSON.parse(readFileSync(file, 'utf8'))
  for (const f of report.testResults ?? []) {
    const name = f.name.replace(`${process.cwd()}/`, '')
    if (f.status === 'failed' && f.message) record(suite, `${name} (the file)`, round, false, f.message)
    for (const t of f.assertionResults ?? []) {
      // A test skipped because its suite's setup failed is a failure of that round too.
      if (t.status === 'skipped' || t.status === 'pending') {
        if (f.status === 'failed') record(suite, `${name} › ${t.fullName}`, round, false, 'skipped: its suite failed to start')
        continue
      }
      record(suite, `${name} › ${t.fullName}`, round, t.status === 'passed', (t.failureMessages ?? [])[0] ?? t.status)
    }
  }
}

const started = Date.now()
const times = []
for (let round = 1; round <= rounds; round++) {
  const t0 = Date.now()
  const pw = join(out, `playwright-${round}.json`)
  run(`round ${round}/${rounds}: Playwright`, 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pw })
  readPlaywright(pw, 'playwright', round)
  const dev = join(out, `dev-${round}.json`)
  run(`round ${round}/${rounds}: development console`, 'npx', ['playwright', 'test', '-c', 'playwright.dev.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: dev,
  })
  readPlaywright(dev, 'dev console', round)
  const engines = join(out, `engines-${round}.json`)
  run(`round ${round}/${rounds}: engines`, 'npx', ['vitest', 'run', '-c', 'vitest.engines.config.ts', '--reporter=default', '--reporter=json', `--outputFile=${engines}`])
  readVitest(engines, 'engines', round)
  times.push(((Date.now() - t0) / 1000).toFixed(0))
}

const total = [...ran.keys()].length
console.log(`\n${rounds} round(s) in ${((Date.now() - started) / 1000).toFixed(0)} s (${times.map((t) => `${t} s`).join(', ')}); ${total} tests each round`)
if (failed.size === 0) {
  console.log(`No test failed in any round.`)
} else {
  console.log(`\n${failed.size} test(s) failed at least once:`)
  for (const [id, failures] of [...failed].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`\n  ${failures.length} of ${ran.get(id) ?? rounds}: ${id}`)
    for (const f of failures) console.log(`    round ${f.round}: ${f.message}`)
  }
  process.exitCode = 1
}
