import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import type { MachineSpec } from '../../machines/testing/spec'
import { e2eEnv } from '../../scripts/e2e-env'
import { config } from '../../src/config'
import { parseHead, axeViolations, waitForHydration, watchConsole } from './support'

/**
 * Development tools stay out of production: the Stately inspector is never bundled, and the analysts' /flows
 * page (with its diagrams and atlas pictures) only when the build sets VITE_FLOWS_IN_PRODUCTION=true (this run
 * reads the same flag). The page's body itself is tested in every run through the static spec site, which
 * renders the same components: tests/e2e/flows-spec.spec.ts.
 */
const client = join(e2eEnv().dist, 'client')
const flows = JSON.parse(readFileSync('docs/flows/flows.json', 'utf8')) as MachineSpec[]

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

function assetsContaining(needle: string): string[] {
  return files(client)
    .filter((f) => /\.(js|mjs|css|html)$/.test(f))
    .filter((f) => readFileSync(f, 'utf8').includes(needle))
    .map((f) => f.slice(client.length))
}

test('the production bundle does not contain @statelyai/inspect', () => {
  expect(files(client).some((f) => f.endsWith('.js'))).toBe(true)
  for (const needle of ['createBrowserInspector', '@statelyai', 'stately.ai/inspect']) {
    expect(assetsContaining(needle), needle).toEqual([])
  }
})

test('?inspect does nothing in production: no inspector window, no console errors', async ({ page, baseURL }) => {
  const problems = watchConsole(page, baseURL!)
  const popups: string[] = []
  page.on('popup', (p) => popups.push(p.url()))
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  await page.goto('/about?inspect')
  await waitForHydration(page)
  await page.getByRole('switch', { name: 'Reduce Motion' }).click()
  await expect(page.locator('html')).toHaveClass(/reduce-motion/)
  expect(popups).toEqual([])
  expect(requests.filter((u) => /stately/i.test(u))).toEqual([])
  expect(problems).toEqual([])
})

if (!config.flowsInProduction) {
  test('without VITE_FLOWS_IN_PRODUCTION, /flows is the not-found page and no diagram is bundled', async ({ page, request }) => {
    const head = parseHead(await (await request.get('/flows')).text())
    expect(head.robots).toBe('noindex,nofollow')
    expect(head.h1).toBe('Oops! Page not found')
    for (const needle of ['stateDiagram-v2', 'Step through a path', 'data-statechart', 'What the user sees', 'Tests that prove the score or band']) expect(assetsContaining(needle), needle).toEqual([])
    // Nor a picture of the state atlas (Vite would emit them beside the /flows chunk).
    expect(files(client).filter((f) => /\.(desktop|phone)-[\w-]+\.webp$/.test(f))).toEqual([])
    await page.goto('/flows')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
  })
} else {
  test('with VITE_FLOWS_IN_PRODUCTION, /flows renders every diagram (noindex) and steps through a path', async ({ page, request, baseURL }) => {
    // Ten drawings and their tables: a long page to hydrate and check on a busy machine.
    test.setTimeout(90_000)
    const head = parseHead(await (await request.get('/flows')).text())
    expect(head.robots).toBe('noindex,nofollow')
    const problems = watchConsole(page, baseURL!)
    await page.goto('/flows')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flows')
    for (const spec of flows) {
      const section = page.locator(`[data-machine="${spec.name}"]`)
      await expect(section.getByRole('heading', { level: 2, name: spec.name })).toBeVisible()
      await expect(section.locator('pre code')).toContainText('stateDiagram-v2')
      await expect(section.locator('svg [data-state-id]')).toHaveCount(spec.states.length)
    }
    // Step through the reduce-motion machine's first path: the highlighted state follows the path.
    const rm = flows.find((f) => f.name === 'reduceMotion')!
    const path = rm.paths[0]!
    const section = page.locator('[data-machine="reduceMotion"]')
    const current = section.locator('[data-state-id][data-active="true"]')
    await expect(current).toHaveAttribute('data-state', path.initialState)
    await section.getByRole('button', { name: 'Next step' }).click()
    await expect(section.getByTestId('path-position')).toContainText(`Step 1 of ${path.steps.length}`)
    await expect(current).toHaveAttribute('data-state', path.steps[0]!.state)
    await section.getByRole('button', { name: 'Restart' }).click()
    await expect(current).toHaveAttribute('data-state', path.initialState)
    // The traceability of framework items: every item of every framework as a row.
    const traced = JSON.parse(readFileSync('docs/flows/traceability.json', 'utf8')) as { frameworks: { groups: { items: unknown[] }[] }[] }
    await expect(page.locator('[data-traceability] tr[data-trace-item]')).toHaveCount(traced.frameworks.flatMap((f) => f.groups.flatMap((g) => g.items)).length)
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })
}
