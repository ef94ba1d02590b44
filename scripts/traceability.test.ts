import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { atlasFile } from '../machines/testing/atlas'
import type { AtlasManifest } from '../machines/testing/atlas'
import { allItems } from '../src/domain/frameworks/items'
import { FRAMEWORK_VERSIONS } from '../src/domain/frameworks/registry'
import { CQC_SAF_2024 } from '../src/domain/frameworks/cqcSaf2024'
import { groupNaming, itemNaming, parseTestFile, type Traceability, testFiles, testsNaming } from './traceability'

/**
 * docs/flows/traceability.{json,md} (written by `npm run flows`; scripts/flows.test.ts fails when they are stale):
 * what the committed table must hold, and how tests are found to name an item or a key question.
 */
const committed = JSON.parse(readFileSync('docs/flows/traceability.json', 'utf8')) as Traceability
const page = readFileSync('docs/flows/traceability.md', 'utf8')
const manifest = JSON.parse(readFileSync('docs/flows/atlas/manifest.json', 'utf8')) as AtlasManifest

describe('the committed traceability table', () => {
  it('has every item of every framework version, under its group, with the machines that handle it', () => {
    expect(committed.frameworks.map((f) => f.versionId)).toEqual(FRAMEWORK_VERSIONS.map((v) => v.id))
    for (const version of FRAMEWORK_VERSIONS) {
      const traced = committed.frameworks.find((f) => f.versionId === version.id)!
      expect(traced).toMatchObject({ frameworkId: version.frameworkId, version: version.version })
      expect(traced.groups.flatMap((g) => g.items.map((i) => i.id))).toEqual(allItems(version).map((i) => i.id))
      for (const item of traced.groups.flatMap((g) => g.items)) {
        expect(item.machines, item.id).toEqual(['assessItem', 'home'])
        expect(page, item.id).toContain(`| \`${item.id}\` |`)
      }
    }
  })

  it('answers "which test proves Safe’s band?": Safe maps to scoring tests of src/domain/frameworks/scoring.test.ts', () => {
    const safe = committed.frameworks.find((f) => f.versionId === 'cqc-saf-2024')!.groups.find((g) => g.key === 'safe')!
    const scoring = safe.scoreTests.filter((t) => t.file === 'src/domain/frameworks/scoring.test.ts')
    expect(scoring.length).toBeGreaterThan(0)
    expect(scoring.map((t) => t.title)).toContainEqual(expect.stringMatching(/^CQC key question score › three Safe statements rated 3, 3 and 2: 8 of 12 is 67 %, Good/))
    // Every listed test exists in its file, under that title.
    for (const t of safe.scoreTests) expect(parseTestFile(t.file).tests.map((p) => p.title), t.title).toContain(t.title)
    expect(page).toMatch(/- \*\*Safe\*\* \(`cqc-saf-2024\/safe`\): \n {2}- `src\/domain\/frameworks\/scoring\.test\.ts`: CQC key question score › three Safe statements/)
  })

  it('every test it lists exists in its file under that title', () => {
    const refs = committed.frameworks.flatMap((f) => f.groups.flatMap((g) => [...g.scoreTests, ...g.items.flatMap((i) => i.tests)]))
    expect(refs.length).toBeGreaterThan(0)
    const titles = new Map<string, Set<string>>()
    for (const t of refs) {
      if (!titles.has(t.file)) titles.set(t.file, new Set(parseTestFile(t.file).tests.map((p) => p.title)))
      expect(titles.get(t.file)!.has(t.title), `${t.file}: ${t.title}`).toBe(true)
    }
  })

  it('lists the machines’ traced states with their atlas pictures and the path tests through them', () => {
    const byName = new Map(committed.machines.map((m) => [m.name, m]))
    expect([...byName.keys()].sort()).toEqual(['assessItem', 'home'])
    const assess = byName.get('assessItem')!
    expect(assess.states.map((s) => s.path)).toEqual([
      'ready',
      'ready.notStarted',
      'ready.inProgress',
      'ready.rated',
      'ready.dueForReview',
      'ready.reviewed',
      'addingEvidence',
      'saving',
      'refreshing',
    ])
    expect(byName.get('home')!.states.map((s) => s.path)).toEqual(['shown.overview', 'shown.item'])
    const flows = JSON.parse(readFileSync('docs/flows/flows.json', 'utf8')) as { name: string; paths: { description: string }[] }[]
    for (const m of committed.machines) {
      expect(m.pathTests.length, m.name).toBeGreaterThan(0)
      const descriptions = flows.find((f) => f.name === m.name)!.paths.map((p) => p.description)
      for (const t of m.pathTests) {
        expect(t.file).toBe(`tests/paths/${m.name}.spec.ts`)
        expect(descriptions).toContain(t.title.slice(`paths: ${m.flow} › `.length))
      }
      for (const s of m.states) {
        expect(s.pictures.desktop).toBe(`atlas/${atlasFile(m.name, s.id, 'desktop')}`)
        // Where the atlas has the state, the files are the ones it names.
        const entry = manifest.machines[m.name]?.states[s.id]
        if (entry) expect(s.pictures).toEqual({ desktop: `atlas/${entry.desktop.file}`, ...(entry.phone ? { phone: `atlas/${entry.phone.file}` } : {}) })
      }
    }
  })
})

describe('finding the tests that name an item or a group', () => {
  const SAFE = CQC_SAF_2024.groups.find((g) => g.key === 'safe')!
  const MEDICINES = SAFE.items.find((i) => i.key === 'medicines-optimisation')!
  const source = [
    "import { CQC_SAF_2024 } from './cqcSaf2024'",
    "import { percentageResult } from '../src/domain/frameworks/scoring'",
    "const SAFE_GROUP = group(CQC_SAF_2024, 'safe')",
    "const MEDS = 'cqc-saf-2024/safe/medicines-optimisation'",
    "describe('scores', () => {",
    "  it('three Safe statements: Good', () => {})",
    '  it(`through a constant`, () => { use(SAFE_GROUP) })',
    "  it.each([1, 2])('case %s', () => { rate(MEDS) })",
    "  it('a helper with the group key', () => { cqc('safe/medicines-optimisation') })",
    "  it('nothing of the kind: safe to retry', () => {})",
    "  test.describe('nested', () => { test('deeper', () => { x('cqc-saf-2024/safe') }) })",
    '})',
  ].join('\n')
  const file = parseTestFile('scripts/fixture.test.ts', source)

  it('reads titles (nested, it.each, templates), file-level constants and imports', () => {
    expect(file.tests.map((t) => t.title)).toEqual([
      'scores › three Safe statements: Good',
      'scores › through a constant',
      'scores › case %s',
      'scores › a helper with the group key',
      'scores › nothing of the kind: safe to retry',
      'scores › nested › deeper',
    ])
    expect([...file.constants.keys()]).toEqual(['SAFE_GROUP', 'MEDS'])
    expect(file.imports).toEqual(['scripts/cqcSaf2024', 'src/domain/frameworks/scoring'])
  })

  it('a test names the group by id (an item’s id included), name or quoted key, directly or through a constant; lower-case prose does not', () => {
    const titles = testsNaming(file, groupNaming(SAFE), CQC_SAF_2024).map((t) => t.title)
    expect(titles).toEqual(['scores › three Safe statements: Good', 'scores › through a constant', 'scores › case %s', 'scores › nested › deeper'])
  })

  it('a test names the item by id (or a constant holding it) or by `<group>/<item>` in quotes', () => {
    const titles = testsNaming(file, itemNaming(SAFE.key, MEDICINES), CQC_SAF_2024).map((t) => t.title)
    expect(titles).toEqual(['scores › case %s', 'scores › a helper with the group key'])
  })

  it('names and keys count only in a file that mentions the version; ids always count', () => {
    const elsewhere = parseTestFile('x.test.ts', "it('Safe', () => { g('safe') })\nit('other', () => {})")
    expect(testsNaming(elsewhere, groupNaming(SAFE), CQC_SAF_2024)).toEqual([])
    const named = parseTestFile('y.test.ts', `${elsewhere.text}\nconst V = CQC_SAF_2024`)
    expect(testsNaming(named, groupNaming(SAFE), CQC_SAF_2024).map((t) => t.title)).toEqual(['Safe'])
    const byId = parseTestFile('z.test.ts', "it('by id', () => { r('cqc-saf-2024/safe/medicines-optimisation') })")
    expect(testsNaming(byId, itemNaming(SAFE.key, MEDICINES), CQC_SAF_2024).map((t) => t.title)).toEqual(['by id'])
  })

  it('finds the repository’s test files, this one included, and no generated output', () => {
    const files = testFiles()
    expect(files).toContain('scripts/traceability.test.ts')
    expect(files).toContain('src/domain/frameworks/scoring.test.ts')
    expect(files).toContain('tests/e2e/flows-spec.spec.ts')
    expect(files.every((f) => /\.(test|spec)\.tsx?$/.test(f) && !f.includes('node_modules') && !f.startsWith('dist'))).toBe(true)
  })
})
