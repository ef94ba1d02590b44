/**
 * The /rest/v1 subset the site uses, run the way PostgREST runs it: each request is one transaction that
 * first does set_config('role', <jwt role>, true) and set_config('request.jwt.claims', <claims>, true),
 * so RLS policies, column grants and auth.uid() apply exactly as hosted. Supported: GET and PATCH on
 * public tables with select= and horizontal filters (eq, neq, gt, gte, lt, lte, is, like, ilike, in),
 * limit/offset/order, Prefer: return=representation, the single-object Accept header, and POST rpc/<fn>
 * with named JSON arguments. Errors use PostgREST's {code, message, details, hint}.
 */
import { type Context, Hono } from 'hono'
import type { Db, Queryable } from './db.ts'
import { API_ROLES, type Claims, verifyJwt } from './keys.ts'

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/
const q = (id: string) => `"${id}"`
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict'])
const OPS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike' }

type PgrstError = { status: number; code: string; message: string; details: string | null; hint: string | null }

class RequestError extends Error {
  constructor(readonly body: PgrstError) {
    super(body.message)
  }
}

const fail = (status: number, code: string, message: string, details: string | null = null, hint: string | null = null) =>
  new RequestError({ status, code, message, details, hint })

/** PostgREST's mapping of SQLSTATE to HTTP status (the subset that matters here). */
function statusFor(code: string, role: string): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2)) // raise sqlstate 'PTnnn' → HTTP nnn
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '23503' || code === '23505') return 409
  if (code === '42883' || code === '42P01' || code === 'P0002') return 404
  if (code === '25006') return 405
  if (code.startsWith('08') || code === '53300' || code === '57P01') return 503
  if (code.startsWith('XX') || code.startsWith('58') || code.startsWith('53') || code.startsWith('54')) return 500
  if (code.startsWith('P0') && code !== 'P0001') return 500
  return 400
}

function respondError(c: Context, e: PgrstError) {
  const { status, ...body } = e
  return c.json(body, status as 400)
}

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw fail(400, 'PGRST102', 'Empty or invalid json')
  }
}

export interface RestOptions {
  db: Db
}

export function restApp({ db }: RestOptions): Hono {
  const app = new Hono()

  /** Authenticates like Kong + PostgREST: a bearer JWT (or the apikey) decides the role and claims. */
  async function authenticate(c: Context): Promise<{ role: string; claims: Claims }> {
    const bearer = /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim()
    const token = bearer || c.req.header('apikey') || c.req.query('apikey')
    if (!token) {
      throw fail(401, 'PGRST301', 'No API key found in request', null, 'No `apikey` request header or url param was found.')
    }
    const verified = await verifyJwt(token)
    if (!verified.ok) {
      throw verified.expired ? fail(401, 'PGRST303', 'JWT expired') : fail(401, 'PGRST301', verified.message)
    }
    const role = String(verified.claims.role ?? '')
    if (!(API_ROLES as readonly string[]).includes(role)) {
      throw fail(401, 'PGRST301', `JWT role '${role}' is not allowed`)
    }
    return { role, claims: verified.claims }
  }

  /** One request = one transaction under the caller's role and claims. */
  async function asCaller<T>(role: string, claims: Claims, method: string, path: string, fn: (tx: Queryable) => Promise<T>) {
    try {
      return await db.transaction(async (tx) => {
        await tx.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                  set_config('request.method', $3, true), set_config('request.path', $4, true)`,
          [role, JSON.stringify(claims), method, path],
        )
        return fn(tx)
      })
    } catch (error) {
      if (error instanceof RequestError) throw error
      const e = error as { code?: string; message?: string; detail?: string; hint?: string }
      if (!e.code) throw error
      throw fail(statusFor(e.code, role), e.code, e.message ?? 'Database error', e.detail ?? null, e.hint ?? null)
    }
  }

  async function relationExists(name: string): Promise<boolean> {
    const r = await db.query(
      `select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')`,
      [name],
    )
    return r.rows.length > 0
  }

  function parseSelect(raw: string | undefined): string {
    if (!raw || raw.trim() === '*') return '*'
    const cols = raw.split(',').map((s) => s.trim())
    if (cols.some((col) => !IDENT.test(col))) {
      throw fail(400, 'PGRST100', `failed to parse select parameter (${raw})`, 'Only plain column names are supported locally')
    }
    return cols.map(q).join(', ')
  }

  function parseFilters(url: URL, params: unknown[], qualifier = ''): string[] {
    const where: string[] = []
    for (const [key, raw] of url.searchParams) {
      if (RESERVED.has(key) || key === 'apikey') continue
      if (!IDENT.test(key)) throw fail(400, 'PGRST100', `failed to parse filter (${key})`)
      const m = /^(not\.)?([a-z]+)\.([\s\S]*)$/.exec(raw)
      if (!m) throw fail(400, 'PGRST100', `failed to parse filter (${raw})`, `unknown operator in ${key}=${raw}`)
      const [, not, op, value] = m as unknown as [string, string | undefined, string, string]
      const col = `${qualifier}${q(key)}`
      let clause: string
      if (op === 'is') {
        const v = value.toLowerCase()
        if (!['null', 'true', 'false', 'unknown'].includes(v)) throw fail(400, 'PGRST100', `failed to parse filter (is.${value})`)
        clause = `${col} is ${v}`
      } else if (op === 'in') {
        const inner = /^\(([\s\S]*)\)$/.exec(value)?.[1]
        if (inner === undefined) throw fail(400, 'PGRST100', `failed to parse filter (in.${value})`)
        const items = inner === '' ? [] : inner.split(',').map((s) => s.trim().replace(/^"(.*)"$/, '$1'))
        params.push(items)
        clause = `${col}::text = any($${params.length}::text[])`
      } else if (OPS[op]) {
        params.push(op === 'like' || op === 'ilike' ? value.replace(/\*/g, '%') : value)
        clause = `${col} ${OPS[op]} $${params.length}`
      } else {
        throw fail(400, 'PGRST100', `failed to parse filter (${raw})`, `unknown operator '${op}'`)
      }
      where.push(not ? `not (${clause})` : clause)
    }
    return where
  }

  function parseOrderLimit(url: URL): string {
    let sql = ''
    const order = url.searchParams.get('order')
    if (order) {
      const parts = order.split(',').map((p) => {
        const [col, ...mods] = p.trim().split('.')
        if (!col || !IDENT.test(col)) throw fail(400, 'PGRST100', `failed to parse order (${order})`)
        const dir = mods.includes('desc') ? 'desc' : 'asc'
        const nulls = mods.includes('nullsfirst') ? ' nulls first' : mods.includes('nullslast') ? ' nulls last' : ''
        return `${q(col)} ${dir}${nulls}`
      })
      sql += ` order by ${parts.join(', ')}`
    }
    for (const key of ['limit', 'offset'] as const) {
      const v = url.searchParams.get(key)
      if (v !== null) {
        if (!/^\d{1,9}$/.test(v)) throw fail(400, 'PGRST100', `failed to parse ${key} (${v})`)
        sql += ` ${key} ${v}`
      }
    }
    return sql
  }

  function wantsObject(c: Context) {
    return (c.req.header('accept') ?? '').includes('application/vnd.pgrst.object+json')
  }

  function reply(c: Context, rows: unknown[], status = 200) {
    if (wantsObject(c)) {
      if (rows.length !== 1) {
        return respondError(
          c,
          fail(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows.length} rows`).body,
        )
      }
      return c.json(rows[0] as object, status as 200)
    }
    c.header('content-range', rows.length === 0 ? '*/*' : `0-${rows.length - 1}/*`)
    return c.json(rows, status as 200)
  }

  const guard =
    (handler: (c: Context) => Promise<Response>) =>
    async (c: Context): Promise<Response> => {
      try {
        return await handler(c)
      } catch (error) {
        if (error instanceof RequestError) return respondError(c, error.body)
        throw error
      }
    }

  app.post(
    '/rpc/:fn',
    guard(async (c) => {
      const { role, claims } = await authenticate(c)
      const fn = c.req.param('fn') as string
      const body = (await readJson(c)) ?? {}
      if (typeof body !== 'object' || Array.isArray(body) || body === null) {
        throw fail(400, 'PGRST102', 'Expected a JSON object of named arguments')
      }
      const args = body as Record<string, unknown>
      const candidates = IDENT.test(fn)
        ? (
            await db.query<{ argnames: string[] | null; argtypes: string[]; rettype: string; retset: boolean; nargs: number; ndefaults: number }>(
              `select coalesce(p.proargnames, '{}') as argnames,
                      array(select format_type(t, null) from unnest(p.proargtypes::oid[]) t) as argtypes,
                      format_type(p.prorettype, null) as rettype, p.proretset as retset,
                      p.pronargs as nargs, p.pronargdefaults as ndefaults
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               where n.nspname = 'public' and p.proname = $1 and p.prokind = 'f'`,
              [fn],
            )
          ).rows
        : []
      const keys = Object.keys(args)
      const match = candidates.find((p) => {
        const names = (p.argnames ?? []).slice(0, p.nargs)
        const required = names.slice(0, p.nargs - p.ndefaults)
        return keys.every((k) => names.includes(k)) && required.every((r) => keys.includes(r))
      })
      if (!match) {
        throw fail(
          404,
          'PGRST202',
          `Could not find the function public.${fn}(${keys.join(', ')}) in the schema cache`,
          `Searched for the function public.${fn} with parameters ${keys.join(', ') || '(none)'}`,
        )
      }
      const names = (match.argnames ?? []).slice(0, match.nargs)
      const callArgs = keys.map((k) => {
        const type = match.argtypes[names.indexOf(k)] as string
        const lit = `'${k}'`
        if (type === 'json' || type === 'jsonb') return `${q(k)} => ($1::jsonb -> ${lit})::${type}`
        if (type.endsWith('[]')) {
          return `${q(k)} => case when jsonb_typeof($1::jsonb -> ${lit}) = 'array' then array(select jsonb_array_elements_text($1::jsonb -> ${lit}))::${type} end`
        }
        return `${q(k)} => ($1::jsonb ->> ${lit})::${type}`
      })
      const call = `public.${q(fn)}(${callArgs.join(', ')})`
      const params = callArgs.length ? [JSON.stringify(args)] : []
      const path = new URL(c.req.url).pathname
      if (match.retset) {
        const rows = await asCaller(role, claims, 'POST', path, async (tx) => {
          const r = await tx.query<{ body: unknown[] }>(`select coalesce(json_agg(r), '[]'::json) as body from ${call} r`, params)
          return r.rows[0]?.body ?? []
        })
        return reply(c, rows)
      }
      if (match.rettype === 'void') {
        await asCaller(role, claims, 'POST', path, (tx) => tx.query(`select ${call}`, params))
        return c.body(null, 204)
      }
      const value = await asCaller(role, claims, 'POST', path, async (tx) => {
        const r = await tx.query<{ body: unknown }>(`select to_json(${call}) as body`, params)
        return r.rows[0]?.body ?? null
      })
      return c.json(value as object)
    }),
  )

  app.all('/rpc/:fn', (c) => respondError(c, fail(405, 'PGRST117', `Unsupported HTTP method ${c.req.method} for rpc; use POST`).body))

  app.get(
    '/:table',
    guard(async (c) => {
      const { role, claims } = await authenticate(c)
      const table = c.req.param('table') as string
      if (!IDENT.test(table) || !(await relationExists(table))) {
        throw fail(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`)
      }
      const url = new URL(c.req.url)
      const params: unknown[] = []
      const cols = parseSelect(url.searchParams.get('select') ?? undefined)
      const where = parseFilters(url, params)
      const sql = `select coalesce(json_agg(t), '[]'::json) as body from (select ${cols} from public.${q(table)}${
        where.length ? ` where ${where.join(' and ')}` : ''
      }${parseOrderLimit(url)}) t`
      const rows = await asCaller(role, claims, 'GET', url.pathname, async (tx) => (await tx.query<{ body: unknown[] }>(sql, params)).rows[0]?.body ?? [])
      return reply(c, rows)
    }),
  )

  app.patch(
    '/:table',
    guard(async (c) => {
      const { role, claims } = await authenticate(c)
      const table = c.req.param('table') as string
      if (!IDENT.test(table) || !(await relationExists(table))) {
        throw fail(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`)
      }
      const body = await readJson(c)
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw fail(400, 'PGRST102', 'Expected a JSON object with the columns to update')
      }
      const keys = Object.keys(body)
      const bad = keys.find((k) => !IDENT.test(k))
      if (bad) throw fail(400, 'PGRST204', `Could not find the '${bad}' column of '${table}' in the schema cache`)
      const url = new URL(c.req.url)
      const representation = (c.req.header('prefer') ?? '').includes('return=representation')
      if (keys.length === 0) return representation ? reply(c, []) : c.body(null, 204)
      const params: unknown[] = [JSON.stringify(body)]
      const where = parseFilters(url, params, `public.${q(table)}.`)
      const cols = parseSelect(url.searchParams.get('select') ?? undefined)
      // json_populate_record converts JSON arrays/objects to the columns' types, as PostgREST does.
      const update = `update public.${q(table)} set ${keys.map((k) => `${q(k)} = _r.${q(k)}`).join(', ')}
        from json_populate_record(null::public.${q(table)}, $1::json) _r${where.length ? ` where ${where.join(' and ')}` : ''}`
      const rows = await asCaller(role, claims, 'PATCH', url.pathname, async (tx) => {
        if (!representation) {
          await tx.query(update, params)
          return []
        }
        const r = await tx.query<{ body: unknown[] }>(
          `with _u as (${update} returning public.${q(table)}.*) select coalesce(json_agg(t), '[]'::json) as body from (select ${cols} from _u) t`,
          params,
        )
        return r.rows[0]?.body ?? []
      })
      return representation ? reply(c, rows) : c.body(null, 204)
    }),
  )

  app.all('/:table', (c) =>
    respondError(c, fail(405, 'PGRST117', `Unsupported HTTP method ${c.req.method}; the local server supports GET and PATCH on tables`).body),
  )
  app.all('*', (c) => respondError(c, fail(404, 'PGRST125', `Invalid path ${new URL(c.req.url).pathname}`).body))
  return app
}
