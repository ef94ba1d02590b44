import { existsSync } from 'node:fs'

/**
 * Ports and URLs of the end-to-end run, in one place for the build, Playwright and the tests.
 * Defaults differ from the dev ports (5173, 54321, 54324) so tests never talk to a developer's backend, and lie
 * below Linux's ephemeral range (32768-60999): a port in it can be taken at any moment as the local end of some
 * connection, or by a server listening on port 0. It happened: the backend's mail port, 54424 then, was taken
 * while the site server started beside it, and Playwright's run failed with EADDRINUSE before its first test.
 * E2E_PORT_BASE shifts every port, so two runs can share a machine.
 */
export function e2eEnv() {
  const base = Number(process.env.E2E_PORT_BASE ?? 0)
  const sitePort = 4173 + base
  const backendPort = 4421 + base
  const mailPort = 4424 + base
  const dist = process.env.DIST ?? 'dist-test'
  return {
    dist,
    /** The static spec site (`npm run build:spec` with SPEC_OUT), tested by tests/e2e/flows-spec.spec.ts. */
    specDir: process.env.SPEC_OUT ?? `${dist}-spec`,
    sitePort,
    backendPort,
    mailPort,
    siteUrl: `http://127.0.0.1:${sitePort}`,
    backendUrl: `http://127.0.0.1:${backendPort}`,
    mailUrl: `http://127.0.0.1:${mailPort}`,
  }
}

/**
 * The development console check (playwright.dev.config.ts): the Vite dev server on its own port, 4175 (never a
 * developer's 5173), with the backend on the end-to-end ports, which are free by the time it runs.
 */
export function devEnv() {
  const env = e2eEnv()
  const devPort = 4175 + Number(process.env.E2E_PORT_BASE ?? 0)
  return { ...env, devPort, devUrl: `http://127.0.0.1:${devPort}` }
}

/**
 * The Chromium that Playwright's tests launch: Chromium's headless shell (Debian's chromium-headless-shell, the
 * same Chromium release and Blink as the browser, without the browser's UI layer), which is what Playwright itself
 * runs for headless Chromium. On this 2-core machine a new context, a prerendered page and its hydration took
 * about 1.0 s in it against 2.3 s in the full browser's headless mode (4 loads of /terms each), and two workers
 * of the full browser kept the load at 13-16. CHROMIUM_HEADLESS_SHELL_PATH overrides; without the shell, the
 * full browser (chromiumPath()).
 */
export function headlessShellPath(): string | undefined {
  if (process.env.CHROMIUM_HEADLESS_SHELL_PATH) return process.env.CHROMIUM_HEADLESS_SHELL_PATH
  return ['/usr/lib/chromium/chromium-headless-shell'].find((path) => existsSync(path)) ?? chromiumPath()
}

/**
 * The full Chromium that the bench (Lighthouse, measuring as Chrome runs) launches: CHROMIUM_PATH when given, else Debian's binary itself
 * (/usr/lib/chromium/chromium) rather than its /usr/bin/chromium launcher script. The launcher adds desktop
 * flags (forced GPU rasterisation, which runs in software here, and the bundled extensions); without them a page
 * loaded and hydrated about 15 % faster in a measurement of 8 routes × 3 runs on this 2-core machine.
 */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((path) => existsSync(path))
}
