/**
 * The bucket routes (/bucket, /bucket/<id>, /bucket/<id>/empty): the service role in practice, since
 * storage.buckets has no policy for the other roles.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Claims } from '../keys.ts'
import { asCaller, type Bucket, bucketIdOf, type C, callerOf, dbError, fail, filePath, findBucket, jsonBody, type ObjectRow, type StorageOptions } from './context.ts'
import { sizeInBytes } from './upload.ts'

const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at'

/** GET /bucket lists the buckets, POST /bucket creates one. */
async function allBuckets(c: C, { db }: StorageOptions, claims: Claims): Promise<Response | undefined> {
  if (c.req.method === 'GET') return c.json(await asCaller(db, claims, (tx) => tx.query<Bucket>(`select ${BUCKET_COLUMNS} from storage.buckets order by name`).then((r) => r.rows)))
  if (c.req.method !== 'POST') return undefined
  const body = await jsonBody(c)
  const bucketId = bucketIdOf(String(body.id ?? body.name ?? ''))
  await asCaller(db, claims, (tx) =>
    tx.query('insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5, $6)', [
      bucketId, String(body.name ?? bucketId), claims.sub ?? null, body.public === true, sizeInBytes(body.file_size_limit), body.allowed_mime_types ?? null,
    ]),
  ).catch(dbError)
  return c.json({ name: bucketId })
}

/** POST /bucket/<id>/empty: removes every object the caller may remove, rows and bytes. */
async function emptyBucket(c: C, { db, dir }: StorageOptions, claims: Claims, rawId: string): Promise<Response> {
  const bucketId = bucketIdOf(rawId)
  await findBucket(db, bucketId)
  const rows = await asCaller(db, claims, (tx) => tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 returning *', [bucketId]).then((r) => r.rows)).catch(dbError)
  for (const row of rows) rmSync(filePath(dir, bucketId, row.id), { force: true })
  return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' })
}

/** PUT /bucket/<id>: only what the body names changes (storage-js's partial updates). */
async function updateBucket(c: C, { db }: StorageOptions, claims: Claims, bucketId: string): Promise<Response> {
  const body = await jsonBody(c)
  const rows = await asCaller(db, claims, (tx) =>
    tx.query(
      `update storage.buckets set public = case when $2 then $3 else public end, file_size_limit = case when $4 then $5 else file_size_limit end,
         allowed_mime_types = case when $6 then $7::text[] else allowed_mime_types end, updated_at = now() where id = $1 returning id`,
      [bucketId, 'public' in body, body.public === true, 'file_size_limit' in body, sizeInBytes(body.file_size_limit), 'allowed_mime_types' in body, body.allowed_mime_types ?? null],
    ).then((r) => r.rows),
  ).catch(dbError)
  if (rows.length === 0) fail(404, 'Bucket not found', 'Bucket not found')
  return c.json({ message: 'Successfully updated' })
}

/** DELETE /bucket/<id>: an empty bucket only. */
async function deleteBucket(c: C, { db, dir }: StorageOptions, claims: Claims, bucketId: string): Promise<Response> {
  const count = await db.query<{ n: string }>('select count(*) as n from storage.objects where bucket_id = $1', [bucketId])
  if (Number(count.rows[0]?.n) > 0) fail(409, 'InvalidRequest', 'The bucket you tried to delete is not empty')
  const rows = await asCaller(db, claims, (tx) => tx.query('delete from storage.buckets where id = $1 returning id', [bucketId]).then((r) => r.rows)).catch(dbError)
  if (rows.length === 0) fail(404, 'Bucket not found', 'Bucket not found')
  rmSync(join(dir, bucketId), { recursive: true, force: true })
  return c.json({ message: 'Successfully deleted' })
}

/** The bucket routes; `rest` is the path after /bucket. */
export async function buckets(c: C, options: StorageOptions, rest: string): Promise<Response> {
  const { db } = options
  const claims = await callerOf(c)
  const method = c.req.method
  const id = rest.replace(/^\//, '')
  if (rest === '' || rest === '/') {
    const answered = await allBuckets(c, options, claims)
    if (answered) return answered
  }
  const empty = /^([^/]+)\/empty$/.exec(id)
  if (empty && method === 'POST') return emptyBucket(c, options, claims, empty[1] as string)
  const bucketId = bucketIdOf(id)
  if (method === 'GET') {
    const rows = await asCaller(db, claims, (tx) => tx.query<Bucket>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [bucketId]).then((r) => r.rows)).catch(dbError)
    return c.json(rows[0] ?? fail(404, 'Bucket not found', 'Bucket not found'))
  }
  if (method === 'PUT') return updateBucket(c, options, claims, bucketId)
  if (method === 'DELETE') return deleteBucket(c, options, claims, bucketId)
  return fail(404, 'not_found', `No route ${method} /bucket${rest}`)
}
