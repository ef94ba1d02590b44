import { defineConfig } from 'vitest/config'

// The unit tests that StrykerJS runs against each mutant (stryker.config.mjs): the machines' and the domain rules'
// own tests, beside the code. Nothing here waits on a backend, so each mutant's tests take milliseconds.
export default defineConfig({
  test: {
    include: ['machines/*.machine.test.ts', 'src/domain/**/*.test.ts'],
    environment: 'node',
  },
})
