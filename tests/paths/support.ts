import { expect, type Page, type Route, test } from '@playwright/test'
import { type AnyEventObject, createActor } from 'xstate'
import { stateValueToString } from '../../machines/testing/graph'
import { waitForHydration, watchConsole } from '../e2e/support'
import { activeStateIds, captureAtlasState } from '../support/atlas'
import { driftingStates, modelPaths, type PathModel } from './model'

export interface PathRunner<TEvent extends AnyEventObject = AnyEventObject> {
  /** Opens the page in the model's initial state. */
  start: (page: Page) => Promise<void>
  /** How a user (or the browser) causes each model event. */
  events: { [K in TEvent['type']]: (page: Page, event: Extract<TEvent, { type: K }>) => Promise<void> }
  /** What the page shows in each model state (dotted state value, e.g. `form.idle`), given the model's context. */
  states: Record<string, (page: Page, context: never) => Promise<void>>
  /** Console errors a library prints for a network failure the path causes on purpose (nothing else is allowed). */
  allowConsole?: RegExp
}

/**
 * One Playwright test per generated path of the model: open the page, assert the initial state, then for each
 * event perform it and assert the state the model says it reaches. Test titles are the path sentences.
 */
export function pathTests<TEvent extends AnyEventObject>(m: PathModel, runner: PathRunner<TEvent>) {
  test.describe(`paths: ${m.flow}`, () => {
    test('the model cannot drift: its states are states of the app machine', () => {
      expect(driftingStates(m)).toEqual([])
    })

    for (const path of modelPaths(m)) {
      test(path.description, async ({ page, baseURL }) => {
        const problems = watchConsole(page, baseURL!)
        // Run the model alongside the page, so every intermediate state is asserted, not only the last one.
        const model = createActor(m.model).start()
        const check = async () => {
          const snapshot = model.getSnapshot()
          const state = stateValueToString(snapshot.value)
          const assert = runner.states[state] as ((page: Page, context: unknown) => Promise<void>) | undefined
          if (!assert) throw new Error(`No assertion for model state ${state}`)
          await test.step(`in ${state}`, () => assert(page, snapshot.context))
          // State atlas (FLOWS_ATLAS=1 only): the first test to assert a state takes its pictures.
          await captureAtlasState(page, { machine: m.app.machine.id, stateId: activeStateIds(snapshot), pathTitle: path.description, phone: true })
        }
        await runner.start(page)
        await check()
        for (const event of path.events) {
          const perform = (runner.events as unknown as Record<string, (page: Page, event: AnyEventObject) => Promise<void>>)[event.type]
          if (!perform) throw new Error(`No way to perform ${event.type}`)
          await test.step(event.type, () => perform(page, event))
          model.send(event)
          await check()
        }
        const snapshot = model.getSnapshot()
        model.stop()
        expect(stateValueToString(snapshot.value)).toBe(path.finalState)
        expect(problems.filter((p) => !runner.allowConsole?.test(p))).toEqual([])
      })
    }
  })
}

export { waitForHydration }

/**
 * Holds every POST (or `method`) to `url` at the network until the path says how the call ends (async results
 * are explicit model events): `next(page)` resolves with the oldest held request, to continue, fulfil or abort.
 */
export function holdRequests(url: string | RegExp, method = 'POST') {
  const held = new WeakMap<Page, Route[]>()
  const waiting = new WeakMap<Page, Array<(route: Route) => void>>()
  return {
    async install(page: Page) {
      held.set(page, [])
      waiting.set(page, [])
      await page.route(url, async (route) => {
        if (route.request().method() !== method) return route.continue()
        const next = waiting.get(page)!.shift()
        if (next) next(route)
        else held.get(page)!.push(route)
      })
    },
    next(page: Page): Promise<Route> {
      const queued = held.get(page)!.shift()
      if (queued) return Promise.resolve(queued)
      return new Promise((resolve) => waiting.get(page)!.push(resolve))
    },
  }
}
