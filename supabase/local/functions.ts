/**
 * The edge functions on Deno, as hosted Supabase runs them: one Deno process (the npm package `deno`) running
 * supabase/local/deno/serve-functions.ts, which imports every supabase/functions/<name>/index.ts unchanged with
 * the import map supabase/functions/deno.json (and its deno.lock), like `supabase functions serve`.
 *
 * The Deno cache lives in the project (.deno/, gitignored), so only the first start on a fresh clone fetches the
 * functions' npm imports (from the npm registry, NPM_CONFIG_REGISTRY honoured); later starts reuse it.
 * Functions get only their own environment plus what Deno itself needs, never the caller's whole environment,
 * so a secret missing from the function env fails here as it would when deployed.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
export const FUNCTIONS_DIR = resolve(here, '../functions')
export const PROJECT_ROOT = resolve(here, '../..')
/** Deno's cache (npm packages, transpiled modules, type-check results), kept inside the project. */
export const DENO_DIR = process.env.DENO_DIR || join(PROJECT_ROOT, '.deno')
const SERVE_SCRIPT = join(here, 'deno', 'serve-functions.ts')
const IMPORT_MAP = join(FUNCTIONS_DIR, 'deno.json')

/** Every function: a folder of supabase/functions with an index.ts (folders starting with _ are shared code). */
export function functionNames(dir = FUNCTIONS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && existsSync(join(dir, e.name, 'index.ts')))
    .map((e) => e.name)
    .sort()
}

/** The Deno executable the npm package `deno` installed (its postinstall copies it from @deno/<platform>). */
export function denoBinary(): string {
  const require = createRequire(import.meta.url)
  const pkgDir = dirname(require.resolve('deno/package.json'))
  const exe = join(pkgDir, process.platform === 'win32' ? 'deno.exe' : 'deno')
  if (existsSync(exe)) return exe
  try {
    // The package's own resolver finds the platform package's binary when the copy is missing.
    return (require(join(pkgDir, 'install_api.cjs')) as { runInstall(): string }).runInstall()
  } catch (error) {
    throw new Error(`Deno not found: run npm install (the npm package 'deno' provides it). ${String(error)}`)
  }
}

/** Environment for Deno itself: where its cache is and how it reaches the npm registry; nothing else. */
export function denoEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { DENO_DIR, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' }
  const pass = ['PATH', 'HOME', 'TMPDIR', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy', 'DENO_CERT', 'DENO_TLS_CA_STORE', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'NODE_EXTRA_CA_CERTS']
  for (const name of pass) if (process.env[name]) env[name] = process.env[name]!
  // Deno resolves npm: imports against NPM_CONFIG_REGISTRY; under `npm run` npm exports it in lower case.
  const registry = process.env.NPM_CONFIG_REGISTRY || process.env.npm_config_registry
  if (registry) env.NPM_CONFIG_REGISTRY = registry
  return { ...env, ...extra }
}

/** The arguments every Deno command of the project shares: the deployed import map and its lock. */
export function denoConfigArgs(): string[] {
  return ['--config', IMPORT_MAP, '--frozen']
}

export interface DenoFunctions {
  /** http://127.0.0.1:<port>; POST /<name> runs that function. */
  url: string
  /** e.g. deno/2.9.6, also sent as the x-local-functions-runtime reply header. */
  runtime: string
  names: string[]
  pid: number | null
  stop(): Promise<void>
}

const START_TIMEOUT_MS = 120_000

/** Starts the functions on Deno with this environment (SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, MAIL_API_URL, ...). */
export function startDenoFunctions(functionEnv: Record<string, string | undefined>): Promise<DenoFunctions> {
  const names = functionNames()
  const env = denoEnv(Object.fromEntries(Object.entries(functionEnv).filter((e): e is [string, string] => e[1] !== undefined)))
  const args = [
    'run',
    '--quiet',
    '--no-prompt',
    ...denoConfigArgs(),
    // Locally the functions only ever talk to this machine (the backend and the mail catcher).
    '--allow-net=127.0.0.1,localhost',
    '--allow-env',
    `--allow-read=${FUNCTIONS_DIR}`,
    SERVE_SCRIPT,
    ...names,
  ]
  const child: ChildProcess = spawn(denoBinary(), args, { env, stdio: ['pipe', 'pipe', 'pipe'], cwd: PROJECT_ROOT })
  return new Promise((resolvePromise, reject) => {
    let stdout = ''
    let stderr = ''
    let ready = false
    const timer = setTimeout(() => fail(new Error(`Deno functions did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS)
    const fail = (error: Error) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(error)
    }
    const exited = new Promise<void>((r) => child.once('exit', () => r()))
    child.stderr!.on('data', (d: Buffer) => {
      // Before start-up, keep it for the error; afterwards it is the functions' own log, shown as it comes.
      if (ready) process.stderr.write(`[functions] ${d}`)
      else stderr += d.toString()
    })
    child.stdout!.on('data', (d: Buffer) => {
      if (ready) return void process.stdout.write(`[functions] ${d}`)
      stdout += d.toString()
      const line = stdout.split('\n').find((l) => l.startsWith('{"ready":true'))
      if (!line) return
      ready = true
      clearTimeout(timer)
      if (stderr.trim()) process.stderr.write(`[functions] ${stderr}`)
      const info = JSON.parse(line) as { port: number; runtime: string; functions: string[] }
      resolvePromise({
        url: `http://127.0.0.1:${info.port}`,
        runtime: info.runtime,
        names: info.functions,
        pid: child.pid ?? null,
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return
          child.stdin!.end()
          child.kill('SIGTERM')
          await exited
        },
      })
    })
    child.once('error', (error) => fail(error))
    child.once('exit', (code, signal) => {
      if (!ready) fail(new Error(`Deno functions exited (${code ?? signal}) before they were ready:\n${stderr.trim()}`))
    })
  })
}
