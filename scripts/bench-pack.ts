/**
 * The inspection pack in `npm run bench` (issue 30): the pack's chunk as Vite builds it for the browser (gzip of
 * src/views/pack/pdf.ts with its static imports: what a person downloads on asking for a pack), and the time to
 * build the full CQC pack (scripts/bench-pack-entry.ts) in Node and in Debian's Chromium, first run and median.
 * Whether any page loads the chunk up front is checked by scripts/bench.ts with PACK_PRODUCER, per route.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from '@playwright/test'
import { build, type Rolldown } from 'vite'
import { type PackTiming, timePack } from './bench-pack-entry'

export interface PackBench {
  /** Gzip bytes of the pack chunk and its static imports. */
  chunkGzip: number
  node: PackTiming
  chromium: PackTiming
}

/** Builds the pack's chunk and the timing entry as the site would (Vite, minified, ES modules). */
async function buildPack(outDir: string): Promise<{ chunkGzip: number; files: Map<string, Buffer> }> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: process.cwd(),
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      write: false,
      rolldownOptions: {
        input: { pack: resolve('src/views/pack/pdf.ts'), bench: resolve('scripts/bench-pack-entry.ts') },
        preserveEntrySignatures: 'exports-only',
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? (r as Rolldown.RolldownOutput).output : []))
  const files = new Map<string, Buffer>()
  const chunks = new Map<string, Rolldown.OutputChunk>()
  for (const o of outputs) {
    files.set(o.fileName, Buffer.from(o.type === 'chunk' ? o.code : o.source))
    if (o.type === 'chunk') chunks.set(o.fileName, o)
  }
  // The pack entry and what it imports statically: what the dynamic import in loadPack.ts downloads.
  const seen = new Set<string>()
  const queue = ['pack.js']
  while (queue.length) {
    const f = queue.pop()!
    if (seen.has(f)) continue
    seen.add(f)
    queue.push(...(chunks.get(f)?.imports ?? []))
  }
  const chunkGzip = [...seen].reduce((sum, f) => sum + gzipSync(files.get(f)!).length, 0)
  return { chunkGzip, files }
}

/** The bundle's timing entry, run in a page of its own origin (served from memory, no server). */
async function timeInChromium(browser: Browser, files: Map<string, Buffer>, runs: number): Promise<PackTiming> {
  const page = await browser.newPage()
  try {
    const origin = 'http://pack.bench.invalid'
    await page.route(`${origin}/**`, (route) => {
      const path = new URL(route.request().url()).pathname.slice(1)
      if (path === '') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>pack</title>' })
      const body = files.get(path)
      return body ? route.fulfill({ contentType: 'text/javascript', body }) : route.fulfill({ status: 404 })
    })
    await page.goto(`${origin}/`)
    return await page.evaluate(
      async ([src, n]) => {
        const entry = (await import(src)) as { timePack: (runs: number) => Promise<PackTiming> }
        return entry.timePack(n)
      },
      ['/bench.js', runs] as const,
    )
  } finally {
    await page.close()
  }
}

export async function benchPack(browser: Browser, runs: number): Promise<PackBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pack-'))
  try {
    const { chunkGzip, files } = await buildPack(dir)
    const node = await timePack(runs)
    const chromium = await timeInChromium(browser, files, runs)
    return { chunkGzip, node, chromium }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
