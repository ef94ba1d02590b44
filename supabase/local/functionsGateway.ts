/**
 * /functions/v1/<name>: the gateway in front of the Deno functions (./functions.ts), as Supabase's edge is. It
 * checks the JWT as hosted `verify_jwt` does (any valid project JWT, anon too; CORS preflights pass), then proxies
 * the request to the Deno process with the client's address as X-Forwarded-For and returns its reply unchanged.
 */
import type { HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import type { DenoFunctions } from './functions.ts'
import { verifyJwt } from './keys.ts'

export interface FunctionsGatewayOptions {
  /** The running functions: their names and the Deno server's URL. */
  functions: Pick<DenoFunctions, 'names' | 'url'>
}

/** Request headers not forwarded to the functions: hop-by-hop ones, and accept-encoding so Deno never
 * compresses a reply this server would have to decode again. */
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'accept-encoding'])

export function functionsApp({ functions }: FunctionsGatewayOptions): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>()
  app.all('/:name', async (c) => {
    const name = c.req.param('name')
    if (!functions.names.includes(name)) return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404)
    if (c.req.method !== 'OPTIONS') {
      // Hosted functions verify the JWT by default (verify_jwt); any valid project JWT (anon too) passes.
      const token = /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim()
      if (!token) return c.json({ code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' }, 401)
      const verified = await verifyJwt(token)
      if (!verified.ok) return c.json({ code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' }, 401)
    }
    const headers = new Headers()
    for (const [key, value] of c.req.raw.headers) if (!NOT_FORWARDED.has(key)) headers.set(key, value)
    // Like Supabase's edge, pass the client address on as X-Forwarded-For (kept if a proxy already set it).
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', c.env?.incoming?.socket?.remoteAddress ?? 'unknown')
    const body = ['GET', 'HEAD'].includes(c.req.method) ? undefined : await c.req.arrayBuffer()
    const res = await fetch(`${functions.url}/${name}`, { method: c.req.method, headers, body, redirect: 'manual' })
    const replyHeaders = new Headers(res.headers)
    replyHeaders.delete('content-length')
    replyHeaders.delete('content-encoding')
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: replyHeaders })
  })
  return app
}
