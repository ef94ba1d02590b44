/** JSON replies, CORS and a bounded JSON body reader shared by the function handlers. */
import type { FunctionEnv } from './env.ts'

export const MAX_BODY_BYTES = 64 * 1024

export function corsHeaders(req: Request, env: FunctionEnv): Record<string, string> {
  const origin = req.headers.get('origin') ?? ''
  const allowed = (env.ALLOWED_ORIGINS ?? '*')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  const allow = allowed.includes('*') ? '*' : allowed.includes(origin) ? origin : (allowed[0] ?? '')
  return {
    'access-control-allow-origin': allow,
    'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, x-supabase-api-version',
    'access-control-allow-methods': 'POST, OPTIONS',
    vary: 'Origin',
  }
}

export function json(req: Request, env: FunctionEnv, status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...corsHeaders(req, env) },
  })
}

export type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response }

/** Preflight, method and body checks common to every function: returns the parsed JSON or a reply. */
export async function readJsonBody(req: Request, env: FunctionEnv): Promise<BodyResult> {
  if (req.method === 'OPTIONS') return { ok: false, response: new Response(null, { status: 204, headers: corsHeaders(req, env) }) }
  if (req.method !== 'POST') {
    return { ok: false, response: json(req, env, 405, { success: false, error: 'Method not allowed; use POST' }) }
  }
  const length = Number(req.headers.get('content-length') ?? '0')
  if (length > MAX_BODY_BYTES) {
    return { ok: false, response: json(req, env, 413, { success: false, error: 'Request body too large' }) }
  }
  const text = await req.text()
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    return { ok: false, response: json(req, env, 413, { success: false, error: 'Request body too large' }) }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, response: json(req, env, 400, { success: false, error: 'Request body must be valid JSON' }) }
  }
  // Postgres text cannot hold U+0000: refuse it here with a clear 400 instead of failing the write (500).
  if (containsNul(value)) {
    return { ok: false, response: json(req, env, 400, { success: false, error: 'Text must not contain NUL characters' }) }
  }
  return { ok: true, value }
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v))
  return false
}

/** POST /rest/v1/rpc/<fn> with the service-role key (one transaction each). */
function postRpc(env: FunctionEnv, fn: string, args: Record<string, unknown>): Promise<Response> {
  return fetch(`${env.SUPABASE_URL.replace(/\/+$/, '')}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: env.SUPABASE_SERVICE_ROLE_KEY,
      authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`,
    },
    body: JSON.stringify(args),
  })
}

/** Calls a SECURITY DEFINER SQL function through PostgREST with the service-role key (one transaction each). */
export async function rpc(env: FunctionEnv, fn: string, args: Record<string, unknown>): Promise<unknown> {
  const res = await postRpc(env, fn, args)
  const text = await res.text()
  if (!res.ok) throw new Error(`rpc ${fn} failed (${res.status}): ${text.slice(0, 300)}`)
  return text === '' ? null : JSON.parse(text)
}

export type RpcResult =
  | { ok: true; value: unknown }
  | { ok: false; status: number; code: string; message: string; hint: string | null; details: string | null }

/**
 * Like rpc, but a refusal raised by the SQL function comes back as a value: its HTTP status as PostgREST gives it
 * for `raise ... using errcode = 'PTnnn'` (nnn), 22xxx (400) and 42501 (403), with its message and hint.
 */
export async function rpcResult(env: FunctionEnv, fn: string, args: Record<string, unknown>): Promise<RpcResult> {
  const res = await postRpc(env, fn, args)
  const text = await res.text()
  if (res.ok) return { ok: true, value: text === '' ? null : JSON.parse(text) }
  let body: { code?: string; message?: string; hint?: string | null; details?: string | null } = {}
  try {
    body = JSON.parse(text)
  } catch {
    // not PostgREST's JSON: reported below as a server error
  }
  const code = body.code ?? ''
  const status = /^PT\d{3}$/.test(code) ? Number(code.slice(2)) : code.startsWith('22') ? 400 : code === '42501' ? 403 : 500
  if (status >= 500) throw new Error(`rpc ${fn} failed (${res.status}): ${text.slice(0, 300)}`)
  return { ok: false, status, code, message: body.message ?? 'Request refused', hint: body.hint ?? null, details: body.details ?? null }
}

/** The signed-in user behind the request's access token, asked of the auth server (which also checks the session). */
export async function callerOf(req: Request, env: FunctionEnv): Promise<{ id: string; email: string } | null> {
  const authorization = req.headers.get('authorization')
  if (!authorization || !/^bearer\s+\S+/i.test(authorization)) return null
  const res = await fetch(`${env.SUPABASE_URL.replace(/\/+$/, '')}/auth/v1/user`, {
    headers: { apikey: req.headers.get('apikey') ?? env.SUPABASE_SERVICE_ROLE_KEY, authorization },
  })
  if (!res.ok) return null
  const user = (await res.json()) as { id?: unknown; email?: unknown }
  return typeof user.id === 'string' ? { id: user.id, email: String(user.email ?? '') } : null
}

export function issueMessages(issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<{ key: unknown }> }>): string {
  return issues
    .map((i) => {
      const path = i.path?.map((p) => String(p.key)).join('.')
      return path ? `${path}: ${i.message}` : i.message
    })
    .join('; ')
}
