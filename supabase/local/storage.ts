/**
 * /storage/v1: the part of hosted Supabase's storage-api the app uses, on the storage schema bootstrap.sql creates
 * (storage.buckets, storage.objects) and bytes on disk under `dir` (dataDir/storage, or a temp dir in memory mode).
 *
 * As storage-api: every metadata query runs in a transaction as the caller's role with request.jwt.claims set, so
 * the RLS policies on storage.objects decide who may read, write, list, sign and remove; the service_role bypasses
 * them. The bucket's file_size_limit and allowed_mime_types are enforced on upload, with storage-api's status
 * codes and error shape `{statusCode, error, message}`. Signed URLs and signed upload URLs are JWTs (the project's
 * secret) naming `<bucket>/<name>`.
 *
 * No partial writes: an upload is written to a temp file in the same directory and renamed over the object's file
 * only after the body ended and the row was written (in one transaction, committed after the rename), so an upload
 * that fails or is aborted midway leaves neither a row nor bytes.
 *
 * Routes (what supabase-js's storage client calls): POST|PUT /object/<bucket>/<name> (upload, x-upsert),
 * POST /object/upload/sign/<bucket>/<name> and PUT ...?token= (signed upload), GET /object/<bucket>/<name> and
 * /object/authenticated/... (download), /object/public/... (public buckets only), POST /object/sign/<bucket>/<name>
 * and POST /object/sign/<bucket> {paths} (signed URLs), GET /object/sign/<bucket>/<name>?token=, DELETE
 * /object/<bucket> {prefixes} (remove), POST /object/list/<bucket> (list one level), GET /object/info/<bucket>/<name>,
 * and the bucket routes.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { HttpBindings } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import type { Db, Queryable } from './db.ts'
import { type Claims, signJwt, verifyJwt } from './keys.ts'

/** storage-api's default upload limit when a bucket sets none (hosted free plan: 50 MB). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024

export interface StorageOptions {
  db: Db
  /** Where the objects' bytes live: <dir>/<bucket>/<object id>. */
  dir: string
}

type C = Context<{ Bindings: HttpBindings }>

class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }
}

const fail = (status: number, error: string, message: string): never => {
  throw new StorageError(status, error, message)
}

interface Bucket {
  id: string
  name: string
  public: boolean
  file_size_limit: string | number | null
  allowed_mime_types: string[] | null
  owner: string | null
  created_at: string
  updated_at: string
}

interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  version: string | null
  metadata: Record<string, unknown> | null
  user_metadata: Record<string, unknown> | null
  created_at: string
  updated_at: string
  last_accessed_at: string
}

/**
 * An object name as storage-api accepts it, decoded from the URL path: segments of printable characters, no empty,
 * '.' or '..' segment, no backslash, no leading slash, at most 1024 bytes. Refused with 400 InvalidKey.
 */
export function validKey(raw: string): string {
  let name: string
  try {
    name = raw
      .split('/')
      .map((s) => decodeURIComponent(s))
      .join('/')
  } catch {
    return fail(400, 'InvalidKey', `Invalid key: ${raw}`)
  }
  const segments = name.split('/')
  if (
    name.length === 0 ||
    Buffer.byteLength(name) > 1024 ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (NUL included) are what is refused
    /[\u0000-\u001f\u007f\\]/.test(name) ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    return fail(400, 'InvalidKey', `Invalid key: ${name}`)
  }
  return name
}

function bucketIdOf(raw: string | undefined): string {
  const id = raw ? decodeURIComponent(raw) : ''
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(id) || id === '.' || id === '..') fail(400, 'InvalidBucketName', `Invalid bucket name: ${id}`)
  return id
}

/** The caller: the Authorization bearer token (or the apikey when there is none), verified; its role an API role. */
async function callerOf(c: C): Promise<Claims> {
  const bearer = /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim()
  const token = bearer ?? c.req.header('apikey') ?? new URL(c.req.url).searchParams.get('apikey') ?? undefined
  // storage-api verifies whatever bearer it gets; none at all fails as an empty JWS.
  if (!token) return fail(400, 'Unauthorized', 'Invalid Compact JWS')
  const verified = await verifyJwt(token)
  if (!verified.ok) return fail(400, verified.expired ? 'InvalidJWT' : 'InvalidJWT', verified.message === 'JWT expired' ? 'jwt expired' : 'invalid signature')
  const role = verified.claims.role ?? 'anon'
  if (!['anon', 'authenticated', 'service_role'].includes(role)) fail(403, 'Unauthorized', `role ${role} is not an API role`)
  return verified.claims
}

const SERVICE: Claims = { role: 'service_role' }

/** Runs fn in one transaction as the caller's role with its claims: RLS decides (the service role bypasses it). */
function asCaller<T>(db: Db, claims: Claims, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [claims.role ?? 'anon', JSON.stringify(claims)])
    return fn(tx)
  })
}

/** A database refusal as storage-api reports it. */
function dbError(error: unknown): never {
  if (error instanceof StorageError) throw error
  const e = error as { code?: string; message?: string }
  if (e.code === '42501') fail(403, 'Unauthorized', e.message ?? 'new row violates row-level security policy')
  if (e.code === '23505') fail(409, 'Duplicate', 'The resource already exists')
  if (e.code === '23503') fail(404, 'Bucket not found', 'Bucket not found')
  throw error
}

async function findBucket(db: Db, id: string): Promise<Bucket> {
  const rows = await db.query<Bucket>('select * from storage.buckets where id = $1', [id])
  return rows.rows[0] ?? fail(404, 'Bucket not found', 'Bucket not found')
}

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

/**
 * The request's file (raw body, or the multipart form supabase-js sends for a Blob) into a temp file beside the
 * bucket's objects. Checked on the way: the declared type against the bucket, the size against its limit.
 * The temp file is removed on any failure, an aborted request included.
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
    let source: ReadableStream<Uint8Array>
    let mimetype: string
    let cacheControl = c.req.header('cache-control') ?? 'no-cache'
    let userMetadata: Record<string, unknown> | null = null
    if (/^multipart\/form-data/i.test(contentType)) {
      // The form (a few fields and the file) is read whole, within the limit plus room for its headers.
      const form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': contentType }, body: limited(body, limit + 64 * 1024), duplex: 'half' } as RequestInit).formData()
      const file = [...form.values()].find((v): v is File => typeof v === 'object' && v !== null && 'arrayBuffer' in v)
      if (!file) return fail(400, 'InvalidRequest', 'The form has no file')
      mimetype = file.type || 'text/plain;charset=UTF-8'
      const cc = form.get('cacheControl')
      if (typeof cc === 'string' && cc) cacheControl = `max-age=${cc}`
      const meta = form.get('metadata')
      if (typeof meta === 'string' && meta) userMetadata = parseMetadata(meta)
      source = file.stream()
    } else {
      mimetype = contentType
      const meta = c.req.header('x-metadata')
      if (meta) userMetadata = parseMetadata(Buffer.from(meta, 'base64').toString('utf8'))
      source = body
    }
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

const filePath = (dir: string, bucketId: string, objectId: string) => join(dir, bucketId, objectId)

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
async function mayUpload(db: Db, claims: Claims, bucket: Bucket, name: string, upsert: boolean): Promise<void> {
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

async function visibleObject(db: Db, claims: Claims, bucketId: string, name: string): Promise<ObjectRow> {
  const rows = await asCaller(db, claims, (tx) =>
    tx.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]).then((r) => r.rows),
  ).catch(dbError)
  return rows[0] ?? fail(404, 'not_found', 'Object not found')
}

function serve(c: C, dir: string, row: ObjectRow, download: string | null): Response {
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

async function jsonBody(c: C): Promise<Record<string, unknown>> {
  try {
    const value = await c.req.json()
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {}
  } catch {
    return {}
  }
}

function expiresInOf(value: unknown): number {
  const n = Number(value)
  if (!Number.isFinite(n) || n < 1) return fail(400, 'InvalidRequest', 'body/expiresIn must be >= 1')
  return Math.floor(n)
}

/** `<bucket>/<rest>` of a path after a route's prefix, still percent-encoded. */
function split(rest: string): { bucket: string; key: string } {
  const i = rest.indexOf('/')
  return i < 0 ? { bucket: rest, key: '' } : { bucket: rest.slice(0, i), key: rest.slice(i + 1) }
}

async function tokenFor(c: C, bucketId: string, name: string): Promise<Claims> {
  const token = new URL(c.req.url).searchParams.get('token')
  if (!token) return fail(400, 'InvalidSignature', 'Missing token')
  const verified = await verifyJwt(token)
  if (!verified.ok) return fail(400, 'InvalidJWT', verified.expired ? 'jwt expired' : 'invalid signature')
  if (verified.claims.url !== `${bucketId}/${name}`) fail(400, 'InvalidSignature', 'The url do not match the signature')
  return verified.claims
}

interface ListEntry {
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: Record<string, unknown> | null
}

export function storageApp({ db, dir }: StorageOptions): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>()
  mkdirSync(dir, { recursive: true })

  const upload = async (c: C, bucketId: string, rawKey: string, claims: Claims, owner: string | null, upsert: boolean) => {
    const name = validKey(rawKey)
    const bucket = await findBucket(db, bucketId)
    await mayUpload(db, claims, bucket, name, upsert)
    const got = await receive(c, dir, bucket)
    return store(db, dir, claims, owner, bucket, name, got, upsert)
  }

  app.all('/*', async (c) => {
    // The raw request target: a URL parser would already have folded '..' and '%2e%2e' segments away.
    const target = (c.env?.incoming?.url ?? new URL(c.req.url).pathname).split('?')[0] as string
    const path = target.replace(/^.*?\/storage\/v1/, '')
    const method = c.req.method
    if (path === '/bucket' || path.startsWith('/bucket/')) return buckets(c, db, dir, path.slice('/bucket'.length))

    const listed = /^\/object\/list\/([^/]+)$/.exec(path)
    if (listed && method === 'POST') {
      const m = listed
      const claims = await callerOf(c)
      const bucketId = bucketIdOf(m[1])
      await findBucket(db, bucketId)
      const body = await jsonBody(c)
      const prefix = String(body.prefix ?? '').replace(/^\/+|\/+$/g, '')
      const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000)
      const offset = Math.max(Number(body.offset ?? 0) || 0, 0)
      const search = String(body.search ?? '')
      const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string }
      const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(sortBy.column ?? '') ? (sortBy.column as keyof ListEntry) : 'name'
      const desc = String(sortBy.order ?? 'asc').toLowerCase() === 'desc'
      const like = `${(prefix ? `${prefix}/` : '').replace(/[\\%_]/g, '\\$&')}%`
      const rows = await asCaller(db, claims, (tx) =>
        tx.query<ObjectRow>("select * from storage.objects where bucket_id = $1 and name like $2 escape '\\'", [bucketId, like]).then((r) => r.rows),
      ).catch(dbError)
      const depth = prefix ? prefix.split('/').length : 0
      const entries = new Map<string, ListEntry>()
      for (const row of rows) {
        const parts = row.name.split('/')
        const name = parts[depth] as string
        if (search && !name.toLowerCase().startsWith(search.toLowerCase())) continue
        if (parts.length > depth + 1) {
          if (!entries.has(name)) entries.set(name, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null })
        } else {
          entries.set(name, { name, id: row.id, updated_at: new Date(row.updated_at).toISOString(), created_at: new Date(row.created_at).toISOString(), last_accessed_at: new Date(row.last_accessed_at).toISOString(), metadata: row.metadata })
        }
      }
      // As storage.search: folders first, then by the column asked for.
      const sorted = [...entries.values()].sort((a, b) => {
        if ((a.id === null) !== (b.id === null)) return a.id === null ? -1 : 1
        const x = String(a[column] ?? a.name)
        const y = String(b[column] ?? b.name)
        return (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1)
      })
      return c.json(sorted.slice(offset, offset + limit))
    }

    const uploadSign = /^\/object\/upload\/sign\/(.+)$/.exec(path)
    if (uploadSign) {
      const m = uploadSign
      const { bucket: rawBucket, key } = split(m[1] as string)
      const bucketId = bucketIdOf(rawBucket)
      if (method === 'POST') {
        const claims = await callerOf(c)
        const name = validKey(key)
        const bucket = await findBucket(db, bucketId)
        const upsert = c.req.header('x-upsert') === 'true'
        await mayUpload(db, claims, bucket, name, upsert)
        const token = await signJwt({ url: `${bucketId}/${name}`, owner: claims.sub, upsert }, 2 * 60 * 60)
        return c.json({ url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token })
      }
      if (method === 'PUT') {
        const name = validKey(key)
        const signed = await tokenFor(c, bucketId, name)
        // The signer's right to write was checked when the URL was made; the upload itself runs as the service role.
        const owner = typeof signed.owner === 'string' ? signed.owner : null
        const result = await upload(c, bucketId, key, SERVICE, owner, signed.upsert === true)
        return c.json({ Key: result.Key, Id: result.Id })
      }
    }

    const sign = /^\/object\/sign\/(.+)$/.exec(path)
    if (sign) {
      const m = sign
      const { bucket: rawBucket, key } = split(m[1] as string)
      const bucketId = bucketIdOf(rawBucket)
      if (method === 'GET' || method === 'HEAD') {
        const name = validKey(key)
        await tokenFor(c, bucketId, name)
        const row = await visibleObject(db, SERVICE, bucketId, name)
        return serve(c, dir, row, new URL(c.req.url).searchParams.get('download'))
      }
      if (method === 'POST' && key === '') {
        const claims = await callerOf(c)
        await findBucket(db, bucketId)
        const body = await jsonBody(c)
        const expiresIn = expiresInOf(body.expiresIn)
        if (!Array.isArray(body.paths) || body.paths.length === 0 || body.paths.some((p) => typeof p !== 'string')) {
          fail(400, 'InvalidRequest', 'body/paths must be a non-empty array of strings')
        }
        const paths = body.paths as string[]
        const visible = await asCaller(db, claims, (tx) =>
          tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, paths]).then((r) => new Set(r.rows.map((x) => x.name))),
        ).catch(dbError)
        return c.json(
          await Promise.all(
            paths.map(async (p) =>
              visible.has(p)
                ? { error: null, path: p, signedURL: `/object/sign/${bucketId}/${p}?token=${await signJwt({ url: `${bucketId}/${p}` }, expiresIn)}` }
                : { error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null },
            ),
          ),
        )
      }
      if (method === 'POST') {
        const claims = await callerOf(c)
        const name = validKey(key)
        const body = await jsonBody(c)
        const expiresIn = expiresInOf(body.expiresIn)
        await findBucket(db, bucketId)
        await visibleObject(db, claims, bucketId, name)
        const token = await signJwt({ url: `${bucketId}/${name}` }, expiresIn)
        return c.json({ signedURL: `/object/sign/${bucketId}/${name}?token=${token}` })
      }
    }

    const info = /^\/object\/info\/(?:public\/|authenticated\/)?(.+)$/.exec(path)
    if (info && method === 'GET') {
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

    const served = /^\/object\/(public|authenticated)\/(.+)$/.exec(path)
    if (served && (method === 'GET' || method === 'HEAD')) {
      const m = served
      const { bucket: rawBucket, key } = split(m[2] as string)
      const bucketId = bucketIdOf(rawBucket)
      const name = validKey(key)
      if (m[1] === 'public') {
        const bucket = await findBucket(db, bucketId)
        if (!bucket.public) fail(400, 'not_found', 'Object not found')
        return serve(c, dir, await visibleObject(db, SERVICE, bucketId, name), new URL(c.req.url).searchParams.get('download'))
      }
      const claims = await callerOf(c)
      return serve(c, dir, await visibleObject(db, claims, bucketId, name), new URL(c.req.url).searchParams.get('download'))
    }

    const object = /^\/object\/(.+)$/.exec(path)
    if (object) {
      const m = object
      const { bucket: rawBucket, key } = split(m[1] as string)
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
      if (method === 'GET' || method === 'HEAD') {
        return serve(c, dir, await visibleObject(db, claims, bucketId, validKey(key)), new URL(c.req.url).searchParams.get('download'))
      }
      if (method === 'POST' || method === 'PUT') {
        const upsert = method === 'PUT' || c.req.header('x-upsert') === 'true'
        return c.json(await upload(c, bucketId, key, claims, claims.sub ?? null, upsert))
      }
      if (method === 'DELETE') {
        const name = validKey(key)
        await findBucket(db, bucketId)
        const removed = await remove(db, dir, claims, bucketId, [name])
        if (removed.length === 0) fail(404, 'not_found', 'Object not found')
        return c.json({ message: 'Successfully deleted' })
      }
    }
    return fail(404, 'not_found', `No route ${method} ${path}`)
  })

  app.onError((err, c) => {
    if (err instanceof StorageError) return c.json({ statusCode: String(err.status), error: err.error, message: err.message }, err.status as 400)
    console.error('local storage error', err)
    return c.json({ statusCode: '500', error: 'internal', message: 'Internal server error; nothing was written' }, 500)
  })
  return app
}

/** Removes the named objects the caller may delete (RLS decides; others are skipped, as storage-api does). */
async function remove(db: Db, dir: string, claims: Claims, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const rows = await asCaller(db, claims, (tx) =>
    tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *', [bucketId, names]).then((r) => r.rows),
  ).catch(dbError)
  for (const row of rows) rmSync(filePath(dir, bucketId, row.id), { force: true })
  return rows
}

/** The bucket routes (service role in practice: buckets has no policy for the other roles). */
async function buckets(c: C, db: Db, dir: string, rest: string): Promise<Response> {
  const claims = await callerOf(c)
  const method = c.req.method
  const id = rest.replace(/^\//, '')
  if (rest === '' || rest === '/') {
    if (method === 'GET') return c.json(await asCaller(db, claims, (tx) => tx.query<Bucket>('select id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets order by name').then((r) => r.rows)))
    if (method === 'POST') {
      const body = await jsonBody(c)
      const bucketId = bucketIdOf(String(body.id ?? body.name ?? ''))
      await asCaller(db, claims, (tx) =>
        tx.query('insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5, $6)', [
          bucketId, String(body.name ?? bucketId), claims.sub ?? null, body.public === true, sizeInBytes(body.file_size_limit), body.allowed_mime_types ?? null,
        ]),
      ).catch(dbError)
      return c.json({ name: bucketId })
    }
  }
  const empty = /^([^/]+)\/empty$/.exec(id)
  if (empty && method === 'POST') {
    const bucketId = bucketIdOf(empty[1])
    await findBucket(db, bucketId)
    const rows = await asCaller(db, claims, (tx) => tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 returning *', [bucketId]).then((r) => r.rows)).catch(dbError)
    for (const row of rows) rmSync(filePath(dir, bucketId, row.id), { force: true })
    return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' })
  }
  const bucketId = bucketIdOf(id)
  if (method === 'GET') {
    const rows = await asCaller(db, claims, (tx) =>
      tx.query<Bucket>(
        'select id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets where id = $1',
        [bucketId],
      ).then((r) => r.rows),
    ).catch(dbError)
    return c.json(rows[0] ?? fail(404, 'Bucket not found', 'Bucket not found'))
  }
  if (method === 'PUT') {
    const body = await jsonBody(c)
    const rows = await asCaller(db, claims, (tx) =>
      // Only what the body names changes (storage-js's partial updates).
      tx.query(
        `update storage.buckets set public = case when $2 then $3 else public end, file_size_limit = case when $4 then $5 else file_size_limit end,
           allowed_mime_types = case when $6 then $7::text[] else allowed_mime_types end, updated_at = now() where id = $1 returning id`,
        [bucketId, 'public' in body, body.public === true, 'file_size_limit' in body, sizeInBytes(body.file_size_limit), 'allowed_mime_types' in body, body.allowed_mime_types ?? null],
      ).then((r) => r.rows),
    ).catch(dbError)
    if (rows.length === 0) fail(404, 'Bucket not found', 'Bucket not found')
    return c.json({ message: 'Successfully updated' })
  }
  if (method === 'DELETE') {
    const count = await db.query<{ n: string }>('select count(*) as n from storage.objects where bucket_id = $1', [bucketId])
    if (Number(count.rows[0]?.n) > 0) fail(409, 'InvalidRequest', 'The bucket you tried to delete is not empty')
    const rows = await asCaller(db, claims, (tx) => tx.query('delete from storage.buckets where id = $1 returning id', [bucketId]).then((r) => r.rows)).catch(dbError)
    if (rows.length === 0) fail(404, 'Bucket not found', 'Bucket not found')
    rmSync(join(dir, bucketId), { recursive: true, force: true })
    return c.json({ message: 'Successfully deleted' })
  }
  return fail(404, 'not_found', `No route ${method} /bucket${rest}`)
}
