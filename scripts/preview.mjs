#!/usr/bin/env node
/**
 * Serves the built site (<DIST>/client) the way a static host does: /path -> /path/index.html,
 * unknown paths -> 404.html with status 404, and the headers of public/_headers (the same file static
 * hosts such as Netlify and Cloudflare Pages read), so what the tests see is what is deployed.
 *   PORT (default 4173), HOST (default 127.0.0.1), DIST (default dist)
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'

const root = resolve(process.env.DIST ?? 'dist', 'client')
const port = Number(process.env.PORT ?? 4173)
const host = process.env.HOST ?? '127.0.0.1'

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
}

/** Parse a _headers file: a path pattern line, then indented `Name: value` lines. */
export function parseHeaders(text) {
  const rules = []
  let current = null
  for (const raw of text.split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue
    if (!/^\s/.test(raw)) {
      current = { pattern: raw.trim(), headers: [] }
      rules.push(current)
    } else if (current) {
      const i = raw.indexOf(':')
      if (i > 0) current.headers.push([raw.slice(0, i).trim(), raw.slice(i + 1).trim()])
    }
  }
  return rules
}

function matches(pattern, path) {
  const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`)
  return re.test(path)
}

const headersFile = [join(root, '_headers'), resolve('public/_headers')].find((f) => existsSync(f))
const rules = headersFile ? parseHeaders(readFileSync(headersFile, 'utf8')) : []

function resolveFile(pathname) {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '')
  const candidates = [join(root, clean), join(root, clean, 'index.html')]
  for (const file of candidates) {
    if (!file.startsWith(root)) continue
    if (existsSync(file) && statSync(file).isFile()) return file
  }
  return null
}

const server = createServer((req, res) => {
  let pathname
  try {
    pathname = new URL(req.url ?? '/', 'http://localhost').pathname
  } catch {
    res.writeHead(400).end('Bad request')
    return
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end('Method not allowed')
    return
  }
  let file = null
  try {
    file = resolveFile(pathname)
  } catch {
    file = null
  }
  const status = file ? 200 : 404
  if (!file) file = join(root, '404.html')
  const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream' }
  if (pathname.startsWith('/assets/')) headers['cache-control'] = 'public, max-age=31536000, immutable'
  for (const rule of rules) if (matches(rule.pattern, pathname)) for (const [k, v] of rule.headers) headers[k.toLowerCase()] = v
  res.writeHead(status, headers)
  if (req.method === 'HEAD') return res.end()
  createReadStream(file).pipe(res)
})

server.listen(port, host, () => console.log(`preview ready on http://${host}:${port} (serving ${root})`))
