/**
 * What every /storage/v1 route group shares: the options, storage-api's error shape, the caller and its
 * transaction (RLS decides), object names and bucket ids as storage-api accepts them, and the small request readers.
 */
import { join } from 'node:path'
import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import type { Db, Queryable } from '../db.ts'
import { type Claims, verifyJwt } from '../keys.ts'

export interface StorageOptions {
  db: Db
  /** Where the objects' bytes live: <dir>/<bucket>/<object id>. */
  dir: string
}

export type C = Context<{ Bindings: HttpBindings }>

/**
 * One route group: answers the request when `path` (after /storage/v1) and the method are its own, or returns
 * undefined for the next group to try.
 */
export type Route = (c: C, options: StorageOptions, path: string) => Promise<Response | undefined>

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }
}

export const fail = (status: number, error: string, message: string): never => {
  throw new StorageError(status, error, message)
}

export interface Bucket {
  id: string
  name: string
  public: boolean
  file_size_limit: string | number | null
  allowed_mime_types: string[] | null
  owner: string | null
  created_at: string
  updated_at: string
}

export interface ObjectRow {
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

export function bucketIdOf(raw: string | undefined): string {
  const id = raw ? decodeURIComponent(raw) : ''
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(id) || id === '.' || id === '..') fail(400, 'InvalidBucketName', `Invalid bucket name: ${id}`)
  return id
}

/** The caller: the Authorization bearer token (or the apikey when there is none), verified; its role an API role. */
export async function callerOf(c: C): Promise<Claims> {
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

export const SERVICE: Claims = { role: 'service_role' }

/** Runs fn in one transaction as the caller's role with its claims: RLS decides (the service role bypasses it). */
export function asCaller<T>(db: Db, claims: Claims, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [claims.role ?? 'anon', JSON.stringify(claims)])
    return fn(tx)
  })
}

/** A database refusal as storage-api reports it. */
export function dbError(error: unknown): never {
  if (error instanceof StorageError) throw error
  const e = error as { code?: string; message?: string }
  if (e.code === '42501') fail(403, 'Unauthorized', e.message ?? 'new row violates row-level security policy')
  if (e.code === '23505') fail(409, 'Duplicate', 'The resource already exists')
  if (e.code === '23503') fail(404, 'Bucket not found', 'Bucket not found')
  throw error
}

export async function findBucket(db: Db, id: string): Promise<Bucket> {
  const rows = await db.query<Bucket>('select * from storage.buckets where id = $1', [id])
  return rows.rows[0] ?? fail(404, 'Bucket not found', 'Bucket not found')
}

export async function visibleObject(db: Db, claims: Claims, bucketId: string, name: string): Promise<ObjectRow> {
  const rows = await asCaller(db, claims, (tx) =>
    tx.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]).then((r) => r.rows),
  ).catch(dbError)
  return rows[0] ?? fail(404, 'not_found', 'Object not found')
}

export const filePath = (dir: string, bucketId: string, objectId: string) => join(dir, bucketId, objectId)

export async function jsonBody(c: C): Promise<Record<string, unknown>> {
  try {
    const value = await c.req.json()
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {}
  } catch {
    return {}
  }
}

/** `<bucket>/<rest>` of a path after a route's prefix, still percent-encoded. */
export function split(rest: string): { bucket: string; key: string } {
  const i = rest.indexOf('/')
  return i < 0 ? { bucket: rest, key: '' } : { bucket: rest.slice(0, i), key: rest.slice(i + 1) }
}
