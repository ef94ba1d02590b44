import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { describeEvent, stateValueText } from '../../machines/testing/shadow'
import type { MachineSpec } from '../../machines/testing/spec'
import { shadow } from '../../machines/testing/shadow'
import { watchConsole } from '../e2e/support'
import { captureAtlasState, declareUnreached } from '../support/atlas'
import { coverageDir } from './coverage'
import type { Driver, PathContext, StateView } from './driver'

/**
 * Page tests generated from an app machine: one test per path that docs/flows plans for it (the catalogue, read
 * from docs/flows/flows.json, which scripts/flows.test.ts keeps fresh), titled with the path's sentence. Each test
 * starts the page through the driver, then for every event performs it in the page and asserts that the page
 * shows the state a shadow of the same machine reached, leaf by leaf. A passing test records the states and
 * transitions it exercised (scripts/test-paths.ts counts them for the table); a failing one records nothing.
 */
const root = resolve(import.meta.dirname, '../..')

let specs: MachineSpec[] | undefined
export function machineSpec(name: string): MachineSpec {
  specs ??= JSON.parse(readFileSync(join(root, 'docs/flows/flows.json'), 'utf8')) as MachineSpec[]
  const spec = specs.find((s) => s.name === name)
  if (!spec) throw new Error(`docs/flows/flows.json has no machine ${name}: run npm run flows`)
  return spec
}

const isLeaf = (machine: AnyStateMachine, id: string) => {
  const node = machine.getStateNodeById(id) as AnyStateNode
  return node.type === 'atomic' || node.type === 'final'
}

/** A state whose every way out is eventless: it passes within the step that entered it and is never shown. */
export function isTransient(machine: AnyStateMachine, id: string): boolean {
  const node = machine.getStateNodeById(id) as AnyStateNode
  return (node.always?.length ?? 0) > 0 && node.transitions.size === 0 && node.type === 'atomic'
}

export function drivePaths(driver: Driver) {
  const spec = machineSpec(driver.name)
  const transient = spec.states.filter((s) => isTransient(driver.machine, s.id))
  declareUnreached(driver.name, {
    ...Object.fromEntries(transient.map((s) => [s.id, 'passes within the step that enters it (eventless transitions): never on screen'])),
    ...(driver.unreachable?.states ?? {}),
  })

  test.describe(`paths: ${driver.flow}`, () => {
    for (const path of spec.paths) {
      test(path.description, async ({ page, baseURL }, info) => {
        // Long tours take longer, more so on a busy 2-core runner: 30 s, and 2 s more for each step past five.
        info.setTimeout(30_000 + 2_000 * Math.max(0, path.steps.length - 5))
        const problems = watchConsole(page, baseURL ?? '')
        const input = driver.sampleInputs?.[path.inputIndex]
        const events = path.steps.map((step) => {
          const event = driver.sampleEvents[step.eventIndex]
          if (!event || event.type !== step.event.type) throw new Error(`${driver.name}: sample event ${step.eventIndex} changed; run npm run flows`)
          return event
        })
        const sh = shadow(driver.machine, input)
        // States count as exercised when the page was checked in them (the active ones at each check), so states that
        // pass within a step (eventless) are not counted; transitions count when the check after their step passed.
        const exercised = { states: new Set<string>(), transitions: new Set(sh.initial.transitions) }
        const viewOf = (): StateView => {
          const snapshot = sh.snapshot()
          return {
            value: snapshot.value,
            context: snapshot.context,
            active: sh.active(),
            can: (event) => snapshot.can(event),
            hasTag: (tag) => snapshot.hasTag(tag),
            matches: (value) => snapshot.matches(value as never),
          }
        }
        const ctx: PathContext = { path, events, step: -1, view: viewOf(), data: {}, baseURL: baseURL ?? '' }

        const assertState = async (label: string) => {
          const snapshot = sh.snapshot()
          const active = sh.active()
          const value = stateValueText(snapshot.value)
          await test.step(`in ${value}`, async () => {
            for (const id of active.filter((a) => isLeaf(driver.machine, a))) {
              const check = driver.states[id]
              if (!check) throw new Error(`The ${driver.name} driver has no check for state ${id} (tests/paths/${driver.name}.driver.ts)`)
              try {
                await check(page, viewOf(), ctx)
              } catch (error) {
                throw await explain(page, info, error, { path: path.description, label, expected: `${value} (${id})` })
              }
            }
          })
          for (const id of active) exercised.states.add(id)
          await captureAtlasState(page, { machine: driver.name, stateId: active, pathTitle: path.description, phone: driver.phone })
        }

        await test.step('start', () => driver.start(page, ctx))
        await assertState('the start')
        for (const [i, event] of events.entries()) {
          ctx.step = i
          const perform = driver.events[event.type]
          if (!perform) throw new Error(`The ${driver.name} driver cannot perform ${event.type} (tests/paths/${driver.name}.driver.ts)`)
          const label = `step ${i + 1}, ${describeEvent(event)}`
          await test.step(label, () => perform(page, event, ctx))
          const step = sh.send(event)
          ctx.view = viewOf()
          for (const t of step.transitions) exercised.transitions.add(t)
          await assertState(label)
        }
        sh.stop()
        expect(problems.filter((p) => !driver.allowConsole?.test(p)), 'console errors').toEqual([])

        // Only a passing test gets here, and what it exercised counts only when it passed on its first attempt: a
        // path that needed a retry is flaky, and a flaky test is a failing one (playwright.config.ts failOnFlakyTests).
        if (info.retry > 0) return
        const dir = join(coverageDir(), driver.name)
        mkdirSync(dir, { recursive: true })
        writeFileSync(
          join(dir, `${info.testId}.json`),
          JSON.stringify({ path: path.description, states: [...exercised.states], transitions: [...exercised.transitions] }),
        )
      })
    }
  })
}

/** A failure that names the path, the step, the expected state and what the page showed, with a screenshot. */
async function explain(
  page: Page,
  info: { attach: (name: string, options: { body: Buffer; contentType: string }) => Promise<void> },
  error: unknown,
  where: { path: string; label: string; expected: string },
): Promise<Error> {
  let shown = ''
  try {
    shown = (await page.locator('body').ariaSnapshot({ timeout: 2000 })).slice(0, 3000)
    await info.attach('page at the failure', { body: await page.screenshot({ timeout: 5000 }), contentType: 'image/png' })
  } catch {
    shown ||= '(the page could not be read)'
  }
  const message = error instanceof Error ? error.message : String(error)
  return new Error(
    `Path: ${where.path}\nAfter ${where.label}: expected the page in ${where.expected}.\n${message}\n\nThe page showed (${page.url()}):\n${shown}`,
  )
}
