/**
 * Ports and URLs of the end-to-end run, in one place for the build, Playwright and the tests.
 * Defaults differ from the dev ports (5173, 54321, 54324) so tests never talk to a developer's backend.
 * E2E_PORT_BASE shifts every port, so two runs can share a machine.
 */
export function e2eEnv() {
  const base = Number(process.env.E2E_PORT_BASE ?? 0)
  const sitePort = 4173 + base
  const backendPort = 54421 + base
  const mailPort = 54424 + base
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
