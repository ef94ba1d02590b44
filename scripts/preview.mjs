#!/usr/bin/env node
/**
 * Serves the built site (<DIST>/client) with Cloudflare Pages' own local runtime, `wrangler pages dev`: workerd
 * and the production `_headers` / 404 / URL handling, so what the tests, the bench and `npm run preview` see is
 * what Cloudflare Pages serves. The one entry point that starts the site server (Playwright, the bench, other
 * suites); its interface predates wrangler and stays:
 *   PORT (default 4173), HOST (default 127.0.0.1), DIST (default dist)
 * It prints `preview ready on http://HOST:PORT ...` once the site answers.
 *
 * It fails (exit 1, nothing served) when Cloudflare's parser rejects a line of `_headers` or `_redirects`
 * ("Ignoring line ...", too many rules, ...): on Pages such a line is dropped silently, e.g. the whole CSP.
 *
 * Wrangler runs offline: no telemetry, no update check, no download of the `cf` request metadata, every socket
 * on the loopback interface (HOST must be a loopback address), the inspector on a random port.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { onSupportedNode } from './supported-node.mjs'

/** workerd 1.20260426 (wrangler 4.86.0) refuses dates after its own; a fixed date keeps runs reproducible. */
export const COMPATIBILITY_DATE = '2026-04-01'

/** Lines of wrangler's output that mean part of `_headers` or `_redirects` is not applied on Cloudflare Pages. */
export const REJECTED = [/Ignoring line/i, /invalid (header|redirect) rules?/i, /Maximum number of (rules|static|dynamic)/i, /Skipping remaining/i]

/** The environment that keeps wrangler from reaching the internet. */
export function offlineEnv(env = process.env) {
  return {
    ...env,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    // The banner is what triggers wrangler's update check against the npm registry.
    WRANGLER_HIDE_BANNER: 'true',
    // Otherwise miniflare fetches request.cf metadata from Cloudflare on first start.
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    NO_COLOR: '1',
  }
}

export function wranglerArgs({ root, host, port, persist }) {
  return [
    'pages',
    'dev',
    root,
    '--ip',
    host,
    '--port',
    String(port),
    '--compatibility-date',
    COMPATIBILITY_DATE,
    '--inspector-port',
    '0',
    '--persist-to',
    persist,
    '--show-interactive-dev-session=false',
    '--live-reload=false',
    '--log-level',
    'info',
  ]
}

function main() {
  const root = resolve(process.env.DIST ?? 'dist', 'client')
  const port = Number(process.env.PORT ?? 4173)
  const host = process.env.HOST ?? '127.0.0.1'
  if (!/^(127\.\d+\.\d+\.\d+|localhost|::1)$/.test(host)) {
    console.error(`preview: HOST must be a loopback address (got ${host}); the site server is for this machine only`)
    process.exit(1)
  }
  if (!existsSync(join(root, 'index.html'))) {
    console.error(`preview: ${root} has no index.html; build first (DIST=${process.env.DIST ?? 'dist'} npm run build)`)
    process.exit(1)
  }
  const require = createRequire(import.meta.url)
  // The package's `bin` entry (its exports map lists no bin/ path, so resolve its package.json and go from there).
  const wranglerPackage = require.resolve('wrangler/package.json')
  const wrangler = join(dirname(wranglerPackage), require(wranglerPackage).bin.wrangler)
  // Per port, so parallel servers in one checkout never share wrangler's local state.
  const persist = resolve('.wrangler', `state-${port}`)
  mkdirSync(persist, { recursive: true })

  let child
  let stopping = false
  let restarts = 0
  const start = () => {
    const started = Date.now()
    child = spawn(process.execPath, [wrangler, ...wranglerArgs({ root, host, port, persist })], {
      env: offlineEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let ready = false
    let failed = false
    const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')
    const onLine = (raw, stream) => {
      const line = raw.replace(ansi, '')
      if (REJECTED.some((re) => re.test(line))) {
        failed = true
        console.error(`preview: Cloudflare Pages would not apply part of ${root}/_headers or _redirects:\n  ${line.trim()}`)
        child.kill('SIGTERM')
        process.exitCode = 1
      }
      if (!ready && /Ready on http/.test(line)) {
        if (failed) return
        ready = true
        const seconds = ((Date.now() - started) / 1000).toFixed(1)
        console.log(`preview ready on http://${host}:${port} (wrangler pages dev, serving ${root}, ${seconds} s)`)
        return
      }
      // workerd logs a browser that went away mid-response (Broken pipe, Connection reset): not a site problem.
      if (/disconnected: ::write|Broken pipe|Connection reset by peer/.test(line)) return
      if (!ready || stream === 'err') (stream === 'err' ? process.stderr : process.stdout).write(`[wrangler] ${line}\n`)
    }
    for (const [stream, name] of [
      [child.stdout, 'out'],
      [child.stderr, 'err'],
    ]) {
      let buffer = ''
      stream.on('data', (d) => {
        buffer += d.toString()
        const lines = buffer.split('\n')
        buffer = lines.pop() ?? ''
        for (const line of lines) onLine(line, name)
      })
    }
    child.on('exit', (code, signal) => {
      // wrangler's dev proxy has been seen to stop mid-run (a ProxyController error after a reset connection) while
      // serving a long test run: a server that was ready and was not asked to stop is started again, a few times.
      if (ready && !failed && !stopping && restarts < 3) {
        restarts++
        console.error(`preview: wrangler stopped (${code ?? signal}) after it was ready; starting it again (${restarts} of 3)`)
        start()
        return
      }
      if (!ready && !failed) console.error(`preview: wrangler exited (${code ?? signal}) before the site was ready`)
      process.exit(failed ? 1 : (code ?? 1))
    })
  }
  start()
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(sig, () => {
      stopping = true
      child.kill('SIGTERM')
    })
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) onSupportedNode().then(main)
