import puppeteer, { type BrowserContext, type ElementHandle, type KeyInput, type Page } from 'puppeteer-core'
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
 * Firefox (Debian's firefox-esr) through puppeteer-core over WebDriver BiDi: no geckodriver, no browser
 * download (puppeteer-core never fetches one, and we pass the executable). Each page gets its own browser
 * context (BiDi user context), so storage never leaks between tests.
 */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/**
 * Errors for an element whose node was replaced, lost its box or left the viewport before the input was sent:
 * Puppeteer's own, and WebDriver BiDi's for a pointer move with an element origin ("no such node" for a node that
 * is gone, "move target out of bounds" for a centre outside the viewport). Each is reported before any input.
 */
const REPLACED_NODE = /detached from document|not clickable or not an Element|no such node|move target out of bounds/i

const KEYS: Record<Key, KeyInput> = {
  Tab: 'Tab',
  Enter: 'Enter',
  Escape: 'Escape',
  ArrowRight: 'ArrowRight',
  ArrowLeft: 'ArrowLeft',
  ArrowDown: 'ArrowDown',
  ArrowUp: 'ArrowUp',
  Home: 'Home',
  End: 'End',
  Backspace: 'Backspace',
  Space: 'Space',
}

export async function launchFirefox(siteUrl: string): Promise<EngineBrowser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // Nothing in the suite may reach the internet (there is none here): no update, telemetry or safe-browsing calls.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'network.captive-portal-service.enabled': false,
    },
  })
  const version = await browser.version()
  return {
    engine: 'firefox',
    version: version.replace('/', ' '),
    async newPage(options: PageOptions = {}) {
      const context = await browser.createBrowserContext()
      const page = await context.newPage()
      await page.setViewport(DESKTOP)
      return firefoxDriver(context, page, siteUrl, options)
    },
    close: () => browser.close(),
  }
}

async function firefoxDriver(context: BrowserContext, page: Page, siteUrl: string, options: PageOptions): Promise<EngineDriver> {
  page.setDefaultTimeout(ACTION_TIMEOUT)
  page.setDefaultNavigationTimeout(45_000)
  // BiDi's log.entryAdded gives console messages and uncaught errors (Firefox reports CSP violations and
  // blocked cross-origin requests as errors there too) for every document the tab shows.
  const problems: string[] = []
  const pending: Promise<void>[] = []
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return
    const { url, lineNumber, columnNumber } = msg.location()
    // The line and column tell which call logged in a minified chunk (an Error-less console.error has no stack).
    const where = `${url ?? ''}${lineNumber === undefined ? '' : `:${lineNumber + 1}:${(columnNumber ?? 0) + 1}`} on ${page.url()}`
    // An Error argument prints as 'JSHandle@error': read its message and stack from the page while it exists.
    const read = Promise.all(
      msg.args().map((arg) => arg.evaluate((v) => (v instanceof Error ? `${v.message}\n${v.stack ?? ''}` : String(v))).catch(() => '(gone)')),
    ).then(
      (args) => void problems.push(`console.error: ${args.join(' ') || msg.text()} (${where})`),
      () => void problems.push(`console.error: ${msg.text()} (${where})`),
    )
    pending.push(read)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error instanceof Error ? error.message : String(error)} (on ${page.url()})`))

  if (options.unreachable) {
    // The backend is "down": BiDi network interception fails every request to its origin at the network level.
    const origin = options.unreachable
    await page.setRequestInterception(true)
    page.on('request', (request) => {
      if (request.url().startsWith(origin)) void request.abort('internetdisconnected')
      else void request.continue()
    })
  }

  const query = <T>(target: Target | null, op: QueryOp, arg: string | null = null) =>
    page.evaluate(pageQuery as (...a: unknown[]) => unknown, target === null ? null : toSpec(target), op, arg, false) as Promise<T>

  async function actionable(target: Target) {
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
    const handle = await page.evaluateHandle(pageQuery as (...a: unknown[]) => Element | null, toSpec(target), 'element', null, false)
    const element = handle.asElement() as ElementHandle<Element> | null
    if (!element) throw new Error(`${describeTarget(target)} disappeared before it could be used`)
    return element
  }

  /**
   * Uses the target's element; if React replaced or hid the node between finding it and using it, finds it again, as
   * Playwright's locators do. Puppeteer says so before it sends any input: "Node is detached from document", or, when
   * the node it holds has no box any more (a lazily loaded part swapped in for its placeholder), "Node is either not
   * clickable or not an Element" (CI of fb1d30c: the header's account menu, found visible, then replaced).
   */
  async function withElement(target: Target, use: (element: ElementHandle<Element>) => Promise<void>) {
    const deadline = Date.now() + ACTION_TIMEOUT
    for (;;) {
      const element = await actionable(target)
      try {
        await use(element)
        return
      } catch (error) {
        if (!REPLACED_NODE.test(String(error)) || Date.now() > deadline) throw error
      }
    }
  }

  /**
   * A click aimed by the browser as it performs it, as WebDriver's Element Click is: one BiDi input.performActions
   * whose pointer move has the element as its origin (offset 0: its in-view centre), then down and up. Puppeteer's
   * own ElementHandle.click measures the point with a script first and sends the input a round trip later, so a
   * layout shift in between (a leaving pane removed, a note appearing) sends the click to where the element was.
   * `origin` is the BiDi option puppeteer's BiDi mouse passes through; were it dropped, the click would land at the
   * viewport's top-left corner and every flow that clicks would fail.
   */
  const clickAtCentre = (element: ElementHandle<Element>) => {
    const { sharedId } = (element as unknown as { remoteValue(): { sharedId: string } }).remoteValue()
    const origin = { type: 'element', element: { sharedId } }
    return page.mouse.click(0, 0, { origin } as Parameters<Page['mouse']['click']>[2])
  }

  async function selectAll() {
    await page.keyboard.down('Control')
    await page.keyboard.press('a')
    await page.keyboard.up('Control')
  }

  return {
    engine: 'firefox',
    async goto(pathOrUrl) {
      await page.goto(new URL(pathOrUrl, siteUrl).href, { waitUntil: 'load' })
    },
    url: async () => page.url(),
    async back() {
      await page.goBack()
    },
    async click(target) {
      await withElement(target, clickAtCentre)
    },
    async type(target, text) {
      await withElement(target, clickAtCentre)
      await selectAll()
      if (text === '') await page.keyboard.press('Backspace')
      else await page.keyboard.type(text)
    },
    async append(target, text) {
      await withElement(target, clickAtCentre)
      await page.keyboard.down('Control')
      await page.keyboard.press('End')
      await page.keyboard.up('Control')
      await page.keyboard.type(text)
    },
    async choose(target, optionLabel) {
      const element = await actionable(target)
      // A click opens Firefox's native popup; Escape closes it and leaves the focus on the select, where typing the
      // option's label picks it (type-ahead), as keyboard users do.
      await clickAtCentre(element)
      await page.keyboard.press('Escape')
      await page.keyboard.type(optionLabel)
    },
    press: (key) => page.keyboard.press(KEYS[key]),
    async paste() {
      await page.keyboard.down('Control')
      await page.keyboard.press('v')
      await page.keyboard.up('Control')
    },
    text: (target) => query<string | null>(target, 'text'),
    value: (target) => query<string | null>(target, 'value'),
    attribute: (target, name) => query<string | null>(target, 'attr', name),
    count: (target) => query<number>(target, 'count'),
    async isVisible(target) {
      const state = await query<ElementState>(target, 'state')
      return state.found && state.visible
    },
    setViewport: (width, height) => page.setViewport({ width, height }),
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    async takeProblems() {
      await Promise.all(pending.splice(0))
      return problems.splice(0)
    },
    close: () => context.close(),
  }
}
