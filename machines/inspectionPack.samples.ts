import type { AnyEventObject } from 'xstate'
import type { AssessmentFailure } from '../src/domain/assessments'
import type { PackData } from '../src/domain/pack/fromAssessment'
import { assessItemSampleRated } from './assessItem.samples'
import type { InspectionPackContext, InspectionPackInput } from './inspectionPack.machine'

/** machines/inspectionPack.machine.ts's samples, for its graph, the page drivers and the tests (docs/flows-and-testing.md#the-machine-convention). */

// Samples: a care organisation with CQC and Ofsted open (one Safe statement rated), none open, a failed read.

const ORG = '00000000-0000-4000-8000-0000000000f1'

export const inspectionPackSampleInput: InspectionPackInput = { framework: null, now: '2026-11-27T12:00:00.000Z' }

export const inspectionPackSampleData: PackData = {
  organisation: 'Sunrise Care (Leeds) Ltd',
  preparedBy: 'Ada Lovelace',
  assessments: [
    { id: '00000000-0000-4000-8000-0000000000c1', organisationId: ORG, frameworkId: 'cqc-saf', versionId: 'cqc-saf-2024', conditions: {}, items: { [assessItemSampleRated.itemId]: assessItemSampleRated } },
    { id: '00000000-0000-4000-8000-0000000000c2', organisationId: ORG, frameworkId: 'ofsted-eif', versionId: 'ofsted-eif-2025', conditions: {}, items: {} },
  ],
}

export const inspectionPackSampleEmpty: PackData = { organisation: '', preparedBy: 'Ada Lovelace', assessments: [] }

const failure = (code: string, message: string): AssessmentFailure => ({ code, message })

export const inspectionPackSampleEvents = [
  { type: 'RETRY' },
  { type: 'DOWNLOAD' },
  { type: 'FRAMEWORK_CHOSEN', frameworkId: 'ofsted-eif' },
  { type: 'xstate.done.actor.loadPack', output: inspectionPackSampleData },
  { type: 'xstate.done.actor.loadPack', output: inspectionPackSampleEmpty },
  { type: 'xstate.error.actor.loadPack', error: failure('network', "We couldn't reach the server. Check your connection and try again.") },
  { type: 'xstate.done.actor.makePdf', output: { data: inspectionPackSampleData, fileName: 'inspection-pack-cqc-2024-sunrise-care-leeds-ltd-2026-11-27.pdf', pages: 12 } },
  { type: 'xstate.error.actor.makePdf', error: failure('network', "We couldn't reach the server. Check your connection and try again.") },
] as const satisfies readonly AnyEventObject[]

/** Bounded state: the data reduced to what changes the page's behaviour. */
export function inspectionPackSerializeState(s: { value: unknown; context: unknown }): string {
  const c = s.context as InspectionPackContext
  return JSON.stringify({ v: s.value, d: c.data ? c.data.assessments.length : null, f: c.frameworkId, r: c.refusal?.code ?? null, p: c.pdf ? 1 : 0 })
}
