import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

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

export async function waitForHydration(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

/** Serious and critical axe violations (WCAG 2 A and AA), once entry animations have settled: axe measures
 * contrast from the current opacity, so a wizard step still fading in would read as low contrast. Endless
 * animations (spinners, the testimonial loop) are not waited for. */
export async function seriousViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
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
