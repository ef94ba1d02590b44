import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig } from 'vitest/config'

// Unit, machine and backend contract tests. Playwright specs (tests/e2e, tests/paths) are run by Playwright.
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'machines/**/*.test.ts',
      'supabase/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/backend/**/*.test.ts',
      'tests/unit/**/*.test.ts',
    ],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine. Most files wait on the
    // local backend and Postgres, so two overlap well: the whole run took 76 s instead of 127 s here.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
