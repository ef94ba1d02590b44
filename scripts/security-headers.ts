/**
 * The deployed site's headers, written once: postbuild writes them to <dist>/client/_headers, the file Cloudflare
 * Pages (the reference host, served locally by `wrangler pages dev` in scripts/preview.mjs) and Netlify read.
 *
 * Content-Security-Policy: `script-src 'self'`, with no hash and no 'unsafe-inline'. The inline scripts TanStack
 * Start writes into each prerendered page (scroll restoration, the router's dehydrated state, a self-removing
 * boundary) are moved into content-hashed files under /assets by `externalizeInlineScripts` below. Why not hashes:
 * the router state differs per page, so one site-wide policy grows by a hash per page and passed Cloudflare's
 * 2,000-character line limit at 33 hashes (the line is then dropped: no CSP at all). Per-route policies would
 * need a CSP rule per page plus one for the 404 page, which only wildcard rules reach; hosts join a header set
 * by several matching rules with commas, i.e. two policies whose intersection blocks every page's scripts,
 * unless each page rule first detaches the wildcard's (`! Content-Security-Policy`, Cloudflare-only syntax).
 * One short policy for every path (pages, files and the 404 page alike) has none of those limits.
 *
 * Caching: /assets/* (content-hashed names) immutable for a year; every HTML page revalidated. Each header is
 * set by at most one rule that matches a given path (checked by `headerConflicts`), because of that joining.
 */
import { createHash } from 'node:crypto'
import { config } from '../src/config'

/** Cloudflare Pages' limits for `_headers` (Netlify has none lower). */
export const MAX_LINE_LENGTH = 2000
export const MAX_RULES = 100
export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'public, max-age=0, must-revalidate'

const SCRIPT_TAG = /<script([^>]*)>([\s\S]*?)<\/script>/g

function isExecutable(attrs: string): boolean {
  if (/\ssrc=/.test(attrs)) return false
  const type = /\stype="([^"]*)"/.exec(attrs)?.[1]
  return !type || type === 'module' || type === 'text/javascript'
}

/** The executable inline scripts of an HTML document (no src, and a JavaScript type or none). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(SCRIPT_TAG)].filter((m) => isExecutable(m[1] ?? '')).map((m) => m[2] ?? '')
}

/** A script whose only effect is removing itself: dropping it leaves the document exactly as running it would. */
const SELF_REMOVING_ONLY = /^\s*document\.currentScript\.remove\(\);?\s*(\/\*[^*]*\*\/)?\s*$/

export interface ExternalScript {
  /** Path under the client folder, e.g. assets/inline-0123456789abcdef.js */
  file: string
  content: string
}

/**
 * Moves every executable inline script of a prerendered page into /assets/inline-<sha256>.js, in place and with
 * its attributes (a parser-blocking classic script runs in the same order, and document.currentScript still
 * names it), and drops scripts that only remove themselves. A script after an async module script is refused:
 * made external it could run after the module, so the page would hydrate before it ran.
 */
export function externalizeInlineScripts(html: string, where = 'page'): { html: string; scripts: ExternalScript[] } {
  const scripts: ExternalScript[] = []
  let asyncModuleSeen = false
  const out = html.replace(SCRIPT_TAG, (tag, attrs: string, content: string) => {
    if (/\stype="module"/.test(attrs) && /\sasync/.test(attrs) && /\ssrc=/.test(attrs)) asyncModuleSeen = true
    if (!isExecutable(attrs)) return tag
    if (SELF_REMOVING_ONLY.test(content)) return ''
    if (/\stype="module"/.test(attrs)) throw new Error(`${where}: an inline module script cannot be moved out as a classic script`)
    if (asyncModuleSeen) throw new Error(`${where}: an inline script after the async entry module; moving it out could reorder it`)
    const file = `assets/inline-${createHash('sha256').update(content, 'utf8').digest('hex').slice(0, 16)}.js`
    scripts.push({ file, content })
    return `<script${attrs} src="/${file}"></script>`
  })
  return { html: out, scripts }
}

function origin(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

export function contentSecurityPolicy(): string {
  const supabase = origin(config.supabaseUrl)
  const logos = origin(config.logoServiceUrl)
  const booking = origin(config.bookingUrl)
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // Inline styles come from React style props, Radix positioning and the toast library's injected sheet.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...(logos ? [logos] : [])]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...(supabase ? [supabase] : [])]],
    ['frame-src', booking ? [booking] : ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['object-src', ["'none'"]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
  ]
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ')
}

export function securityHeaders(): Array<[string, string]> {
  return [
    ['Content-Security-Policy', contentSecurityPolicy()],
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ]
}

export interface HeaderRule {
  path: string
  headers: Array<[string, string]>
}

/** Security headers on every path (the 404 page for unknown paths included), then one caching rule per kind. */
export function headerRules(pagePaths: readonly string[]): HeaderRule[] {
  return [
    { path: '/*', headers: securityHeaders() },
    { path: '/assets/*', headers: [['Cache-Control', IMMUTABLE]] },
    ...[...new Set(pagePaths)].sort().map((path): HeaderRule => ({ path, headers: [['Cache-Control', REVALIDATE]] })),
  ]
}

export function renderHeaders(rules: readonly HeaderRule[]): string {
  const lines = ['# Generated by scripts/postbuild.ts from scripts/security-headers.ts. Do not edit.']
  for (const rule of rules) {
    lines.push(rule.path)
    for (const [name, value] of rule.headers) lines.push(`  ${name}: ${value}`)
  }
  return `${lines.join('\n')}\n`
}

/** Whether a `_headers` path pattern matches a URL path, as Cloudflare Pages and Netlify read it (`*` splat, `:name` one segment). */
export function patternMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`).test(path)
}

/**
 * Problems a host would silently act on, each naming the rule: a line longer than Cloudflare's 2,000 characters
 * (dropped), more than 100 rules (the rest dropped).
 */
export function headersFileProblems(text: string): string[] {
  const problems: string[] = []
  let rule = '(before any rule)'
  let rules = 0
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    if (!/^\s/.test(raw)) {
      rule = line
      rules++
      if (rules === MAX_RULES + 1) problems.push(`rule ${rules} (${rule}) is over the limit of ${MAX_RULES} rules; it and every later rule would be ignored`)
    }
    if (line.length > MAX_LINE_LENGTH) {
      const header = line.includes(':') ? line.slice(0, line.indexOf(':')) : line.slice(0, 40)
      problems.push(`rule ${rule}, line ${i + 1} (${header}) is ${line.length} characters, over the limit of ${MAX_LINE_LENGTH}; it would be ignored`)
    }
  }
  return problems
}

/** Headers that two rules set for one of these paths: hosts would join the values with a comma (two CSPs = both enforced). */
export function headerConflicts(rules: readonly HeaderRule[], paths: readonly string[]): string[] {
  const problems: string[] = []
  for (const path of paths) {
    const setBy = new Map<string, string[]>()
    for (const rule of rules.filter((r) => patternMatches(r.path, path))) {
      for (const [name] of rule.headers) setBy.set(name.toLowerCase(), [...(setBy.get(name.toLowerCase()) ?? []), rule.path])
    }
    for (const [name, by] of setBy) if (by.length > 1) problems.push(`${name} is set for ${path} by rules ${by.join(' and ')}`)
  }
  return problems
}
