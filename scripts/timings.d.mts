// Types of scripts/timings.mjs (plain JavaScript, imported by scripts/test.mjs).
export interface TestTiming {
  runner: string
  file: string
  title: string
  seconds: number
  retries: number
  status: string
}
export interface FileTiming {
  runner: string
  file: string
  seconds: number
  tests: number
  slowest: number
}
export interface StepTiming {
  label: string
  seconds: number
}
export declare const TIMINGS_DIR: string
export declare const BUDGET: { total: number; steps: Record<string, number> }
export declare function reportPath(name: string): string
export declare function playwrightTests(report: unknown, runner?: string): TestTiming[]
export declare function vitestTests(report: unknown, runner?: string): TestTiming[]
export declare function benchPhases(report: unknown): TestTiming[]
export declare function byFile(tests: TestTiming[]): FileTiming[]
export declare function collectTests(dir?: string): TestTiming[]
export declare function budgetLines(steps: StepTiming[], total: number): { lines: string[]; warnings: string[] }
export declare function summarise(run: { steps: StepTiming[]; total: number; passed: boolean }): { warnings: string[]; slowest: TestTiming[]; files: FileTiming[] }
