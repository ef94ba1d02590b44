// @ts-check
/**
 * StrykerJS over the machines and the domain rules, with their own unit tests (vitest.mutation.config.ts).
 * Run it with `npm run test:mutation` (scripts/mutation.ts), which adds the per-file table and the `--check`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  // The rules, not their tests nor the sample data the tests, the drivers and the bench read: a machine's samples
  // (machines/<name>.samples.ts) are outside machines/*.machine.ts, src/domain/pack/samples.ts is left out by name.
  mutate: ['machines/*.machine.ts', 'machines/actorEvents.ts', 'src/domain/**/*.ts', '!src/domain/**/*.test.ts', '!src/domain/pack/samples.ts'],
  // A static mutant (a change to module-level data, e.g. a framework's items) makes Stryker reload everything and
  // run every test for that one mutant; the data is checked by its own tests, so these are left out.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { reportMutants: false, reportTests: false, allowEmojis: false },
  thresholds: { high: 90, low: 85, break: null },
  concurrency: 2,
  // Only what the unit tests need goes into the sandbox.
  ignorePatterns: ['/docs', '/supabase', '/tests', '/dist*', '/.data', '/test-results', '/bench-results', '/playwright-report'],
  cleanTempDir: 'always',
  // Stryker rewrites the tsconfig's `extends` and `references` that would point out of the sandbox, with
  // TypeScript's JS API, which TypeScript 7 (native) no longer has. Ours has neither, so it is pointed at no file.
  tsconfigFile: 'no-tsconfig-to-rewrite.json',
}
