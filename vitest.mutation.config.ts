import { defineConfig } from 'vitest/config'
import { TESTS } from './scripts/mutation-score'

// The unit tests that StrykerJS runs against each mutant (stryker.config.mjs): the machines' and the domain rules'
// own tests, beside the code. Nothing here waits on a backend, so each mutant's tests take milliseconds.
export default defineConfig({
  test: {
    include: [...TESTS],
    environment: 'node',
  },
})
