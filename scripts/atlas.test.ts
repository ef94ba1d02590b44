import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { FlowSpec } from '../machines/testing/diagram'
import type { AtlasManifest } from '../machines/testing/atlas'
import { atlasProblems } from '../machines/testing/atlas'
import type { AtlasRecord } from '../tests/support/atlas'
import { ATLAS_DIR, buildManifest } from './flows-atlas'

const flows = JSON.parse(readFileSync('docs/flows/flows.json', 'utf8')) as FlowSpec[]

function filesUnder(dir: string): Map<string, number> {
  const out = new Map<string, number>()
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    out.set(path.slice(dir.length + 1), statSync(path).size)
  }
  return out
}

describe('the committed state atlas (docs/flows/atlas)', () => {
  it('is current: no picture of a state or machine that no longer exists, of an older machine definition, or unlisted (run npm run flows:atlas when this fails)', () => {
    expect(existsSync(join(ATLAS_DIR, 'manifest.json'))).toBe(true)
    const manifest = JSON.parse(readFileSync(join(ATLAS_DIR, 'manifest.json'), 'utf8')) as AtlasManifest
    const problems = atlasProblems(manifest, flows, filesUnder(ATLAS_DIR))
    expect(problems, `docs/flows/atlas is stale:\n${problems.join('\n')}\nRun npm run flows:atlas and commit docs/flows/atlas/.`).toEqual([])
  })

  it('a run becomes a manifest in the order of the machine, with the pictures and reasons of machines that still exist', () => {
    const signup = flows.find((f) => f.name === 'signup')!
    const [a, b] = [signup.states[2]!.id, signup.states[1]!.id]
    const record = (stateId: string): AtlasRecord => ({
      machine: 'signup',
      stateId,
      pathTitle: `reaches ${stateId}`,
      page: '/auth',
      desktop: { file: `signup/${stateId}.desktop.webp`, width: 960, height: 540, bytes: 1 },
    })
    const manifest = buildManifest([record(a), record(b), { ...record('gone.x'), machine: 'gone' }], { signup: { [signup.states[3]!.id]: 'why', 'signup.nope': 'x' } }, flows, 't')
    expect(Object.keys(manifest.machines)).toEqual(['signup'])
    expect(manifest.machines.signup!.definitionHash).toBe(signup.definitionHash)
    expect(Object.keys(manifest.machines.signup!.states)).toEqual([b, a])
    expect(manifest.unreached).toEqual({ signup: { [signup.states[3]!.id]: 'why' } })
  })
})

describe('the drawings in docs/flows/flows.json', () => {
  it.each(flows.map((f) => [f.name, f] as const))('%s: one box per state, each inside its parent, and an arrow or line for every transition', (_, flow) => {
    const boxes = new Map(flow.diagram.nodes.map((n) => [n.id, n]))
    expect(flow.diagram.nodes.filter((n) => n.id !== flow.id).map((n) => n.id)).toEqual(flow.states.map((s) => s.id))
    for (const st of flow.states) {
      if (!st.parent) continue
      const [c, p] = [boxes.get(st.id)!, boxes.get(st.parent)!]
      expect(c.x >= p.x && c.y >= p.y + p.header && c.x + c.width <= p.x + p.width && c.y + c.height <= p.y + p.height, `${st.id} inside ${st.parent}`).toBe(true)
    }
    const drawn = new Set([...flow.diagram.edges.flatMap((e) => e.label.lines.map((l) => l.transition)), ...flow.diagram.nodes.flatMap((n) => n.lines.map((l) => l.transition))])
    expect(flow.transitions.filter((t) => !drawn.has(t.key)).map((t) => t.key)).toEqual([])
    const initials = flow.states.filter((s) => s.initial && (s.parent ? flow.states.find((p) => p.id === s.parent)!.type !== 'parallel' : flow.rootType !== 'parallel'))
    expect(flow.diagram.initials.map((i) => i.target).sort()).toEqual(initials.map((s) => s.id).sort())
  })
})
