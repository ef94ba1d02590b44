import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { PackData } from '../src/domain/pack/fromAssessment'
import { inspectionPackMachine, packDocumentOf, type PdfMade } from './inspectionPack.machine'
import {
  inspectionPackSampleData,
  inspectionPackSampleEmpty,
  inspectionPackSampleEvents,
  inspectionPackSampleInput,
  inspectionPackSerializeState,
} from './inspectionPack.samples'
import { planPaths, uncovered } from './testing/tours'

const MADE: PdfMade = { data: inspectionPackSampleData, fileName: 'inspection-pack.pdf', pages: 3 }

function run(opts: { load?: () => Promise<PackData>; make?: () => Promise<PdfMade>; framework?: string | null } = {}) {
  const made: string[] = []
  const actor = createActor(
    inspectionPackMachine.provide({
      actors: {
        loadPack: fromPromise(async () => (opts.load ?? (async () => inspectionPackSampleData))()),
        makePdf: fromPromise(async ({ input }) => {
          made.push(`${input.frameworkId}:${input.now}`)
          return (opts.make ?? (async () => MADE))()
        }),
      },
    }),
    { input: { ...inspectionPackSampleInput, framework: opts.framework ?? null } },
  )
  actor.start()
  return { actor, made }
}

describe('the inspection pack page', () => {
  it('loads, shows the first open framework’s pack, and makes its PDF', async () => {
    const { actor, made } = run()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().context.frameworkId).toBe('cqc-saf')
    const doc = packDocumentOf(actor.getSnapshot().context)!
    expect(doc).toMatchObject({ organisation: 'Sunrise Care (Leeds) Ltd', preparedBy: 'Ada Lovelace', isoDate: '2026-11-27' })
    expect(doc.groups[0]!.items.find((i) => i.id === 'cqc-saf-2024/safe/safeguarding')!.ratingDetail).toContain('by Ada Lovelace')
    actor.send({ type: 'DOWNLOAD' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.matches({ ready: 'downloaded' }))
    expect(made).toEqual([`cqc-saf:${inspectionPackSampleInput.now}`])
    expect(actor.getSnapshot().context.pdf).toEqual({ fileName: MADE.fileName, pages: 3 })
  })

  it('opens on the framework the URL asks for when it is open, else the first', async () => {
    const asked = run({ framework: 'ofsted-eif' })
    await waitFor(asked.actor, (s) => s.matches('ready'))
    expect(asked.actor.getSnapshot().context.frameworkId).toBe('ofsted-eif')
    const unknown = run({ framework: 'bsr-hrb' })
    await waitFor(unknown.actor, (s) => s.matches('ready'))
    expect(unknown.actor.getSnapshot().context.frameworkId).toBe('cqc-saf')
  })

  it('a framework is chosen only among the open ones; choosing one after a PDF starts again from idle', async () => {
    const { actor } = run()
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    expect(actor.getSnapshot().can({ type: 'FRAMEWORK_CHOSEN', frameworkId: 'bsr-hrb' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'FRAMEWORK_CHOSEN', frameworkId: 'cqc-saf' })).toBe(false)
    actor.send({ type: 'DOWNLOAD' })
    expect(actor.getSnapshot().can({ type: 'FRAMEWORK_CHOSEN', frameworkId: 'ofsted-eif' })).toBe(false)
    await waitFor(actor, (s) => s.matches({ ready: 'downloaded' }))
    actor.send({ type: 'FRAMEWORK_CHOSEN', frameworkId: 'ofsted-eif' })
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ frameworkId: 'ofsted-eif', pdf: null })
    expect(packDocumentOf(actor.getSnapshot().context)!.framework.versionId).toBe('ofsted-eif-2025')
  })

  it('a failed read offers Try again; no open assessment is empty', async () => {
    let n = 0
    const { actor } = run({ load: async () => (++n === 1 ? Promise.reject({ code: 'network', message: 'offline' }) : inspectionPackSampleEmpty) })
    await waitFor(actor, (s) => s.matches('loadFailed'))
    expect(actor.getSnapshot().context.refusal).toEqual({ code: 'network', message: 'offline' })
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('empty'))
    expect(actor.getSnapshot().context.refusal).toBeNull()
    expect(packDocumentOf(actor.getSnapshot().context)).toBeNull()
  })

  it('the PDF is made from the data read again, which the page then shows', async () => {
    const rated = { ...inspectionPackSampleData, assessments: [{ ...inspectionPackSampleData.assessments[0]!, items: {} }] }
    const { actor } = run({ make: async () => ({ ...MADE, data: rated }) })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'DOWNLOAD' })
    await waitFor(actor, (s) => s.matches({ ready: 'downloaded' }))
    expect(actor.getSnapshot().context.data).toBe(rated)
  })

  it('a PDF that cannot be made offers Try again, which makes it', async () => {
    let n = 0
    const { actor, made } = run({ make: async () => (++n === 1 ? Promise.reject(new Error('chunk')) : MADE) })
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }))
    actor.send({ type: 'DOWNLOAD' })
    await waitFor(actor, (s) => s.matches({ ready: 'pdfFailed' }))
    expect(actor.getSnapshot().can({ type: 'DOWNLOAD' })).toBe(false)
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches({ ready: 'downloaded' }))
    expect(made).toHaveLength(2)
  })

  it('the planned paths take every state and transition', () => {
    const paths = planPaths(inspectionPackMachine, { events: inspectionPackSampleEvents, inputs: [inspectionPackSampleInput], serializeState: inspectionPackSerializeState })
    expect(uncovered(inspectionPackMachine, paths)).toEqual({ states: [], transitions: [] })
  })
})
