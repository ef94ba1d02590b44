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
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
