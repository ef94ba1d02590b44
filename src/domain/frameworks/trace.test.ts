import { describe, expect, it } from 'vitest'
import { allItems } from './items'
import { FRAMEWORK_VERSIONS } from './registry'
import { frameworkTrace, TRACE_META_KEY, TRACED_VERSIONS, traceIn, tracedItems, valuesAt } from './trace'

const snapshot = (meta: Record<string, unknown>, context: unknown) => ({ getMeta: () => meta, context })

describe('framework traces in machine meta', () => {
  it('names every version of the registry, with framework id and version', () => {
    expect(TRACED_VERSIONS.map((v) => v.id)).toEqual(FRAMEWORK_VERSIONS.map((v) => v.id))
    expect(TRACED_VERSIONS).toContainEqual({ id: 'cqc-saf-2024', frameworkId: 'cqc-saf', version: '2024' })
    const meta = frameworkTrace({ handles: 'item', role: 'rates', itemIdAt: 'itemId' })
    expect(traceIn(meta)).toEqual({ handles: 'item', role: 'rates', itemIdAt: 'itemId', versions: TRACED_VERSIONS })
    expect(traceIn({ other: 1 })).toBeUndefined()
    expect(traceIn(undefined)).toBeUndefined()
    expect(traceIn({ [TRACE_META_KEY]: 'no' })).toBeUndefined()
  })

  it('valuesAt reads dotted paths, stepping into arrays at []', () => {
    const context = { a: { b: 'x' }, list: [{ v: 'one' }, { v: 'two' }, { v: 3 }, {}], empty: '' }
    expect(valuesAt(context, 'a.b')).toEqual(['x'])
    expect(valuesAt(context, 'list[].v')).toEqual(['one', 'two'])
    expect(valuesAt(context, 'a.missing.deeper')).toEqual([])
    expect(valuesAt(context, 'a[].b')).toEqual([])
    expect(valuesAt(context, 'empty')).toEqual([])
  })

  it('tracedItems resolves each active state’s trace against the context', () => {
    const ofsted = FRAMEWORK_VERSIONS.find((v) => v.id === 'ofsted-eif-2025')!
    const items = snapshot(
      { 'm.shown': frameworkTrace({ handles: 'items', role: 'shows', versionIdAt: 'assessments[].versionId' }), 'm.other': { note: 1 } },
      { assessments: [{ versionId: 'ofsted-eif-2025' }, { versionId: 'no-such-version' }] },
    )
    expect(tracedItems(items)).toEqual({ versionIds: ['ofsted-eif-2025'], itemIds: allItems(ofsted).map((i) => i.id).sort() })
    // The version comes from the item id when the trace names no version path.
    const one = snapshot({ 'm.item': frameworkTrace({ handles: 'item', role: 'rates', itemIdAt: 'open.itemId' }) }, {})
    const real = allItems(FRAMEWORK_VERSIONS.find((v) => v.id === 'bsr-hrb-2023')!)[0]!.id
    expect(tracedItems(snapshot(one.getMeta(), { open: { itemId: real } }))).toEqual({ versionIds: ['bsr-hrb-2023'], itemIds: [real] })
    expect(tracedItems(snapshot(one.getMeta(), { open: { itemId: 'not-an-item' } }))).toEqual({ versionIds: [], itemIds: [] })
  })
})
