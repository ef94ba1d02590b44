import type { Route } from '@playwright/test'
import type { AssessmentFailure, Dashboard, ItemRecord, SetupAnswers } from '../../src/domain/assessments'
import { e2eEnv } from '../../scripts/e2e-env'
import { holdRequests } from './driver'

/**
 * The self-assessment's requests held at the network for the drivers of /app (home.driver.ts, assessItem.driver.ts),
 * and the replies as PostgREST sends them: the dashboard's one embedded select (the organisation's settings and its
 * open assessments), sync_assessments, the evidence insert and the item read after it, and rate_item; a refusal as PostgREST's
 * error with the reason as its hint.
 */
const env = e2eEnv()
const rest = (path: string) => (url: URL) => url.origin === env.backendUrl && url.pathname === `/rest/v1/${path}`
const storage = (prefix: string) => (url: URL) => url.origin === env.backendUrl && url.pathname.startsWith(`/storage/v1/${prefix}`)

export const held = {
  // The dashboard's one request: the organisation with its settings and its open assessments embedded.
  dashboards: holdRequests(rest('organisations'), 'GET'),
  sync: holdRequests(rest('rpc/sync_assessments'), 'POST'),
  evidence: holdRequests(rest('assessment_evidence'), 'POST'),
  items: holdRequests(rest('assessment_items'), 'GET'),
  ratings: holdRequests(rest('rpc/rate_item'), 'POST'),
  // Evidence files (issue 30): the evidence-files function (prepare, finalize), the upload to the signed URL, a
  // signed URL to view, and a removal (the row, then the object).
  fileCalls: holdRequests((url) => url.origin === env.backendUrl && url.pathname === '/functions/v1/evidence-files', 'POST'),
  fileUploads: holdRequests(storage('object/upload/sign/evidence/'), 'PUT'),
  signs: holdRequests(storage('object/sign/evidence/'), 'POST'),
  fileRows: holdRequests(rest('assessment_evidence'), 'DELETE'),
  objectRemovals: holdRequests(storage('object/evidence'), 'DELETE'),
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' }
const STATUS: Record<string, number> = { rating_conflict: 409, assessment_archived: 409, not_member: 403, assessment_not_found: 404, last_evidence: 409 }

export const answer = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', headers: CORS, body: body === undefined ? '' : JSON.stringify(body) })

/**
 * A refusal as PostgREST sends a function's exception, or a dropped connection. supabase-js retries a GET whose
 * connection dropped three times (1, 2 and 4 s apart), so for a read (`get`) a dropped connection is answered as a
 * server error instead, which it does not retry.
 */
export function refuse(route: Route, failure: AssessmentFailure, options: { get?: boolean } = {}) {
  if (failure.code === 'network' && !options.get) return route.abort('internetdisconnected')
  const status = STATUS[failure.code] ?? (failure.code === 'network' ? 500 : 400)
  return answer(route, { code: `PT${status}`, message: failure.message, hint: failure.code, details: null }, status)
}

/** The organisation's settings as its row has them. */
export const answersRow = (a: SetupAnswers) => ({ sector: a.sector, selected_regulators: a.selectedRegulators, review_frequency: a.frequency })

/** An item as PostgREST returns a row of assessment_items with its evidence. */
export function itemRow(item: ItemRecord) {
  return {
    item_id: item.itemId,
    status: item.status,
    rating: item.rating,
    evidence_category: item.evidenceCategory,
    rated_by: item.ratedBy,
    rated_at: item.ratedAt,
    reviewed_at: item.reviewedAt,
    version: item.version,
    rated_by_name: item.ratedByName,
    assessment_evidence: item.evidence.map((e) => ({
      id: e.id,
      kind: e.kind,
      note: e.note,
      url: e.url,
      created_at: e.createdAt,
      created_by_name: e.createdByName,
      storage_path: e.file?.path ?? null,
      file_name: e.file?.name ?? null,
      file_size: e.file?.size ?? null,
      content_type: e.file?.contentType ?? null,
      created_by: e.file?.createdBy ?? null,
    })),
  }
}

/** rate_item's reply: the item's row, the rater's name and its evidence. */
export function ratedReply(item: ItemRecord) {
  const { assessment_evidence, ...row } = itemRow(item)
  return { ...row, evidence: assessment_evidence }
}

export const dashboardRows = (d: Dashboard) =>
  d.assessments.map((a) => ({
    id: a.id,
    organisation_id: a.organisationId,
    framework_id: a.frameworkId,
    framework_version_id: a.versionId,
    conditions: a.conditions,
    assessment_items: Object.values(a.items).map(itemRow),
  }))

/** The dashboard read: the one embedded select, the organisation's row with its settings and open assessments. */
export async function answerDashboard(page: import('@playwright/test').Page, d: Dashboard, answersOverride?: Partial<ReturnType<typeof answersRow>>) {
  await answer(await held.dashboards.next(page), [{ ...answersRow(d.answers), ...answersOverride, assessments: dashboardRows(d) }])
}


/** A PDF as the path's person chooses it. */
export const SAMPLE_PDF = { name: 'Safeguarding policy.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') }

/** The evidence-files function's answers: prepare's signed upload, finalize's row, or a refusal. */
export const filePrepared = (route: Route) => answer(route, { success: true, path: 'org/cqc-saf-2024/safe/safeguarding/00000000-0000-4000-8000-0000000000a1', token: 'path-token' })
export const fileFinalized = (route: Route) => answer(route, { success: true, evidence: {} })
export const fileRefused = (route: Route, failure: AssessmentFailure, status = 400) => answer(route, { success: false, error: failure.message, code: failure.code }, status)
