/**
 * Uploads as storage-api takes them: the bucket's size limit and allowed types, the body streamed to a temp file
 * beside the bucket's objects, and the row written as the caller (RLS decides) with the bytes renamed into place
 * before the commit. No partial writes: a refused, failed or aborted upload leaves neither a row nor bytes.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Db } from '../db.ts'
import type { Claims } from '../keys.ts'
import { asCaller, type Bucket, type C, dbError, fail, filePath, findBucket, type StorageOptions, StorageError, validKey } from './context.ts'

/** storage-api's default upload limit when a bucket sets none (hosted free plan: 50 MB). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024

/** A bucket's size limit as storage-api takes it: bytes, or a number with b, kb, mb or gb (decimal: "20mb" is 20 000 000); null for none. */
export function sizeInBytes(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value)
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(String(value))
  if (!m) return fail(400, 'InvalidRequest', `Invalid file size limit: ${String(value)}`)
  const unit = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 }[(m[2] ?? 'b').toLowerCase() as 'b']
  return Math.floor(Number(m[1]) * unit)
}

/** Does the bucket take this type? Its list may hold exact types and wildcards such as image/*. */
export function mimeAllowed(allowed: readonly string[] | null, type: string): boolean {
  if (!allowed || allowed.length === 0) return true
  const base = type.split(';')[0]!.trim().toLowerCase()
  return allowed.some((a) => {
    const rule = a.toLowerCase()
    return rule.endsWith('/*') ? base.startsWith(rule.slice(0, -1)) : base === rule
  })
}

function sizeLimit(bucket: Bucket): number {
  const own = bucket.file_size_limit == null ? null : Number(bucket.file_size_limit)
  return own && own > 0 ? Math.min(own, GLOBAL_FILE_SIZE_LIMIT) : GLOBAL_FILE_SIZE_LIMIT
}

const tooLarge = () => fail(413, 'Payload too large', 'The object exceeded the maximum allowed size')

/** Counts the bytes going through; more than `limit` errors the stream (413). */
function limited(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let seen = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > limit) controller.error(new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'))
        else controller.enqueue(chunk)
      },
    }),
  )
}

interface Received {
  temp: string
  size: number
  etag: string
  mimetype: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

/** The file of a request and what it declares: its bytes, type, cache control and user metadata. */
interface Upload {
  source: ReadableStream<Uint8Array>
  mimetype: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

/** The raw body, or the file of the multipart form supabase-js sends for a Blob. */
async function uploadOf(c: C, body: ReadableStream<Uint8Array>, contentType: string, limit: number): Promise<Upload> {
  const cacheControl = c.req.header('cache-control') ?? 'no-cache'
  if (!/^multipart\/form-data/i.test(contentType)) {
    const meta = c.req.header('x-metadata')
    return { source: body, mimetype: contentType, cacheControl, userMetadata: meta ? parseMetadata(Buffer.from(meta, 'base64').toString('utf8')) : null }
  }
  // The form (a few fields and the file) is read whole, within the limit plus room for its headers.
  const form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': contentType }, body: limited(body, limit + 64 * 1024), duplex: 'half' } as RequestInit).formData()
  const file = [...form.values()].find((v): v is File => typeof v === 'object' && v !== null && 'arrayBuffer' in v)
  if (!file) return fail(400, 'InvalidRequest', 'The form has no file')
  const cc = form.get('cacheControl')
  const meta = form.get('metadata')
  const userMetadata = typeof meta === 'string' && meta ? parseMetadata(meta) : null
  return { source: file.stream(), mimetype: file.type || 'text/plain;charset=UTF-8', cacheControl: typeof cc === 'string' && cc ? `max-age=${cc}` : cacheControl, userMetadata }
}

/**
 * The request's file into a temp file beside the bucket's objects. Checked on the way: the declared type against
 * the bucket, the size against its limit. The temp file is removed on any failure, an aborted request included.
 */
async function receive(c: C, dir: string, bucket: Bucket): Promise<Received> {
  const limit = sizeLimit(bucket)
  const declared = Number(c.req.header('content-length') ?? 'NaN')
  if (Number.isFinite(declared) && declared > limit + 64 * 1024) tooLarge()
  const body = c.req.raw.body
  if (!body) return fail(400, 'InvalidRequest', 'The request has no body: send the file')
  const contentType = c.req.header('content-type') ?? 'application/octet-stream'
  mkdirSync(join(dir, bucket.id), { recursive: true })
  const temp = join(dir, bucket.id, `.upload-${randomUUID()}`)
  try {
    const { source, mimetype, cacheControl, userMetadata } = await uploadOf(c, body, contentType, limit)
    if (!mimeAllowed(bucket.allowed_mime_types, mimetype)) fail(415, 'invalid_mime_type', `mime type ${mimetype} is not supported`)
    const hash = createHash('md5')
    let size = 0
    const counted = limited(source, limit).pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          hash.update(chunk)
          size += chunk.byteLength
          controller.enqueue(chunk)
        },
      }),
    )
    await pipeline(Readable.fromWeb(counted as never), createWriteStream(temp, { flags: 'wx' }))
    return { temp, size, etag: `"${hash.digest('hex')}"`, mimetype, cacheControl, userMetadata }
  } catch (error) {
    rmSync(temp, { force: true })
    if (error instanceof StorageError) throw error
    const cause = (error as { cause?: unknown }).cause
    if (cause instanceof StorageError) throw cause
    throw new StorageError(400, 'InvalidRequest', `The upload did not complete: ${(error as Error).message}`)
  }
}

function parseMetadata(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null
  } catch {
    return fail(400, 'InvalidRequest', 'metadata must be a JSON object')
  }
}

/**
 * Writes the row (insert, or upsert) as `claims` and puts the received bytes in place, in one transaction: the
 * rename happens before the commit, and a refused row removes the temp file.
 */
async function store(db: Db, dir: string, claims: Claims, owner: string | null, bucket: Bucket, name: string, got: Received, upsert: boolean) {
  const metadata = {
    eTag: got.etag,
    size: got.size,
    mimetype: got.mimetype,
    cacheControl: got.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: got.size,
    httpStatusCode: 200,
  }
  try {
    return await asCaller(db, claims, async (tx) => {
      const sql = upsert
        ? `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata) values ($1, $2, $3, $4, $5, $6)
           on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
             user_metadata = excluded.user_metadata, updated_at = now(), last_accessed_at = now()
           returning id, name`
        : `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata) values ($1, $2, $3, $4, $5, $6) returning id, name`
      const row = (await tx.query<{ id: string }>(sql, [bucket.id, name, owner, owner, metadata, got.userMetadata])).rows[0]!
      renameSync(got.temp, filePath(dir, bucket.id, row.id))
      return { Id: row.id, Key: `${bucket.id}/${name}` }
    })
  } catch (error) {
    rmSync(got.temp, { force: true })
    return dbError(error)
  }
}

/** May `claims` create (or, upserting, replace) this object? Asked before the body is read, then rolled back. */
export async function mayUpload(db: Db, claims: Claims, bucket: Bucket, name: string, upsert: boolean): Promise<void> {
  const probe = new Error('probe')
  try {
    await asCaller(db, claims, async (tx) => {
      const exists = (await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket.id, name])).rows.length > 0
      if (exists && !upsert) fail(409, 'Duplicate', 'The resource already exists')
      if (exists) {
        const updated = await tx.query('update storage.objects set updated_at = now() where bucket_id = $1 and name = $2 returning id', [bucket.id, name])
        if (updated.rows.length === 0) fail(403, 'Unauthorized', 'new row violates row-level security policy')
      } else {
        await tx.query('insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3::text::uuid, $3::text)', [bucket.id, name, claims.sub ?? null])
      }
      throw probe
    })
  } catch (error) {
    if (error !== probe) dbError(error)
  }
}

/** One upload: the name checked, the right to write asked before the body is read, then received and stored. */
export async function upload({ db, dir }: StorageOptions, c: C, bucketId: string, rawKey: string, claims: Claims, owner: string | null, upsert: boolean) {
  const name = validKey(rawKey)
  const bucket = await findBucket(db, bucketId)
  await mayUpload(db, claims, bucket, name, upsert)
  const got = await receive(c, dir, bucket)
  return store(db, dir, claims, owner, bucket, name, got, upsert)
}
