import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The README and docs/ stay true to the repository: every relative link (and image) in README.md and docs/*.md
 * resolves to a file or folder, every `#anchor` to a heading of the linked page, and every `npm run <script>`
 * they name is a script of package.json. The README stays short enough to read on two screens, and links to every
 * page of docs/. docs/flows/ is generated and checked by scripts/flows.test.ts instead.
 */
const root = resolve(import.meta.dirname, '..')
const README_MAX_LINES = 150

const docFiles = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
]
const scripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts)

/** The text without fenced code blocks (links and headings in them are examples, not links). */
function withoutFences(markdown: string): string {
  return markdown.replace(/^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?^[ \t]*\1[^\n]*$/gm, '')
}

/** Link targets of a Markdown text: inline links and images, and HTML `href` / `src`, outside code. */
function linkTargets(markdown: string): string[] {
  const text = withoutFences(markdown).replace(/`[^`\n]*`/g, '')
  const targets: string[] = []
  for (const m of text.matchAll(/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]!)
  for (const m of text.matchAll(/\b(?:href|src)="([^"]+)"/g)) targets.push(m[1]!)
  return targets
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const m of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = m[1]!.replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

/** Problems with the relative links of a Markdown file (`file` is its path relative to the repository). */
function brokenLinks(file: string, markdown: string, exists = (p: string) => existsSync(p)): string[] {
  const problems: string[] = []
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // http:, https:, mailto:
    const [pathPart = '', anchor] = target.split('#', 2)
    const path = decodeURIComponent(pathPart.split('?')[0]!)
    const abs = path === '' ? join(root, file) : resolve(root, dirname(file), path)
    const shown = path === '' ? file : relative(root, abs) || '.'
    if (!abs.startsWith(root)) problems.push(`${file}: ${target} leaves the repository`)
    else if (!exists(abs)) problems.push(`${file}: ${target} → ${shown} does not exist`)
    else if (anchor && abs.endsWith('.md') && statSync(abs).isFile()) {
      const text = abs === join(root, file) ? markdown : readFileSync(abs, 'utf8')
      if (!headingAnchors(text).has(anchor.toLowerCase())) problems.push(`${file}: ${target} → no heading #${anchor} in ${shown}`)
    }
  }
  return problems
}

/** `npm run <name>` mentions whose script package.json does not have. */
function unknownScripts(file: string, markdown: string, known: readonly string[]): string[] {
  const problems: string[] = []
  for (const m of markdown.matchAll(/\bnpm run ([a-z][\w:.-]*)/g)) {
    const name = m[1]!.replace(/[.:-]+$/, '')
    if (!known.includes(name)) problems.push(`${file}: npm run ${name} is not a script of package.json`)
  }
  return problems
}

describe('README.md and docs/', () => {
  it.each(docFiles)('%s: every relative link resolves', (file) => {
    expect(brokenLinks(file, readFileSync(join(root, file), 'utf8'))).toEqual([])
  })

  it.each(docFiles)('%s: every `npm run` script it names exists', (file) => {
    expect(unknownScripts(file, readFileSync(join(root, file), 'utf8'), scripts)).toEqual([])
  })

  it(`README.md fits on two screens (at most ${README_MAX_LINES} lines) and links to every page of docs/`, () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES)
    const linked = new Set(linkTargets(readme).map((t) => t.split('#')[0]))
    expect(docFiles.filter((f) => f !== 'README.md' && !linked.has(f))).toEqual([])
  })

  it.each(docFiles.filter((f) => f.startsWith('docs/')))('%s starts by saying what it is for', (file) => {
    const [title, , purpose] = readFileSync(join(root, file), 'utf8').split('\n')
    expect(title).toMatch(/^# \S/)
    expect(purpose).toMatch(/^What this page is for: /)
  })
})

describe('the checks can fail', () => {
  const sample = [
    '# Sample',
    '',
    '## Getting started',
    '',
    'See [the architecture](docs/architecture.md#the-layers), [the logo](public/logo.png) and',
    '[a page that is gone](docs/missing-page.md), [a wrong anchor](docs/architecture.md#no-such-heading),',
    '[this page](#getting-started), [elsewhere](#nowhere) and [the web](https://example.com/x.md).',
    '<img src="docs/images/none.png" alt="">',
    '```md',
    '[inside a code block](docs/ignored.md)',
    '```',
    '  ```tsx',
    '  <a href="docs/indented-ignored.md">in an indented block</a>',
    '  ```',
    'Run `npm run dev`, then `npm run nosuch-script`, and `[in code](docs/also-ignored.md)`.',
  ].join('\n')

  it('the link parser finds every link outside code, and only those', () => {
    expect(linkTargets(sample)).toEqual([
      'docs/architecture.md#the-layers',
      'public/logo.png',
      'docs/missing-page.md',
      'docs/architecture.md#no-such-heading',
      '#getting-started',
      '#nowhere',
      'https://example.com/x.md',
      'docs/images/none.png',
    ])
  })

  it('a broken link, a wrong anchor and a missing image are reported; good links are not', () => {
    expect(brokenLinks('README.md', sample)).toEqual([
      'README.md: docs/missing-page.md → docs/missing-page.md does not exist',
      'README.md: docs/architecture.md#no-such-heading → no heading #no-such-heading in docs/architecture.md',
      'README.md: #nowhere → no heading #nowhere in README.md',
      'README.md: docs/images/none.png → docs/images/none.png does not exist',
    ])
  })

  it('an unknown npm script is reported', () => {
    expect(unknownScripts('README.md', sample, scripts)).toEqual(['README.md: npm run nosuch-script is not a script of package.json'])
  })

  it('anchors follow GitHub: code marks and punctuation dropped, repeats numbered', () => {
    const anchors = headingAnchors('# Every VITE_ variable\n## `/functions/v1/<name>`\n## Tests\n### Tests\n')
    expect([...anchors]).toEqual(['every-vite_-variable', 'functionsv1name', 'tests', 'tests-1'])
  })
})
