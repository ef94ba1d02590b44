import { describe, expect, it } from 'vitest'
import { type AnyEventObject, createActor, createMachine, fromCallback, fromPromise, waitFor } from 'xstate'
import type { AssessmentFailure, ItemRecord } from '../src/domain/assessments'
import { EVIDENCE_FILE_MESSAGES, evidenceFilesChild, evidenceFilesMachine } from './evidenceFiles.machine'
import {
  evidenceFilesSampleFile,
  evidenceFilesSampleEvents,
  evidenceFilesSampleInput,
  evidenceFilesSampleItem,
  evidenceFilesSerializeState,
} from './evidenceFiles.samples'
import { planPaths, uncovered } from './testing/tours'

const pdf = () => new File([new TextEncoder().encode('%PDF-1.7')], 'Safeguarding policy.pdf', { type: 'application/pdf' })
const refused = (code: string, message = code): AssessmentFailure => ({ code, message })

/** The machine with fake actors: the upload is driven by the test through `upload.send`. */
function run(opts: { sign?: () => Promise<string>; remove?: () => Promise<ItemRecord | null> } = {}) {
  const upload = { send: (_: AnyEventObject) => {}, stopped: 0, inputs: [] as unknown[] }
  const signInputs: unknown[] = []
  const removeInputs: unknown[] = []
  const opened: string[] = []
  const announced: unknown[] = []
  const actor = createActor(
    evidenceFilesMachine.provide({
      actions: { openUrl: ({ event }) => void opened.push((event as unknown as { output: string }).output), announceItem: ({ event }) => void announced.push(event.type) },
      actors: {
        uploadFile: fromCallback(({ sendBack, input }) => {
          upload.inputs.push(input)
          upload.send = sendBack
          return () => void upload.stopped++
        }),
        signFileUrl: fromPromise(async ({ input }) => {
          signInputs.push(input)
          return (opts.sign ?? (async () => 'https://storage.example/signed'))()
        }),
        removeFile: fromPromise(async ({ input }) => {
          removeInputs.push(input)
          return (opts.remove ?? (async () => ({ ...evidenceFilesSampleItem, evidence: [] })))()
        }),
      },
    }),
    { input: evidenceFilesSampleInput },
  ).start()
  return { actor, upload, opened, announced, signInputs, removeInputs }
}

describe('evidenceFiles machine', () => {
  it('uploads with progress, then hands the item to the parent', () => {
    const { actor, upload, announced } = run()
    const file = pdf()
    actor.send({ type: 'FILE_CHOSEN', file })
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true)
    expect(upload.inputs).toEqual([{ ...evidenceFilesSampleInput, file }])
    upload.send({ type: 'UPLOAD_PROGRESS', loaded: 4, total: 8 })
    expect(actor.getSnapshot().context.upload).toEqual({ name: file.name, loaded: 4, total: 8 })
    upload.send({ type: 'UPLOAD_DONE', item: evidenceFilesSampleItem })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context).toMatchObject({ upload: null, notice: EVIDENCE_FILE_MESSAGES.attached(file.name), refusal: null })
    expect(announced).toEqual(['UPLOAD_DONE'])
  })

  it('cancel stops the upload (the actor aborts it) and keeps nothing', () => {
    const { actor, upload, announced } = run()
    actor.send({ type: 'FILE_CHOSEN', file: pdf() })
    upload.send({ type: 'UPLOAD_PROGRESS', loaded: 2, total: 8 })
    actor.send({ type: 'CANCEL' })
    expect(upload.stopped).toBe(1)
    expect(actor.getSnapshot().context).toMatchObject({ upload: null, notice: EVIDENCE_FILE_MESSAGES.cancelled })
    expect(announced).toEqual([])
  })

  it('a refused upload shows why and leaves the item alone', () => {
    const { actor, upload, announced } = run()
    actor.send({ type: 'FILE_CHOSEN', file: pdf() })
    const tooLarge = refused('too_large', 'This file is larger than 20 MB: choose a smaller file.')
    upload.send({ type: 'UPLOAD_FAILED', failure: tooLarge })
    expect(actor.getSnapshot().context).toMatchObject({ upload: null, refusal: tooLarge })
    expect(announced).toEqual([])
    // The next action clears it.
    actor.send({ type: 'FILE_CHOSEN', file: pdf() })
    expect(actor.getSnapshot().context.refusal).toBeNull()
  })

  it('view opens a signed URL; a refusal is shown', async () => {
    const { actor, opened, signInputs } = run()
    actor.send({ type: 'VIEW', evidence: evidenceFilesSampleFile })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.matches('idle'))
    expect(signInputs).toEqual([{ path: evidenceFilesSampleFile.file?.path }])
    expect(opened).toEqual(['https://storage.example/signed'])
    const gone = refused('file_not_found', 'This file is no longer there: it may have been removed.')
    const second = run({ sign: () => Promise.reject(gone) })
    second.actor.send({ type: 'VIEW', evidence: evidenceFilesSampleFile })
    await waitFor(second.actor, (s) => s.matches('idle'))
    expect(second.actor.getSnapshot().context.refusal).toEqual(gone)
    expect(second.opened).toEqual([])
  })

  it('remove asks first; keeping it changes nothing; confirming removes and hands the item on', async () => {
    const { actor, announced, removeInputs } = run()
    actor.send({ type: 'REMOVE', evidence: evidenceFilesSampleFile })
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true)
    expect(actor.getSnapshot().context.removing).toEqual({ id: evidenceFilesSampleFile.id, path: evidenceFilesSampleFile.file?.path, name: 'Safeguarding policy.pdf' })
    actor.send({ type: 'KEEP_FILE' })
    expect(actor.getSnapshot().context.removing).toBeNull()
    actor.send({ type: 'REMOVE', evidence: evidenceFilesSampleFile })
    actor.send({ type: 'CONFIRM_REMOVE' })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(actor.getSnapshot().context.notice).toBe(EVIDENCE_FILE_MESSAGES.removed('Safeguarding policy.pdf'))
    expect(removeInputs).toEqual([
      { assessmentId: evidenceFilesSampleInput.assessment.id, itemId: evidenceFilesSampleInput.itemId, evidenceId: evidenceFilesSampleFile.id, path: evidenceFilesSampleFile.file?.path },
    ])
    expect(announced).toEqual(['xstate.done.actor.removeFile'])
  })

  it('the last evidence of a rating is not removed: the refusal is shown', async () => {
    const last = refused('last_evidence', 'This file is the only evidence for the rating: add other evidence before removing it.')
    const { actor, announced } = run({ remove: () => Promise.reject(last) })
    actor.send({ type: 'REMOVE', evidence: evidenceFilesSampleFile })
    actor.send({ type: 'CONFIRM_REMOVE' })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(actor.getSnapshot().context).toMatchObject({ refusal: last, removing: null })
    expect(announced).toEqual([])
  })

  it('VIEW and REMOVE take files only', () => {
    const { actor } = run()
    actor.send({ type: 'VIEW', evidence: { ...evidenceFilesSampleFile, kind: 'note', file: undefined } })
    actor.send({ type: 'REMOVE', evidence: { ...evidenceFilesSampleFile, kind: 'link', file: undefined } })
    // A file record without its file, or a note that carries one, is not a file either.
    actor.send({ type: 'VIEW', evidence: { ...evidenceFilesSampleFile, file: undefined } })
    actor.send({ type: 'REMOVE', evidence: { ...evidenceFilesSampleFile, file: undefined } })
    actor.send({ type: 'VIEW', evidence: { ...evidenceFilesSampleFile, kind: 'note' } })
    actor.send({ type: 'REMOVE', evidence: { ...evidenceFilesSampleFile, kind: 'link' } })
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('without a provided uploader the upload is refused, not left hanging', () => {
    const actor = createActor(evidenceFilesMachine, { input: evidenceFilesSampleInput }).start()
    actor.send({ type: 'FILE_CHOSEN', file: pdf() })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context).toMatchObject({ upload: null, refusal: { code: 'unknown', message: 'uploadFile not provided' } })
  })

  it('a restored snapshot that lost the file in hand still settles, with an empty name and path', async () => {
    const removeInputs: unknown[] = []
    const machine = evidenceFilesMachine.provide({ actors: { removeFile: fromPromise(async ({ input }): Promise<ItemRecord | null> => {
          removeInputs.push(input)
          return null
        }) } })
    const base = { ...evidenceFilesSampleInput, upload: null, removing: null, refusal: null, notice: null }
    const confirming = createActor(machine, { input: evidenceFilesSampleInput, snapshot: machine.resolveState({ value: 'confirmingRemoval', context: base }) }).start()
    confirming.send({ type: 'CONFIRM_REMOVE' })
    await waitFor(confirming, (s) => s.matches('idle'))
    expect(removeInputs).toEqual([{ assessmentId: evidenceFilesSampleInput.assessment.id, itemId: evidenceFilesSampleInput.itemId, evidenceId: '', path: '' }])
    expect(confirming.getSnapshot().context.notice).toBe(EVIDENCE_FILE_MESSAGES.removed(''))
    const uploading = createActor(machine, { input: evidenceFilesSampleInput, snapshot: machine.resolveState({ value: 'uploading', context: base }) }).start()
    uploading.send({ type: 'UPLOAD_PROGRESS', loaded: 1, total: 2 })
    expect(uploading.getSnapshot().context.upload).toBeNull()
    uploading.send({ type: 'UPLOAD_DONE', item: evidenceFilesSampleItem })
    expect(uploading.getSnapshot().context.notice).toBe(EVIDENCE_FILE_MESSAGES.attached(''))
  })

  it('evidenceFilesChild hands the uploaded item to its parent', async () => {
    const heard: unknown[] = []
    const uploaded = { ...evidenceFilesSampleItem, version: 1 }
    const parent = createMachine({
      invoke: { id: 'child', src: 'child', input: evidenceFilesSampleInput },
      on: { FILES_CHANGED: { actions: ({ event }) => void heard.push(event) } },
    }).provide({
      actors: { child: evidenceFilesChild.provide({ actors: { uploadFile: fromCallback(({ sendBack }) => void sendBack({ type: 'UPLOAD_DONE', item: uploaded })) } }) },
    } as never)
    const actor = createActor(parent).start()
    actor.getSnapshot().children.child!.send({ type: 'FILE_CHOSEN', file: pdf() })
    await waitFor(actor, () => heard.length > 0)
    expect(heard).toEqual([{ type: 'FILES_CHANGED', item: uploaded }])
  })

  it('evidenceFilesChild sends FILES_CHANGED with the item to its parent', async () => {
    const heard: unknown[] = []
    const parent = createMachine({
      invoke: { id: 'child', src: 'child', input: evidenceFilesSampleInput },
      on: { FILES_CHANGED: { actions: ({ event }) => void heard.push(event) } },
    }).provide({ actors: { child: evidenceFilesChild.provide({ actors: { removeFile: fromPromise(async (): Promise<ItemRecord | null> => evidenceFilesSampleItem) } }) } } as never)
    const actor = createActor(parent).start()
    const child = actor.getSnapshot().children.child!
    child.send({ type: 'REMOVE', evidence: evidenceFilesSampleFile })
    child.send({ type: 'CONFIRM_REMOVE' })
    await waitFor(actor, () => heard.length > 0)
    expect(heard).toEqual([{ type: 'FILES_CHANGED', item: evidenceFilesSampleItem }])
  })
})

it('the planned paths take every state and transition', () => {
  const paths = planPaths(evidenceFilesMachine, { events: evidenceFilesSampleEvents, inputs: [evidenceFilesSampleInput], serializeState: evidenceFilesSerializeState })
  expect(uncovered(evidenceFilesMachine, paths)).toEqual({ states: [], transitions: [] })
})

it('the serialized state keeps what changes behaviour or what the page shows', () => {
  const context = { ...evidenceFilesSampleInput, upload: null, removing: null, refusal: null, notice: null }
  expect(JSON.parse(evidenceFilesSerializeState({ value: 'idle', context }))).toEqual({ v: 'idle', up: false, rm: false, f: null, n: null })
  const busy = { ...context, upload: { name: 'a.pdf', loaded: 1, total: 2 }, removing: { id: 'e', path: 'p', name: 'a.pdf' }, refusal: refused('too_large'), notice: 'a.pdf attached' }
  expect(JSON.parse(evidenceFilesSerializeState({ value: 'uploading', context: busy }))).toEqual({ v: 'uploading', up: true, rm: true, f: 'too_large', n: 'a.pdf attached' })
})
