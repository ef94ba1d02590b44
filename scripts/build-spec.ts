/**
 * `npm run build:spec`: the living spec as a static site, for people who never run the app. Writes SPEC_OUT
 * (default dist-spec/): index.html, one classic script and one stylesheet under assets/, and the state atlas's
 * pictures under atlas/. Every URL is relative and the data (docs/flows/flows.json, the atlas manifest) is inside
 * the script, so the folder works on any static host and opened straight from disk (file://, where module scripts
 * and fetch are blocked). The page body is the /flows page's (src/views/flows/FlowsSpec.tsx).
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import viteReact from '@vitejs/plugin-react'
import { build } from 'vite'

const root = resolve(import.meta.dirname, '..')

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

function sizeOf(dir: string): { files: number; bytes: number } {
  let files = 0
  let bytes = 0
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    files++
    bytes += statSync(join(entry.parentPath, entry.name)).size
  }
  return { files, bytes }
}

/** Vite emits `<script type="module" crossorigin>`: a classic deferred script, and no CORS mode, work from file://. */
export function classicHtml(html: string): string {
  return html
    .replace(/<script type="module" crossorigin src=/g, '<script defer src=')
    .replace(/<script type="module" src=/g, '<script defer src=')
    .replace(/ crossorigin(?=[ >])/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\n?/g, '')
}

export async function buildSpec(out = process.env.SPEC_OUT ?? 'dist-spec'): Promise<{ out: string; files: number; bytes: number; ms: number }> {
  const started = Date.now()
  const outDir = resolve(root, out)
  rmSync(outDir, { recursive: true, force: true })
  await build({
    configFile: false,
    root: join(root, 'src/spec'),
    base: './',
    publicDir: false,
    logLevel: 'warn',
    mode: 'production',
    define: { __SPEC_BUILT__: JSON.stringify({ at: new Date().toISOString().slice(0, 16).replace('T', ' '), commit: commit() }) },
    plugins: [vanillaExtractPlugin(), viteReact()],
    build: {
      outDir,
      emptyOutDir: true,
      modulePreload: false,
      reportCompressedSize: false,
      rolldownOptions: { output: { format: 'iife', codeSplitting: false, entryFileNames: 'assets/spec-[hash].js' } },
    },
  })
  const index = join(outDir, 'index.html')
  const html = classicHtml(readFileSync(index, 'utf8'))
  if (/type="module"|crossorigin|(src|href)="\//.test(html)) throw new Error(`build:spec: ${index} still has a module script or an absolute URL`)
  writeFileSync(index, html)
  const atlas = join(root, 'docs/flows/atlas')
  if (existsSync(atlas)) cpSync(atlas, join(outDir, 'atlas'), { recursive: true, filter: (src) => statSync(src).isDirectory() || src.endsWith('.webp') })
  return { out, ...sizeOf(outDir), ms: Date.now() - started }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildSpec()
    .then(({ out, files, bytes, ms }) => {
      console.log(`build:spec: ${out}/ written in ${(ms / 1000).toFixed(1)} s: ${files} files, ${(bytes / 1024).toFixed(0)} kB (open ${out}/index.html, or serve the folder)`)
    })
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
