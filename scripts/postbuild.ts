/**
 * After `vite build` (TanStack Start has prerendered every route into <dist>/client):
 * - renders the not-found page into 404.html (static hosts serve it for unknown paths, with status 404),
 * - writes sitemap.xml and robots.txt from the same page list that drives the routes' head data,
 * - writes _headers (security headers, CSP with the hashes of every page's inline scripts),
 * - fails when a page of that list has no prerendered HTML.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { config } from '../src/config'
import { absoluteUrl } from '../src/seo/jsonld'
import { PAGES } from '../src/seo/pages'
import { headersFile, inlineScripts, sha256 } from './security-headers'

const dist = resolve(process.env.DIST ?? 'dist')
const client = join(dist, 'client')

export function htmlFileFor(path: string): string {
  return path === '/' ? join(client, 'index.html') : join(client, path.slice(1), 'index.html')
}

export function sitemapXml(today = new Date().toISOString().slice(0, 10)): string {
  const urls = PAGES.filter((p) => !('noindex' in p && p.noindex) && !('canonicalPath' in p && p.canonicalPath))
    .map((p) => `  <url><loc>${absoluteUrl(p.path)}</loc><lastmod>${today}</lastmod></url>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

/** Nothing is disallowed: noindex pages must stay crawlable, or crawlers never see their noindex tag. */
export function robotsTxt(): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${config.siteUrl}/sitemap.xml`, ''].join('\n')
}

async function main() {
  const missing = PAGES.filter((p) => !existsSync(htmlFileFor(p.path))).map((p) => p.path)
  if (missing.length) throw new Error(`Not prerendered: ${missing.join(', ')}`)

  const server = (await import(pathToFileURL(join(dist, 'server', 'server.js')).href)) as {
    default: { fetch: (req: Request) => Promise<Response> }
  }
  const res = await server.default.fetch(new Request('http://localhost/__not-found__'))
  const html = await res.text()
  if (res.status !== 404 || !html.includes('Oops! Page not found')) {
    throw new Error(`Not-found render failed: status ${res.status}`)
  }
  await writeFile(join(client, '404.html'), html)
  // Without the flag, /flows is not a page of the production site: drop its not-found render so static hosts
  // answer it with 404.html and status 404, like any unknown path.
  if (!config.flowsInProduction) await rm(join(client, 'flows'), { recursive: true, force: true })
  await writeFile(join(client, 'sitemap.xml'), sitemapXml())
  await writeFile(join(client, 'robots.txt'), robotsTxt())
  const htmlFiles = await listHtml(client)
  const hashes = new Set<string>()
  for (const file of htmlFiles) for (const script of inlineScripts(await readFile(file, 'utf8'))) hashes.add(sha256(script))
  await writeFile(join(client, '_headers'), headersFile(hashes))
  const sizes = await Promise.all(PAGES.map(async (p) => (await readFile(htmlFileFor(p.path))).length))
  console.log(
    `postbuild: ${PAGES.length} pages + 404.html, sitemap.xml, robots.txt, _headers (${hashes.size} script hashes; HTML ${Math.min(...sizes)}–${Math.max(...sizes)} bytes)`,
  )
}

async function listHtml(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
