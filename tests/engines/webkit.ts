import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { remote } from 'webdriverio'
import { freePort } from '../backend/helpers'
import {
  ACTION_TIMEOUT,
  DESKTOP,
  describeTarget,
  type EngineBrowser,
  type EngineDriver,
  type Key,
  type PageOptions,
  type Target,
  toSpec,
  waitUntil,
} from './driver'
import { type ElementState, pageQuery, type QueryOp } from './page-query'

/**
 * WebKit: Debian's WebKitGTK MiniBrowser, driven through its W3C WebDriver server (WebKitWebDriver, package
 * webkit2gtk-driver) by WebdriverIO in classic mode. MiniBrowser has no working headless mode, so the driver
 * runs under xvfb-run. WebdriverIO is given the driver's host and port, so it never starts or downloads a
 * driver or browser itself.
 */
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
/** MiniBrowser ships in libwebkit2gtk-4.1-0 (a dependency of webkit2gtk-driver), under the architecture's lib dir. */
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? findMiniBrowser()

function findMiniBrowser() {
  const candidates = ['/usr/lib', '/usr/libexec'].flatMap((root) => [
    join(root, 'webkit2gtk-4.1', 'MiniBrowser'),
    ...(existsSync(root) ? readdirSync(root).map((dir) => join(root, dir, 'webkit2gtk-4.1', 'MiniBrowser')) : []),
  ])
  return candidates.find((path) => existsSync(path)) ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
}

/** W3C WebDriver's key for an element reference in JSON. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'
/** WebDriver's refusals of an Element Click whose node was replaced, hidden or covered; none sends any input. */
const REFUSED_CLICK = /stale element reference|element not interactable|element click intercepted/i
const KEYS: Record<Key, string> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  ArrowRight: '\uE014',
  ArrowLeft: '\uE012',
  ArrowDown: '\uE015',
  ArrowUp: '\uE013',
  Home: '\uE011',
  End: '\uE010',
  Backspace: '\uE003',
  Space: '\uE00D',
}
const CONTROL = '\uE009'

/**
 * MiniBrowser's toolbar (URL entry and buttons) gives its GTK window a minimum width of 447 px, so a 390 px
 * phone viewport is impossible by default. This GTK style sheet (read through XDG_CONFIG_HOME) lets the
 * browser's own entry and buttons shrink; it styles GTK widgets only, never the web page.
 */
const GTK_CSS = 'entry { min-width: 0; font-size: 1px; }\nbutton { min-width: 0; padding: 0; }\n'

type WdioBrowser = Awaited<ReturnType<typeof remote>>

/** How much wider and taller than the page's viewport each session's MiniBrowser window is (its toolbar). */
const toolbarSize = new WeakMap<WdioBrowser, readonly [number, number]>()

interface DriverServer {
  port: number
  process: ChildProcess
  configDir: string
}

/** Driver servers still running; killed if the process exits without closing them (a crashed worker). */
const running = new Set<DriverServer>()
process.once('exit', () => {
  for (const server of running) stopDriverServer(server)
})

async function startDriverServer(): Promise<DriverServer> {
  const port = await freePort()
  const configDir = mkdtempSync(join(tmpdir(), 'engines-webkit-'))
  mkdirSync(join(configDir, 'gtk-3.0'))
  writeFileSync(join(configDir, 'gtk-3.0', 'gtk.css'), GTK_CSS)
  // Its own process group, so stopping it also stops Xvfb and MiniBrowser.
  const child = spawn('xvfb-run', ['-a', '-s', '-screen 0 1600x1200x24', WEBKIT_DRIVER, `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, XDG_CONFIG_HOME: configDir },
  })
  const server = { port, process: child, configDir }
  running.add(server)
  let stderr = ''
  child.stderr?.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-2000)
  })
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) return 'exited'
        const res = await fetch(`http://127.0.0.1:${port}/status`)
        return res.ok && 'ready'
      },
      30_000,
      () => `WebKitWebDriver on port ${port} ${stderr}`,
    ).then((state) => {
      if (state === 'exited') throw new Error(`WebKitWebDriver exited (${child.exitCode}): ${stderr}`)
    })
  } catch (error) {
    stopDriverServer(server)
    throw error
  }
  return server
}

function stopDriverServer(server: DriverServer) {
  running.delete(server)
  try {
    if (server.process.pid) process.kill(-server.process.pid, 'SIGTERM')
  } catch {}
  rmSync(server.configDir, { recursive: true, force: true })
}

async function newSession(server: DriverServer, options: PageOptions, siteUrl: string): Promise<WdioBrowser> {
  const site = new URL(siteUrl)
  return remote({
    hostname: '127.0.0.1',
    port: server.port,
    logLevel: 'error',
    connectionRetryCount: 1,
    capabilities: {
      browserName: 'MiniBrowser',
      // WebKitWebDriver speaks classic WebDriver only; without this WebdriverIO asks for BiDi and no capabilities match.
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      // The backend is "down": the standard proxy capability sends every request except the site's to a proxy on
      // a port where nothing listens (WebKitGTK's no-proxy list takes host:port), so they fail to connect.
      ...(options.unreachable
        ? { proxy: { proxyType: 'manual' as const, httpProxy: `127.0.0.1:${await freePort()}`, noProxy: [site.host] } }
        : {}),
    } as WebdriverIO.Capabilities,
  })
}

export async function launchWebKit(siteUrl: string): Promise<EngineBrowser> {
  const server = await startDriverServer()
  let main: WdioBrowser
  try {
    main = await newSession(server, {}, siteUrl)
  } catch (error) {
    stopDriverServer(server)
    throw error
  }
  const caps = main.capabilities as { browserName?: string; browserVersion?: string }
  return {
    engine: 'webkit',
    version: `${caps.browserName} (WebKitGTK ${caps.browserVersion})`,
    async newPage(options: PageOptions = {}) {
      if (options.unreachable) {
        // Capabilities are per session and WebKitWebDriver serves one session at a time, so this page is a
        // session on a driver server of its own, both closed with the page.
        const own = await startDriverServer()
        try {
          const session = await newSession(own, options, siteUrl)
          return webkitDriver(session, siteUrl, async () => {
            try {
              await session.deleteSession()
            } finally {
              stopDriverServer(own)
            }
          })
        } catch (error) {
          stopDriverServer(own)
          throw error
        }
      }
      // One long-lived session: a new session per test would restart MiniBrowser (seconds each on this machine),
      // so a "new page" is the same window with the site's storage wiped and the desktop size restored.
      await main.url(new URL('/robots.txt', siteUrl).href)
      await main.execute(() => {
        localStorage.clear()
        sessionStorage.clear()
      })
      await main.deleteAllCookies()
      const driver = await webkitDriver(main, siteUrl, async () => {})
      await driver.setViewport(DESKTOP.width, DESKTOP.height)
      return driver
    },
    async close() {
      try {
        await main.deleteSession()
      } finally {
        stopDriverServer(server)
      }
    },
  }
}

async function webkitDriver(browser: WdioBrowser, siteUrl: string, onClose: () => Promise<unknown>): Promise<EngineDriver> {
  const problems: string[] = []

  const query = <T>(target: Target | null, op: QueryOp, arg: string | null = null) =>
    browser.execute(pageQuery as never, target === null ? null : toSpec(target), op, arg, true) as Promise<T>

  /** Moves what the current document's collector holds into `problems` (before it navigates away, and on demand). */
  async function harvest() {
    try {
      const found = await browser.execute(() => {
        const list = (window as unknown as { __engineProblems?: string[] }).__engineProblems
        return list ? list.splice(0) : []
      })
      problems.push(...found)
    } catch {}
  }

  /**
   * Waits until the target can be clicked. The scroll in page-query.ts's 'reveal' matters here: WebKitGTK 2.50's
   * driver judges "in view" against the window including MiniBrowser's toolbar, so an element starting just
   * below the fold is not scrolled and its click fails as 'element not interactable'. Scrolling it into view
   * first, as the WebDriver spec's Element Click itself says to, leaves the driver nothing to misjudge.
   */
  async function actionable(target: Target): Promise<string> {
    await waitUntil(
      async () => {
        const state = await query<ElementState>(target, 'state')
        return state.found && state.visible && state.enabled
      },
      ACTION_TIMEOUT,
      () => `${describeTarget(target)} to be visible and enabled`,
    )
    let reveal = ''
    await waitUntil(
      async () => {
        reveal = await query<string>(target, 'reveal')
        return reveal === 'ok'
      },
      ACTION_TIMEOUT,
      () => `${describeTarget(target)} to be clickable (${reveal})`,
    )
    const ref = await query<Record<string, string> | null>(target, 'element')
    if (!ref?.[ELEMENT_KEY]) throw new Error(`${describeTarget(target)} disappeared before it could be used`)
    return ref[ELEMENT_KEY]
  }

  /**
   * Clicks the target's element; if React replaced or hid the node between finding it and clicking it, finds it
   * again, as Playwright's locators do. The driver refuses such a click before sending any input (WebDriver's
   * "stale element reference", "element not interactable", "element click intercepted"), so a retry clicks once.
   */
  async function clickTarget(target: Target) {
    const deadline = Date.now() + ACTION_TIMEOUT
    for (;;) {
      try {
        await browser.elementClick(await actionable(target))
        return
      } catch (error) {
        if (!REFUSED_CLICK.test(String(error)) || Date.now() > deadline) throw error
      }
    }
  }

  const keys = (...values: string[]) =>
    browser.performActions([
      {
        type: 'key',
        id: 'keyboard',
        actions: values.flatMap((value) => [
          { type: 'keyDown', value },
          { type: 'keyUp', value },
        ]),
      },
    ])
  const chord = (modifier: string, key: string) =>
    browser.performActions([
      {
        type: 'key',
        id: 'keyboard',
        actions: [
          { type: 'keyDown', value: modifier },
          { type: 'keyDown', value: key },
          { type: 'keyUp', value: key },
          { type: 'keyUp', value: modifier },
        ],
      },
    ])
  /** Key actions for text: one grapheme at a time, a newline as Enter. */
  const typeText = (text: string) => keys(...Array.from(new Intl.Segmenter().segment(text), (s) => (s.segment === '\n' ? KEYS.Enter : s.segment)))

  const viewport = () => browser.execute(() => [window.innerWidth, window.innerHeight]) as Promise<[number, number]>

  /**
   * Sizes the window and returns the page's viewport once it has the new size. WebKit's Set Window Rect answers
   * as soon as it has asked GTK for the size (WebAutomationSession::setWindowFrameOfBrowsingContext sends its
   * success right after setWindowFrame): GTK lays the window out and tells the web process its new size later.
   * Read at once, the viewport can still be the old one. That is how a fresh machine's first run failed: a stale
   * 1280 px read after asking for 390 px made the correction negative, WebKitWebDriver refused it ('Invalid width
   * value'), and all 30 route tests were skipped. So wait until the viewport has changed and holds still.
   */
  async function resizeWindow(width: number, height: number): Promise<[number, number]> {
    const before = await viewport()
    const rect = await browser.getWindowRect()
    await browser.setWindowRect(null, null, width, height)
    if (rect.width === width && rect.height === height) return before
    let last = before
    let still = 0
    const settled = await waitUntil(
      async () => {
        const now = await viewport()
        still = now[0] === last[0] && now[1] === last[1] ? still + 1 : 0
        last = now
        // Changed from before, then the same for two more reads (about 200 ms).
        return (now[0] !== before[0] || now[1] !== before[1]) && still >= 2 && now
      },
      10_000,
      () => `the page's viewport to follow the window to ${width}×${height} (still ${last.join('×')})`,
    ).catch(() => null)
    // A window GTK cannot make smaller leaves the viewport as it was: the caller's check names the width it got.
    return settled ?? last
  }

  return {
    engine: 'webkit',
    async goto(pathOrUrl) {
      await harvest()
      await browser.url(new URL(pathOrUrl, siteUrl).href)
      await query(null, 'count')
    },
    url: () => browser.getUrl(),
    async back() {
      await harvest()
      await browser.back()
    },
    async click(target) {
      await clickTarget(target)
    },
    async type(target, text) {
      await clickTarget(target)
      await chord(CONTROL, 'a')
      if (text === '') await keys(KEYS.Backspace)
      else await typeText(text)
    },
    async append(target, text) {
      await clickTarget(target)
      await chord(CONTROL, KEYS.End)
      await typeText(text)
    },
    async choose(target, optionLabel) {
      await actionable(target)
      // WebDriver defines a click on an <option> as choosing it (MiniBrowser's popup is native GTK UI).
      const option = await query<Record<string, string> | null>(
        { css: 'option', within: target, text: optionLabel, includeHidden: true },
        'element',
      )
      if (!option?.[ELEMENT_KEY]) throw new Error(`no option ${optionLabel} in ${describeTarget(target)}`)
      await browser.elementClick(option[ELEMENT_KEY])
    },
    press: (key) => keys(KEYS[key]),
    paste: () => chord(CONTROL, 'v'),
    text: (target) => query<string | null>(target, 'text'),
    value: (target) => query<string | null>(target, 'value'),
    attribute: (target, name) => query<string | null>(target, 'attr', name),
    count: (target) => query<number>(target, 'count'),
    async isVisible(target) {
      const state = await query<ElementState>(target, 'state')
      return state.found && state.visible
    },
    async setViewport(width, height) {
      // The window includes MiniBrowser's toolbar: size it with the toolbar's size measured last time, and when the
      // page's viewport is not the one wanted, measure the toolbar again and correct once.
      const [dx, dy] = toolbarSize.get(browser) ?? [0, 0]
      const inner = await resizeWindow(width + dx, height + dy)
      if (inner[0] === width && inner[1] === height) return
      const toolbar = [width + dx - inner[0], height + dy - inner[1]] as const
      if (width + toolbar[0] <= 0 || height + toolbar[1] <= 0) {
        throw new Error(`MiniBrowser's ${width + dx}×${height + dy} window showed a ${inner.join('×')} viewport`)
      }
      const fixed = await resizeWindow(width + toolbar[0], height + toolbar[1])
      if (fixed[0] !== width) throw new Error(`MiniBrowser gave a ${fixed[0]} px wide viewport instead of ${width} px`)
      toolbarSize.set(browser, toolbar)
    },
    evaluate: (fn, ...args) => browser.execute(fn as never, ...(args as unknown as never[])) as never,
    async takeProblems() {
      await harvest()
      return problems.splice(0)
    },
    close: async () => {
      await onClose()
    },
  }
}
