/**
 * The object routes: upload (POST|PUT /object/<bucket>/<name>, x-upsert), download (GET /object/<bucket>/<name>,
 * /object/authenticated/..., /object/public/... for public buckets only), GET /object/info/<bucket>/<name>, and
 * removal (DELETE /object/<bucket>/<name>, DELETE /object/<bucket> {prefixes}).
 */
import { createReadStream, rmSync, statSync } from 'node:fs'
import { Readable } from 'node:stream'
import type { Db } from '../db.ts'
import type { Claims } from '../keys.ts'
import { asCaller, bucketIdOf, type C, callerOf, dbError, fail, filePath, findBucket, jsonBody, type ObjectRow, type Route, SERVICE, split, validKey, visibleObject } from './context.ts'
import { upload } from './upload.ts'

/** The object's bytes with storage-api's headers; `download` (the ?download= value) makes it an attachment. */
export function serve(c: C, dir: string, row: ObjectRow, download: string | null): Response {
  const path = filePath(dir, row.bucket_id, row.id)
  let size: number
  try {
    size = statSync(path).size
  } catch {
    return fail(404, 'not_found', 'Object not found')
  }
  const meta = row.metadata ?? {}
  const headers = new Headers({
    'content-type': String(meta.mimetype ?? 'application/octet-stream'),
    'content-length': String(size),
    'cache-control': String(meta.cacheControl ?? 'no-cache'),
    etag: String(meta.eTag ?? ''),
    'last-modified': new Date(row.updated_at).toUTCString(),
  })
  if (download !== null) {
    const fileName = download || (row.name.split('/').pop() as string)
    headers.set('content-disposition', `attachment; filename="${encodeURIComponent(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
  }
  for (const [key, value] of c.res.headers) if (key.startsWith('access-control-')) headers.set(key, value)
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers })
  return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, { status: 200, headers })
}

const downloadOf = (c: C) => new URL(c.req.url).searchParams.get('download')

/** Removes the named objects the caller may delete (RLS decides; others are skipped, as storage-api does). */
async function remove(db: Db, dir: string, claims: Claims, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const rows = await asCaller(db, claims, (tx) =>
    tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *', [bucketId, names]).then((r) => r.rows),
  ).catch(dbError)
  for (const row of rows) rmSync(filePath(dir, bucketId, row.id), { force: true })
  return rows
}

/** GET /object/info/<bucket>/<name> (also under public/ and authenticated/): the object's row as storage-api shows it. */
export const infoRoute: Route = async (c, { db }, path) => {
  const info = /^\/object\/info\/(?:public\/|authenticated\/)?(.+)$/.exec(path)
  if (!info || c.req.method !== 'GET') return undefined
  const { bucket: rawBucket, key } = split(info[1] as string)
  const claims = await callerOf(c)
  const row = await visibleObject(db, claims, bucketIdOf(rawBucket), validKey(key))
  const meta = row.metadata ?? {}
  return c.json({
    id: row.id,
    name: row.name,
    bucket_id: row.bucket_id,
    version: row.version ?? row.id,
    size: Number(meta.size ?? 0),
    content_type: String(meta.mimetype ?? 'application/octet-stream'),
    cache_control: String(meta.cacheControl ?? 'no-cache'),
    etag: String(meta.eTag ?? ''),
    metadata: row.user_metadata ?? {},
    last_modified: new Date(row.updated_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  })
}

/** GET|HEAD /object/public/<bucket>/<name> (public buckets, no caller needed) and /object/authenticated/... (RLS). */
export const servedRoute: Route = async (c, { db, dir }, path) => {
  const served = /^\/object\/(public|authenticated)\/(.+)$/.exec(path)
  if (!served || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return undefined
  const { bucket: rawBucket, key } = split(served[2] as string)
  const bucketId = bucketIdOf(rawBucket)
  const name = validKey(key)
  if (served[1] === 'public') {
    const bucket = await findBucket(db, bucketId)
    if (!bucket.public) fail(400, 'not_found', 'Object not found')
    return serve(c, dir, await visibleObject(db, SERVICE, bucketId, name), downloadOf(c))
  }
  const claims = await callerOf(c)
  return serve(c, dir, await visibleObject(db, claims, bucketId, name), downloadOf(c))
}

/** /object/<bucket>/<name>: download, upload, remove; DELETE /object/<bucket> {prefixes} removes several. */
export const objectRoute: Route = async (c, options, path) => {
  const { db, dir } = options
  const object = /^\/object\/(.+)$/.exec(path)
  if (!object) return undefined
  const method = c.req.method
  const { bucket: rawBucket, key } = split(object[1] as string)
  const bucketId = bucketIdOf(rawBucket)
  const claims = await callerOf(c)
  if (method === 'DELETE' && key === '') {
    const body = await jsonBody(c)
    if (!Array.isArray(body.prefixes) || body.prefixes.length === 0 || body.prefixes.some((p) => typeof p !== 'string')) {
      fail(400, 'InvalidRequest', 'body/prefixes must be a non-empty array of strings')
    }
    await findBucket(db, bucketId)
    return c.json(await remove(db, dir, claims, bucketId, body.prefixes as string[]))
  }
  if (key === '') return fail(400, 'InvalidKey', 'Invalid key: the object name is missing')
  if (method === 'GET' || method === 'HEAD') return serve(c, dir, await visibleObject(db, claims, bucketId, validKey(key)), downloadOf(c))
  if (method === 'POST' || method === 'PUT') {
    const upsert = method === 'PUT' || c.req.header('x-upsert') === 'true'
    return c.json(await upload(options, c, bucketId, key, claims, claims.sub ?? null, upsert))
  }
  if (method === 'DELETE') {
    const name = validKey(key)
    await findBucket(db, bucketId)
    const removed = await remove(db, dir, claims, bucketId, [name])
    if (removed.length === 0) fail(404, 'not_found', 'Object not found')
    return c.json({ message: 'Successfully deleted' })
  }
  return undefined
}
