import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { auth } from '../support/pages/auth'

/** Console errors and page errors during a test, ignoring requests to third-party hosts (no network here). */
export function watchConsole(page: Page, origin: string) {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (msg) => {
    if (msg.type() !== 'error' && !(msg.type() === 'warning' && /hydrat/i.test(msg.text()))) return
    const url = msg.location().url
    if (/Failed to load resource/.test(msg.text()) && url && !url.startsWith(origin)) return
    problems.push(`${msg.type()}: ${msg.text()} (${url})`)
  })
  return problems
}

/**
 * Collects CSP violation reports in the page (securitypolicyviolation events), from the first script on: call it
 * before the page loads; the returned function reads them.
 */
export async function collectViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] }
    w.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`)
    })
  })
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)
}

/**
 * Waits until React has hydrated the page, route content included. The root sets data-hydrated in its effect, but
 * a lazily loaded route's content hydrates in a later commit: /auth still holds all three prerendered forms (its
 * mode is chosen once its own component has mounted), so a test that looked for 'Work email' at that moment found
 * three. On /auth this therefore also waits until one form is left.
 */
export async function waitForHydration(page: Page, options: { timeout?: number } = {}) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', options)
  await expect(page.locator('[data-auth-panel]').nth(1)).toHaveCount(0, options)
}

/**
 * Opens /auth (`path` with its query) and waits until the page has read its address: one form left (auth.forms).
 * Hydration alone is not enough: the auth page's flows start just after, and before that the page still holds
 * every form (three 'Work email' fields) and its SSO buttons do nothing.
 */
export async function openAuth(page: Page, path = '/auth') {
  await page.goto(path)
  await waitForHydration(page)
  await expect(auth.forms(page)).toHaveCount(1)
}

/** Every axe rule of these tags runs, and a violation of any impact (minor included) fails. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/**
 * Waits until nothing on the page is moving, because axe measures contrast from the current opacity (a wizard
 * step still fading in reads as low contrast) and positions from the current transform:
 *  - finite Web Animations (CSS animations and transitions, and motion's hardware-accelerated animations, which
 *    run on the Web Animations API) have finished; endless ones (spinners, the testimonial loop) are not waited for;
 *  - inline styles are still across several frames: motion runs its other animations (layout animations, spring
 *    and independent-transform values) from requestAnimationFrame by writing `style`, which getAnimations() does
 *    not see.
 * Gives up with an error after `timeoutMs`, naming what still moves, rather than checking a moving page.
 */
export async function waitForStillness(page: Page, timeoutMs = 5000) {
  const moving = await page.evaluate(async (timeout) => {
    const deadline = performance.now() + timeout
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))
    const finite = () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
    const styles = () => [...document.querySelectorAll<HTMLElement>('[style]')].map((el) => el.style.cssText).join('|')
    let stillFrames = 0
    let last = styles()
    while (performance.now() < deadline) {
      const running = finite()
      if (running.length) {
        await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 100))])
        stillFrames = 0
        last = styles()
        continue
      }
      await frame()
      const now = styles()
      stillFrames = now === last ? stillFrames + 1 : 0
      last = now
      // Six unchanged frames (about 100 ms at 60 Hz): a JS-driven animation writes a style every frame.
      if (stillFrames >= 6) return null
    }
    const names = finite().map((a) => (a as CSSAnimation).animationName ?? a.id ?? 'an animation')
    return names.length ? names.join(', ') : 'inline styles kept changing'
  }, timeoutMs)
  if (moving) throw new Error(`The page was still animating after ${timeoutMs} ms: ${moving}`)
}

/** axe violations of any impact under AXE_TAGS, once the page is still (waitForStillness). */
export async function axeViolations(page: Page) {
  await waitForStillness(page)
  // resultTypes: only violations are reported in full (passes and incomplete results are summarised), which
  // makes a run noticeably faster on long pages.
  // A page without frames is checked with axe.run in the page itself (AxeBuilder's legacy mode): the same rules on
  // the same document, 2.5-3 times faster than the default, which runs axe.runPartial in every frame and then
  // axe.finishRun in a new blank page of the context, injecting axe-core's 550 kB into both (landing page: 0.7 s
  // against 2.2 s, the same 50 rules passed). A page with frames gets the default, so no frame goes unchecked.
  const frameless = page.frames().length === 1
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).options({ resultTypes: ['violations'] }).setLegacyMode(frameless).analyze()
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** The phone width every route is also checked at (the desktop width is the projects' 1280 px). */
export const PHONE = { width: 390, height: 844 } as const

/**
 * axe at the page's current width and then at the phone width (restoring the viewport afterwards); the
 * violations carry the width they were found at.
 */
export async function axeViolationsAtBothWidths(page: Page) {
  const viewport = page.viewportSize()
  const found = (await axeViolations(page)).map((v) => `${viewport?.width ?? '?'} px: ${v}`)
  await page.setViewportSize(PHONE)
  found.push(...(await axeViolations(page)).map((v) => `${PHONE.width} px: ${v}`))
  if (viewport) await page.setViewportSize(viewport)
  return found
}

/** Head data parsed from raw HTML (what a crawler without JavaScript sees). */
export function parseHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'))
  const attr = (re: RegExp) => re.exec(head)?.[1]
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
  return {
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    twitterCard: attr(/<meta name="twitter:card" content="([^"]*)"/),
    h1: /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, ''),
    jsonLd,
  }
}

export function decodeEntities(text: string | undefined) {
  return (text ?? '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
}

/** One animation frame as recordFrames saw it: each matching element's name, x offset, scale and opacity. */
export type Frame = Array<{ name: string | null; x: number; scale: number; opacity: number }>

/**
 * Records, on every animation frame and after every DOM change (an element inserted, a style written), the
 * horizontal offset and scale (from the computed transform) and the opacity of each element matching
 * `selector`, named by its `nameAttribute`: to check how something entered, left or moved, whatever drives it
 * (CSS, Web Animations or motion's JS). The DOM changes catch the states an element is inserted in and each
 * step motion writes even when a busy machine renders few frames. With `beforeLoad` it starts with the next
 * page load (for what appears while a page loads), otherwise now.
 */
export async function recordFrames(page: Page, selector: string, nameAttribute: string, { beforeLoad = false } = {}) {
  const install = ([sel, attr]: string[]) => {
    const frames: Array<Array<{ name: string | null; x: number; scale: number; opacity: number }>> = []
    ;(window as unknown as { __frames: typeof frames }).__frames = frames
    const sample = () =>
      frames.push(
        [...document.querySelectorAll(sel!)].map((el) => {
          const style = getComputedStyle(el)
          const matrix = style.transform === 'none' ? new DOMMatrixReadOnly() : new DOMMatrixReadOnly(style.transform)
          return { name: el.getAttribute(attr!), x: matrix.m41, scale: matrix.a, opacity: Number(style.opacity) }
        }),
      )
    const tick = () => {
      sample()
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
    const observe = () =>
      new MutationObserver(sample).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] })
    if (document.documentElement) observe()
    else document.addEventListener('readystatechange', observe, { once: true })
  }
  if (beforeLoad) await page.addInitScript(install, [selector, nameAttribute])
  else await page.evaluate(install, [selector, nameAttribute])
  return {
    /** The frames recorded so far (frames without a matching element included, as empty lists). */
    frames: () => page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames),
    /** Forget the frames recorded so far. */
    reset: () => page.evaluate(() => void (window as unknown as { __frames: Frame[] }).__frames.splice(0)),
  }
}

/**
 * Every hand-over of a mailto: link to the system's mail client, in order: the navigations the page asks for, as
 * Chromium's DevTools protocol reports them (the full browser also logs 'Launched external handler' on the console;
 * its headless shell, which the tests run, does not).
 */
export async function recordMailtoLaunches(page: Page): Promise<string[]> {
  const launched: string[] = []
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  cdp.on('Page.frameRequestedNavigation', (event) => {
    if (event.url.startsWith('mailto:')) launched.push(event.url)
  })
  return launched
}
