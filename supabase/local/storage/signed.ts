/**
 * Signed URLs, JWTs (the project's secret) naming `<bucket>/<name>`: POST /object/upload/sign/<bucket>/<name> makes
 * a signed upload URL and PUT ...?token= uploads through it; POST /object/sign/<bucket>/<name> and POST
 * /object/sign/<bucket> {paths} make signed download URLs, which GET /object/sign/<bucket>/<name>?token= serves.
 */
import { type Claims, signJwt, verifyJwt } from '../keys.ts'
import { asCaller, bucketIdOf, type C, callerOf, dbError, fail, findBucket, jsonBody, type Route, SERVICE, type StorageOptions, split, validKey, visibleObject } from './context.ts'
import { serve } from './objects.ts'
import { mayUpload, upload } from './upload.ts'

function expiresInOf(value: unknown): number {
  const n = Number(value)
  if (!Number.isFinite(n) || n < 1) return fail(400, 'InvalidRequest', 'body/expiresIn must be >= 1')
  return Math.floor(n)
}

/** The ?token= of a signed URL, verified and naming this very object. */
async function tokenFor(c: C, bucketId: string, name: string): Promise<Claims> {
  const token = new URL(c.req.url).searchParams.get('token')
  if (!token) return fail(400, 'InvalidSignature', 'Missing token')
  const verified = await verifyJwt(token)
  if (!verified.ok) return fail(400, 'InvalidJWT', verified.expired ? 'jwt expired' : 'invalid signature')
  if (verified.claims.url !== `${bucketId}/${name}`) fail(400, 'InvalidSignature', 'The url do not match the signature')
  return verified.claims
}

/** POST makes a signed upload URL (the caller's right to write checked now); PUT ?token= uploads through it. */
export const uploadSignRoute: Route = async (c, options, path) => {
  const uploadSign = /^\/object\/upload\/sign\/(.+)$/.exec(path)
  if (!uploadSign) return undefined
  const { db } = options
  const { bucket: rawBucket, key } = split(uploadSign[1] as string)
  const bucketId = bucketIdOf(rawBucket)
  if (c.req.method === 'POST') {
    const claims = await callerOf(c)
    const name = validKey(key)
    const bucket = await findBucket(db, bucketId)
    const upsert = c.req.header('x-upsert') === 'true'
    await mayUpload(db, claims, bucket, name, upsert)
    const token = await signJwt({ url: `${bucketId}/${name}`, owner: claims.sub, upsert }, 2 * 60 * 60)
    return c.json({ url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token })
  }
  if (c.req.method === 'PUT') {
    const name = validKey(key)
    const signed = await tokenFor(c, bucketId, name)
    // The signer's right to write was checked when the URL was made; the upload itself runs as the service role.
    const owner = typeof signed.owner === 'string' ? signed.owner : null
    const result = await upload(options, c, bucketId, key, SERVICE, owner, signed.upsert === true)
    return c.json({ Key: result.Key, Id: result.Id })
  }
  return undefined
}

/** POST /object/sign/<bucket> {paths, expiresIn}: a signed URL for each path the caller may read, an error for the others. */
async function signMany(c: C, { db }: StorageOptions, bucketId: string): Promise<Response> {
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

/** GET|HEAD ?token= serves a signed URL; POST signs one object (or, with no name, several). */
export const signRoute: Route = async (c, options, path) => {
  const sign = /^\/object\/sign\/(.+)$/.exec(path)
  if (!sign) return undefined
  const { db, dir } = options
  const method = c.req.method
  const { bucket: rawBucket, key } = split(sign[1] as string)
  const bucketId = bucketIdOf(rawBucket)
  if (method === 'GET' || method === 'HEAD') {
    const name = validKey(key)
    await tokenFor(c, bucketId, name)
    const row = await visibleObject(db, SERVICE, bucketId, name)
    return serve(c, dir, row, new URL(c.req.url).searchParams.get('download'))
  }
  if (method === 'POST' && key === '') return signMany(c, options, bucketId)
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
  return undefined
}
