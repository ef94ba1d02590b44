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
 *
 * This module routes; each route group is a module of ./storage/: objects.ts (upload, download, info, remove),
 * signed.ts (signed URLs and signed uploads), list.ts, buckets.ts, with upload.ts (limits, streaming, the row) and
 * context.ts (the caller, its transaction, the error shape) shared.
 */
import { mkdirSync } from 'node:fs'
import type { HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import { buckets } from './storage/buckets.ts'
import { fail, type Route, type StorageOptions, StorageError } from './storage/context.ts'
import { listRoute } from './storage/list.ts'
import { infoRoute, objectRoute, servedRoute } from './storage/objects.ts'
import { signRoute, uploadSignRoute } from './storage/signed.ts'

/** The object route groups, in the order they are tried: the first that answers a path and method wins. */
const OBJECT_ROUTES: readonly Route[] = [listRoute, uploadSignRoute, signRoute, infoRoute, servedRoute, objectRoute]

export function storageApp(options: StorageOptions): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>()
  mkdirSync(options.dir, { recursive: true })

  app.all('/*', async (c) => {
    // The raw request target: a URL parser would already have folded '..' and '%2e%2e' segments away.
    const target = (c.env?.incoming?.url ?? new URL(c.req.url).pathname).split('?')[0] as string
    const path = target.replace(/^.*?\/storage\/v1/, '')
    if (path === '/bucket' || path.startsWith('/bucket/')) return buckets(c, options, path.slice('/bucket'.length))
    for (const route of OBJECT_ROUTES) {
      const answer = await route(c, options, path)
      if (answer) return answer
    }
    return fail(404, 'not_found', `No route ${c.req.method} ${path}`)
  })

  app.onError((err, c) => {
    if (err instanceof StorageError) return c.json({ statusCode: String(err.status), error: err.error, message: err.message }, err.status as 400)
    console.error('local storage error', err)
    return c.json({ statusCode: '500', error: 'internal', message: 'Internal server error; nothing was written' }, 500)
  })
  return app
}
