/**
 * evidence-files: the server side of attaching a file as evidence (issue 30). Two steps around the browser's own
 * upload (an XHR PUT to a signed upload URL, so it shows progress and can be cancelled):
 *
 * - `prepare` {assessmentId, itemId, name, size, type}: checks the name (no folders, no path tricks), the size
 *   (1 byte to 20 MB) and the declared type (one we take); checks, as the caller (RLS), that the assessment is one
 *   of their organisation's and open, and that the item is of its framework; then asks storage, as the caller (the
 *   storage.objects policies decide), for a signed upload URL for `<organisation>/<item>/<uuid>`. Replies
 *   {path, token}.
 * - `finalize` {assessmentId, itemId, path, name}: reads the stored object back (service role), sniffs its first
 *   bytes (./fileType.ts, the same module the browser runs) and checks its real size; anything wrong and the object
 *   is removed and the reply says why. Otherwise the evidence row is written (service role: members cannot insert
 *   file rows themselves) with the detected type, the caller as author. A failed insert removes the object too.
 *
 * So whatever a browser sends, a file row exists only for an object of an allowed type, in its organisation's
 * folder, written by one of its members. An upload that never finishes leaves nothing (storage writes an object
 * only when its body is complete); one that finishes but is never finalised leaves an object no row points to.
 *
 * Replies: 200 {success: true, ...}; otherwise {success: false, error, code} with 400 (invalid_payload, bad_name,
 * empty, wrong_type, item_not_in_framework), 401 not_authenticated, 403 (storage refused), 404
 * assessment_not_found | upload_missing, 409 assessment_archived, 413 too_large, 500.
 */
import * as v from 'valibot'
import type { FunctionEnv } from './env.ts'
import { ALLOWED_MIME_TYPES, FILE_MESSAGES, fileNameProblem, MAX_FILE_BYTES, sniffFileKind, FILE_KINDS } from './fileType.ts'
import { callerOf, issueMessages, json, readJsonBody } from './http.ts'

export const EVIDENCE_BUCKET = 'evidence'

const uuid = v.pipe(v.string('must be a UUID'), v.uuid('must be a UUID'))
const itemId = v.pipe(v.string('itemId is required'), v.regex(/^[a-z0-9-]+(\/[a-z0-9-]+)+$/, 'itemId must be a framework item id'))
const fileName = v.pipe(v.string('name is required'), v.maxLength(400, 'name is too long'))

export const PrepareSchema = v.object({
  action: v.literal('prepare'),
  assessmentId: uuid,
  itemId,
  name: fileName,
  size: v.pipe(v.number('size must be a number'), v.integer('size must be whole bytes')),
  type: v.string('type is required'),
})

export const FinalizeSchema = v.object({
  action: v.literal('finalize'),
  assessmentId: uuid,
  itemId,
  path: v.pipe(v.string('path is required'), v.maxLength(300, 'path is too long')),
  name: fileName,
})

const RequestSchema = v.variant('action', [PrepareSchema, FinalizeSchema], 'action must be prepare or finalize')

type Refusal = { status: number; code: string; error: string }
const refuse = (status: number, code: string, error: string): Refusal => ({ status, code, error })

const base = (env: FunctionEnv) => env.SUPABASE_URL.replace(/\/+$/, '')
const service = (env: FunctionEnv) => ({ apikey: env.SUPABASE_SERVICE_ROLE_KEY, authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}` })
const asCaller = (req: Request, env: FunctionEnv) => ({
  apikey: req.headers.get('apikey') ?? env.SUPABASE_SERVICE_ROLE_KEY,
  authorization: req.headers.get('authorization') ?? '',
})

interface Assessment {
  id: string
  organisation_id: string
  framework_version_id: string
  archived_at: string | null
}

/** The assessment as the caller may read it (RLS: their organisations only), and the item of its framework. */
async function assessmentOf(req: Request, env: FunctionEnv, assessmentId: string, item: string): Promise<Assessment | Refusal> {
  const headers = asCaller(req, env)
  const res = await fetch(`${base(env)}/rest/v1/assessments?select=id,organisation_id,framework_version_id,archived_at&id=eq.${assessmentId}`, { headers })
  if (!res.ok) throw new Error(`reading the assessment failed (${res.status}): ${(await res.text()).slice(0, 200)}`)
  const rows = (await res.json()) as Assessment[]
  const a = rows[0]
  if (!a) return refuse(404, 'assessment_not_found', 'No such assessment in your organisation.')
  if (a.archived_at) return refuse(409, 'assessment_archived', 'This assessment is archived: reopen it to change its answers.')
  const items = await fetch(
    `${base(env)}/rest/v1/framework_items?select=id&id=eq.${encodeURIComponent(item)}&version_id=eq.${encodeURIComponent(a.framework_version_id)}`,
    { headers },
  )
  if (!items.ok) throw new Error(`reading the item failed (${items.status})`)
  if (((await items.json()) as unknown[]).length === 0) return refuse(400, 'item_not_in_framework', "That item is not part of this assessment's framework.")
  return a
}

async function removeObject(env: FunctionEnv, path: string): Promise<void> {
  const res = await fetch(`${base(env)}/storage/v1/object/${EVIDENCE_BUCKET}`, {
    method: 'DELETE',
    headers: { ...service(env), 'content-type': 'application/json' },
    body: JSON.stringify({ prefixes: [path] }),
  })
  if (!res.ok) console.error(`evidence-files: could not remove ${path} (${res.status})`)
}

async function prepare(req: Request, env: FunctionEnv, input: v.InferOutput<typeof PrepareSchema>): Promise<Refusal | { path: string; token: string }> {
  if (fileNameProblem(input.name)) return refuse(400, 'bad_name', FILE_MESSAGES.bad_name)
  if (input.size <= 0) return refuse(400, 'empty', FILE_MESSAGES.empty)
  if (input.size > MAX_FILE_BYTES) return refuse(413, 'too_large', FILE_MESSAGES.too_large)
  if (!ALLOWED_MIME_TYPES.includes(input.type)) return refuse(400, 'wrong_type', FILE_MESSAGES.wrong_type)
  const a = await assessmentOf(req, env, input.assessmentId, input.itemId)
  if ('status' in a) return a
  const path = `${a.organisation_id}/${input.itemId}/${crypto.randomUUID()}`
  const res = await fetch(`${base(env)}/storage/v1/object/upload/sign/${EVIDENCE_BUCKET}/${path}`, { method: 'POST', headers: asCaller(req, env) })
  const body = (await res.json().catch(() => ({}))) as { token?: string; message?: string }
  if (res.status === 403) return refuse(403, 'storage_refused', 'You cannot add files to this organisation.')
  if (!res.ok || !body.token) throw new Error(`signing the upload failed (${res.status}): ${body.message ?? ''}`)
  return { path, token: body.token }
}

async function finalize(req: Request, env: FunctionEnv, caller: { id: string }, input: v.InferOutput<typeof FinalizeSchema>): Promise<Refusal | { evidence: unknown }> {
  if (fileNameProblem(input.name)) return refuse(400, 'bad_name', FILE_MESSAGES.bad_name)
  const a = await assessmentOf(req, env, input.assessmentId, input.itemId)
  if ('status' in a) return a
  const prefix = `${a.organisation_id}/${input.itemId}/`
  if (!input.path.startsWith(prefix) || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(input.path.slice(prefix.length))) {
    return refuse(400, 'bad_path', 'That file is not one of this item\'s uploads.')
  }
  const res = await fetch(`${base(env)}/storage/v1/object/${EVIDENCE_BUCKET}/${input.path}`, { headers: service(env) })
  if (res.status === 404 || res.status === 400) {
    await res.body?.cancel()
    return refuse(404, 'upload_missing', 'The upload did not reach the server: try again.')
  }
  if (!res.ok) throw new Error(`reading the upload failed (${res.status})`)
  const bytes = new Uint8Array(await res.arrayBuffer())
  const problem = bytes.length === 0
    ? refuse(400, 'empty', FILE_MESSAGES.empty)
    : bytes.length > MAX_FILE_BYTES
      ? refuse(413, 'too_large', FILE_MESSAGES.too_large)
      : null
  const kind = problem ? null : sniffFileKind(bytes.subarray(0, 64 * 1024), input.name)
  if (problem || !kind) {
    await removeObject(env, input.path)
    return problem ?? refuse(400, 'wrong_type', FILE_MESSAGES.wrong_type)
  }
  const insert = await fetch(`${base(env)}/rest/v1/assessment_evidence`, {
    method: 'POST',
    headers: { ...service(env), 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify({
      organisation_id: a.organisation_id,
      assessment_id: a.id,
      item_id: input.itemId,
      kind: 'file',
      storage_path: input.path,
      file_name: input.name,
      file_size: bytes.length,
      content_type: FILE_KINDS[kind].mime,
      created_by: caller.id,
    }),
  })
  if (!insert.ok) {
    const text = await insert.text()
    await removeObject(env, input.path)
    if (insert.status === 409) return refuse(409, 'duplicate', 'This file has already been attached.')
    throw new Error(`saving the evidence failed (${insert.status}): ${text.slice(0, 300)}`)
  }
  const rows = (await insert.json()) as unknown[]
  return { evidence: rows[0] }
}

export async function evidenceFiles(req: Request, env: FunctionEnv): Promise<Response> {
  const body = await readJsonBody(req, env)
  if (!body.ok) return body.response
  const parsed = v.safeParse(RequestSchema, body.value)
  if (!parsed.success) return json(req, env, 400, { success: false, error: `Invalid request: ${issueMessages(parsed.issues)}`, code: 'invalid_payload' })
  const caller = await callerOf(req, env)
  if (!caller) return json(req, env, 401, { success: false, error: 'Sign in to attach files.', code: 'not_authenticated' })
  try {
    const result = parsed.output.action === 'prepare' ? await prepare(req, env, parsed.output) : await finalize(req, env, caller, parsed.output)
    if ('status' in result) return json(req, env, result.status, { success: false, error: result.error, code: result.code })
    return json(req, env, 200, { success: true, ...result })
  } catch (error) {
    console.error('evidence-files', error)
    return json(req, env, 500, { success: false, error: 'Could not attach the file; nothing was kept. Please try again.', code: 'server_error' })
  }
}
