/**
 * sweep-orphan-files: the scheduled sweep of evidence objects no row points to (issue 39, item 9). An upload that
 * finishes but is never finalised leaves an object in the `evidence` bucket without an evidence row (see
 * ./evidenceFiles.ts); so does a file row removed without its object. The SQL function orphan_evidence_objects
 * (service role only) names those written more than 24 hours ago by the database's clock, oldest first, at most
 * 1000 a run; this function removes them through the Storage API as the service role, so the object store drops
 * the bytes too (hosted Supabase refuses deletes of storage.objects in SQL). What one run leaves, the next removes.
 *
 * Only the scheduler may call it (./scheduler.ts): the service-role key as the bearer token (the local backend's
 * timer), or CRON_SECRET in `x-cron-secret` (pg_cron through pg_net, supabase/cron/sweep_orphan_files.sql).
 * Body: {} (the age is the database's to judge, never the caller's).
 *
 * Replies: 200 {success: true, found, removed}; 401 'not_authorised'; 400 'invalid_payload'; 500 'server_error'.
 */
import { EVIDENCE_BUCKET } from './evidenceFiles.ts'
import type { FunctionEnv } from './env.ts'
import { json, readJsonBody, rpc } from './http.ts'
import { isScheduler } from './scheduler.ts'

/** At most this many objects a run: the Storage API removes up to 1000 in one request. */
export const SWEEP_LIMIT = 1000

async function removeObjects(env: FunctionEnv, names: string[]): Promise<number> {
  const res = await fetch(`${env.SUPABASE_URL.replace(/\/+$/, '')}/storage/v1/object/${EVIDENCE_BUCKET}`, {
    method: 'DELETE',
    headers: { apikey: env.SUPABASE_SERVICE_ROLE_KEY, authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prefixes: names }),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`removing ${names.length} objects failed (${res.status}): ${text.slice(0, 300)}`)
  const removed = JSON.parse(text) as unknown
  return Array.isArray(removed) ? removed.length : 0
}

export async function sweepOrphanFiles(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method !== 'OPTIONS' && !isScheduler(req, env)) {
    return json(req, env, 401, { success: false, error: 'Only the scheduler may sweep stored files.', code: 'not_authorised' })
  }
  const body = await readJsonBody(req, env)
  if (!body.ok) return body.response
  const value = body.value
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length > 0) {
    return json(req, env, 400, { success: false, error: 'The body must be an empty JSON object: {}', code: 'invalid_payload' })
  }
  try {
    const names = ((await rpc(env, 'orphan_evidence_objects', { p_limit: SWEEP_LIMIT })) as string[] | null) ?? []
    const removed = names.length > 0 ? await removeObjects(env, names) : 0
    if (names.length > 0) console.log(`sweep-orphan-files: removed ${removed} of ${names.length} objects without a row`)
    return json(req, env, 200, { success: true, found: names.length, removed })
  } catch (error) {
    console.error('sweep-orphan-files', error)
    return json(req, env, 500, { success: false, error: 'Could not sweep the stored files; the next run will try again.', code: 'server_error' })
  }
}
