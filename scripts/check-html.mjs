#!/usr/bin/env node
/**
 * `npm run check:html`: the W3C Nu HTML Checker (the `vnu.jar` of the npm package vnu-jar, run on Java 17+) over
 * every HTML file of a build: each prerendered page and 404.html in `$DIST/client` (default dist). Errors only
 * (warnings are advice); any error fails. `npm test` runs it right after the build. Where no `java` is on the
 * PATH it prints why and skips, rather than failing a machine that cannot run the checker at all.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const client = resolve(process.env.DIST ?? 'dist', 'client')
const jar = join(dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build', 'dist', 'vnu.jar')

/** HTML files under a folder, recursively. */
function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
}

const java = spawnSync('java', ['-version'], { encoding: 'utf8' })
if (java.error) {
  console.log(`HTML check skipped: no \`java\` on the PATH (${java.error.message}). The Nu checker needs Java 11 or later.`)
  process.exit(0)
}

const pages = htmlFiles(client)
if (pages.length === 0) {
  console.error(`No HTML files in ${client}: build the site first (npm run build).`)
  process.exit(1)
}

// --format json writes {"messages": [...]} to stderr; --exit-zero-always lets us report the messages ourselves.
const res = spawnSync('java', ['-jar', jar, '--errors-only', '--skip-non-html', '--format', 'json', '--exit-zero-always', client], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
if (res.status !== 0) {
  console.error(`The Nu checker did not run (exit ${res.status ?? res.signal}):\n${res.stderr}`)
  process.exit(1)
}
const { messages } = JSON.parse(res.stderr || '{"messages":[]}')
const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal')
for (const m of errors) {
  const file = m.url ? relative(client, fileURLToPath(m.url)) : '?'
  console.error(`${file}:${m.lastLine ?? '?'}:${m.firstColumn ?? '?'}: ${m.message}\n    ${(m.extract ?? '').replace(/\s+/g, ' ').trim()}`)
}
console.log(`Nu HTML checker: ${errors.length} error${errors.length === 1 ? '' : 's'} in ${pages.length} HTML files under ${relative(process.cwd(), client)}`)
process.exit(errors.length ? 1 : 0)
