/**
 * The inspection pack's data (issue 30 item 5, /app/pack) through supabase-js against PostgREST: the
 * organisation's open assessments with their organisation's name, items (with who rated them) and evidence (with who
 * added it) in ONE embedded select, the same shape as the dashboard's (./assessments.ts) plus `organisations(name)`:
 *
 *   assessments?select=…,organisations(name),assessment_items(…,assessment_evidence(…))&archived_at=is.null
 *
 * and, beside it, the organisation's actions (rpc list_actions, every assessment's, with owner and verifier names).
 *
 * Who prepares the pack is the signed-in person's name from their session (no request): the sign-up's first and last
 * name, else their e-mail. Refusals become an `AssessmentFailure` as in ./assessments.ts.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { fromPromise } from 'xstate'
import { parseAssessmentRows } from '../domain/assessments'
import { type PackData, parsePackActions } from '../domain/pack/fromAssessment'
import { client, ITEM_SELECT, request } from './assessments'

export const PACK_SELECT = `id, organisation_id, framework_id, framework_version_id, conditions, organisations(name), assessment_items(${ITEM_SELECT})`

function organisationName(rows: unknown): string {
  if (!Array.isArray(rows)) return ''
  for (const row of rows) {
    const org = (row as { organisations?: unknown } | null)?.organisations
    const name = typeof org === 'object' && org !== null ? (org as { name?: unknown }).name : undefined
    if (typeof name === 'string' && name.trim()) return name.trim()
  }
  return ''
}

/** The signed-in person's name as the session carries it (read from storage: no request). */
async function preparerName(sb: SupabaseClient): Promise<string> {
  const { data } = await sb.auth.getSession()
  const user = data.session?.user
  const meta = (user?.user_metadata ?? {}) as Record<string, unknown>
  const name = [meta.first_name, meta.last_name].filter((p): p is string => typeof p === 'string' && p.trim() !== '').map((p) => p.trim()).join(' ')
  return name || user?.email || ''
}

export async function readPack(sb: SupabaseClient): Promise<PackData> {
  const [rows, actions] = await Promise.all([
    request(() => sb.from('assessments').select(PACK_SELECT).is('archived_at', null)),
    request(() => sb.rpc('list_actions')),
  ])
  const preparedBy = await preparerName(sb).catch(() => '')
  return { organisation: organisationName(rows), preparedBy, assessments: parseAssessmentRows(rows), actions: parsePackActions(actions) }
}

/** The pack's data with the site's client (also read again when the PDF is made, so it has the latest ratings). */
export const loadPackData = async (): Promise<PackData> => readPack(await client())

export const packActors = {
  loadPack: fromPromise<PackData, Record<string, never>>(loadPackData),
}
