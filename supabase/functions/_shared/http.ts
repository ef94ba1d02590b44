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

/** Calls a SECURITY DEFINER SQL function through PostgREST with the service-role key (one transaction each). */
export async function rpc(env: FunctionEnv, fn: string, args: Record<string, unknown>): Promise<unknown> {
  const res = await fetch(`${env.SUPABASE_URL.replace(/\/+$/, '')}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: env.SUPABASE_SERVICE_ROLE_KEY,
      authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`,
    },
    body: JSON.stringify(args),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`rpc ${fn} failed (${res.status}): ${text.slice(0, 300)}`)
  return text === '' ? null : JSON.parse(text)
}

export function issueMessages(issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<{ key: unknown }> }>): string {
  return issues
    .map((i) => {
      const path = i.path?.map((p) => String(p.key)).join('.')
      return path ? `${path}: ${i.message}` : i.message
    })
    .join('; ')
}
