#!/usr/bin/env node
/**
 * The whole test suite, as the README's test command runs it (`npm install && npm test`):
 *   1. Debian's Chromium for Playwright (installed with apt-get when missing and running as root),
 *   2. type-check and lint, and `deno check` of every edge function as Deno runs it (deployed import map),
 *   3. vitest: units, machines and generated path coverage, backend contract and SQL/RLS tests; then the mutation
 *      score of the machines and domain rules (StrykerJS, incrementally against the committed baseline
 *      stryker-incremental.json, read from it while it is fresh: `npm run test:mutation -- --check`, >= 85 % overall,
 *      >= 75 % a file),
 *   4. a production build pointed at the test backend, with the generated route tree checked fresh (postbuild
 *      fails if _headers breaks a host limit), and the W3C Nu HTML Checker over every page of it
 *      (scripts/check-html.mjs; skipped with a reason without Java),
 *   5. the static spec site (`npm run build:spec`), then Playwright against the built site served by Cloudflare
 *      Pages' runtime (wrangler pages dev, which refuses to start on an ignored _headers line), the local backend
 *      (edge functions on Deno) and the spec site; the path tests (tests/paths, one per path docs/flows plans from
 *      each app machine) must then have exercised at least 95 % of all app transitions (`test:paths -- --check`),
 *      then every route under the Vite dev server with a clean console (tests/dev: no console error, no hydration
 *      warning),
 *   6. the key flows again in Firefox and WebKit (tests/engines, vitest.engines.config.ts; Debian's firefox-esr,
 *      webkit2gtk-driver and xvfb, installed with apt-get when missing and running as root),
 *   7. the CI subset of the performance bench (bundle sizes of every route, Lighthouse on three routes).
 * Steps stop at the first failure. TEST_ONLY=unit|e2e|engines runs a part (engines: build and step 6 only).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { onSupportedNode } from './supported-node.mjs'
import { reportPath, summarise, TIMINGS_DIR } from './timings.mjs'

// On a Node older than package.json's `engines` (Debian 12's 20), the whole run happens on Node 24 from the npm registry.
await onSupportedNode()

const only = process.env.TEST_ONLY
/** Debian's Chromium (the bench's Lighthouse) and its headless shell (the Playwright tests: scripts/e2e-env.ts). */
const chromiumPackages = [
  [process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium'],
  [process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell', 'chromium-headless-shell'],
]
const started = Date.now()
const timings = []

function run(label, cmd, args, env = {}) {
  const t0 = Date.now()
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`)
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  timings.push({ label, seconds: (Date.now() - t0) / 1000 })
  if (res.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${res.status ?? res.signal})`)
    report(false)
    process.exit(res.status ?? 1)
  }
}

/**
 * The timing report (scripts/timings.mjs): every step's time against the budget, the slowest tests and files.
 * .ci/run says how long `npm ci` took (INSTALL_SECONDS), so the whole run is measured as CI sees it.
 */
function report(passed) {
  const install = Number(process.env.INSTALL_SECONDS)
  const steps = Number.isFinite(install) && install > 0 ? [{ label: 'npm ci', seconds: install }, ...timings] : timings
  summarise({ steps, total: (Date.now() - started) / 1000 + (Number.isFinite(install) ? install : 0), passed })
}

function ensureChromium() {
  const missing = chromiumPackages.filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg)
  if (missing.length === 0) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot) {
    console.error(`Chromium is missing (${missing.join(', ')}). Install Debian's packages: sudo apt-get install -y ${missing.join(' ')}`)
    process.exit(1)
  }
  run(`install ${missing.join(', ')}`, 'bash', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`])
}

/** What the Firefox and WebKit suite needs (tests/engines): executable, then the Debian package that brings it. */
const enginePackages = [
  [process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', 'firefox-esr'],
  [process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
  ['/usr/bin/xvfb-run', 'xvfb'],
]

function ensureEnginePackages() {
  const missing = [...new Set(enginePackages.filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg))]
  if (missing.length === 0) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot) {
    console.error(`The Firefox and WebKit tests need Debian's ${missing.join(', ')}: sudo apt-get install -y ${missing.join(' ')}`)
    process.exit(1)
  }
  run(`install ${missing.join(', ')}`, 'bash', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`])
}

/** Whether nothing listens on 127.0.0.1:port (binding it is the only reliable check). */
function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)))
  })
}

/**
 * The port base for the end-to-end run: E2E_PORT_BASE when given, otherwise the first base, in steps of 100,
 * whose site, backend and mail ports (scripts/e2e-env.ts) are all free. A machine that already has something
 * on 4173, 4175, 4421 or 4424 (another run, a developer's server) then gets shifted ports instead of a failed run.
 */
async function choosePortBase() {
  if (process.env.E2E_PORT_BASE !== undefined) return Number(process.env.E2E_PORT_BASE)
  for (let base = 0; base <= 2000; base += 100) {
    // The default site, backend and mail ports of scripts/e2e-env.ts.
    const free = await Promise.all([4173, 4175, 4421, 4424].map((p) => portFree(p + base)))
    if (free.every(Boolean)) return base
    console.log(`ports at base ${base} are in use; trying base ${base + 100}`)
  }
  console.error('No free port base for the end-to-end run (tried 0–2000). Set E2E_PORT_BASE.')
  process.exit(1)
}

let portBase = 0
function e2eEnv() {
  return {
    E2E_PORT_BASE: String(portBase),
    DIST: process.env.DIST ?? 'dist-test',
    VITE_SUPABASE_URL: `http://127.0.0.1:${4421 + portBase}`,
    SPEC_OUT: process.env.SPEC_OUT ?? `${process.env.DIST ?? 'dist-test'}-spec`,
  }
}

console.log(`Node ${process.version}`)
// Each runner writes its JSON report here (scripts/timings.mjs); a report of an earlier run is not this run's.
rmSync(TIMINGS_DIR, { recursive: true, force: true })
if (only !== 'unit' && only !== 'engines') ensureChromium()
if (only !== 'unit') ensureEnginePackages()
if (!only) {
  run('type-check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])
  run('lint', 'npx', ['biome', 'check', '.'])
  run('deno check', 'npx', ['tsx', 'scripts/deno-check.ts'])
}
if (only !== 'e2e' && only !== 'engines') {
  run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath('vitest')}`])
  run('mutation score', 'npx', ['tsx', 'scripts/mutation.ts', '--check'])
}
if (only !== 'unit') {
  portBase = await choosePortBase()
  const routeTree = 'src/routeTree.gen.ts'
  const before = existsSync(routeTree) ? readFileSync(routeTree, 'utf8') : ''
  run('build', 'npm', ['run', 'build', '--silent'], e2eEnv())
  if (readFileSync(routeTree, 'utf8') !== before) {
    console.error(`\n✖ ${routeTree} was stale: the build regenerated it. Commit the regenerated file.`)
    process.exit(1)
  }
  if (only !== 'engines') run('HTML (Nu checker)', 'node', ['scripts/check-html.mjs'], { DIST: e2eEnv().DIST })
  // The living spec as a static site (tests/e2e/flows-spec.spec.ts opens it over HTTP and from disk).
  if (only !== 'engines') run('build:spec', 'npm', ['run', 'build:spec', '--silent'], e2eEnv())
  if (only !== 'engines') run('playwright', 'npx', ['playwright', 'test'], { ...e2eEnv(), PW_JSON_REPORT: reportPath('playwright') })
  // What the passing path tests exercised of every app machine (tests/paths/coverage.ts): >= 95 % of transitions.
  if (only !== 'engines') run('path coverage', 'npx', ['tsx', 'scripts/test-paths.ts', '--check'], e2eEnv())
  // Every route under the Vite dev server: no console error or hydration warning (tests/dev, playwright.dev.config.ts).
  if (only !== 'engines') run('dev console', 'npx', ['playwright', 'test', '-c', 'playwright.dev.config.ts'], { ...e2eEnv(), PW_JSON_REPORT: reportPath('dev-console') })
  run('engines (Firefox, WebKit)', 'npx', ['vitest', 'run', '-c', 'vitest.engines.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath('engines')}`], e2eEnv())
  if (only !== 'engines') run('bench (CI subset)', 'npx', ['tsx', 'scripts/bench.ts', '--ci', '--no-build'], { DIST: e2eEnv().DIST, BENCH_TIMINGS: reportPath('bench') })
}
console.log(`\n✔ all test steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s`)
report(true)
