/**
 * The Node the project runs on. package.json's `engines` says which Node versions it supports (22.19+ or 24+);
 * on an older one (Debian 12's Node 20, say) the entry points of the README's two commands (`npm run dev`,
 * `npm test`) and the other long-running scripts run themselves again on Node 24 from the npm registry: the
 * package node-linux-<arch>@24 holds the official `bin/node` only. It is fetched once with the system's npm
 * (`npm pack`, the registry this machine installs from) into ~/.cache/inspectready/ and put first on the PATH of
 * everything the script starts, so `npx`, `npm` and their children run on it too.
 *
 * Written for any Node that npm 11 runs on (20.17+): node: built-ins only, no syntax newer than Node 20's.
 * `npm test` on Node 20 prints one line saying which Node it uses, nothing else.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** The oldest Node this project runs on (package.json `engines`: ^22.19.0 || >=24.0.0). */
export const OLDEST_SUPPORTED = [22, 19]
/** The Node fetched where the system's is older: the LTS the suite is tested on. */
export const FETCHED_MAJOR = 24

/** Whether `version` (e.g. '20.20.2') is one package.json's `engines` accepts (`oldest`: [major, minor]). */
export function isSupported(version, oldest = OLDEST_SUPPORTED) {
  const [major, minor] = version.split('.').map(Number)
  return major > oldest[0] || (major === oldest[0] && minor >= oldest[1])
}

const ARCHES = { x64: 'x64', arm64: 'arm64' }

/** Where the fetched Node lives: ~/.cache/inspectready/node-24-linux-<arch> (XDG_CACHE_HOME honoured). */
export function fetchedNodeHome(arch = process.arch) {
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache')
  return join(cache, 'inspectready', `node-${FETCHED_MAJOR}-linux-${ARCHES[arch] ?? arch}`)
}

function versionOf(node) {
  const res = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' })
  return res.status === 0 ? res.stdout.trim() : null
}

/**
 * The path of a Node 24 binary: the cached one, or one fetched now from the npm registry. Throws with what to do
 * when this platform has no such package.
 */
export function fetchedNode() {
  if (process.platform !== 'linux' || !ARCHES[process.arch]) {
    throw new Error(`Node ${process.versions.node} is older than this project supports (22.19+ or 24), and the npm registry has no Node ${FETCHED_MAJOR} package for ${process.platform}-${process.arch}: install Node ${FETCHED_MAJOR} and run again.`)
  }
  const home = fetchedNodeHome()
  const node = join(home, 'bin', 'node')
  if (versionOf(node)?.startsWith(`${FETCHED_MAJOR}.`)) return node
  const pkg = `node-linux-${ARCHES[process.arch]}@${FETCHED_MAJOR}`
  console.log(`Fetching Node ${FETCHED_MAJOR} (${pkg}) from the npm registry into ${home}`)
  const tmp = mkdtempSync(join(tmpdir(), 'inspectready-node-'))
  try {
    const packed = spawnSync('npm', ['pack', pkg, '--silent'], { cwd: tmp, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    if (packed.status !== 0) throw new Error(`npm pack ${pkg} failed (exit ${packed.status})`)
    const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'))
    const untar = spawnSync('tar', ['-xzf', tarball], { cwd: tmp, stdio: 'inherit' })
    if (untar.status !== 0) throw new Error(`unpacking ${tarball} failed`)
    mkdirSync(dirname(home), { recursive: true })
    rmSync(home, { recursive: true, force: true })
    renameSync(join(tmp, 'package'), home)
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
  if (!versionOf(node)?.startsWith(`${FETCHED_MAJOR}.`)) throw new Error(`${node} does not run`)
  return node
}

/**
 * Resolves at once when this Node is supported. Otherwise runs this very script again (same arguments, same
 * working directory) on Node 24 with its folder first on the PATH, passes Ctrl+C and SIGTERM on, and exits with
 * its exit code: the returned promise never resolves, so nothing after `await onSupportedNode()` runs here.
 * `oldest` is for its test (a Node counted as too old).
 */
export function onSupportedNode({ oldest = OLDEST_SUPPORTED } = {}) {
  // A run started by this function is on the fetched Node already: never again (no loop, whatever `oldest` says).
  if (process.env.INSPECTREADY_FETCHED_NODE === '1' || isSupported(process.versions.node, oldest)) return Promise.resolve()
  let node
  try {
    node = fetchedNode()
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }
  const bin = dirname(node)
  console.log(`Node ${process.versions.node} is older than this project supports: running on Node ${versionOf(node)} (${bin})`)
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, INSPECTREADY_FETCHED_NODE: '1' },
  })
  // The terminal sends Ctrl+C to the whole process group, the child included: wait for it to finish cleanly.
  process.on('SIGINT', () => {})
  process.on('SIGTERM', () => child.kill('SIGTERM'))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
  return new Promise(() => {})
}
