/**
 * Which PostgreSQL cluster the embedded database runs on:
 * - DATA_DIR (default .data): a cluster kept in <DATA_DIR>/postgres-15, one server at a time (<DATA_DIR>/.server.lock);
 * - DATA_DIR=memory: a throwaway copy of a template cluster, removed when the server stops.
 * The template is a cluster already bootstrapped and migrated, built once in the OS temp dir and named by a hash
 * of bootstrap.sql, every migration, the PostgreSQL version and its owner, so a changed migration is never served
 * from a stale template. A new cluster (memory, or a fresh data dir) is a copy of it: about 0.3 s instead of
 * initdb and migrations (1–2 s).
 */
import { createHash } from 'node:crypto'
import { chownSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { openDb } from './db.ts'
import { BOOTSTRAP_SQL, MIGRATIONS_DIR, setupDatabase } from './migrate.ts'
import { initCluster, PG_MAJOR, type PostgresServer, postgresBinaries, privateDir, runPostgres } from './postgres.ts'
import { isAlive, runAsService, type ServiceUser, serviceUser } from './processes.ts'

const CLUSTER_DIR = `postgres-${PG_MAJOR}`
const RUN_PREFIX = `inspectready-pg${PG_MAJOR}-run-`

function templatePath(user: ServiceUser | null): string {
  const hash = createHash('sha256')
  hash.update(readFileSync(BOOTSTRAP_SQL))
  for (const f of readdirSync(MIGRATIONS_DIR).filter((x) => x.endsWith('.sql')).sort()) {
    hash.update(f)
    hash.update(readFileSync(join(MIGRATIONS_DIR, f)))
  }
  hash.update(postgresBinaries().version)
  const owner = user?.uid ?? process.getuid?.() ?? 'any'
  return join(tmpdir(), `inspectready-pg${PG_MAJOR}-template-${owner}-${hash.digest('hex').slice(0, 16)}`)
}

/** Builds the template: initdb, then bootstrap and migrations on a short-lived server, then a clean shutdown. */
async function buildTemplate(path: string, user: ServiceUser | null) {
  const dir = privateDir(`inspectready-pg${PG_MAJOR}-build-`, user)
  try {
    initCluster(join(dir, 'data'))
    const server = await runPostgres(join(dir, 'data'), dir, { durable: false, log: join(dir, 'postgres.log') })
    try {
      const db = await openDb(server.connection, 'embedded')
      try {
        await setupDatabase(db)
      } finally {
        await db.close()
      }
    } finally {
      await server.stop()
    }
    try {
      renameSync(dir, path) // atomic: a parallel start never sees half a template
    } catch (error) {
      if (!existsSync(join(path, 'data', 'PG_VERSION'))) throw error // else another process built it first
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Copies the template cluster (built first if needed) to `target`, owned by the service user, mode 0700. */
export async function copyTemplateCluster(target: string): Promise<void> {
  const user = serviceUser()
  const path = templatePath(user)
  if (!existsSync(join(path, 'data', 'PG_VERSION'))) await buildTemplate(path, user)
  mkdirSync(target, { mode: 0o700 })
  if (user) chownSync(target, user.uid, user.gid)
  if (process.platform === 'win32') cpSync(join(path, 'data'), target, { recursive: true })
  else runAsService('cp', ['-pR', `${join(path, 'data')}/.`, target])
}

/** Run dirs of servers that died without cleaning up (their pid is gone). */
function removeStaleRunDirs() {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.startsWith(RUN_PREFIX) ? name.slice(RUN_PREFIX.length).split('-')[0] : Number.NaN)
    if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true })
  }
}
/** One server per data dir: the Node server's pid in <dataDir>/.server.lock. */
async function lockDataDir(dataDir: string): Promise<() => void> {
  const lock = join(dataDir, '.server.lock')
  const owner = existsSync(lock) ? Number(readFileSync(lock, 'utf8').trim()) : 0
  // A recycled pid of an unrelated program (after a crash) does not count.
  const nodeOwner = owner && isAlive(owner) && (!existsSync(`/proc/${owner}/cmdline`) || readFileSync(`/proc/${owner}/cmdline`, 'utf8').includes('node'))
  if (nodeOwner) {
    throw new Error(`Data dir ${dataDir} is in use by process ${owner}; stop it, or set DATA_DIR to another directory (or 'memory')`)
  }
  // The last server died: its PostgreSQL got SIGQUIT from the kernel and is on its way out; give it time.
  const pidFile = join(dataDir, CLUSTER_DIR, 'postmaster.pid')
  for (let waited = 0; existsSync(pidFile) && waited < 15_000; waited += 50) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
    if (!pid || !isAlive(pid)) break
    if (waited === 5_000) process.kill(pid, 'SIGQUIT')
    await new Promise((r) => setTimeout(r, 50))
  }
  writeFileSync(lock, String(process.pid))
  return () => rmSync(lock, { force: true })
}

/** Fails clearly when DATA_DIR cannot be used by the service user (root only), or holds a PGlite database. */
function checkDataDir(dataDir: string, user: ServiceUser | null) {
  if (existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new Error(
      `${dataDir} holds a PGlite database from before the local backend moved to PostgreSQL ${PG_MAJOR}; it cannot be opened. ` +
        `Move it away (mv ${dataDir} ${dataDir}-pglite) or delete it; the next start creates a fresh, migrated database there.`,
    )
  }
  if (!user) return
  // A data dir root made (mkdir, mkdtemp: mode 0700) becomes the service user's, as PostgreSQL's data lives in its
  // user's folder; one owned by a person is left alone.
  if (statSync(dataDir).uid === 0) chownSync(dataDir, user.uid, user.gid)
  try {
    runAsService('test', ['-x', resolve(dataDir)])
  } catch {
    throw new Error(
      `PostgreSQL runs as the system user '${user.name}' (this process is root), and it cannot enter ${resolve(dataDir)} ` +
        `(a parent folder is private, e.g. /root). Set DATA_DIR to a folder it can reach, use DATA_DIR=memory, or run as a normal user.`,
    )
  }
}

/** Starts the embedded PostgreSQL on `dataDir` (a kept cluster in dataDir/postgres-15) or 'memory'. */
export async function startEmbeddedPostgres(dataDir: string): Promise<PostgresServer> {
  const user = serviceUser()
  removeStaleRunDirs()
  const runDir = privateDir(RUN_PREFIX, user)
  try {
    if (dataDir === 'memory') {
      const data = join(runDir, 'data')
      await copyTemplateCluster(data)
      const server = await runPostgres(data, runDir, { durable: false, log: join(runDir, 'postgres.log') })
      return { ...server, stop: () => server.stop().finally(() => rmSync(runDir, { recursive: true, force: true })) }
    }
    mkdirSync(dataDir, { recursive: true })
    checkDataDir(dataDir, user)
    const unlock = await lockDataDir(dataDir)
    try {
      const data = join(dataDir, CLUSTER_DIR)
      if (!existsSync(join(data, 'PG_VERSION'))) {
        rmSync(data, { recursive: true, force: true })
        await copyTemplateCluster(data)
      }
      const found = readFileSync(join(data, 'PG_VERSION'), 'utf8').trim()
      if (found !== String(PG_MAJOR)) throw new Error(`${data} is a PostgreSQL ${found} cluster; this server runs PostgreSQL ${PG_MAJOR}.`)
      const server = await runPostgres(data, runDir, { durable: true, log: join(dataDir, 'postgres.log') })
      return {
        ...server,
        stop: () =>
          server.stop().finally(() => {
            unlock()
            rmSync(runDir, { recursive: true, force: true })
          }),
      }
    } catch (error) {
      unlock()
      throw error
    }
  } catch (error) {
    rmSync(runDir, { recursive: true, force: true })
    throw error
  }
}
