/**
 * The signed-in home's self-assessment (issue 29) through supabase-js against PostgREST
 * (supabase/migrations/20261125000000_assessments.sql; docs/backend.md):
 *
 * - the dashboard: the organisation's settings (regulators, sector, review frequency: the same for every member) and
 *   every open assessment with its items and their evidence in ONE embedded select
 *   (`organisations?select=…,assessments(*,assessment_items(*,assessment_evidence(*)))&assessments.archived_at=is.null`);
 * - starting or re-syncing the assessments with the frameworks chosen in setup: rpc sync_assessments (atomic,
 *   archives rather than deletes, never loses an answer);
 * - evidence on its own: a plain insert into assessment_evidence (the item is then "in progress");
 * - rating or reviewing an item with evidence: rpc rate_item, which refuses a rating made from an out-of-date
 *   version with 409 and hint rating_conflict ("changed by <name> — review and try again").
 *
 * Every refusal becomes a plain `AssessmentFailure` ({ code, message }); a dropped connection is code `network`.
 * Each function takes the client, so tests/backend/assessments.client.test.ts runs this very code against the real
 * local server; the actors use the site's one client.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { fromPromise } from 'xstate'
import {
  type AssessmentFailure,
  type AssessmentRecord,
  assessmentFailure,
  type Dashboard,
  draftEvidence,
  type EvidenceDraft,
  failure,
  type ItemRecord,
  parseItemRow,
  parseDashboard,
} from '../domain/assessments'
import { getSupabase } from './client'

/** An item with who rated it and its evidence (notes, links, files) with who added it (the dashboard's and the inspection pack's). */
export const ITEM_SELECT =
  'item_id, status, rating, evidence_category, rated_by, rated_by_name, rated_at, reviewed_at, version, assessment_evidence(id, kind, note, url, created_at, created_by_name, storage_path, file_name, file_size, content_type, created_by)'
/** The dashboard's one request: open assessments, their items, each item's evidence, with who rated and added them. */
export const DASHBOARD_SELECT = `id, organisation_id, framework_id, framework_version_id, conditions, assessment_items(${ITEM_SELECT})`
/**
 * The dashboard's ONE request (issue 39): the reader's organisation with its settings (regulators, sector, review
 * frequency: the same for every member) and its open assessments embedded, under RLS (a member reads only their own
 * organisation; a person in none reads no row).
 */
export const DASHBOARD_ORGANISATION_SELECT = `sector, selected_regulators, review_frequency, assessments(${DASHBOARD_SELECT})`

export async function client(): Promise<SupabaseClient> {
  try {
    return await getSupabase()
  } catch {
    throw failure('network', undefined)
  }
}

type PostgrestLikeError = { message?: string; hint?: string | null; code?: string; details?: string | null }
const fail = (error: PostgrestLikeError): AssessmentFailure => assessmentFailure(error)

/** Runs a request; a thrown fetch (the connection dropped) is a `network` failure like an answered one. */
export async function request<T>(run: () => PromiseLike<{ data: T; error: PostgrestLikeError | null }>): Promise<T> {
  let reply: { data: T; error: PostgrestLikeError | null }
  try {
    reply = await run()
  } catch {
    throw failure('network', undefined)
  }
  if (reply.error) throw fail(reply.error)
  return reply.data
}

export async function readDashboard(sb: SupabaseClient): Promise<Dashboard> {
  return parseDashboard(await request(() => sb.from('organisations').select(DASHBOARD_ORGANISATION_SELECT).is('assessments.archived_at', null)))
}

/** The open assessments become exactly these frameworks (archived ones reopen with their answers); then re-read. */
export async function syncAssessments(sb: SupabaseClient, input: { userId: string; frameworkIds: readonly string[] }): Promise<Dashboard> {
  await request(() => sb.rpc('sync_assessments', { p_framework_ids: [...input.frameworkIds] }))
  return readDashboard(sb)
}

export interface EvidenceInput {
  readonly assessment: Pick<AssessmentRecord, 'id' | 'organisationId'>
  readonly itemId: string
  readonly draft: EvidenceDraft
}

/** One item as it is now (after a conflict, to show what the other person did); null when it has no row yet. */
export async function readItem(sb: SupabaseClient, input: { assessmentId: string; itemId: string }): Promise<ItemRecord | null> {
  const row = await request(() => sb.from('assessment_items').select(ITEM_SELECT).eq('assessment_id', input.assessmentId).eq('item_id', input.itemId).maybeSingle())
  return row ? parseItemRow(row) : null
}

/** Evidence without a rating (a plain insert): the item is then in progress. Answers with the item as it is. */
export async function addEvidence(sb: SupabaseClient, input: EvidenceInput): Promise<ItemRecord> {
  const evidence = draftEvidence(input.draft)
  await request(() =>
    sb.from('assessment_evidence').insert({ organisation_id: input.assessment.organisationId, assessment_id: input.assessment.id, item_id: input.itemId, ...evidence }),
  )
  const item = await readItem(sb, { assessmentId: input.assessment.id, itemId: input.itemId })
  if (!item) throw failure('unknown', undefined)
  return item
}

export interface RatingInput {
  readonly assessmentId: string
  readonly itemId: string
  readonly rating: string
  /** The item's version as last read (0 for an item never rated). */
  readonly expectedVersion: number
  readonly evidenceCategory: string | null
  /** Evidence added with the rating (may be empty when the item already has some). */
  readonly drafts: readonly EvidenceDraft[]
  /** A review of an earlier rating (the item becomes 'reviewed'). */
  readonly review: boolean
}

/** Rates (or reviews) an item atomically with its new evidence; answers with the item as it is after it. */
export async function rateItem(sb: SupabaseClient, input: RatingInput): Promise<ItemRecord> {
  const data = await request(() =>
    sb.rpc('rate_item', {
      p_assessment_id: input.assessmentId,
      p_item_id: input.itemId,
      p_rating: input.rating,
      p_expected_version: input.expectedVersion,
      p_evidence_category: input.evidenceCategory,
      p_evidence: input.drafts.map(draftEvidence),
      p_review: input.review,
    }),
  )
  const item = parseItemRow(data)
  if (!item) throw failure('unknown', undefined)
  return item
}

export const assessmentActors = {
  loadDashboard: fromPromise<Dashboard, { userId: string }>(async () => readDashboard(await client())),
  syncAssessments: fromPromise<Dashboard, { userId: string; frameworkIds: readonly string[] }>(async ({ input }) => syncAssessments(await client(), input)),
}

export const assessItemActors = {
  addEvidence: fromPromise<ItemRecord, EvidenceInput>(async ({ input }) => addEvidence(await client(), input)),
  rateItem: fromPromise<ItemRecord, RatingInput>(async ({ input }) => rateItem(await client(), input)),
  refreshItem: fromPromise<ItemRecord | null, { assessmentId: string; itemId: string }>(async ({ input }) => readItem(await client(), input)),
}
