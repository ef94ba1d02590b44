import { type AnyEventObject, assertEvent, assign, fromCallback, fromPromise, sendParent, setup } from 'xstate'
import { errorOf } from './actorEvents'
import { asAssessmentFailure, type AssessmentFailure, type EvidenceRecord, type ItemRecord } from '../src/domain/assessments'

/**
 * An assessed item's evidence files (issue 30), a child of machines/assessItem.machine.ts for as long as the item is
 * open. FILE_CHOSEN starts an upload (uploading: the uploadFile actor checks the file's bytes, asks the
 * evidence-files function for a signed upload URL, sends the bytes with progress, then has the server check and
 * record them); UPLOAD_PROGRESS moves the bar; CANCEL stops the actor, which aborts the upload (nothing is kept).
 * UPLOAD_DONE hands the item read again to the parent (FILES_CHANGED, the `announceItem` action: a sendParent in
 * `evidenceFilesChild`), so the file counts as evidence for a rating at once. VIEW asks for a signed URL and opens
 * it (`openUrl`, provided by the page). REMOVE asks to confirm; CONFIRM_REMOVE deletes the row and then the file,
 * KEEP_FILE keeps it. Each refusal (too large, wrong type, empty, a bad name, the last evidence of a rating, the
 * network) is shown as `refusal` until the next action.
 */
export interface EvidenceFilesInput {
  assessment: { id: string; organisationId: string }
  itemId: string
}

export interface EvidenceFilesContext extends EvidenceFilesInput {
  /** The file being uploaded: its name and size, and the bytes sent so far. */
  upload: { name: string; loaded: number; total: number } | null
  /** The file whose removal is being confirmed or done. */
  removing: { id: string; path: string; name: string } | null
  refusal: AssessmentFailure | null
  notice: string | null
}

export type FilesChanged = { type: 'FILES_CHANGED'; item: ItemRecord | null }

export type EvidenceFilesEvent =
  | { type: 'FILE_CHOSEN'; file: File }
  | { type: 'UPLOAD_PROGRESS'; loaded: number; total: number }
  | { type: 'UPLOAD_DONE'; item: ItemRecord }
  | { type: 'UPLOAD_FAILED'; failure: AssessmentFailure }
  | { type: 'CANCEL' }
  | { type: 'VIEW'; evidence: EvidenceRecord }
  | { type: 'REMOVE'; evidence: EvidenceRecord }
  | { type: 'CONFIRM_REMOVE' }
  | { type: 'KEEP_FILE' }
  | { type: 'xstate.done.actor.signFileUrl'; output: string }
  | { type: 'xstate.error.actor.signFileUrl'; error: unknown }
  | { type: 'xstate.done.actor.removeFile'; output: ItemRecord | null }
  | { type: 'xstate.error.actor.removeFile'; error: unknown }

export const EVIDENCE_FILE_MESSAGES = {
  attached: (name: string) => `${name} attached`,
  cancelled: 'Upload cancelled: nothing was kept.',
  removed: (name: string) => `${name} removed`,
} as const

const refusalOf = (event: AnyEventObject) => asAssessmentFailure(errorOf(event))

export const evidenceFilesMachine = setup({
  types: {
    context: {} as EvidenceFilesContext,
    events: {} as EvidenceFilesEvent,
    input: {} as EvidenceFilesInput,
  },
  actions: {
    /** Hands the item read again to the item's machine (a sendParent of FILES_CHANGED in evidenceFilesChild). */
    announceItem: (_, _params: { item: ItemRecord | null }) => {},
    /** Opens the signed URL (the page provides it: a new tab). */
    openUrl: () => {},
    startUpload: assign(({ event }) => {
      assertEvent(event, 'FILE_CHOSEN')
      return { upload: { name: event.file.name, loaded: 0, total: event.file.size }, refusal: null, notice: null }
    }),
    assignProgress: assign({
      upload: ({ context, event }) => {
        assertEvent(event, 'UPLOAD_PROGRESS')
        return context.upload && { ...context.upload, loaded: Math.min(event.loaded, event.total), total: event.total }
      },
    }),
    assignAttached: assign(({ context }) => ({ notice: EVIDENCE_FILE_MESSAGES.attached(context.upload?.name ?? ''), upload: null })),
    assignUploadFailed: assign(({ event }) => {
      assertEvent(event, 'UPLOAD_FAILED')
      return { refusal: event.failure, upload: null }
    }),
    assignCancelled: assign({ upload: null, notice: EVIDENCE_FILE_MESSAGES.cancelled }),
    clearMessages: assign({ refusal: null, notice: null }),
    assignRemoving: assign(({ event }) => {
      assertEvent(event, 'REMOVE')
      return { removing: { id: event.evidence.id, path: event.evidence.file?.path ?? '', name: event.evidence.file?.name ?? '' }, refusal: null, notice: null }
    }),
    assignRemoved: assign(({ context }) => ({ notice: EVIDENCE_FILE_MESSAGES.removed(context.removing?.name ?? ''), removing: null })),
    clearRemoving: assign({ removing: null }),
    assignRefusal: assign({ refusal: ({ event }) => refusalOf(event) }),
  },
  actors: {
    /** Checks, uploads and records the file, sending UPLOAD_PROGRESS, UPLOAD_DONE or UPLOAD_FAILED; stopped = aborted. */
    uploadFile: fromCallback<AnyEventObject, { assessment: { id: string; organisationId: string }; itemId: string; file: File }>(({ sendBack }) => {
      sendBack({ type: 'UPLOAD_FAILED', failure: { code: 'unknown', message: 'uploadFile not provided' } })
    }),
    /** A signed URL for the file (storage decides, under the organisation's policies). */
    signFileUrl: fromPromise<string, { path: string }>(() => Promise.reject(new Error('signFileUrl not provided'))),
    /** The evidence row, then the file; the item read again. */
    removeFile: fromPromise<ItemRecord | null, { assessmentId: string; itemId: string; evidenceId: string; path: string }>(() =>
      Promise.reject(new Error('removeFile not provided')),
    ),
  },
  guards: {
    isFile: ({ event }) => {
      assertEvent(event, ['VIEW', 'REMOVE'])
      return event.evidence.kind === 'file' && !!event.evidence.file
    },
  },
}).createMachine({
  id: 'evidenceFiles',
  context: ({ input }) => ({ ...input, upload: null, removing: null, refusal: null, notice: null }),
  initial: 'idle',
  states: {
    idle: {
      tags: ['canAttach'],
      on: {
        FILE_CHOSEN: { target: 'uploading', actions: 'startUpload' },
        VIEW: { guard: 'isFile', target: 'opening', actions: 'clearMessages' },
        REMOVE: { guard: 'isFile', target: 'confirmingRemoval', actions: 'assignRemoving' },
      },
    },
    uploading: {
      tags: ['uploading'],
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context, event }) => {
          assertEvent(event, 'FILE_CHOSEN')
          return { assessment: context.assessment, itemId: context.itemId, file: event.file }
        },
      },
      on: {
        UPLOAD_PROGRESS: { actions: 'assignProgress' },
        UPLOAD_DONE: { target: 'idle', actions: ['assignAttached', { type: 'announceItem', params: ({ event }) => ({ item: event.item }) }] },
        UPLOAD_FAILED: { target: 'idle', actions: 'assignUploadFailed' },
        CANCEL: { target: 'idle', actions: 'assignCancelled' },
      },
    },
    opening: {
      tags: ['busy'],
      invoke: {
        id: 'signFileUrl',
        src: 'signFileUrl',
        input: ({ event }) => {
          assertEvent(event, 'VIEW')
          return { path: event.evidence.file?.path ?? '' }
        },
        onDone: { target: 'idle', actions: 'openUrl' },
        onError: { target: 'idle', actions: 'assignRefusal' },
      },
    },
    confirmingRemoval: {
      tags: ['confirming'],
      on: {
        CONFIRM_REMOVE: { target: 'removing' },
        KEEP_FILE: { target: 'idle', actions: 'clearRemoving' },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removeFile',
        src: 'removeFile',
        input: ({ context }) => ({ assessmentId: context.assessment.id, itemId: context.itemId, evidenceId: context.removing?.id ?? '', path: context.removing?.path ?? '' }),
        onDone: { target: 'idle', actions: ['assignRemoved', { type: 'announceItem', params: ({ event }) => ({ item: event.output }) }] },
        onError: { target: 'idle', actions: ['assignRefusal', 'clearRemoving'] },
      },
    },
  },
})

/** The machine as assessItem runs it: each change of the item's files goes to the item's machine as FILES_CHANGED. */
export const evidenceFilesChild = evidenceFilesMachine.provide({
  actions: {
    announceItem: sendParent((_, params: { item: ItemRecord | null }) => ({ type: 'FILES_CHANGED', item: params.item }) satisfies FilesChanged),
  },
})
