import { describe, expect, it } from 'vitest'
import { BUDGET, benchPhases, budgetLines, byFile, playwrightTests, vitestTests } from './timings.mjs'

// Reports in the shapes Playwright's JSON reporter and vitest's JSON reporter write (trimmed to what is read).
const playwright = {
  config: { rootDir: `${process.cwd()}/tests` },
  suites: [
    {
      title: 'e2e/routes.spec.ts',
      file: 'e2e/routes.spec.ts',
      specs: [{ title: 'an unknown path', file: 'e2e/routes.spec.ts', tests: [{ results: [{ duration: 4200, status: 'passed' }] }] }],
      suites: [
        {
          title: 'route /about',
          file: 'e2e/routes.spec.ts',
          specs: [
            { title: 'hydrates', file: 'e2e/routes.spec.ts', tests: [{ results: [{ duration: 9000, status: 'failed' }, { duration: 7000, status: 'passed' }] }] },
            { title: 'not run', file: 'e2e/routes.spec.ts', tests: [{ results: [] }] },
          ],
        },
      ],
    },
  ],
}
const vitest = {
  testResults: [
    {
      name: `${process.cwd()}/machines/signIn.machine.test.ts`,
      assertionResults: [
        { ancestorTitles: ['signIn'], title: 'signs in', duration: 12, status: 'passed' },
        { ancestorTitles: ['signIn'], title: 'skipped one', duration: null, status: 'skipped' },
      ],
    },
  ],
}

describe('the timing report (scripts/timings.mjs)', () => {
  it("reads Playwright's report: file, titles with their describe blocks, the first attempt's time, retries", () => {
    expect(playwrightTests(playwright)).toEqual([
      { runner: 'playwright', file: 'tests/e2e/routes.spec.ts', title: 'an unknown path', seconds: 4.2, retries: 0, status: 'passed' },
      { runner: 'playwright', file: 'tests/e2e/routes.spec.ts', title: 'route /about › hydrates', seconds: 9, retries: 1, status: 'passed' },
    ])
  })

  it("reads vitest's report, leaving out skipped tests", () => {
    expect(vitestTests(vitest)).toEqual([
      { runner: 'vitest', file: 'machines/signIn.machine.test.ts', title: 'signIn › signs in', seconds: 0.012, retries: 0, status: 'passed' },
    ])
  })

  it("reads the bench's phases as the steps of one file", () => {
    expect(benchPhases({ phases: { 'Lighthouse /': 21.5, 'build the inspection pack': 4 } })).toEqual([
      { runner: 'bench', file: 'scripts/bench.ts', title: 'Lighthouse /', seconds: 21.5, retries: 0, status: 'passed' },
      { runner: 'bench', file: 'scripts/bench.ts', title: 'build the inspection pack', seconds: 4, retries: 0, status: 'passed' },
    ])
  })

  it('adds up the time per file, slowest file first', () => {
    const files = byFile([...playwrightTests(playwright), ...vitestTests(vitest)])
    expect(files.map((f) => [f.file, f.tests, Number(f.seconds.toFixed(3)), f.slowest])).toEqual([
      ['tests/e2e/routes.spec.ts', 2, 13.2, 9],
      ['machines/signIn.machine.test.ts', 1, 0.012, 0.012],
    ])
  })

  it('warns, and only warns, about a step over its share and a run over the whole budget', () => {
    const within = budgetLines([{ label: 'playwright', seconds: BUDGET.steps.playwright! - 1 }], BUDGET.total - 1)
    expect(within.warnings).toEqual([])
    expect(within.lines[0]).toMatch(/playwright +479 s +\(budget 480 s\)$/)
    const over = budgetLines(
      [
        { label: 'playwright', seconds: 500 },
        { label: 'install firefox-esr', seconds: 30 },
      ],
      BUDGET.total + 60,
    )
    expect(over.warnings).toEqual(['the run took 16 min 00 s, over the 15 min 00 s budget', 'playwright took 500 s, over its 480 s'])
    expect(over.lines[0]).toMatch(/OVER$/)
    expect(over.lines[1]).not.toMatch(/budget/)
  })
})
