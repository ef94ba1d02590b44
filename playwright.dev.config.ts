import { defineConfig, devices } from '@playwright/test'
import { headlessShellPath, devEnv } from './scripts/e2e-env'

/**
 * The development console check (tests/dev): every route under the Vite dev server (`vite dev`, as `npm run dev`
 * starts it) against a fresh local backend, in Debian's Chromium. Development React reports what production React
 * stays silent about (hydration mismatches, invalid DOM nesting, key warnings), so a console that is clean here is
 * what a developer sees when opening the site. `npm test` runs it after the Playwright step; alone:
 * `npx playwright test -c playwright.dev.config.ts` (E2E_PORT_BASE shifts its ports like the other runs').
 */
const env = devEnv()

export default defineConfig({
  testDir: 'tests/dev',
  // The dev server's first page load, so the routes are walked on a server that has settled its dependencies.
  globalSetup: './tests/dev/warm-up.ts',
  fullyParallel: true,
  workers: Number(process.env.PW_WORKERS ?? 2),
  retries: Number(process.env.PW_RETRIES ?? 1),
  failOnFlakyTests: true,
  // The dev server compiles each module on its first request: a page with many modules of its own (/onboarding,
  // its machines and backend) takes tens of seconds the first time on a busy 2-core machine.
  timeout: 120_000,
  expect: { timeout: 75_000 },
  // npm test also asks for Playwright's JSON report (PW_JSON_REPORT), which its timing report reads (scripts/timings.mjs).
  reporter: process.env.PW_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.PW_JSON_REPORT }]] : [['list']],
  outputDir: `test-results/dev-${process.env.E2E_PORT_BASE ?? 0}`,
  use: {
    baseURL: env.devUrl,
    // A failing test keeps its trace: every action with its timing, the console, the network and a screencast.
    // Without DOM snapshots: Playwright takes one before and after every action and evaluate, which cost 150-300 ms
    // each on the bigger pages (an evaluate of `1` took 180 ms on the spec site, 3 ms without) and slowed the whole
    // suite about threefold; a path test's failure also attaches the page's aria snapshot and a screenshot.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: true, sources: true },
    launchOptions: { executablePath: headlessShellPath(), args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--in-process-gpu'] },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `npx vite dev --host 127.0.0.1 --port ${env.devPort} --strictPort`,
      url: `${env.devUrl}/favicon.svg`,
      env: { VITE_SUPABASE_URL: env.backendUrl },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: 'npm run backend --silent',
      url: `${env.backendUrl}/auth/v1/health`,
      env: { BACKEND_PORT: String(env.backendPort), MAIL_PORT: String(env.mailPort), DATA_DIR: 'memory', SITE_URL: env.devUrl, REVIEW_REMINDERS_INTERVAL_MINUTES: '0' },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
})
