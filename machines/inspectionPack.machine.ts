import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { errorOf } from './actorEvents'
import { asAssessmentFailure, type AssessmentFailure, type AssessmentRecord } from '../src/domain/assessments'
import { buildPackDocument } from '../src/domain/pack/build'
import { type PackData, packInputFrom } from '../src/domain/pack/fromAssessment'
import type { PackDocument } from '../src/domain/pack/types'

/**
 * /app/pack, the inspection pack (issue 30 item 5) of one of the organisation's open assessments. loading reads them
 * all with their items, evidence and the names of who rated and added them (one request); a failed read ->
 * loadFailed with Try again; none open -> empty (the page says so and links to /app). ready shows the print-ready
 * pack of the framework asked for (`?framework=`, else the first in the regulators' order); FRAMEWORK_CHOSEN picks
 * another open one. DOWNLOAD makes the PDF (generating): the data is read again (one request, so the PDF has every
 * rating made since the page opened, and the page then shows the same), the PDF code is loaded on demand, and the
 * file is saved by the browser -> downloaded; a failure (the read, or the code could not be downloaded) -> pdfFailed,
 * where RETRY tries again.
 */
export interface InspectionPackInput {
  /** The framework the URL asks for ('cqc-saf'), or null. */
  framework: string | null
  /** When the page opened (ISO 8601): the pack's date. */
  now: string
}

export interface PdfFile {
  fileName: string
  pages: number
}

/** What making the PDF answers: the data it was made from (read again) and the file saved. */
export interface PdfMade extends PdfFile {
  data: PackData
}

export interface InspectionPackContext extends InspectionPackInput {
  data: PackData | null
  /** The framework whose pack is shown (one of the open assessments'), or null before the data. */
  frameworkId: string | null
  refusal: AssessmentFailure | null
  pdf: PdfFile | null
}

export type InspectionPackEvent =
  | { type: 'RETRY' }
  | { type: 'FRAMEWORK_CHOSEN'; frameworkId: string }
  | { type: 'DOWNLOAD' }
  | { type: 'xstate.done.actor.loadPack'; output: PackData }
  | { type: 'xstate.error.actor.loadPack'; error: unknown }
  | { type: 'xstate.done.actor.makePdf'; output: PdfMade }
  | { type: 'xstate.error.actor.makePdf'; error: unknown }

/** The assessment whose pack is shown. */
export function shownAssessment(context: Pick<InspectionPackContext, 'data' | 'frameworkId'>): AssessmentRecord | undefined {
  return context.data?.assessments.find((a) => a.frameworkId === context.frameworkId)
}

/** The pack of the framework shown, as the page and the PDF render it. */
export function packDocumentOf(context: Pick<InspectionPackContext, 'data' | 'frameworkId' | 'now'>): PackDocument | null {
  const assessment = shownAssessment(context)
  if (!context.data || !assessment) return null
  return buildPackDocument(packInputFrom({ organisation: context.data.organisation, assessment, preparedBy: context.data.preparedBy, preparedAt: context.now, actions: context.data.actions }))
}

const chosen = (data: PackData, asked: string | null): string | null =>
  data.assessments.find((a) => a.frameworkId === asked)?.frameworkId ?? data.assessments[0]?.frameworkId ?? null

export const inspectionPackMachine = setup({
  types: {
    context: {} as InspectionPackContext,
    events: {} as InspectionPackEvent,
    input: {} as InspectionPackInput,
  },
  actions: {
    assignData: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadPack')
      const data = event.output
      return { data, frameworkId: chosen(data, context.framework), refusal: null }
    }),
    assignRefusal: assign({ refusal: ({ event }) => asAssessmentFailure(errorOf(event)) }),
    clearRefusal: assign({ refusal: null }),
    assignFramework: assign({
      frameworkId: ({ event }) => {
        assertEvent(event, 'FRAMEWORK_CHOSEN')
        return event.frameworkId
      },
      pdf: null,
    }),
    assignPdf: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.makePdf')
      const { data, fileName, pages } = event.output
      return { data, pdf: { fileName, pages } }
    }),
  },
  actors: {
    /** The open assessments with items, evidence and names, and the organisation's name (one embedded select). */
    loadPack: fromPromise<PackData, Record<string, never>>(() => Promise.reject(new Error('loadPack not provided'))),
    /** The data read again, the pack of this framework made a PDF by the lazily loaded PDF code, saved by the browser. */
    makePdf: fromPromise<PdfMade, { frameworkId: string; now: string }>(() => Promise.reject(new Error('makePdf not provided'))),
  },
  guards: {
    hasAssessments: (_, params: { data: PackData }) => params.data.assessments.length > 0,
    /** A framework of one of the open assessments, other than the one shown. */
    isOtherOpenFramework: ({ context, event }) => {
      assertEvent(event, 'FRAMEWORK_CHOSEN')
      return event.frameworkId !== context.frameworkId && !!context.data?.assessments.some((a) => a.frameworkId === event.frameworkId)
    },
  },
}).createMachine({
  id: 'inspectionPack',
  context: ({ input }) => ({ ...input, data: null, frameworkId: null, refusal: null, pdf: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: 'clearRefusal',
      invoke: {
        id: 'loadPack',
        src: 'loadPack',
        input: () => ({}),
        onDone: [
          { guard: { type: 'hasAssessments', params: ({ event }) => ({ data: event.output }) }, target: 'ready', actions: 'assignData' },
          { target: 'empty', actions: 'assignData' },
        ],
        onError: { target: 'loadFailed', actions: 'assignRefusal' },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    /** No open assessment: nothing to put in a pack yet. */
    empty: {},
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            DOWNLOAD: 'generating',
            FRAMEWORK_CHOSEN: { guard: 'isOtherOpenFramework', actions: 'assignFramework' },
          },
        },
        generating: {
          tags: ['busy'],
          invoke: {
            id: 'makePdf',
            src: 'makePdf',
            input: ({ context }) => ({ frameworkId: context.frameworkId ?? '', now: context.now }),
            onDone: { target: 'downloaded', actions: 'assignPdf' },
            onError: 'pdfFailed',
          },
        },
        downloaded: {
          on: {
            DOWNLOAD: 'generating',
            FRAMEWORK_CHOSEN: { guard: 'isOtherOpenFramework', target: 'idle', actions: 'assignFramework' },
          },
        },
        pdfFailed: {
          on: {
            RETRY: 'generating',
            FRAMEWORK_CHOSEN: { guard: 'isOtherOpenFramework', target: 'idle', actions: 'assignFramework' },
          },
        },
      },
    },
  },
})
