/**
 * The local backend's child processes (PostgreSQL, PostgREST): who they run as, and that they never outlive the
 * Node server, even one killed with SIGKILL.
 *
 * - PostgreSQL refuses to run as root (initdb and postgres both check). As root (CI, a container) both services
 *   run as an unprivileged system user, `inspectready` (created with useradd the first time), through util-linux's
 *   setpriv; as anyone else they run as that user. SERVICE_USER names another existing user.
 * - Lifetime: on Linux each child is started through `setpriv --pdeathsig`, so the kernel signals it when this
 *   process dies however it dies. Elsewhere (macOS) a guardian shell holds a pipe from this process and signals
 *   the children when the pipe closes. (Deno, started by functions.ts, watches its own stdin instead.)
 */
import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface ServiceUser {
  name: string
  uid: number
  gid: number
}

const DEFAULT_SERVICE_USER = 'inspectready'
const isRoot = () => process.getuid?.() === 0
let resolvedUser: ServiceUser | null | undefined

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/bin', '/bin', '/usr/sbin', '/sbin'])) {
    if (dir && existsSync(`${dir}/${name}`)) return `${dir}/${name}`
  }
  return undefined
}

const SETPRIV = process.platform === 'linux' ? findOnPath('setpriv') : undefined

function lookupUser(name: string): ServiceUser | undefined {
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [user, , uid, gid] = line.split(':')
    if (user === name) return { name, uid: Number(uid), gid: Number(gid) }
  }
  return undefined
}

/**
 * The user PostgreSQL and PostgREST run as: null when this process is not root (they run as this user), else the
 * system user, created when missing. Throws with what to do when that cannot be done.
 */
export function serviceUser(): ServiceUser | null {
  if (resolvedUser !== undefined) return resolvedUser
  if (!isRoot()) {
    resolvedUser = null
    return null
  }
  if (process.platform !== 'linux') throw new Error('Running the local backend as root is supported on Linux only: run it as a normal user.')
  if (!SETPRIV) throw new Error("The local backend runs as root, and PostgreSQL refuses root: it needs util-linux's setpriv to run as another user. Install util-linux (apt-get install util-linux), or run as a normal user.")
  const name = process.env.SERVICE_USER || DEFAULT_SERVICE_USER
  let user = lookupUser(name)
  if (!user && name === DEFAULT_SERVICE_USER) {
    try {
      execFileSync('useradd', ['--system', '--no-create-home', '--user-group', '--shell', '/usr/sbin/nologin', '--comment', 'InspectReady local backend (PostgreSQL, PostgREST)', name], { stdio: 'pipe' })
    } catch (error) {
      // Another process may have created it at the same moment.
      if (!lookupUser(name)) {
        throw new Error(`PostgreSQL refuses to run as root, and the system user '${name}' could not be created (${String((error as Error).message).trim()}). Create it (useradd --system --user-group ${name}), set SERVICE_USER to an existing unprivileged user, or run as a normal user.`)
      }
    }
    user = lookupUser(name)
  }
  if (!user) throw new Error(`SERVICE_USER '${name}' does not exist.`)
  if (user.uid === 0) throw new Error(`SERVICE_USER '${name}' is root; PostgreSQL needs an unprivileged user.`)
  resolvedUser = user
  return user
}

/** The command line that runs `command` as the service user (when root) and ties it to this process (Linux). */
function wrap(command: string, args: string[], deathSignal: NodeJS.Signals | undefined): [string, string[]] {
  const user = serviceUser()
  if (!SETPRIV || (!user && !deathSignal)) return [command, args]
  const opts: string[] = []
  if (user) opts.push(`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups')
  if (deathSignal) opts.push(`--pdeathsig=${deathSignal.replace(/^SIG/, '')}`)
  return [SETPRIV, [...opts, '--', command, ...args]]
}

/** Runs a short command as the service user and waits for it; throws with its output when it fails. */
export function runAsService(command: string, args: string[], env?: NodeJS.ProcessEnv): string {
  const [cmd, argv] = wrap(command, args, undefined)
  try {
    return execFileSync(cmd, argv, { stdio: 'pipe', env }).toString()
  } catch (error) {
    const e = error as { stderr?: Buffer; stdout?: Buffer; message: string }
    throw new Error(`${command.split('/').pop()} failed: ${(e.stderr?.toString() || e.stdout?.toString() || e.message).trim()}`)
  }
}

/**
 * A folder of binaries the service user can run: `dir` itself, or, when this process is root and `dir` lies under a
 * folder the service user cannot enter (a project under /root), a world-readable copy in the OS temp dir, made once
 * per folder and `version`.
 */
export function serviceReadable(dir: string, probe: string, version: string): string {
  if (!serviceUser()) return dir
  try {
    runAsService('test', ['-x', join(dir, probe)])
    return dir
  } catch {
    // not reachable: copy below
  }
  const copy = join(tmpdir(), `inspectready-bin-${createHash('sha256').update(`${dir}\n${version}`).digest('hex').slice(0, 16)}`)
  if (!existsSync(join(copy, probe))) {
    const partial = `${copy}.${process.pid}`
    rmSync(partial, { recursive: true, force: true })
    execFileSync('cp', ['-a', dir, partial])
    execFileSync('chmod', ['-R', 'a+rX', partial])
    try {
      renameSync(partial, copy)
    } catch {
      rmSync(partial, { recursive: true, force: true }) // another process made it first
    }
  }
  return copy
}

const guarded = new Set<ChildProcess>()
let guardian: ChildProcess | undefined

/** macOS and other systems without setpriv: one shell per server process signals every living child once the pipe
 * from this process closes (this process died). It is restarted with the current list whenever a child starts. */
function updateGuardian(signal: NodeJS.Signals) {
  guardian?.kill('SIGKILL')
  guardian = undefined
  const pids = [...guarded].filter((c) => c.exitCode === null && c.signalCode === null && c.pid).map((c) => String(c.pid))
  if (pids.length === 0) return
  guardian = spawn('/bin/sh', ['-c', 'cat >/dev/null; kill -s "$0" "$@" 2>/dev/null', signal.replace(/^SIG/, ''), ...pids], { stdio: ['pipe', 'ignore', 'ignore'], detached: true })
  guardian.unref()
  ;(guardian.stdin as unknown as { unref?: () => void } | null)?.unref?.()
}

/**
 * Starts a long-running service (postgres, postgrest) as the service user, tied to this process: when this
 * process dies, the child gets `deathSignal`.
 */
export function spawnService(command: string, args: string[], options: SpawnOptions & { deathSignal: NodeJS.Signals }): ChildProcess {
  const { deathSignal, ...spawnOptions } = options
  const [cmd, argv] = wrap(command, args, deathSignal)
  const child = spawn(cmd, argv, spawnOptions)
  if (!SETPRIV && process.platform !== 'win32') {
    guarded.add(child)
    child.once('exit', () => guarded.delete(child))
    updateGuardian(deathSignal)
  }
  return child
}

/** Whether a process with this pid is alive (signal 0). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
