import { describe, expect, it } from 'vitest'
import { allItems } from '../../domain/frameworks/items'
import { FRAMEWORK_VERSIONS } from '../../domain/frameworks/registry'
import { CONTENT_VERSION_IDS, loadFrameworkContent } from './index'
import { type FrameworkContent, promptFor } from './types'

const contents = await Promise.all(FRAMEWORK_VERSIONS.map(async (v) => [v, await loadFrameworkContent(v.id)] as const))
const prompts = (c: FrameworkContent) => Object.values(c.prompts).flatMap((g) => Object.values(g))

describe('framework prompts (our words beside each item)', () => {
  it('there is content for exactly the framework versions the product knows', () => {
    expect([...CONTENT_VERSION_IDS].sort()).toEqual(FRAMEWORK_VERSIONS.map((v) => v.id).sort())
    for (const [v, c] of contents) expect(c.versionId).toBe(v.id)
  })

  it.each(contents.map(([v, c]) => [v.id, v, c] as const))('%s: every item has a prompt and every prompt an item', (_, v, c) => {
    for (const item of allItems(v)) expect(promptFor(c, item), item.id).toBeDefined()
    const keys = v.groups.flatMap((g) => g.items.map((i) => `${g.key}/${i.key}`)).sort()
    expect(Object.entries(c.prompts).flatMap(([g, items]) => Object.keys(items).map((i) => `${g}/${i}`)).sort()).toEqual(keys)
  })

  it.each(contents.map(([v, c]) => [v.id, v, c] as const))('%s: a question for each condition, and nothing else', (_, v, c) => {
    expect(Object.keys(c.conditionQuestions).sort()).toEqual(v.conditions.map((x) => x.key).sort())
    for (const q of Object.values(c.conditionQuestions)) expect(q).toMatch(/^[A-Z].+\?$/)
  })

  it('counts: 34 CQC statements, 9 Ofsted judgements, 19 RSH outcomes and 10 BSR duties have prompts', () => {
    expect(contents.map(([v, c]) => [v.id, prompts(c).length])).toEqual([
      ['cqc-saf-2024', 34],
      ['ofsted-eif-2025', 9],
      ['rsh-consumer-2024', 19],
      ['bsr-hrb-2023', 10],
    ])
  })

  it('each prompt is short plain English: one or two sentences of what good looks like, two to five pieces of evidence', () => {
    for (const [, c] of contents) {
      expect(c.summary).toMatch(/^[A-Z].{20,200}\.$/)
      for (const p of prompts(c)) {
        expect(p.good, p.good).toMatch(/^[A-Z].*\.$/)
        expect(p.good.length, p.good).toBeGreaterThanOrEqual(60)
        expect(p.good.length, p.good).toBeLessThanOrEqual(260)
        expect(p.good.split(/(?<=\.)\s+(?=[A-Z])/).length, p.good).toBeLessThanOrEqual(2)
        expect(p.evidence.length).toBeGreaterThanOrEqual(2)
        expect(p.evidence.length).toBeLessThanOrEqual(5)
        for (const e of p.evidence) {
          expect(e, e).toMatch(/^[A-Z‘'].*[^.]$/) // a list line: capital first, no full stop
          expect(e.length, e).toBeLessThanOrEqual(100)
        }
      }
    }
  })

  it('is our own text, not the regulator’s “we” statements, and no two prompts are the same', () => {
    const all = contents.flatMap(([, c]) => prompts(c))
    for (const p of all) expect(p.good).not.toMatch(/^We\b/)
    expect(new Set(all.map((p) => p.good)).size).toBe(all.length)
  })

  it('uses British spelling and typographic apostrophes, as the rest of the site does', () => {
    const text = JSON.stringify(contents.map(([, c]) => c))
    for (const us of [/\borganiz/i, /\bcenter\b/i, /\bbehavior/i, /\bprogram\b/i, /\bfavor/i]) expect(text).not.toMatch(us)
    expect(text).not.toMatch(/[a-z]'[a-z]/i)
  })

  it('refuses a version without content', async () => {
    await expect(loadFrameworkContent('cqc-saf-2099')).rejects.toThrow(/No content/)
  })
})
