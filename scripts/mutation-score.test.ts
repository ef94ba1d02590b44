import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BASELINE, baselineProblems, MUTATED, NOT_MUTATED, formatTable, type Report, type ReportMutant, scores, thresholdProblems, trackedBaseline } from './mutation-score'

const at = { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } }
const mutants = (counts: Partial<Record<ReportMutant['status'], number>>): ReportMutant[] =>
  Object.entries(counts).flatMap(([status, n]) =>
    Array.from({ length: n ?? 0 }, (_, i) => ({ id: `${status}${i}`, mutatorName: 'StringLiteral', status: status as ReportMutant['status'], location: at })),
  )
const report = (files: Record<string, ReportMutant[]>): Report => ({
  schemaVersion: '2',
  thresholds: { high: 90, low: 85 },
  files: Object.fromEntries(Object.entries(files).map(([f, m]) => [f, { language: 'typescript', source: '', mutants: m }])),
})

describe('the mutation score (npm run test:mutation)', () => {
  it('is detected over valid mutants, per file and in all, weakest file first', () => {
    const table = scores(
      report({
        'a.ts': mutants({ Killed: 8, Timeout: 1, Survived: 1 }),
        'b.ts': mutants({ Killed: 3, NoCoverage: 1, Ignored: 5, CompileError: 2 }),
        'types.ts': mutants({ Ignored: 3 }),
      }),
    )
    expect(table.files.map((f) => [f.file, f.score])).toEqual([
      ['b.ts', 75],
      ['a.ts', 90],
      ['types.ts', null],
    ])
    expect(table.total).toMatchObject({ killed: 11, timeout: 1, survived: 1, noCoverage: 1, ignored: 8, errors: 2 })
    expect(table.total.score).toBeCloseTo((12 / 14) * 100)
  })

  it('fails the check under 85 % overall or 75 % for a file, and passes at the thresholds', () => {
    const at75 = report({ 'a.ts': mutants({ Killed: 3, Survived: 1 }), 'b.ts': mutants({ Killed: 97 }) })
    expect(thresholdProblems(scores(at75))).toEqual([])
    const under = report({ 'a.ts': mutants({ Killed: 2, Survived: 1 }), 'b.ts': mutants({ Killed: 97 }) })
    expect(thresholdProblems(scores(under))).toEqual(['a.ts scores 66.7 %, under 75 % (1 survived, 0 run by no test)'])
    const low = report({ 'a.ts': mutants({ Killed: 8, NoCoverage: 2 }), 'b.ts': mutants({ Killed: 4, Survived: 1 }) })
    expect(thresholdProblems(scores(low))).toEqual(['the overall score is 80.0 %, under 85 %'])
    expect(thresholdProblems(scores(report({ 'types.ts': mutants({ Ignored: 2 }) })))).toEqual([])
  })

  it('prints one row a file and marks those under the threshold', () => {
    const text = formatTable(scores(report({ 'machines/a.machine.ts': mutants({ Killed: 1, Survived: 1 }), 'b.ts': mutants({ Killed: 1 }) })))
    const lines = text.split('\n')
    expect(lines[0]).toMatch(/^File\s+score\s+killed\s+timeout\s+survived\s+no cov\s+ignored$/)
    expect(lines[2]).toMatch(/^machines\/a\.machine\.ts\s+50\.0 %\s+1\s+0\s+1\s+0\s+0 {2}< 75 %$/)
    expect(lines[3]).toMatch(/^b\.ts\s+100\.0 %\s+1\s+0\s+0\s+0\s+0$/)
    expect(lines[5]).toMatch(/^All files\s+66\.7 %\s+2\s+0\s+1\s+0\s+0 {2}< 85 %$/)
  })

  it('tracks the baseline without what changes from machine to machine or run to run', () => {
    const m = (id: string, line: number, coveredBy: string[], killedBy: string[]): ReportMutant => ({
      id,
      mutatorName: 'StringLiteral',
      status: 'Killed',
      location: { start: { line, column: 1 }, end: { line, column: 2 } },
      coveredBy,
      killedBy,
      duration: 12.5,
    })
    const test = (id: string, name: string, line: number) => ({ id, name, location: { start: { line, column: 3 } } })
    // The same results from two runs whose workers reported the tests in another order.
    const run = (first: string, second: string) => ({
      ...report({ 'b.ts': [m('7', 9, [second, first], [second])], 'a.ts': [m('3', 2, [first], [first])] }),
      testFiles: { 'a.test.ts': { source: 'x', tests: [test(second, 'second', 20), test(first, 'first', 10)] } },
      projectRoot: '/home/someone/inspectready',
      config: { incrementalFile: '/home/someone/inspectready/stryker-incremental.json' },
      framework: { name: 'StrykerJS' },
    })
    const tracked = trackedBaseline(run('40', '41'))
    expect(trackedBaseline(run('5', '2'))).toEqual(tracked)
    expect(Object.keys(tracked)).toEqual(['schemaVersion', 'thresholds', 'files', 'testFiles'])
    expect(Object.keys(tracked.files)).toEqual(['a.ts', 'b.ts'])
    expect(tracked.files['b.ts']!.mutants[0]).toEqual({ ...m('1', 9, ['0', '1'], ['1']), duration: undefined })
    expect(tracked.testFiles!['a.test.ts']!.tests.map((t) => [t.id, t.name])).toEqual([
      ['0', 'first'],
      ['1', 'second'],
    ])
    // Exactly the mutated files: one no longer mutated goes, one without mutants comes in with its source.
    const only = trackedBaseline(run('1', '2'), new Map([['a.ts', 'a'], ['types.ts', 'export type T = 1']]))
    expect(Object.keys(only.files)).toEqual(['a.ts', 'types.ts'])
    expect(only.files['types.ts']).toEqual({ language: 'typescript', source: 'export type T = 1', mutants: [] })
  })
})

describe('the tracked mutation baseline (stryker-incremental.json)', () => {
  it('is checked against the files Stryker mutates (stryker.config.mjs)', async () => {
    const file = new URL('../stryker.config.mjs', import.meta.url).href
    const { default: config } = (await import(/* @vite-ignore */ file)) as { default: { mutate: string[]; incrementalFile: string } }
    expect(config.mutate).toEqual([...MUTATED, ...NOT_MUTATED.map((p) => `!${p}`)])
    expect(config.incrementalFile).toBe(BASELINE)
  })

  it('was made from the machines, domain rules and tests checked out: `npm run test:mutation` rewrites it', () => {
    const problems = baselineProblems()
    expect(problems, `${problems.join('\n')}\nRun npm run test:mutation and commit ${BASELINE}.`).toEqual([])
  })

  it('names every mutated or test file added, changed or removed since it was made', () => {
    const root = mkdtempSync(join(tmpdir(), 'mutation-'))
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(root, file)), { recursive: true })
      writeFileSync(join(root, file), text)
    }
    try {
      expect(baselineProblems(root)).toEqual([`${BASELINE} is missing`])
      write('machines/a.machine.ts', 'a')
      write('machines/a.machine.test.ts', 'test a')
      write('src/domain/rule.ts', 'rule')
      write('src/domain/frameworks/data.ts', 'data')
      write('src/domain/rule.test.ts', 'test rule')
      write('machines/testing/helper.ts', 'not mutated')
      const baseline = {
        ...report({ 'machines/a.machine.ts': [], 'src/domain/rule.ts': [], 'src/domain/frameworks/data.ts': [] }),
        testFiles: { 'machines/a.machine.test.ts': { source: 'test a', tests: [] }, 'src/domain/rule.test.ts': { source: 'test rule', tests: [] } },
      }
      baseline.files['machines/a.machine.ts']!.source = 'a'
      baseline.files['src/domain/rule.ts']!.source = 'rule'
      baseline.files['src/domain/frameworks/data.ts']!.source = 'data'
      write(BASELINE, JSON.stringify(baseline))
      expect(baselineProblems(root)).toEqual([])

      write('machines/a.machine.ts', 'a changed')
      write('src/domain/new.ts', 'new')
      rmSync(join(root, 'src/domain/frameworks/data.ts'))
      write('src/domain/rule.test.ts', 'test rule changed')
      write('machines/b.machine.test.ts', 'test b')
      expect(baselineProblems(root)).toEqual([
        'machines/a.machine.ts (mutated) changed',
        'src/domain/new.ts (mutated) is new',
        'src/domain/frameworks/data.ts (mutated) is gone',
        'machines/b.machine.test.ts (test) is new',
        'src/domain/rule.test.ts (test) changed',
      ])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
