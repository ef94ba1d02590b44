import { describe, expect, it } from 'vitest'
import { allStateIds } from '../machines/testing/graph'
import { driftingStates, modelPaths, pathReport } from '../tests/paths/model'
import { PATH_MODELS } from '../tests/paths/models'

describe.each(PATH_MODELS.map((m) => [m.flow, m] as const))('UI path model: %s', (_, m) => {
  it("has only states of the app machine (the model cannot drift)", () => {
    expect(allStateIds(m.model).length).toBeGreaterThan(0)
    expect(driftingStates(m)).toEqual([])
  })

  it('has no invoked actors and no delays (async results are explicit events)', () => {
    const walk = (node: typeof m.model.root): string[] => [
      ...node.invoke.map((i: { id: string }) => `${node.id} invokes ${i.id}`),
      ...node.after.map((a: { eventType: string }) => `${node.id} has ${a.eventType}`),
      ...Object.values(node.states).flatMap((child) => walk(child as typeof node)),
    ]
    expect(walk(m.model.root)).toEqual([])
  })

  it('generates paths that cover every state and transition of the model', () => {
    const report = pathReport(m)
    expect(modelPaths(m).length).toBeGreaterThan(1)
    expect(report.model.states[0]).toBe(report.model.states[1])
    expect(report.model.transitions[0]).toBe(report.model.transitions[1])
  })
})

it('drift is detected: a model state the app machine lacks is reported', async () => {
  const { setup } = await import('xstate')
  const [first] = PATH_MODELS
  const drifted = { ...first!, model: setup({}).createMachine({ id: first!.model.id, initial: 'elsewhere', states: { elsewhere: {} } }) }
  expect(driftingStates(drifted)).toEqual([`${first!.model.id}.elsewhere`])
})
