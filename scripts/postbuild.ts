/**
 * After `vite build` (TanStack Start has prerendered every route into <dist>/client as <path>.html, the file
 * Cloudflare Pages and Netlify serve at /<path> with 200 and no redirect):
 * - renders the not-found page into 404.html (static hosts serve it for unknown paths, with status 404),
 * - moves every page's inline scripts into /assets files (so the CSP is `script-src 'self'`; see
 *   security-headers.ts) and fails if one is left,
 * - writes sitemap.xml and robots.txt from the same page list that drives the routes' head data,
 * - writes _headers and fails, naming the rule, if a host would ignore part of it or join two rules' values,
 * - fails when a page of that list has no prerendered HTML.
 */
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { config } from '../src/config'
import { absoluteUrl } from '../src/seo/jsonld'
import { PAGES } from '../src/seo/pages'
import {
  externalizeInlineScripts,
  headerConflicts,
  headerRules,
  headersFileProblems,
  inlineScripts,
  MAX_RULES,
  renderHeaders,
} from './security-headers'

const dist = resolve(process.env.DIST ?? 'dist')
const client = join(dist, 'client')

/** The prerendered file of a page: index.html for /, else <path>.html (vite.config.ts: autoSubfolderIndex false). */
export function htmlFileFor(path: string, root = client): string {
  return path === '/' ? join(root, 'index.html') : join(root, `${path.slice(1)}.html`)
}

/** The URL path a static host serves an HTML file at (the inverse of htmlFileFor); null for 404.html. */
export function pathForHtmlFile(file: string, root = client): string | null {
  const rel = relative(root, file).split('\\').join('/')
  if (rel === '404.html') return null
  if (rel === 'index.html') return '/'
  return `/${rel.replace(/(\/index)?\.html$/, '')}`
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
  if (!config.flowsInProduction) {
    await rm(htmlFileFor('/flows'), { force: true })
    await rm(join(client, 'flows'), { recursive: true, force: true })
  }
  await writeFile(join(client, 'sitemap.xml'), sitemapXml())
  await writeFile(join(client, 'robots.txt'), robotsTxt())

  const htmlFiles = await listHtml(client)
  // A folder's index.html is served at /<folder>/ only, and /<folder> redirects to it: not one URL per page.
  const folderIndexes = htmlFiles.filter((f) => f.endsWith('/index.html') && f !== join(client, 'index.html'))
  if (folderIndexes.length) {
    throw new Error(`Served only behind a redirect (write <path>.html instead): ${folderIndexes.map((f) => relative(client, f)).join(', ')}`)
  }
  const external = new Map<string, string>()
  for (const file of htmlFiles) {
    const where = relative(client, file)
    const moved = externalizeInlineScripts(await readFile(file, 'utf8'), where)
    const left = inlineScripts(moved.html)
    if (left.length) throw new Error(`${where}: ${left.length} inline script(s) left; the CSP (script-src 'self') would block them`)
    for (const script of moved.scripts) external.set(script.file, script.content)
    await writeFile(file, moved.html)
  }
  for (const [file, content] of external) {
    await mkdir(dirname(join(client, file)), { recursive: true })
    await writeFile(join(client, file), content)
  }

  const pagePaths = htmlFiles.map((f) => pathForHtmlFile(f)).filter((p): p is string => p !== null)
  const rules = headerRules(pagePaths)
  const text = renderHeaders(rules)
  const servedPaths = [...pagePaths, '/no-such-page', '/a/b/no-such-page', ...(await listFiles(client)).map((f) => `/${relative(client, f).split('\\').join('/')}`)]
  const problems = [...headersFileProblems(text), ...headerConflicts(rules, servedPaths)]
  if (problems.length) throw new Error(`_headers would not be served as written:\n  ${problems.join('\n  ')}`)
  await writeFile(join(client, '_headers'), text)

  const sizes = await Promise.all(PAGES.map(async (p) => (await readFile(htmlFileFor(p.path))).length))
  console.log(
    `postbuild: ${PAGES.length} pages + 404.html, sitemap.xml, robots.txt, _headers (${rules.length} of ${MAX_RULES} rules, longest line ${Math.max(...text.split('\n').map((l) => l.trim().length))} characters; ${external.size} inline scripts moved to /assets; HTML ${Math.min(...sizes)}–${Math.max(...sizes)} bytes)`,
  )
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

async function listHtml(dir: string): Promise<string[]> {
  return (await listFiles(dir)).filter((f) => f.endsWith('.html'))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
