import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type ConsoleMessage, expect, type Page, type Request, test as baseTest } from '@playwright/test'
import type { FlowSpec } from '../../machines/testing/diagram'
import { e2eEnv } from '../../scripts/e2e-env'
import type { AtlasManifest } from '../../machines/testing/atlas'
import type { Traceability } from '../../machines/testing/traceability'
import { axeViolations } from './support'

/**
 * The living spec as analysts get it: the static spec site (`npm run build:spec`, which renders the /flows
 * page's body), served here by a tiny static server of this test's own (so it does not depend on how the app
 * site is served) and opened from disk (file://). The production build's /flows stays not-found: see
 * inspector.spec.ts.
 */
const specDir = resolve(e2eEnv().specDir)
const flows = JSON.parse(readFileSync('docs/flows/flows.json', 'utf8')) as FlowSpec[]
const manifest = JSON.parse(readFileSync('docs/flows/atlas/manifest.json', 'utf8')) as AtlasManifest
const traceability = JSON.parse(readFileSync('docs/flows/traceability.json', 'utf8')) as Traceability
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.webp': 'image/webp' }

/**
 * The spec site served by a tiny static server of this file's own, one per worker; and the site opened once per
 * worker at the desktop width (`specPage`), shared by the tests that only read it or step through one machine's own
 * section (each leaves its section as it found it). Opening the page took 1.5-2 s of each of the five dozen tests
 * that opened it; the tests that change the viewport or the media features, or type, open their own.
 */
const test = baseTest.extend<{ base: string }, { specServer: string; specPage: Page }>({
  specServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads what a fixture depends on from this pattern
    async ({}, use) => {
      expect(existsSync(join(specDir, 'index.html')), `no spec site in ${specDir}: run SPEC_OUT=${specDir} npm run build:spec`).toBe(true)
      const server: Server = createServer((req, res) => {
        const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^([/\\])+/, '')
        const file = join(specDir, path || 'index.html')
        if (!file.startsWith(specDir) || !existsSync(file) || !statSync(file).isFile()) {
          res.writeHead(404).end('not found')
          return
        }
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
        createReadStream(file).pipe(res)
      })
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
      await new Promise<void>((r) => server.close(() => r()))
    },
    { scope: 'worker' },
  ],
  specPage: [
    async ({ browser, specServer }, use) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
      const page = await context.newPage()
      await open(page, specServer)
      await use(page)
      await context.close()
    },
    { scope: 'worker' },
  ],
  base: async ({ specServer }, use) => use(specServer),
})

// The spec site draws every machine's statechart and the atlas pictures on one page: about 11,000 elements.
test.describe.configure({ timeout: 120_000 })

/** What the page reports from now on (console errors and warnings, page errors, failed requests); `stop` detaches. */
function watch(page: Page) {
  const problems: string[] = []
  const onError = (e: Error) => problems.push(`pageerror: ${e.message}`)
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`)
  }
  const onFailed = (r: Request) => problems.push(`request failed: ${r.url()}`)
  page.on('pageerror', onError)
  page.on('console', onConsole)
  page.on('requestfailed', onFailed)
  // Not enumerable, so `expect(problems).toEqual([])` compares the list alone.
  return Object.defineProperty(problems, 'stop', {
    enumerable: false,
    value: () => {
      page.off('pageerror', onError)
      page.off('console', onConsole)
      page.off('requestfailed', onFailed)
    },
  }) as string[] & { stop: () => void }
}

async function open(page: Page, base: string) {
  await page.goto(`${base}/index.html`)
  await expect(page.locator('svg[data-statechart]')).toHaveCount(flows.length)
}

const chart = (page: Page, name: string) => page.locator(`svg[data-statechart="${name}"]`)
const activeIds = (page: Page, name: string) =>
  chart(page, name)
    .locator('[data-state-id][data-active="true"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-state-id')).sort())
const takenKeys = (page: Page, name: string) =>
  chart(page, name)
    .locator('[data-transition][data-taken="true"]')
    .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-transition')))].sort())

test('the drawing has one node for every state of every machine, and an arrow or line for every transition', async ({ specPage: page }) => {
  const problems = watch(page)
  for (const flow of flows) {
    const ids = await chart(page, flow.name)
      .locator('[data-state-id]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-state-id')))
    expect(ids.sort(), flow.name).toEqual(flow.states.map((s) => s.id).sort())
    const drawn = await chart(page, flow.name)
      .locator('[data-transition]')
      .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-transition')))])
    expect(drawn.sort(), `${flow.name} transitions`).toEqual([...new Set(flow.transitions.map((t) => t.key))].sort())
    // Every state is a keyboard-operable button named after its path.
    const buttons = await chart(page, flow.name)
      .locator('[data-state-id] > [role="button"][tabindex="0"]')
      .evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') ?? '').split(':')[0]))
    expect(buttons.sort(), `${flow.name} buttons`).toEqual(flow.states.map((st) => st.path).sort())
  }
  problems.stop()
  expect(problems).toEqual([])
})

// One test per machine, so the two workers share them and none runs near the timeout (all 28 machines in one test
// took 4.4–5.2 minutes on a slow 2-core runner, over the 5-minute timeout once).
for (const flow of flows) {
  test(`stepping through a path of ${flow.name} highlights its current states and the transitions just taken, and announces them`, async ({ specPage: page }) => {
    const problems = watch(page)
    // Each machine's longest path of at most 8 steps (its shortest when every tour is longer): a few steps per
    // machine show the stepping; all 24 steps of the longest tours took minutes on a busy runner. Never a path of
    // no steps (the session's signed-out start): it steps through nothing.
    const stepped = flow.paths.map((p, i) => [p.steps.length, i] as const).filter(([n]) => n > 0)
    expect(stepped.length, `${flow.name} has a path with a step`).toBeGreaterThan(0)
    const fitting = stepped.filter(([n]) => n <= 8)
    const [, index] = fitting.length ? fitting.reduce((a, b) => (b[0] > a[0] ? b : a)) : stepped.reduce((a, b) => (b[0] < a[0] ? b : a))
    const path = flow.paths[index]!
    const section = page.locator(`[data-machine="${flow.name}"]`)
    await section.getByRole('combobox', { name: 'Path', exact: true }).selectOption(String(index))
    await expect.poll(() => activeIds(page, flow.name), flow.name).toEqual([...path.initialActive].sort())
    expect(await takenKeys(page, flow.name)).toEqual([])
    // What the section shows after a step, read in one round trip.
    const shown = () =>
      section.evaluate((el) => ({
        position: el.querySelector('[data-testid="path-position"]')?.textContent ?? '',
        active: [...el.querySelectorAll('svg [data-state-id][data-active="true"]')].map((e) => e.getAttribute('data-state-id')).sort(),
        taken: [...new Set([...el.querySelectorAll('svg [data-transition][data-taken="true"]')].map((e) => e.getAttribute('data-transition')))].sort(),
      }))
    for (const [i, step] of path.steps.entries()) {
      await section.getByRole('button', { name: 'Next step' }).click()
      await expect
        .poll(shown, `${flow.name} step ${i + 1}`)
        .toEqual({
          position: expect.stringContaining(`Step ${i + 1} of ${path.steps.length}: ${step.text}, now in ${step.state}`),
          active: [...step.active].sort(),
          taken: [...new Set(step.transitions)].sort(),
        })
    }
    // The button stays focusable at the end of the path (aria-disabled), so keyboard focus is never lost.
    await expect(section.getByRole('button', { name: 'Next step' })).toHaveAttribute('aria-disabled', 'true')
    await expect(section.getByRole('button', { name: 'Next step' })).toBeFocused()
    await section.getByRole('button', { name: 'Restart' }).click()
    expect(await activeIds(page, flow.name)).toEqual([...path.initialActive].sort())
    problems.stop()
    expect(problems).toEqual([])
  })
}

// The committed atlas has pictures; an empty manifest would make the tests below check nothing.
test('the atlas manifest has a picture of at least one state of the machines drawn', () => {
  expect(flows.flatMap((flow) => flow.states.filter((st) => manifest.machines[flow.name]?.states[st.id])).length).toBeGreaterThan(0)
})

// One test per machine, as the stepping above.
for (const flow of flows) {
  test(`every state of ${flow.name} with a picture in the atlas manifest shows it when chosen; the others say why not`, async ({ specPage: page }) => {
    const problems = watch(page)
    const panel = page.locator(`[data-atlas-panel="${flow.name}"]`)
    for (const st of flow.states) {
      const entry = manifest.machines[flow.name]?.states[st.id]
      const node = chart(page, flow.name).locator(`[data-state-id="${st.id}"] [role="button"]`)
      await node.press('Enter')
      // One round trip per state: what the panel shows, whether each picture's file loads and decodes, and
      // whether the chosen node says so.
      const shown = () =>
        panel.evaluate(
          async (el, { machine, id }) => {
            const heading = el.querySelector('h3')
            const pictures: Record<string, { src: string | null; width: number }> = {}
            for (const img of el.querySelectorAll<HTMLImageElement>('img[data-atlas-picture]')) {
              const probe = new Image()
              const width = await new Promise<number>((r) => {
                probe.onload = () => r(probe.naturalWidth)
                probe.onerror = () => r(0)
                probe.src = img.src
              })
              pictures[img.dataset.atlasPicture ?? ''] = { src: img.getAttribute('src'), width }
            }
            const chosen = document.querySelector(`svg[data-statechart="${machine}"] [data-state-id="${id}"] [role="button"]`)
            return {
              state: el.getAttribute('data-atlas-state'),
              focused: document.activeElement === heading,
              pressed: chosen?.getAttribute('aria-pressed') ?? null,
              status: el.querySelector('[data-atlas]')?.getAttribute('data-atlas') ?? null,
              text: el.textContent ?? '',
              pictures,
            }
          },
          { machine: flow.name, id: st.id },
        )
      // The panel shows the state, focus has moved to it, and the chosen node is pressed (focus moves in an effect,
      // a moment after the panel changes).
      let got = await shown()
      await expect
        .poll(async () => {
          if (got.state !== st.id || !got.focused || got.pressed !== 'true') got = await shown()
          return { state: got.state, focused: got.focused, pressed: got.pressed }
        }, `${st.id}: shown, focused and pressed`)
        .toEqual({ state: st.id, focused: true, pressed: 'true' })
      if (entry) {
        const want: Record<string, { src: string; width: number }> = { desktop: { src: `atlas/${entry.desktop.file}`, width: entry.desktop.width } }
        if (entry.phone) want.phone = { src: `atlas/${entry.phone.file}`, width: entry.phone.width }
        expect(got.pictures, st.id).toEqual(want)
        expect(got.text).toContain(entry.pathTitle)
      } else {
        const reason = manifest.unreached[flow.name]?.[st.id]
        expect(got.status, st.id).toBe(reason ? 'unreached' : 'missing')
        if (reason) expect(got.text).toContain(reason)
      }
    }
    expect(problems).toEqual([])
  })
}

for (const width of [1280, 390]) {
  test(`axe finds nothing at ${width} px (every rule of WCAG 2.2 AA and best practice), and the page never scrolls sideways`, async ({ page, base }) => {
    await page.setViewportSize({ width, height: 900 })
    await open(page, base)
    // Open everything: a chosen state with its pictures, a step taken, the text versions.
    const flow = flows.find((f) => manifest.machines[f.name]) ?? flows[0]!
    const section = page.locator(`[data-machine="${flow.name}"]`)
    const pictured = Object.keys(manifest.machines[flow.name]?.states ?? {})[0] ?? flow.states[0]!.id
    await chart(page, flow.name).locator(`[data-state-id="${pictured}"] [role="button"]`).click()
    await section.getByRole('button', { name: 'Next step' }).click()
    await page.locator('details').evaluateAll((els) => {
      for (const d of els) (d as HTMLDetailsElement).open = true
    })
    expect(await axeViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  })
}

test('the drawing zooms and scrolls inside its own region; highlights do not animate under reduced motion', async ({ page, base }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.setViewportSize({ width: 390, height: 844 })
  await open(page, base)
  const flow = [...flows].sort((a, b) => b.diagram.width - a.diagram.width)[0]!
  const section = page.locator(`[data-machine="${flow.name}"]`)
  const region = section.getByRole('region', { name: `${flow.name} statechart (scrolls)` })
  const svg = chart(page, flow.name)
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  await section.getByRole('button', { name: 'Zoom in' }).click()
  await expect(svg).toHaveAttribute('width', String(Math.ceil(flow.diagram.width * 1.25)))
  await section.getByRole('button', { name: 'Fit width' }).click()
  expect(await svg.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(await region.evaluate((el) => el.clientWidth))
  const duration = await svg.locator('[data-state-id] rect').first().evaluate((el) => getComputedStyle(el).transitionDuration)
  expect(duration.split(',').every((d) => Number.parseFloat(d) === 0)).toBe(true)
})

test('the spec site opens from a folder (file://): drawings, stepping and pictures work without a server', async ({ page }) => {
  const problems = watch(page)
  await page.goto(pathToFileURL(join(specDir, 'index.html')).href)
  await expect(page.locator('svg[data-statechart]')).toHaveCount(flows.length)
  const flow = flows.find((f) => Object.keys(manifest.machines[f.name]?.states ?? {}).length) ?? flows[0]!
  const stateId = Object.keys(manifest.machines[flow.name]?.states ?? {})[0]
  expect(stateId, 'the committed atlas has pictures').toBeTruthy()
  {
    await chart(page, flow.name).locator(`[data-state-id="${stateId}"] [role="button"]`).click()
    const img = page.locator(`[data-atlas-panel="${flow.name}"] img[data-atlas-picture="desktop"]`)
    await img.scrollIntoViewIfNeeded()
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)
  }
  const section = page.locator(`[data-machine="${flow.name}"]`)
  await section.getByRole('button', { name: 'Next step' }).click()
  await expect(section.getByTestId('path-position')).toContainText('Step 1 of')
  expect(problems).toEqual([])
})

test('traceability: every framework item in a table per framework; typing “Safe” finds the tests that prove Safe’s band', async ({ page, base }) => {
  const problems = watch(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await open(page, base)
  const section = page.locator('[data-traceability]')
  await expect(section.getByRole('heading', { level: 2, name: 'Traceability' })).toBeVisible()
  // Every framework version, every item as a row headed by its name, with its id.
  for (const f of traceability.frameworks) {
    const framework = section.locator(`[data-trace-framework="${f.versionId}"]`)
    await expect(framework.getByRole('heading', { level: 3 })).toContainText(f.name)
    const ids = f.groups.flatMap((g) => g.items.map((i) => i.id))
    expect(await framework.locator('tr[data-trace-item]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-trace-item')))).toEqual(ids)
    const first = f.groups[0]!.items[0]!
    await expect(framework.getByRole('rowheader', { name: new RegExp(`^${first.name}`) })).toContainText(first.id)
  }
  // The question an analyst asks: which test proves Safe's band? Type “Safe”: Safe's row names the scoring tests.
  const safe = traceability.frameworks.find((f) => f.versionId === 'cqc-saf-2024')!.groups.find((g) => g.key === 'safe')!
  const proof = safe.scoreTests.find((t) => t.file === 'src/domain/frameworks/scoring.test.ts')!
  expect(proof, 'a scoring test proves Safe’s band').toBeTruthy()
  const filter = section.getByRole('searchbox', { name: 'Find a key question, area, item, id or test' })
  await filter.focus()
  await page.keyboard.type('Safe')
  await expect(section.getByTestId('traceability-count')).toContainText('match “Safe”')
  const safeRow = section.locator('tr[data-trace-group="cqc-saf-2024/safe"]')
  await expect(safeRow).toBeVisible()
  await expect(safeRow.getByRole('rowheader')).toContainText('Safe')
  await expect(safeRow).toContainText(proof.title.split(' › ').at(-1)!)
  await expect(safeRow).toContainText('src/domain/frameworks/scoring.test.ts')
  await expect(section.locator('tr[data-trace-group="cqc-saf-2024/effective"]')).toHaveCount(0)
  // Cleared, every row is back.
  await filter.fill('')
  await expect(section.locator('tr[data-trace-group]')).toHaveCount(traceability.frameworks.flatMap((f) => f.groups).length)
  // The tables scroll inside keyboard-focusable regions; the page itself never scrolls sideways at 390 px.
  const labels = await section.locator('section[tabindex="0"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))
  expect(labels.length).toBeGreaterThan(0)
  expect(labels.every((l) => l.endsWith('(scrolls)')), labels.join('; ')).toBe(true)
  expect(new Set(labels).size, 'each region has its own name').toBe(labels.length)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(problems).toEqual([])
})

test('traceability: each machine that handles items lists its traced states, their atlas pictures (which load) and its path tests', async ({ specPage: page, request, base }) => {
  expect(traceability.machines.length).toBeGreaterThan(0)
  for (const m of traceability.machines) {
    const machine = page.locator(`[data-trace-machine="${m.name}"]`)
    await expect(machine.getByRole('heading', { level: 4 })).toContainText(m.name)
    expect(await machine.locator('tr[data-trace-state]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-trace-state')))).toEqual(m.states.map((st) => st.id))
    for (const st of m.states) {
      const entry = manifest.machines[m.name]?.states[st.id]
      const links = machine.locator(`tr[data-trace-state="${st.id}"] a[data-trace-picture]`)
      if (!entry) {
        await expect(links).toHaveCount(0)
        continue
      }
      const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')))
      expect(hrefs, st.id).toEqual([`atlas/${entry.desktop.file}`, ...(entry.phone ? [`atlas/${entry.phone.file}`] : [])])
      for (const href of hrefs) expect((await request.get(`${base}/${href}`)).status(), href!).toBe(200)
    }
    await machine.locator('summary').click()
    expect(await machine.locator('details li').allTextContents()).toEqual(m.pathTests.map((t) => t.title))
  }
})
