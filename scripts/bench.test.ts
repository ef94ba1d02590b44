import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { PAGES } from '../src/seo/pages'
import { allJsBudgetKb, APP_CODE_MARKERS, appBudgetFailures, BACKEND_ROUTES, FLOW_ROUTES, appLine, BUDGETS, changesSince, firstLoadJs, jsBudgetKb, packBudgetFailures, packLine, solidPng, stripScripts } from './bench'

describe('jsBudgetKb', () => {
  it('gives landing pages and form flows 150 kB and every other page the static budget', () => {
    for (const path of ['/', '/care', '/education', '/housing', '/construction']) expect(jsBudgetKb(path)).toBe(BUDGETS.landingJsKb)
    for (const path of ['/auth', '/contact', '/partner-apply', '/onboarding', '/onboarding/setup']) expect(jsBudgetKb(path)).toBe(BUDGETS.flowJsKb)
    for (const path of ['/about', '/privacy', '/lms-partner', '/roi-calculator']) expect(jsBudgetKb(path)).toBe(BUDGETS.staticJsKb)
    expect(jsBudgetKb('/app')).toBe(BUDGETS.appJsKb)
    expect(jsBudgetKb('/app/pack')).toBe(BUDGETS.appJsKb)
    expect(BUDGETS.appJsKb).toBe(180)
    expect(BUDGETS.staticJsKb).toBe(120)
    expect(BUDGETS.landingJsKb).toBe(150)
  })

  it('counts every signed-in page as a flow that talks to the backend (a new one would get the static budget)', () => {
    const signedIn = PAGES.filter((p) => 'signedIn' in p && p.signedIn).map((p) => p.path)
    expect(signedIn).toContain('/settings')
    for (const path of signedIn) {
      expect(FLOW_ROUTES.has(path), path).toBe(true)
      expect(BACKEND_ROUTES.has(path), path).toBe(true)
    }
  })
})

describe('allJsBudgetKb', () => {
  it('holds static pages to 120 kB of every script they fetch, landing pages to 150 kB, form pages to 165 kB', () => {
    for (const path of ['/about', '/privacy', '/lms-partner', '/changelog']) expect(allJsBudgetKb(path)).toBe(120)
    for (const path of ['/', '/housing']) expect(allJsBudgetKb(path)).toBe(150)
    for (const path of ['/auth', '/contact', '/partner-apply']) expect(allJsBudgetKb(path)).toBe(165)
  })
})

describe('firstLoadJs', () => {
  const files: Record<string, string> = {
    '/assets/entry.js': 'import"./framework.js";import{a}from"./shared.js";const l=()=>import("./lazy.js")',
    '/assets/framework.js': 'export const f=1',
    '/assets/shared.js': 'import{f}from"./framework.js";export const a=f',
    '/assets/route.js': 'import{a}from"./shared.js"',
    '/assets/lazy.js': 'import"./only-lazy.js"',
    '/assets/only-lazy.js': '',
  }
  const read = (file: string) => {
    const text = files[file]
    if (text === undefined) throw new Error(`unexpected read of ${file}`)
    return text
  }

  it('follows static imports from the scripts and module preloads, but not dynamic imports', () => {
    const html = '<script type="module" src="/assets/entry.js"></script><link rel="modulepreload" href="/assets/route.js">'
    expect([...firstLoadJs(html, read)].sort()).toEqual(['/assets/entry.js', '/assets/framework.js', '/assets/route.js', '/assets/shared.js'])
  })

  it('counts nothing for a page without scripts', () => {
    expect(firstLoadJs('<p>static</p><link rel="stylesheet" href="/assets/x.css">', read).size).toBe(0)
  })
})

describe('stripScripts', () => {
  it('removes inline and external scripts and module preloads, and keeps the rest', () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/a.js"><link rel="stylesheet" href="/a.css"><script type="application/ld+json">{}</script></head>' +
      '<body><h1>Hi</h1><script type="module" src="/assets/e.js"></script><script>self.$_TSR={}</script></body>'
    expect(stripScripts(html)).toBe('<head><link rel="stylesheet" href="/a.css"></head><body><h1>Hi</h1></body>')
  })
})

describe('solidPng', () => {
  it('writes a valid PNG of the size and colour asked for', () => {
    const png = solidPng(4, '#13b5ea')
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR')
    expect(png.readUInt32BE(16)).toBe(4)
    expect(png.readUInt32BE(20)).toBe(4)
    const idatLength = png.readUInt32BE(33)
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT')
    const pixels = inflateSync(png.subarray(41, 41 + idatLength))
    expect(pixels.length).toBe(4 * (1 + 4 * 3))
    expect([...pixels.subarray(0, 4)]).toEqual([0, 0x13, 0xb5, 0xea])
    expect(png.subarray(png.length - 8, png.length - 4).toString('ascii')).toBe('IEND')
  })
})

describe('changesSince', () => {
  const result = (path: string, jsGzip: number, performance?: number) => ({
    path,
    jsGzip,
    jsLoadedGzip: jsGzip,
    cssGzip: 0,
    htmlBytes: 0,
    supabase: false,
    failures: [],
    checks: [],
    ...(performance === undefined
      ? {}
      : { lighthouse: { performance, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 1, tbtMs: 0, cls: 0, noScriptLcpMs: 1, lcpRatio: 1 } }),
  })

  it('names the routes whose first-load JS or scores moved, and skips the rest', () => {
    const previous = { at: '2026-11-22T00:00:00.000Z', results: [result('/', 136_500, 100), result('/about', 113_700), result('/gone', 1)] }
    const now = [result('/', 140_050, 97), result('/about', 113_750), result('/new', 5)]
    expect(changesSince(previous, now)).toEqual(['/: JS +3.5 kB, all JS +3.5 kB, performance 100 -> 97'])
  })

  it('reports a shrink with its sign', () => {
    expect(changesSince({ at: '', results: [result('/x', 120_000)] }, [result('/x', 115_000)])).toEqual(['/x: JS -5.0 kB, all JS -5.0 kB'])
  })

  it('reports all-JS changes on their own, and skips them where a run did not measure them (signed-in pages)', () => {
    const lighter = { ...result('/about', 113_800), jsLoadedGzip: 113_800 }
    expect(changesSince({ at: '', results: [{ ...result('/about', 113_800), jsLoadedGzip: 137_500 }] }, [lighter])).toEqual(['/about: all JS -23.7 kB'])
    const unmeasured = { ...result('/onboarding/setup', 140_000), jsLoadedGzip: undefined }
    expect(changesSince({ at: '', results: [result('/onboarding/setup', 140_000)] }, [unmeasured])).toEqual([])
  })
})

describe('the inspection pack’s budgets', () => {
  const timing = { firstMs: 300, medianMs: 90, bytes: 25_500, pages: 14 }
  const pack = { chunkGzip: 133_000, node: timing, chromium: timing }

  it('holds the chunk to its size in CI too, and the build time in the full run only', () => {
    expect(packBudgetFailures(pack)).toEqual([])
    expect(packBudgetFailures({ ...pack, chunkGzip: BUDGETS.packChunkKb * 1000 + 1 })).toEqual([{ text: `chunk ${BUDGETS.packChunkKb}.0 kB > ${BUDGETS.packChunkKb} kB`, enforcedInCi: true }])
    const slow = { ...pack, chromium: { ...timing, firstMs: BUDGETS.packBuildMs + 1 } }
    expect(packBudgetFailures(slow)).toEqual([{ text: `build ${BUDGETS.packBuildMs + 1} ms > ${BUDGETS.packBuildMs} ms`, enforcedInCi: false }])
    expect(packLine(slow, packBudgetFailures(slow))).toMatch(/chunk 133\.0 kB gzip .* PDF 25\.5 kB, 14 pages; .*: OVER: build 1001 ms > 1000 ms$/)
  })
})

describe('/app’s budgets', () => {
  const app = { items: 72, assessmentRequests: 1, restRequests: 2, loadedMs: 900, inpMs: 40, interactions: [{ name: 'click', ms: 40 }] }
  it('one request for the dashboard and INP within 100 ms pass; more requests or a slow interaction fail', () => {
    expect(appBudgetFailures(app)).toEqual([])
    expect(appBudgetFailures({ ...app, assessmentRequests: 2 })).toEqual(['2 requests for the assessments, not 1'])
    expect(appBudgetFailures({ ...app, inpMs: BUDGETS.appInpMs + 1 })).toEqual([`INP ${BUDGETS.appInpMs + 1} ms > ${BUDGETS.appInpMs} ms`])
    expect(appLine(app, [])).toMatch(/^\/app with four frameworks \(72 items rated\): 1 request reading the assessments \(budget 1\), .* INP 40 ms .*click 40 ms\): ok$/)
  })

  it('the markers of signed-in code are words only /app’s and /app/pack’s code holds', () => {
    expect(APP_CODE_MARKERS).toEqual(['load your self-assessment. Check your connection and try again.', 'load your inspection pack. Check your connection and try again.'])
  })
})
