import { describe, expect, it } from 'vitest'
import { type AtlasManifest, atlasFile, atlasProblems, atlasStatus } from './atlas'

const flow = { name: 'signup', definitionHash: 'h2', states: [{ id: 'signup.form' }, { id: 'signup.form.editing' }, { id: 'signup.form.validating' }] }
const picture = (file: string) => ({ file, width: 960, height: 540, bytes: 100 })
const entry = { pathTitle: 'Starts in form.editing', page: '/auth', desktop: picture('signup/form.editing.desktop.webp') }
const manifest = (hash: string): AtlasManifest => ({
  version: 1,
  generatedAt: '2026-11-23T00:00:00Z',
  machines: { signup: { definitionHash: hash, states: { 'signup.form.editing': entry } } },
  unreached: { signup: { 'signup.form.validating': 'transient: left in the same step' } },
})

describe('the state atlas', () => {
  it('names pictures by state path and viewport', () => {
    expect(atlasFile('signup', 'signup.form.editing', 'phone')).toBe('signup/form.editing.phone.webp')
  })

  it('tells a pictured, an unreached and a missing state apart, and flags pictures of an older definition', () => {
    expect(atlasStatus(manifest('h2'), flow, 'signup.form.editing')).toEqual({ kind: 'pictured', entry, outdated: false })
    expect(atlasStatus(manifest('h1'), flow, 'signup.form.editing')).toMatchObject({ kind: 'pictured', outdated: true })
    expect(atlasStatus(manifest('h2'), flow, 'signup.form.validating')).toEqual({ kind: 'unreached', reason: 'transient: left in the same step', outdated: false })
    expect(atlasStatus(manifest('h2'), flow, 'signup.form')).toEqual({ kind: 'missing', driven: true })
    expect(atlasStatus(manifest('h2'), { ...flow, name: 'other' }, 'other.x')).toEqual({ kind: 'missing', driven: false })
  })

  it('finds every kind of staleness', () => {
    const files = new Map([['signup/form.editing.desktop.webp', 100]])
    expect(atlasProblems(manifest('h2'), [flow], files)).toEqual([])
    expect(atlasProblems(manifest('h1'), [flow], files)).toEqual([expect.stringContaining('older definition')])
    expect(atlasProblems(manifest('h2'), [{ ...flow, states: [{ id: 'signup.form' }] }], files)).toEqual([
      expect.stringContaining('a picture of signup.form.editing, a state that no longer exists'),
      expect.stringContaining('a reason for signup.form.validating, a state that no longer exists'),
    ])
    expect(atlasProblems(manifest('h2'), [], files)).toEqual([
      expect.stringContaining('a machine that no longer exists'),
      expect.stringContaining('a reason for'),
      'signup/form.editing.desktop.webp is not in the manifest',
    ])
    expect(atlasProblems(manifest('h2'), [flow], new Map())).toEqual([expect.stringContaining('is missing')])
    expect(atlasProblems(manifest('h2'), [flow], new Map([...files, ['signup/old.desktop.webp', 5]]))).toEqual(['signup/old.desktop.webp is not in the manifest'])
  })
})
