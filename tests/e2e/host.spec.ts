/**
 * Deployed as tested: the built site as Cloudflare Pages serves it (scripts/preview.mjs runs `wrangler pages dev`,
 * workerd with Pages' own `_headers`, 404 and URL handling). Every request here refuses redirects, so a URL that
 * only works behind a 308 fails.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { config } from '../../src/config'
import { PAGES } from '../../src/seo/pages'
import { e2eEnv } from '../../scripts/e2e-env'
import { IMMUTABLE, REVALIDATE } from '../../scripts/security-headers'
import { waitForHydration } from './support'

const client = join(e2eEnv().dist, 'client')

/** Our own URL (absolute on config.siteUrl, or root-relative) as a path on the server under test; null if foreign. */
function ownPath(url: string): string | null {
  if (url.startsWith(config.siteUrl)) url = url.slice(config.siteUrl.length) || '/'
  if (!url.startsWith('/') || url.startsWith('//')) return null
  return url.split('#')[0] || '/'
}

/** Every URL of our site that a page's HTML points at: links, canonical, Open Graph, JSON-LD. */
function urlsIn(html: string): string[] {
  const found: string[] = []
  for (const m of html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)) found.push(m[1]!.replace(/&amp;/g, '&'))
  for (const m of html.matchAll(/<link\b[^>]*rel="canonical"[^>]*href="([^"]+)"/g)) found.push(m[1]!)
  for (const m of html.matchAll(/<meta\b[^>]*property="og:url"[^>]*content="([^"]+)"/g)) found.push(m[1]!)
  for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const walk = (value: unknown, key = ''): void => {
      if (typeof value === 'string' && ['url', 'item', '@id', 'urlTemplate', 'target'].includes(key)) found.push(value)
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, Array.isArray(value) ? key : k)
    }
    walk(JSON.parse(m[1]!))
  }
  return found.map(ownPath).filter((p): p is string => p !== null && !p.includes('{'))
}

async function getDirect(request: APIRequestContext, path: string) {
  return request.get(path, { maxRedirects: 0 })
}

test('every sitemap URL answers 200 itself, with no redirect', async ({ request }) => {
  const sitemap = await (await getDirect(request, '/sitemap.xml')).text()
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
  expect(locs.length).toBeGreaterThan(20)
  for (const loc of locs) {
    const path = ownPath(loc)
    expect(path, loc).not.toBeNull()
    const res = await getDirect(request, path!)
    expect(res.status(), `${loc} -> ${res.headers().location ?? ''}`).toBe(200)
    expect(res.headers()['content-type'], loc).toContain('text/html')
  }
})

test('canonical, Open Graph, JSON-LD and link URLs of every page answer 200 without a redirect', async ({ request }) => {
  const checked = new Map<string, number>()
  for (const page of [...PAGES.map((p) => p.path), '/no-such-page']) {
    const html = await (await getDirect(request, page)).text()
    const urls = urlsIn(html)
    expect(urls.length, page).toBeGreaterThan(0)
    for (const url of urls) {
      if (!checked.has(url)) checked.set(url, (await getDirect(request, url)).status())
      expect(checked.get(url), `${url} (linked from ${page})`).toBe(200)
    }
  }
  // The form the router writes: no trailing slash, no .html.
  for (const url of checked.keys()) expect(url, url).toMatch(/^\/$|^\/[^?]*[^/?](\?.*)?$/)
  for (const url of checked.keys()) expect(url, url).not.toMatch(/\.html(\?|$)/)
})

test('the host redirects the other spellings of a page to its one URL', async ({ request }) => {
  for (const [from, to] of [
    ['/about/', '/about'],
    ['/about.html', '/about'],
    ['/onboarding/', '/onboarding'],
  ]) {
    const res = await getDirect(request, from!)
    expect(res.status(), from).toBe(308)
    expect(new URL(res.headers().location!, 'http://x').pathname, from).toBe(to)
  }
})

test('client-side navigation uses the same URLs, and each loads directly with 200', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
  expect(hrefs.length).toBeGreaterThan(10)
  for (const href of hrefs) expect(href, href).toMatch(/^\/$|^\/[^?#]*[^/?#]([?#].*)?$/)
  await page.locator('footer').getByRole('link', { name: 'About', exact: true }).first().click()
  await expect(page).toHaveURL(`${e2eEnv().siteUrl}/about`)
  const reload = await page.reload()
  expect(reload?.status()).toBe(200)
  expect(reload?.request().redirectedFrom()).toBeNull()
})

test('unknown paths get the not-found page with status 404, never cached', async ({ request }) => {
  for (const path of ['/no-such-page', '/about/no-such-page', '/assets/no-such-file.js']) {
    const res = await getDirect(request, path)
    expect(res.status(), path).toBe(404)
    expect(await res.text(), path).toContain('Oops! Page not found')
    expect(res.headers()['cache-control'], path).toBe('no-store')
  }
})

test('hashed assets are immutable for a year; HTML pages are revalidated', async ({ request }) => {
  const html = await (await getDirect(request, '/')).text()
  const assets = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!))]
  expect(assets.some((a) => a.endsWith('.js'))).toBe(true)
  expect(assets.some((a) => a.endsWith('.css'))).toBe(true)
  expect(assets.some((a) => a.startsWith('/assets/inline-'))).toBe(true)
  for (const asset of assets) {
    const res = await getDirect(request, asset)
    expect(res.status(), asset).toBe(200)
    expect(res.headers()['cache-control'], asset).toBe(IMMUTABLE)
  }
  for (const page of PAGES) expect((await getDirect(request, page.path)).headers()['cache-control'], page.path).toBe(REVALIDATE)
})

test('the deployed _headers is the generated one and within the host limits', () => {
  const text = readFileSync(join(client, '_headers'), 'utf8')
  const lines = text.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'))
  expect(Math.max(...lines.map((l) => l.trim().length))).toBeLessThanOrEqual(2000)
  expect(lines.filter((l) => !/^\s/.test(l)).length).toBeLessThanOrEqual(100)
})
