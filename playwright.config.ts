import { defineConfig, devices } from '@playwright/test'
import { headlessShellPath, e2eEnv } from './scripts/e2e-env'

/**
 * End-to-end tests against the built, prerendered site as Cloudflare Pages serves it (scripts/preview.mjs runs
 * `wrangler pages dev`; it refuses to start when Cloudflare would ignore a line of _headers) and, for the flows
 * that call the backend, the local Supabase-compatible server on a fresh in-memory DB with the edge functions
 * on Deno.
 * `npm test` builds the site first (DIST=dist-test, Supabase URL pointing at the test backend).
 */
const env = e2eEnv()

export default defineConfig({
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'paths/**/*.spec.ts'],
  // Clears the path-coverage records of the previous run (tests/paths/coverage.ts).
  globalSetup: './tests/paths/global-setup.ts',
  fullyParallel: true,
  // Two workers on the 2-core machine (Playwright's default would be one): most of a test's time is waiting on
  // the page, the backend or a held request. PW_WORKERS overrides.
  workers: Number(process.env.PW_WORKERS ?? 2),
  // A flaky test is a failing test: one that passes only on its retry fails the run (failOnFlakyTests), and the
  // path-coverage table counts only paths that passed on their first attempt (tests/paths/runner.ts). The retry
  // stays so that the report says whether a failure repeats (failed twice) or comes and goes (flaky), with both
  // attempts' traces in test-results/. PW_RETRIES overrides (npm run test:repeat runs with none).
  retries: Number(process.env.PW_RETRIES ?? 1),
  failOnFlakyTests: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // npm test also asks for Playwright's JSON report (PW_JSON_REPORT), which its timing report reads (scripts/timings.mjs).
  reporter: process.env.PW_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.PW_JSON_REPORT }]] : [['list']],
  // One output folder per port base, so parallel runs on one machine never delete each other's artifacts.
  outputDir: `test-results/base-${process.env.E2E_PORT_BASE ?? 0}`,
  use: {
    baseURL: env.siteUrl,
    // A failing test keeps its trace: every action with its timing, the console, the network and a screencast.
    // Without DOM snapshots: Playwright takes one before and after every action and evaluate, which cost 150-300 ms
    // each on the bigger pages (an evaluate of `1` took 180 ms on the spec site, 3 ms without) and slowed the whole
    // suite about threefold; a path test's failure also attaches the page's aria snapshot and a screenshot.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: true, sources: true },
    launchOptions: {
      executablePath: headlessShellPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The GPU process as a thread of the browser process: with software compositing it was Chromium's busiest
        // process, and without its IPC the path tests took 10-15 % less CPU (130 against 148-173 CPU-s for the
        // team, wizard and account paths, two runs each).
        '--in-process-gpu',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node scripts/preview.mjs',
      url: `${env.siteUrl}/robots.txt`,
      env: { PORT: String(env.sitePort), DIST: env.dist },
      reuseExistingServer: false,
      // wrangler starts in about 6 s on an idle machine, several times that on a busy 2-core one.
      timeout: 120_000,
    },
    {
      command: 'npm run backend --silent',
      url: `${env.backendUrl}/auth/v1/health`,
      env: {
        BACKEND_PORT: String(env.backendPort),
        MAIL_PORT: String(env.mailPort),
        DATA_DIR: 'memory',
        SITE_URL: env.siteUrl,
        // No review-reminder timer: a run crossing UK midnight would mail the suites' users; reminders.test.ts runs it.
        REVIEW_REMINDERS_INTERVAL_MINUTES: '0',
        // Referrals per client per 10 minutes; high so suites sharing this backend never hit it (contact.spec.ts tests the limit with its own client address).
        CONTACT_RATE_LIMIT: process.env.CONTACT_RATE_LIMIT ?? '1000',
        // GoTrue's auth rate limits (config.toml [auth.rate_limit]) count per client address, and every suite's
        // browser is 127.0.0.1: generous here, so only a spec that starts its own backend with tight
        // `rateLimits` (as contact.spec.ts does for referrals) meets them. Override per run with these variables.
        RATE_LIMIT_TOKEN_REFRESH: process.env.RATE_LIMIT_TOKEN_REFRESH ?? '100000',
        RATE_LIMIT_PASSWORD_PER_EMAIL: process.env.RATE_LIMIT_PASSWORD_PER_EMAIL ?? '100000',
        RATE_LIMIT_SIGN_IN_SIGN_UPS: process.env.RATE_LIMIT_SIGN_IN_SIGN_UPS ?? '100000',
        RATE_LIMIT_TOKEN_VERIFICATIONS: process.env.RATE_LIMIT_TOKEN_VERIFICATIONS ?? '100000',
        RATE_LIMIT_EMAIL_SENT: process.env.RATE_LIMIT_EMAIL_SENT ?? '100000',
      },
      reuseExistingServer: false,
      // The first start on a fresh clone also fills the Deno cache (.deno/) with the functions' npm imports.
      timeout: 120_000,
    },
  ],
})
