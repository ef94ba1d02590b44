/**
 * `npm run test:paths`: the page tests generated from the app machines (tests/paths/<machine>.spec.ts, each a
 * driver run by tests/paths/runner.ts over the paths docs/flows plans). Runs them against the built site
 * (`npm run build` first; DIST and E2E_PORT_BASE are honoured), then prints the coverage table.
 *
 * `--table` prints the table of the last run only: one row per app machine with the paths, states and
 * transitions that PASSING page tests exercised (each writes a record under test-results/path-coverage-<base>/),
 * what its driver declares unreachable, and the total. `--check` also fails when the total is under 95 % of all
 * transitions, a reachable state was never shown, or a machine has no passing test (npm test runs it so).
 * Other arguments go to Playwright.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { coverageTable, formatCoverageTable, readCoverage } from '../tests/paths/coverage'
import { e2eEnv } from './e2e-env'

const args = process.argv.slice(2)
const tableOnly = args.includes('--table') || args.includes('--check')
const check = args.includes('--check')

if (!tableOnly) {
  const { dist } = e2eEnv()
  if (!existsSync(join(dist, 'client', 'index.html'))) {
    console.error(`\nNo build in ${dist}/. Build first: DIST=${dist} VITE_SUPABASE_URL=${e2eEnv().backendUrl} npm run build`)
    process.exit(1)
  }
  const res = spawnSync('npx', ['playwright', 'test', 'tests/paths', ...args], { stdio: 'inherit' })
  if (res.status !== 0) process.exitCode = res.status ?? 1
}

const table = await coverageTable(readCoverage())
console.log(formatCoverageTable(table))
if (check && table.problems.length) {
  console.error(`\nPath coverage is short:\n${table.problems.map((p) => `  - ${p}`).join('\n')}`)
  process.exit(1)
}
