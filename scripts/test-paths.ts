/**
 * `npm run test:paths`: the UI-level path tests. Prints, per flow, how many paths its test model generates and
 * which states and transitions they cover (of the model, and of the app machine when the paths' events are
 * replayed through it), fails when a model has a state the app machine lacks, then runs the Playwright specs
 * tests/paths/*.spec.ts against the built site (`npm run build` first; DIST and E2E_PORT_BASE are honoured).
 * `--table` prints the table only; other arguments go to Playwright.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { e2eEnv } from './e2e-env'
import { driftingStates, formatTable, pathReport } from '../tests/paths/model'
import { PATH_MODELS } from '../tests/paths/models'

const args = process.argv.slice(2)
console.log(formatTable(PATH_MODELS.map(pathReport)))

const drift = PATH_MODELS.flatMap((m) => driftingStates(m).map((id) => `${m.flow}: model state ${id} is not a state of ${m.app.machine.id}`))
if (drift.length) {
  console.error(`\nThe test models drifted from the app machines:\n${drift.join('\n')}`)
  process.exit(1)
}
if (args.includes('--table')) process.exit(0)

const { dist } = e2eEnv()
if (!existsSync(join(dist, 'client', 'index.html'))) {
  console.error(`\nNo build in ${dist}/. Build first: DIST=${dist} VITE_SUPABASE_URL=${e2eEnv().backendUrl} npm run build`)
  process.exit(1)
}
const res = spawnSync('npx', ['playwright', 'test', 'tests/paths', ...args], { stdio: 'inherit' })
process.exit(res.status ?? 1)
