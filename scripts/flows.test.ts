import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FlowConventionError, loadMachine, loadSpecs, OUT_DIR, renderFlows, samplesFileOf } from './flows'

const fixture = 'machines/testing/fixtures/conventions.ts'
// One generation shared by the tests below (it replays every path of every machine).
let rendered: ReturnType<typeof renderFlows> | undefined
const render = () => (rendered ??= renderFlows())

describe('docs/flows (the living spec)', () => {
  // The first test to ask generates everything: the layout and path replay of every machine, CPU work that took
  // over vitest's 30 s on the 2-core machine while other runs shared it (a fresh-clone run failed so). The goal for
  // its speed is not this test's business: a generous limit, so only a hang fails it.
  it('every machine file follows the convention (exports <name>Machine, <name>SampleEvents, …)', async () => {
    const { problems } = await render()
    expect(problems, problems.join('\n')).toEqual([])
  }, 180_000)

  it('is up to date with machines/*.machine.ts (run `npm run flows` when this fails)', async () => {
    const { files: generated } = await render()
    const committed = new Map(
      readdirSync(OUT_DIR, { withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => [f.name, readFileSync(join(OUT_DIR, f.name), 'utf8')]),
    )
    const stale = [
      ...[...generated.keys()].filter((f) => !committed.has(f)).map((f) => `${f} is missing`),
      ...[...committed.keys()].filter((f) => !generated.has(f)).map((f) => `${f} has no machine any more`),
      ...[...generated.entries()].filter(([f, text]) => committed.has(f) && committed.get(f) !== text).map(([f]) => `${f} differs`),
    ]
    expect(stale, `docs/flows/ is stale: ${stale.join('; ')}. Run npm run flows and commit docs/flows/.`).toEqual([])
  })

  it('documents every machine file, with a page linked from the index', async () => {
    const index = readFileSync(join(OUT_DIR, 'index.md'), 'utf8')
    const { specs } = await loadSpecs()
    expect(specs.length).toBeGreaterThan(0)
    for (const { name } of specs) {
      expect(index).toContain(`[${name}](./${name}.md)`)
      const page = readFileSync(join(OUT_DIR, `${name}.md`), 'utf8')
      expect(page).toContain('```mermaid\nstateDiagram-v2')
      expect(page).toMatch(/\n1\. (With input .*: )?(From|Starts in) /)
    }
  })
})

describe('the machine file convention', () => {
  it('loads a machine that follows it, its samples from the samples module beside it', async () => {
    expect(samplesFileOf('machines/team.machine.ts')).toBe('machines/team.samples.ts')
    const loaded = await loadMachine(fixture, 'good')
    expect(loaded.inputs).toEqual([{ start: 'a' }])
    expect(loaded.events).toEqual([{ type: 'GO' }])
  })

  it('keeps samples out of the machine module (and so out of the production bundles)', async () => {
    const file = 'machines/testing/fixtures/misplaced.ts'
    const error = await loadMachine(file, 'misplaced').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FlowConventionError)
    expect((error as Error).message).toContain(
      `${file} does not follow the flows convention: move \`misplacedSampleEvents\`, \`MISPLACED_SAMPLE_DATA\` to machines/testing/fixtures/misplaced.samples.ts`,
    )
  })

  it('asks for the samples module when there is none', async () => {
    const error = await loadMachine(fixture, 'good', 'machines/testing/fixtures/absent.samples.ts').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FlowConventionError)
    expect((error as Error).message).toContain('add machines/testing/fixtures/absent.samples.ts exporting `goodSampleEvents`')
  })

  it.each([
    ['noEvents', 'export `noEventsSampleEvents` from machines/testing/fixtures/conventions.samples.ts'],
    ['badEvent', '`badEventSampleEvents[1]` is not an event object'],
    ['needsInput', 'export `needsInputSampleInput` (or `needsInputSampleInputs`) from machines/testing/fixtures/conventions.samples.ts'],
    ['wrongMachine', 'export `wrongMachineMachine`'],
    ['missing', 'export `missingMachine`'],
  ])('fails for %s with a message naming the file and the export', async (name, message) => {
    const error = await loadMachine(fixture, name).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FlowConventionError)
    expect((error as Error).message).toContain(`${fixture} does not follow the flows convention`)
    expect((error as Error).message).toContain(message)
  })
})
