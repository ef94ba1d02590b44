import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { ATLAS_QUALITY, ATLAS_VIEWPORTS, type AtlasEntry, type AtlasPicture, type AtlasViewport, atlasFile } from '../../machines/testing/atlas'

/**
 * The state atlas's capture side. A path runner calls `captureAtlasState` after it has asserted that the page
 * is in a machine state; when FLOWS_ATLAS=1 (set by `npm run flows:atlas`) the FIRST test to reach each state,
 * in any worker, takes its pictures: the viewport at desktop width and, for flows with a phone layout, at 390 px,
 * encoded as WebP by Chromium's own encoder and scaled down (no native image library). Without FLOWS_ATLAS it
 * does nothing, so ordinary runs pay nothing.
 *
 * Output goes to FLOWS_ATLAS_DIR (a staging folder): `claims/` (first writer wins: an exclusive create),
 * `pictures/<machine>/<state>.<viewport>.webp` and `records/<machine>/<state id>.json`. `npm run flows:atlas`
 * turns a finished run into docs/flows/atlas/ and its manifest (`buildAtlas` below).
 */
export interface AtlasCapture {
  /** Machine name as in docs/flows/flows.json (`signup`). */
  machine: string
  /** The state id(s) the page is in (`signup.form.editing`); several for parallel regions and ancestors. */
  stateId: string | string[]
  /** The test's title (the path sentence), recorded with the picture. */
  pathTitle: string
  /** Also capture at 390 px wide (flows with a phone layout). */
  phone?: boolean
}

export interface AtlasRecord extends AtlasEntry {
  machine: string
  stateId: string
}

export const atlasEnabled = () => process.env.FLOWS_ATLAS === '1'
export const atlasDir = () => process.env.FLOWS_ATLAS_DIR ?? 'test-results/atlas'

/** Atomically claims a state for this test: true only for the first caller across every worker process. */
function claim(dir: string, machine: string, stateId: string): boolean {
  const file = join(dir, 'claims', machine, stateId)
  mkdirSync(dirname(file), { recursive: true })
  try {
    closeSync(openSync(file, 'wx'))
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/** Writes through a temporary name and renames, so a reader never sees half a file. */
function writeAtomic(file: string, data: string | Buffer) {
  mkdirSync(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, data)
  renameSync(tmp, file)
}

// One blank page per browser encodes pictures, so encoding never runs inside (or waits on) the page under test.
const encoders = new WeakMap<Browser, Promise<Page>>()
async function encoderFor(page: Page): Promise<Page> {
  const browser = page.context().browser()
  if (!browser) return page.context().newPage()
  let encoder = encoders.get(browser)
  if (!encoder) {
    encoder = browser.newPage()
    encoders.set(browser, encoder)
  }
  return encoder
}

/** PNG screenshot -> WebP scaled to `width`, with Chromium's encoder (OffscreenCanvas.convertToBlob). */
async function toWebp(page: Page, png: Buffer, width: number): Promise<{ data: Buffer; width: number; height: number }> {
  const encoder = await encoderFor(page)
  const out = await encoder.evaluate(
    async ({ b64, width, quality }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const w = Math.min(width, bitmap.width)
      const h = Math.round((bitmap.height * w) / bitmap.width)
      const canvas = new OffscreenCanvas(w, h)
      const ctx = canvas.getContext('2d')
      if (!ctx) throw new Error('no 2d context')
      ctx.imageSmoothingQuality = 'high'
      ctx.drawImage(bitmap, 0, 0, w, h)
      const blob = await canvas.convertToBlob({ type: 'image/webp', quality })
      if (blob.type !== 'image/webp') throw new Error(`this browser cannot encode WebP (got ${blob.type})`)
      const buf = new Uint8Array(await blob.arrayBuffer())
      let s = ''
      for (let i = 0; i < buf.length; i += 0x8000) s += String.fromCharCode(...buf.subarray(i, i + 0x8000))
      return { b64: btoa(s), width: w, height: h }
    },
    { b64: png.toString('base64'), width, quality: ATLAS_QUALITY },
  )
  return { data: Buffer.from(out.b64, 'base64'), width: out.width, height: out.height }
}

/** Two animation frames: the page has painted what the last step changed. */
const settle = async (page: Page) => {
  const frames = page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))))
  // A page whose clock a driver has paused (page.clock) paints no frames: then a moment's wait stands in.
  await Promise.race([frames.catch(() => {}), new Promise((r) => setTimeout(r, 300))])
}

/** The viewport as PNG; encoding waits until every picture of the state is taken (a state may last a moment). */
async function grab(page: Page): Promise<Buffer> {
  await settle(page)
  return page.screenshot({ type: 'png', caret: 'hide' })
}

async function encode(page: Page, png: Buffer, machine: string, stateId: string, viewport: AtlasViewport): Promise<{ picture: AtlasPicture; data: Buffer }> {
  const webp = await toWebp(page, png, ATLAS_VIEWPORTS[viewport].pictureWidth)
  return { picture: { file: atlasFile(machine, stateId, viewport), width: webp.width, height: webp.height, bytes: webp.data.length }, data: webp.data }
}

/**
 * Takes the pictures of a state the first time any test reaches it (see the file comment). Call it right after
 * the page's state was asserted. Resizing for the phone picture restores the test's viewport before returning.
 */
export async function captureAtlasState(page: Page, { machine, stateId, pathTitle, phone = false }: AtlasCapture): Promise<void> {
  if (!atlasEnabled()) return
  const dir = atlasDir()
  const ids = (Array.isArray(stateId) ? stateId : [stateId]).filter((id) => claim(dir, machine, id))
  if (!ids.length) return
  const release = () => {
    // Give the states back, so the next test to reach them takes the pictures this one could not.
    for (const id of ids) rmSync(join(dir, 'claims', machine, id), { force: true })
  }
  const url = page.url()
  try {
    await capture(page, dir, machine, ids, pathTitle, phone, url)
  } catch (error) {
    release()
    // A state that lasts a moment (e.g. one second before a redirect) may end while its pictures are taken: the
    // test already asserted it, so this is no failure; the pictures are dropped and a later test may take them.
    if (page.url() !== url || /context was destroyed|navigat/i.test(String(error))) return
    throw error
  }
}

class LeftThePage extends Error {}

async function capture(page: Page, dir: string, machine: string, ids: string[], pathTitle: string, phone: boolean, url: string): Promise<void> {
  const desktopPng = await grab(page)
  if (page.url() !== url) throw new LeftThePage(`navigated from ${url} while taking pictures`)
  let phonePng: Buffer | undefined
  if (phone) {
    const before = page.viewportSize()
    try {
      await page.setViewportSize({ width: ATLAS_VIEWPORTS.phone.width, height: ATLAS_VIEWPORTS.phone.height })
      phonePng = await grab(page)
    } catch (error) {
      // The state ended between the two pictures: keep the desktop one.
      if (page.url() === url && !/context was destroyed|navigat/i.test(String(error))) throw error
    } finally {
      if (before) await page.setViewportSize(before).catch(() => undefined)
      await settle(page).catch(() => undefined)
    }
    if (page.url() !== url) phonePng = undefined
  }
  const desktop = await encode(page, desktopPng, machine, ids[0]!, 'desktop')
  const phoneShot = phonePng ? await encode(page, phonePng, machine, ids[0]!, 'phone') : undefined
  const pagePath = new URL(url).pathname
  for (const id of ids) {
    const record: AtlasRecord = { machine, stateId: id, pathTitle, page: pagePath, desktop: { ...desktop.picture, file: atlasFile(machine, id, 'desktop') } }
    writeAtomic(join(dir, 'pictures', record.desktop.file), desktop.data)
    if (phoneShot) {
      record.phone = { ...phoneShot.picture, file: atlasFile(machine, id, 'phone') }
      writeAtomic(join(dir, 'pictures', record.phone.file), phoneShot.data)
    }
    writeAtomic(join(dir, 'records', machine, `${id}.json`), `${JSON.stringify(record, null, 2)}\n`)
  }
}

/**
 * Declares states of a machine that no page test can show, with the reason (the path runner's driver says why,
 * e.g. "transient: the machine leaves it in the same step"). Recorded in the manifest's `unreached`.
 */
export function declareUnreached(machine: string, reasons: Record<string, string>): void {
  if (!atlasEnabled()) return
  // One file per state: workers declaring the same state write the same text, so no read-modify-write race.
  for (const [stateId, reason] of Object.entries(reasons)) writeAtomic(join(atlasDir(), 'unreached', machine, `${stateId}.txt`), reason)
}

/** Every record and declared reason of a finished run in `dir`. */
export function readAtlasRun(dir: string): { records: AtlasRecord[]; unreached: Record<string, Record<string, string>> } {
  const list = (sub: string, ext: string): string[] => {
    const root = join(dir, sub)
    if (!existsSync(root)) return []
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && d.name.endsWith(ext))
      .map((d) => join(d.parentPath, d.name))
      .sort()
  }
  const records = list('records', '.json').map((f) => JSON.parse(readFileSync(f, 'utf8')) as AtlasRecord)
  const unreached: Record<string, Record<string, string>> = {}
  for (const f of list('unreached', '.txt')) {
    const machine = basename(dirname(f))
    unreached[machine] = { ...unreached[machine], [basename(f, '.txt')]: readFileSync(f, 'utf8') }
  }
  return { records, unreached }
}
