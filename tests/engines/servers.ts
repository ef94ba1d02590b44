import { type ChildProcess, spawn } from 'node:child_process'
import { e2eEnv } from '../../scripts/e2e-env'

/**
 * The built site and the local backend for the engines suite, started exactly as playwright.config.ts's
 * webServer entries start them (same commands, same environment), and stopped when the run ends.
 * ENGINES_REUSE_SERVERS=1 uses servers already answering on those ports (handy while writing tests).
 */
interface Server {
  name: string
  command: string
  url: string
  env: Record<string, string>
  timeout: number
}

function servers(): Server[] {
  const env = e2eEnv()
  return [
    {
      name: 'site',
      // Only through this script: its interface (PORT, DIST) stays while what serves underneath may change.
      command: 'node scripts/preview.mjs',
      url: `${env.siteUrl}/robots.txt`,
      env: { PORT: String(env.sitePort), DIST: env.dist },
      timeout: 60_000,
    },
    {
      name: 'backend',
      command: 'npm run backend --silent',
      url: `${env.backendUrl}/auth/v1/health`,
      env: {
        BACKEND_PORT: String(env.backendPort),
        MAIL_PORT: String(env.mailPort),
        DATA_DIR: 'memory',
        SITE_URL: env.siteUrl,
        CONTACT_RATE_LIMIT: process.env.CONTACT_RATE_LIMIT ?? '1000',
      },
      timeout: 90_000,
    },
  ]
}

async function answers(url: string) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) })
    return res.status < 500
  } catch {
    return false
  }
}

async function start(server: Server): Promise<ChildProcess> {
  const child = spawn(server.command, { shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...server.env } })
  let output = ''
  const keep = (d: Buffer) => {
    output = (output + String(d)).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const deadline = Date.now() + server.timeout
  while (!(await answers(server.url))) {
    if (child.exitCode !== null) throw new Error(`${server.name} (${server.command}) exited with ${child.exitCode}:\n${output}`)
    if (Date.now() > deadline) {
      stop(child)
      throw new Error(`${server.name} did not answer ${server.url} within ${server.timeout / 1000} s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return child
}

function stop(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM')
  } catch {}
}

/** Vitest global setup: start both servers (in parallel), return the teardown. */
export default async function setup() {
  const list = servers()
  const reuse = process.env.ENGINES_REUSE_SERVERS === '1'
  const children: ChildProcess[] = []
  // allSettled, not all: when one server cannot start, the other may still be starting, and must be stopped too.
  const results = await Promise.allSettled(
    list.map(async (server) => {
      const running = await answers(server.url)
      if (running && reuse) return
      if (running) throw new Error(`${server.url} already answers: another run is using port base ${process.env.E2E_PORT_BASE ?? 0} (set E2E_PORT_BASE, or ENGINES_REUSE_SERVERS=1 to use it)`)
      children.push(await start(server))
    }),
  )
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) {
    for (const child of children) stop(child)
    throw failed.reason
  }
  return () => {
    for (const child of children) stop(child)
  }
}
