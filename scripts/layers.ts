/**
 * What may import what (docs/architecture.md draws it): every module of src/ and machines/ belongs to one layer, and
 * each layer names the layers it may import. `layerProblems()` lists every import that breaks the rules;
 * scripts/layers.test.ts (in `npm test`) fails on any. Run it alone: `npx tsx scripts/layers.ts`.
 *
 * Imports are read from the source text (static `import … from`, `export … from`, side-effect `import '…'` and
 * dynamic `import('…')`), relative ones only: packages are the layers' own business (supabase-js is checked by its
 * own rule below). Tests beside the code (`*.test.ts`) may import what they check and are not held to the rules.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export type Layer =
  | 'lib'
  | 'config'
  | 'styles'
  | 'domain'
  | 'content'
  | 'seo'
  | 'machines'
  | 'samples'
  | 'testing'
  | 'backend'
  | 'devtools'
  | 'ui'
  | 'views'
  | 'routes'
  | 'spec'
  | 'entry'
  | 'docs'

/** Where each layer lives, most specific first. */
const PLACES: ReadonlyArray<[prefix: string, layer: Layer]> = [
  ['src/lib/', 'lib'],
  ['src/config.ts', 'config'],
  ['src/styles/', 'styles'],
  ['src/domain/', 'domain'],
  ['src/content/', 'content'],
  ['src/seo/', 'seo'],
  ['machines/testing/', 'testing'],
  ['machines/', 'machines'],
  ['src/backend/', 'backend'],
  ['src/devtools/', 'devtools'],
  ['src/ui/', 'ui'],
  ['src/views/', 'views'],
  ['src/routes/', 'routes'],
  ['src/spec/', 'spec'],
  ['src/client.tsx', 'entry'],
  ['src/router.tsx', 'entry'],
  ['src/routeTree.gen.ts', 'entry'],
  ['docs/', 'docs'],
]

/**
 * The rules, lowest layer first: what each layer may import besides itself. `typeOnly` layers may be imported for
 * their types only (`import type`), which leaves no code behind.
 */
export const RULES: Record<Layer, { may: Layer[]; typeOnly?: Layer[]; why: string }> = {
  lib: { may: [], why: 'plain helpers with no knowledge of the product (loading code on demand)' },
  config: { may: [], why: 'brand, addresses and URLs, each with a VITE_ override' },
  styles: { may: ['lib'], why: 'the vanilla-extract theme and tokens' },
  domain: { may: [], why: 'pure rules: valibot schemas, formulas, messages; no side effects' },
  content: { may: ['domain', 'config'], why: 'typed page copy, one module per page' },
  seo: { may: ['content', 'domain', 'config'], why: 'the page list, head data and JSON-LD' },
  machines: { may: ['domain'], why: 'pure XState machines; a parent may invoke its children' },
  samples: {
    may: ['machines', 'domain'],
    why: 'a machine’s sample events, inputs and data (machines/<name>.samples.ts): for the tests, the drivers and docs/flows, never in a bundle',
  },
  testing: { may: ['machines', 'domain'], why: 'path planning, the shadow replay and the living spec from the machines' },
  backend: { may: ['domain', 'config', 'lib'], typeOnly: ['machines'], why: 'actor implementations; the only home of supabase-js' },
  devtools: { may: ['lib'], typeOnly: ['machines'], why: 'the ?inspect bridge' },
  ui: {
    may: ['styles', 'lib', 'domain', 'config', 'content', 'machines', 'devtools'],
    why: 'shared view code: design-system primitives, prose, shared cards, the motion and Reduce Motion providers',
  },
  views: {
    may: ['ui', 'styles', 'lib', 'domain', 'config', 'content', 'seo', 'machines', 'backend', 'devtools', 'testing', 'docs'],
    why: 'one folder per page or flow; they start the machines with the backend actors',
  },
  routes: { may: ['views', 'ui', 'styles', 'seo', 'content', 'domain'], why: 'thin file routes: head(), validateSearch, one view' },
  spec: { may: ['views', 'ui', 'styles', 'testing', 'docs'], why: 'the static spec site’s shell' },
  entry: { may: ['routes', 'views', 'ui', 'styles'], why: 'the client entry, the router and its generated route tree' },
  docs: { may: [], why: 'generated data (docs/flows)' },
}

/** Routes sit in every page's entry chunk: of the domain they may use only the plain search parsers. */
const ROUTE_DOMAIN_FILES = new Set(['src/domain/routeSearch.ts'])

/** A machine's samples module: machines/<name>.samples.ts (beside machines/<name>.machine.ts). */
const SAMPLES = /^machines\/[^/]+\.samples\.ts$/

export function layerOf(file: string): Layer | null {
  if (SAMPLES.test(file)) return 'samples'
  return PLACES.find(([prefix]) => file === prefix || file.startsWith(prefix))?.[1] ?? null
}

interface Import {
  specifier: string
  typeOnly: boolean
}

/** The module specifiers a source file imports, with whether the import is for types only. */
export function importsOf(source: string): Import[] {
  const out: Import[] = []
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  for (const m of text.matchAll(/\b(import|export)\s+(type\s+)?(?:[\w*${},\s]+?\s+from\s+)?['"]([^'"]+)['"]/g)) {
    out.push({ specifier: m[3]!, typeOnly: Boolean(m[2]) })
  }
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ specifier: m[1]!, typeOnly: false })
  return out
}

function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name)
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(root, path))
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path)
  }
  return out
}

/** Resolves a relative specifier to a repository path (with its extension, or its folder's index). */
function resolveImport(root: string, from: string, specifier: string): string {
  const base = join(dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(join(root, candidate)).isFile()) return candidate
    } catch {}
  }
  return base
}

/** Every import in src/ and machines/ that its layer may not make, as `file → target: why`. */
export function layerProblems(root = resolve(import.meta.dirname, '..')): string[] {
  const problems: string[] = []
  for (const file of [...sourceFiles(root, 'src'), ...sourceFiles(root, 'machines')]) {
    const from = layerOf(file)
    if (!from) {
      problems.push(`${file}: in no layer (add its folder to scripts/layers.ts)`)
      continue
    }
    const source = readFileSync(join(root, file), 'utf8')
    for (const { specifier, typeOnly } of importsOf(source)) {
      if (specifier === '@supabase/supabase-js' && from !== 'backend') {
        problems.push(`${file} → ${specifier}: only src/backend imports supabase-js`)
        continue
      }
      if (!specifier.startsWith('.')) continue
      const target = relative(root, resolve(root, resolveImport(root, file, specifier))).split('\\').join('/')
      const to = layerOf(target)
      if (!to || to === from) continue
      const rule = RULES[from]
      const allowed = rule.may.includes(to) || (typeOnly && rule.typeOnly?.includes(to))
      if (!allowed) {
        problems.push(`${file} → ${target}: ${from} may not import ${to}${rule.typeOnly?.includes(to) ? ' (types only)' : ''}`)
        continue
      }
      if (from === 'routes' && to === 'domain' && !ROUTE_DOMAIN_FILES.has(target)) {
        problems.push(`${file} → ${target}: routes may import only the plain search parsers of the domain (route definitions are in every page's entry chunk)`)
      }
    }
  }
  return problems
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = layerProblems()
  for (const p of problems) console.log(p)
  console.log(problems.length ? `\n${problems.length} imports break the layers (scripts/layers.ts)` : 'Every import keeps to its layer.')
  process.exit(problems.length ? 1 : 0)
}
