/**
 * Evidence files (issue 30): the browser's side of attaching, viewing and removing a file of an assessed item.
 *
 * - attach: the file's first bytes are checked here (src/domain/fileType.ts: type from content, size, name); the
 *   evidence-files function checks again and answers a signed upload URL for `<organisation>/<item>/<uuid>` in the
 *   private `evidence` bucket; the bytes go there by XMLHttpRequest (upload progress, abort); the function's
 *   finalize step reads the stored bytes, and only then writes the evidence row. The item is read again.
 *   Cancelled or dropped midway: storage keeps nothing of an unfinished upload, and no row was written.
 * - view: a signed URL (60 s) made by storage under the organisation's policies.
 * - remove: the evidence row (RLS: a member; never the last evidence of a rating), then the object.
 *
 * Every refusal is an AssessmentFailure ({code, message}); a dropped connection is code `network`.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { fromCallback, fromPromise } from 'xstate'
import { type AssessmentFailure, failure, type ItemRecord } from '../domain/assessments'
import { checkFile, FILE_KINDS, SNIFF_BYTES } from '../domain/fileType'
import { readItem } from './assessments'
import { getSupabase } from './client'
import { config } from '../config'

export const EVIDENCE_BUCKET = 'evidence'

async function client(): Promise<SupabaseClient> {
  try {
    return await getSupabase()
  } catch {
    throw failure('network', undefined)
  }
}

async function invoke(sb: SupabaseClient, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  let reply: Awaited<ReturnType<SupabaseClient['functions']['invoke']>>
  try {
    reply = await sb.functions.invoke('evidence-files', { body })
  } catch {
    throw failure('network', undefined)
  }
  if (reply.error) {
    const response = (reply.error as { context?: unknown }).context
    if (response instanceof Response) {
      const answer = (await response.clone().json().catch(() => null)) as { error?: string; code?: string } | null
      throw failure(answer?.code ?? `http_${response.status}`, answer?.error)
    }
    throw failure('network', undefined)
  }
  return reply.data as Record<string, unknown>
}

export interface AttachInput {
  readonly assessment: { readonly id: string; readonly organisationId: string }
  readonly itemId: string
  readonly file: File
}

export type UploadEvent =
  | { type: 'UPLOAD_PROGRESS'; loaded: number; total: number }
  | { type: 'UPLOAD_DONE'; item: ItemRecord }
  | { type: 'UPLOAD_FAILED'; failure: AssessmentFailure }

/** The file's bytes to the signed upload URL, reporting progress; `signal` aborts it. */
function put(url: string, file: File, type: string, onProgress: (loaded: number, total: number) => void, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', url)
    xhr.setRequestHeader('content-type', type)
    xhr.setRequestHeader('x-upsert', 'false')
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size)
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve()
      let answer: { message?: string; statusCode?: string } = {}
      try {
        answer = JSON.parse(xhr.responseText)
      } catch {
        // not storage's JSON
      }
      reject(failure(xhr.status === 413 ? 'too_large' : `storage_${xhr.status}`, xhr.status === 413 ? 'This file is larger than 20 MB: choose a smaller file.' : answer.message))
    }
    xhr.onerror = () => reject(failure('network', undefined))
    xhr.onabort = () => reject(failure('cancelled', 'Upload cancelled: nothing was kept.'))
    if (signal.aborted) return reject(failure('cancelled', 'Upload cancelled: nothing was kept.'))
    signal.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(file)
  })
}

/** Checks, uploads and records one file; answers with the item read again. */
export async function attachFile(input: AttachInput, onProgress: (loaded: number, total: number) => void, signal: AbortSignal): Promise<ItemRecord> {
  const head = new Uint8Array(await input.file.slice(0, SNIFF_BYTES).arrayBuffer())
  const checked = checkFile({ name: input.file.name, size: input.file.size, head })
  if (!checked.ok) throw failure(checked.problem.code, checked.problem.message)
  const type = FILE_KINDS[checked.kind].mime
  const sb = await client()
  const prepared = await invoke(sb, { action: 'prepare', assessmentId: input.assessment.id, itemId: input.itemId, name: input.file.name, size: input.file.size, type })
  const path = String(prepared.path)
  const url = `${config.supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/upload/sign/${EVIDENCE_BUCKET}/${path}?token=${encodeURIComponent(String(prepared.token))}`
  await put(url, input.file, type, onProgress, signal)
  if (signal.aborted) throw failure('cancelled', 'Upload cancelled: nothing was kept.')
  await invoke(sb, { action: 'finalize', assessmentId: input.assessment.id, itemId: input.itemId, path, name: input.file.name })
  const item = await readItem(sb, { assessmentId: input.assessment.id, itemId: input.itemId })
  if (!item) throw failure('unknown', undefined)
  return item
}

/** A link to the file, valid for a minute. */
export async function signFileUrl(sb: SupabaseClient, path: string): Promise<string> {
  let reply: Awaited<ReturnType<ReturnType<SupabaseClient['storage']['from']>['createSignedUrl']>>
  try {
    reply = await sb.storage.from(EVIDENCE_BUCKET).createSignedUrl(path, 60)
  } catch {
    throw failure('network', undefined)
  }
  if (reply.error || !reply.data) throw failure('file_not_found', 'This file is no longer there: it may have been removed.')
  return reply.data.signedUrl
}

/** The evidence row, then its object; answers with the item read again. */
export async function removeFile(sb: SupabaseClient, input: { assessmentId: string; itemId: string; evidenceId: string; path: string }): Promise<ItemRecord | null> {
  let deleted: { data: unknown; error: { message?: string; hint?: string | null; code?: string } | null }
  try {
    deleted = await sb.from('assessment_evidence').delete().eq('id', input.evidenceId).select('id')
  } catch {
    throw failure('network', undefined)
  }
  if (deleted.error) throw failure(deleted.error.hint ?? deleted.error.code, deleted.error.message)
  if (!Array.isArray(deleted.data) || deleted.data.length === 0) throw failure('file_not_found', 'This file is no longer there: it may have been removed.')
  // The row is gone, so the file is no longer evidence; an object left behind by a failed remove is unreachable.
  await sb.storage.from(EVIDENCE_BUCKET).remove([input.path]).catch(() => undefined)
  return readItem(sb, { assessmentId: input.assessmentId, itemId: input.itemId })
}

export const evidenceFileActors = {
  /** Sends UPLOAD_PROGRESS while the bytes go, then UPLOAD_DONE or UPLOAD_FAILED; stopping it aborts the upload. */
  uploadFile: fromCallback<{ type: string }, AttachInput>(({ input, sendBack }) => {
    const controller = new AbortController()
    attachFile(input, (loaded, total) => sendBack({ type: 'UPLOAD_PROGRESS', loaded, total } satisfies UploadEvent), controller.signal).then(
      (item) => sendBack({ type: 'UPLOAD_DONE', item } satisfies UploadEvent),
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'UPLOAD_FAILED', failure: error as AssessmentFailure } satisfies UploadEvent)
      },
    )
    return () => controller.abort()
  }),
  signFileUrl: fromPromise<string, { path: string }>(async ({ input }) => signFileUrl(await client(), input.path)),
  removeFile: fromPromise<ItemRecord | null, { assessmentId: string; itemId: string; evidenceId: string; path: string }>(async ({ input }) => removeFile(await client(), input)),
}
