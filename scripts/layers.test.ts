import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, layerOf, layerProblems, RULES } from './layers'

/** What may import what (docs/architecture.md): no import in src/ or machines/ runs against the layers. */
describe('the layers', () => {
  it('every import in src/ and machines/ keeps to its layer (scripts/layers.ts)', () => {
    const problems = layerProblems()
    expect(problems, problems.join('\n')).toEqual([])
  })

  it('fails on a forbidden import, naming the file, the target and the rule', () => {
    const root = mkdtempSync(join(tmpdir(), 'layers-'))
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(root, file)), { recursive: true })
      writeFileSync(join(root, file), text)
    }
    try {
      write('src/views/page/Page.tsx', 'export const Page = 1\n')
      write('src/ui/Card.tsx', "import { Page } from '../views/page/Page'\nexport const Card = Page\n")
      write('src/content/copy.ts', "import { pages } from '../seo/pages'\nexport const copy = pages\n")
      write('src/seo/pages.ts', 'export const pages = []\n')
      write('machines/x.machine.ts', "import type { T } from '../src/backend/client'\nexport type X = T\n")
      write('src/backend/client.ts', 'export type T = 1\n')
      write('src/domain/rule.ts', "import { createClient } from '@supabase/supabase-js'\nexport const c = createClient\n")
      write('machines/x.samples.ts', "import type { X } from './x.machine'\nexport const xSampleEvents: X[] = []\n")
      write('machines/y.machine.ts', "import { xSampleEvents } from './x.samples'\nexport const y = xSampleEvents\n")
      write('src/views/page/Samples.tsx', "import { xSampleEvents } from '../../../machines/x.samples'\nexport const s = xSampleEvents\n")
      expect(layerProblems(root).sort()).toEqual([
        'machines/x.machine.ts → src/backend/client.ts: machines may not import backend',
        'machines/y.machine.ts → machines/x.samples.ts: machines may not import samples',
        'src/content/copy.ts → src/seo/pages.ts: content may not import seo',
        'src/domain/rule.ts → @supabase/supabase-js: only src/backend imports supabase-js',
        'src/ui/Card.tsx → src/views/page/Page.tsx: ui may not import views',
        'src/views/page/Samples.tsx → machines/x.samples.ts: views may not import samples',
      ])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('places each folder in its layer', () => {
    expect(layerOf('src/ui/Button.tsx')).toBe('ui')
    expect(layerOf('src/views/auth/AuthPage.tsx')).toBe('views')
    expect(layerOf('machines/testing/shadow.ts')).toBe('testing')
    expect(layerOf('machines/session.machine.ts')).toBe('machines')
    expect(layerOf('machines/session.samples.ts')).toBe('samples')
    expect(layerOf('src/config.ts')).toBe('config')
  })

  it('reads static, type-only, re-exported, side-effect and dynamic imports', () => {
    const source = [
      "import { a } from './a'",
      "import type { B } from '../b'",
      "export { c } from './c'",
      "import '../styles/global.css'",
      "const d = () => import('./d')",
      '// import { commented } from "./out"',
    ].join('\n')
    expect(importsOf(source)).toEqual([
      { specifier: './a', typeOnly: false },
      { specifier: '../b', typeOnly: true },
      { specifier: './c', typeOnly: false },
      { specifier: '../styles/global.css', typeOnly: false },
      { specifier: './d', typeOnly: false },
    ])
  })

  it('the rules forbid what the architecture forbids', () => {
    expect(RULES.ui.may).not.toContain('views')
    expect(RULES.content.may).not.toContain('seo')
    expect(RULES.domain.may).toEqual([])
    expect(RULES.machines.may).toEqual(['domain'])
    expect(RULES.backend.may).not.toContain('views')
    expect(RULES.routes.may).not.toContain('machines')
    expect(RULES.routes.may).not.toContain('backend')
    // Samples are for the tests, the drivers and docs/flows: no production layer imports them.
    const importers = Object.entries(RULES).filter(([, rule]) => rule.may.includes('samples') || rule.typeOnly?.includes('samples'))
    expect(importers.map(([layer]) => layer)).toEqual([])
  })
})
