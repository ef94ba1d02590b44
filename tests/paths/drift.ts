import type { AnyStateNode } from 'xstate'
import type { MachineSpec } from '../../machines/testing/spec'
import { shadow } from '../../machines/testing/shadow'
import type { Driver } from './driver'
import { isTransient } from './runner'

/**
 * What a machine has that its driver neither covers nor declares: each problem names the state, transition or
 * event and the driver to extend. scripts/paths.test.ts fails on any.
 */
export function driftProblems(spec: MachineSpec, driver: Driver | undefined): string[] {
  const file = `tests/paths/${spec.name}.driver.ts`
  if (!driver) return [`machines/${spec.name}.machine.ts has no driver: write ${file} (and ${spec.name}.spec.ts)`]
  const problems: string[] = []
  const declaredStates = new Set(spec.unreachable.filter((u) => u.kind === 'state').map((u) => u.what))
  const declaredTransitions = new Set(spec.unreachable.filter((u) => u.kind === 'transition').map((u) => u.what))
  const ids = new Set(spec.states.map((s) => s.id))

  for (const s of spec.states) {
    const node = driver.machine.getStateNodeById(s.id) as AnyStateNode
    const leaf = node.type === 'atomic' || node.type === 'final'
    if (!leaf || driver.states[s.id] || declaredStates.has(s.id) || isTransient(driver.machine, s.id)) continue
    problems.push(`state ${s.id}: ${file} has no check of what the page shows in it (add states['${s.id}'] or declare it unreachable with the reason)`)
  }
  for (const id of Object.keys(driver.states)) {
    if (!ids.has(id)) problems.push(`${file} checks state ${id}, which machines/${spec.name}.machine.ts no longer has`)
  }
  for (const id of declaredStates) {
    if (!ids.has(id)) problems.push(`${file} declares state ${id} unreachable, which machines/${spec.name}.machine.ts no longer has`)
  }

  // What the paths take: each step's transitions, and the eventless ones the machine takes as it starts.
  const planned = new Set(spec.paths.flatMap((p) => p.steps.flatMap((step) => step.transitions)))
  for (const input of spec.paths.length ? new Set(spec.paths.map((p) => p.inputIndex)) : []) {
    const sh = shadow(driver.machine, driver.sampleInputs?.[input])
    for (const t of sh.initial.transitions) planned.add(t)
    sh.stop()
  }
  const keys = new Set(spec.transitions.map((t) => t.key))
  for (const t of spec.transitions) {
    if (planned.has(t.key) || declaredTransitions.has(t.key)) continue
    problems.push(
      `transition ${t.key}: no planned path takes it (add a sample event to machines/${spec.name}.samples.ts that causes it, or declare it unreachable in ${file} with the reason)`,
    )
  }
  for (const key of declaredTransitions) {
    if (!keys.has(key)) problems.push(`${file} declares transition ${key} unreachable, which machines/${spec.name}.machine.ts no longer has`)
    else if (planned.has(key)) problems.push(`${file} declares transition ${key} unreachable, yet a planned path takes it`)
  }

  const performed = new Set(spec.paths.flatMap((p) => p.steps.map((step) => step.event.type)))
  for (const type of performed) {
    if (!driver.events[type]) problems.push(`event ${type}: ${file} cannot perform it (add events['${type}'])`)
  }
  for (const type of Object.keys(driver.events)) {
    if (type.startsWith('xstate.')) continue // actor results and delays: checked through the transitions
    if (!spec.events.some((e) => e.type === type)) problems.push(`${file} performs event ${type}, which machines/${spec.name}.machine.ts does not take`)
  }
  return problems
}
