import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadDriver, readSpecs } from '../tests/paths/coverage'
import { driftProblems } from '../tests/paths/drift'

/**
 * Drift fails loudly: every machine in machines/ has a driver and a spec in tests/paths/, and every state,
 * transition and event of the machine is covered by that driver or declared unreachable with a reason
 * (tests/paths/drift.ts names what is missing and the driver to extend). docs/flows/flows.json, read here, is kept
 * fresh by scripts/flows.test.ts.
 */
const specs = readSpecs()

describe.each(specs.map((s) => [s.name, s] as const))('path driver for %s', (name, spec) => {
  it('covers or declares every state, transition and event of the app machine', async () => {
    expect(driftProblems(spec, await loadDriver(name))).toEqual([])
  })

  it('has a spec that runs the driver', () => {
    expect(existsSync(resolve(import.meta.dirname, '../tests/paths', `${name}.spec.ts`))).toBe(true)
  })
})

describe('drift is detected', () => {
  const spec = specs.find((s) => s.name === 'signIn')!

  it('a new state the driver has no check for is named, with the driver to extend', async () => {
    const driver = (await loadDriver('signIn'))!
    const { 'signIn.unconfirmed': _, ...states } = driver.states
    expect(driftProblems(spec, { ...driver, states })).toEqual([
      expect.stringMatching(/^state signIn\.unconfirmed: tests\/paths\/signIn\.driver\.ts has no check/),
    ])
  })

  it('a new transition no planned path takes is named', async () => {
    const driver = (await loadDriver('signIn'))!
    const extra = { ...spec.transitions[0]!, key: 'signIn.editing --FORGOT[0]--> signIn.elsewhere' }
    expect(driftProblems({ ...spec, transitions: [...spec.transitions, extra] }, driver)).toEqual([
      expect.stringMatching(/^transition signIn\.editing --FORGOT\[0\]--> signIn\.elsewhere: no planned path takes it/),
    ])
  })

  it('a planned event the driver cannot perform is named', async () => {
    const driver = (await loadDriver('signIn'))!
    const { SUBMIT: _, ...events } = driver.events
    expect(driftProblems(spec, { ...driver, events })).toEqual([expect.stringMatching(/^event SUBMIT: .* cannot perform it/)])
  })

  it('a machine without a driver is named', () => {
    expect(driftProblems(spec, undefined)).toEqual([expect.stringMatching(/has no driver: write tests\/paths\/signIn\.driver\.ts/)])
  })
})
