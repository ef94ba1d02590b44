/**
 * /rest/v1: the gateway in front of the real PostgREST (postgrest.ts), doing what hosted Supabase's gateway does
 * and nothing more. CORS and the 64 KB body limit are the server's middleware (index.ts). Here:
 * - a request with neither an `apikey` (header or query parameter) nor an Authorization header is refused with
 *   the gateway's 401 {message, hint};
 * - without an Authorization header, the apikey becomes the bearer token (as the Supabase CLI's gateway does), and
 *   the `apikey` query parameter is taken off the URL before it reaches PostgREST;
 * - everything else (method, path under /rest/v1, query, headers, body) goes to PostgREST unchanged, and its
 *   answer comes back unchanged but for hop-by-hop and CORS headers. PostgREST verifies the JWT, switches to its
 *   role and sets request.jwt.claims itself, so every status and error body is PostgREST's own.
 */
import { Agent } from 'node:http'
import type { HttpBindings } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { type PostgrestTarget, postgrestRequest } from './postgrest.ts'

const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'proxy-connection', 'te', 'trailer'])

export interface RestOptions {
  /** Where PostgREST listens; null while it is not running. */
  target: () => PostgrestTarget | null
}

export function restApp({ target }: RestOptions): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>()
  // Keep-alive connections to PostgREST's socket: no connection set-up per request.
  const agent = new Agent({ keepAlive: true, maxSockets: 32 })

  const forward = async (c: Context<{ Bindings: HttpBindings }>) => {
    const url = new URL(c.req.url)
    const apikey = c.req.header('apikey') ?? url.searchParams.get('apikey') ?? undefined
    const authorization = c.req.header('authorization')
    if (!apikey && !authorization) {
      return c.json({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, 401)
    }
    const to = target()
    if (!to) return c.json({ message: 'PostgREST is not running; restart the local backend (its log says why it stopped)' }, 503)

    const headers: Record<string, string> = {}
    for (const [key, value] of c.req.raw.headers) if (!HOP_BY_HOP.has(key)) headers[key] = value
    if (!authorization && apikey) headers.authorization = `Bearer ${apikey}`
    headers['x-forwarded-for'] ??= c.env?.incoming?.socket?.remoteAddress ?? 'unknown'
    let search = url.search
    if (url.searchParams.has('apikey')) {
      url.searchParams.delete('apikey')
      search = url.searchParams.size ? `?${url.searchParams}` : ''
    }
    const path = `${url.pathname.replace(/^\/rest\/v1/, '') || '/'}${search}`
    const body = ['GET', 'HEAD'].includes(c.req.method) ? undefined : Buffer.from(await c.req.arrayBuffer())
    if (body) headers['content-length'] = String(body.length)

    let res: Awaited<ReturnType<typeof postgrestRequest>>
    try {
      res = await postgrestRequest(to, agent, c.req.method, path, headers, body)
    } catch (error) {
      return c.json({ message: `PostgREST did not answer (${(error as Error).message}); restart the local backend` }, 503)
    }
    const out = new Headers()
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined || HOP_BY_HOP.has(key) || key.startsWith('access-control-')) continue
      for (const v of Array.isArray(value) ? value : [value]) out.append(key, v)
    }
    // Keep the CORS headers the server's middleware set on this reply.
    for (const [key, value] of c.res.headers) if (key.startsWith('access-control-')) out.set(key, value)
    const empty = c.req.method === 'HEAD' || res.status === 204 || res.status === 304
    return new Response(empty ? null : new Uint8Array(res.body), { status: res.status, headers: out })
  }

  app.all('/', forward)
  app.all('/*', forward)
  return app
}
