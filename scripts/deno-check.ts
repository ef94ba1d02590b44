/**
 * `deno check` of every edge function entry (supabase/functions/<name>/index.ts) and of the local runner that
 * serves them, with the import map and lock they deploy with (supabase/functions/deno.json, deno.lock) and
 * Deno's own types: the check `supabase functions deploy` relies on, which the repo's Node-typed tsc cannot do.
 * Uses the project's Deno (npm package `deno`) and cache (.deno/), so it also warms the cache the local backend
 * starts from. A step of `npm test` (scripts/test.mjs).
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { denoBinary, denoConfigArgs, denoEnv, FUNCTIONS_DIR, functionNames, PROJECT_ROOT } from '../supabase/local/functions.ts'

const entries = [...functionNames().map((name) => join(FUNCTIONS_DIR, name, 'index.ts')), join(PROJECT_ROOT, 'supabase/local/deno/serve-functions.ts')]
const started = Date.now()
const res = spawnSync(denoBinary(), ['check', '--quiet', ...denoConfigArgs(), ...entries], { stdio: 'inherit', env: denoEnv(), cwd: PROJECT_ROOT })
if (res.status !== 0) {
  console.error(`deno check failed for ${entries.length} entries`)
  process.exit(res.status ?? 1)
}
console.log(`deno check: ${entries.length} entries (${functionNames().join(', ')}, the local runner) in ${((Date.now() - started) / 1000).toFixed(1)} s`)
