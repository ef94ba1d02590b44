import { defineConfig } from 'vitest/config'

/**
 * The cross-engine suite (tests/engines): the key flows in Firefox and WebKit against the built site and the
 * local backend, which tests/engines/servers.ts starts as playwright.config.ts does. One file per engine, so
 * the two engines run side by side in two workers; a failure reads `<engine> > <test>`.
 * Run it alone with `npm run test:engines` (after a build; see the README).
 */
export default defineConfig({
  test: {
    include: ['tests/engines/**/*.engine.test.ts'],
    globalSetup: ['tests/engines/servers.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: process.env.ENGINES_SEQUENTIAL !== '1',
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    reporters: ['default'],
  },
})
