/**
 * The access matrix over HTTP (issue 28): the same spec as access-matrix.test.ts (tests/backend/access-spec.ts),
 * sent with the real supabase-js to the local server's /rest/v1 (the real PostgREST 12.0.2) by people who signed
 * up through its /auth/v1. Every request really commits: the database is compared before and after each one
 * (nothing may change for a refused request, nothing outside the persona's organisation for an allowed one), and
 * the fixture is built again after any request that changed a row. Every case is served and judged: there is no
 * request the server cannot answer.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalSupabase, startLocalSupabase } from '../../supabase/local/index.ts'
import {
  FUNCTIONS, type FunctionOutcome, PERSONAS, type Persona, STORAGE, STORAGE_OPS, type StorageOp, type StorageOutcome, TABLES, type TableOp,
  type TableOutcome,
} from './access-spec.ts'
import {
  type Built, buildFixture, type CatalogTable, changedRows, functionCases, genericSample, inFence, isTarget,
  leakedSecrets, organisationsOf, outsideScope, publicTables, scopeOf, tableCases, tally,
} from './access-matrix-support.ts'
import { client, GENEROUS_RATE_LIMITS, uniqueEmail } from './helpers.ts'
import { fingerprint, snapshot, snapshotTables } from './team-helpers.ts'

let server: LocalSupabase
let tables: CatalogTable[]
let snapshotOf: string[]
let fixture: Built
let clients: Record<Persona, SupabaseClient>
const counts: Record<string, number> = {}

async function build(): Promise<void> {
  const signedIn: Partial<Record<Persona, SupabaseClient>> = { anon: client(server.url, server.anonKey) }
  fixture = await buildFixture(server.db, async (label) => {
    const sb = client(server.url, server.anonKey)
    const email = uniqueEmail(`matrix-${label}`)
    const { data, error } = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: { first_name: label, company_name: 'Acme Care', staff_count: 5 } } })
    if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`)
    signedIn[label] = sb
    return { id: data.user!.id, email }
  })
  clients = signedIn as Record<Persona, SupabaseClient>
}

beforeAll(async () => {
  server = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', autoconfirm: true, rateLimits: GENEROUS_RATE_LIMITS })
  tables = await publicTables(server.db)
  snapshotOf = await snapshotTables(server.db)
  await build()
})
afterAll(async () => {
  console.log(`access matrix over HTTP: ${JSON.stringify(counts)}`)
  await server?.stop()
})

interface Reply {
  data: unknown
  error: { code?: string; message: string } | null
  status: number
}

/**
 * Sends one request, comparing the database before and after (fingerprints; full snapshots around a request the
 * spec lets write, for the rows it changed); rebuilds the fixture if anything changed. A change where the spec
 * expects none is reported as a change outside the persona's organisation.
 */
async function send(who: Persona, mayWrite: boolean, request: (sb: SupabaseClient) => PromiseLike<Reply>) {
  const scope = await scopeOf(server.db, fixture.ids[who])
  const orgs = await organisationsOf(server.db, fixture.ids[who])
  const before = await fingerprint(server.db, snapshotOf)
  const full = mayWrite ? await snapshot(server.db, snapshotOf) : null
  const reply = await request(clients[who])
  const changed = (await fingerprint(server.db, snapshotOf)) !== before
  const changes = !changed ? [] : full !== null ? changedRows(full, await snapshot(server.db, snapshotOf)) : [{ table: '(a request the spec lets write nothing)', row: {} }]
  return { reply, changes, scope, orgs, rebuild: changed ? build : async () => {} }
}

/** PostgREST's status for a refusal: 42501 is 401 for anon and 403 signed in; PTnnn is nnn; 22xxx is 400. */
function statusOf(code: string, who: Persona): number {
  if (code === '42501') return who === 'anon' ? 401 : 403
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  return 400
}

describe('tables over /rest/v1', () => {
  for (const c of tableCases()) {
    it(c.title, async () => {
      const outcome = await tableCase(c.table, c.op, c.who)
      tally(counts, `table:${outcome}`)
      expect(outcome).toBe(c.expected)
    })
  }
})

async function tableCase(table: string, op: TableOp, who: Persona): Promise<TableOutcome> {
  const spec = TABLES[table]!
  const catalog = tables.find((t) => t.name === table)!
  // The target rows: organisation A's, the member's own, or (service and reference tables) every row.
  const everyRow = spec.kind === 'service' || spec.kind === 'reference'
  const targetColumn = spec.kind === 'organisation' ? (spec.orgColumn ?? 'organisation_id') : everyRow ? catalog.columns[0]!.name : 'id'
  const targetValue = spec.kind === 'organisation' ? fixture.orgA : fixture.ids.member
  const role = who === 'anon' ? 'anon' : 'authenticated'
  const column = (
    await server.db.query<{ c: string }>(
      `select a.attname as c from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
        order by has_column_privilege($2, a.attrelid, a.attname, 'update') desc, a.attnum limit 1`,
      [`public.${table}`, role],
    )
  ).rows[0]!.c
  // The same value the row already has, so an allowed update changes nothing but what triggers touch.
  const current = everyRow
    ? (await server.db.query<{ v: unknown }>(`select to_jsonb(t) -> $1 as v from public."${table}" t limit 1`, [column])).rows[0]?.v
    : (await server.db.query<{ v: unknown }>(`select to_jsonb(t) -> $2 as v from public."${table}" t where "${targetColumn}" = $1 limit 1`, [targetValue, column])).rows[0]?.v
  const sample = spec.sample?.(fixture, who) ?? genericSample(catalog, fixture)
  // Updates and deletes always name their rows (hosted PostgREST refuses them without a filter).
  const result = await send(who, op !== 'select' && spec.expect[op][who] === 'own', (sb) => {
    const t = sb.from(table)
    if (op === 'select') return t.select('*')
    if (op === 'insert') return t.insert(sample).select()
    const q = op === 'update' ? t.update({ [column]: current ?? null }) : t.delete()
    return (everyRow ? q.not(targetColumn, 'is', null) : q.eq(targetColumn, targetValue)).select()
  })
  const { reply, changes } = result
  try {
    if (reply.error) {
      expect(changes, `${table} ${op} as ${who} was refused (${reply.status}) yet changed rows`).toEqual([])
      if (reply.error.code !== '42501') throw new Error(`${table} ${op} as ${who}: unexpected ${reply.status} ${reply.error.code} ${reply.error.message}`)
      expect(reply.status).toBe(statusOf('42501', who))
      return 'denied'
    }
    const rows = (reply.data ?? []) as Record<string, unknown>[]
    expect(rows.filter((r) => op !== 'insert' && !inFence(table, r, who, fixture, result.orgs)), `${table} ${op} as ${who} reached rows outside its organisation`).toEqual([])
    expect(outsideScope(changes, result.scope), `${table} ${op} as ${who} changed rows outside its organisation`).toEqual([])
    const targets = rows.filter((r) => isTarget(table, r, fixture))
    if (targets.length === 0) {
      expect(changes, `${table} ${op} as ${who} reached no target row yet changed rows`).toEqual([])
      return 'none'
    }
    return 'own'
  } finally {
    await result.rebuild()
  }
}

describe('functions over /rest/v1/rpc', () => {
  for (const c of functionCases()) {
    it(c.title, async () => {
      const outcome = await functionCase(c.name, c.who)
      tally(counts, `function:${typeof outcome === 'string' ? outcome : 'refused'}`)
      expect(outcome).toEqual(c.expected)
    })
  }
})

async function returnsTrigger(name: string): Promise<boolean> {
  const r = await server.db.query<{ n: number }>(
    `select count(*)::int as n from pg_proc where pronamespace = 'public'::regnamespace and proname = $1 and prorettype = 'trigger'::regtype`,
    [name],
  )
  return r.rows[0]!.n > 0
}

async function functionCase(name: string, who: Persona): Promise<FunctionOutcome> {
  const spec = FUNCTIONS[name]!
  const args = spec.args(fixture, who)
  const result = await send(who, !!spec.writes && spec.expect[who] === 'ok', (sb) => sb.rpc(name, args))
  const { reply, changes } = result
  try {
    if (reply.error) {
      expect(changes, `${name}() as ${who} was refused (${reply.status}) yet changed rows`).toEqual([])
      const code = reply.error.code ?? ''
      // PostgREST leaves trigger functions out of its schema cache: no API role can call one, the answer is 404.
      if (code === 'PGRST202' && (await returnsTrigger(name))) {
        expect(reply.status).toBe(404)
        return 'denied'
      }
      expect(reply.status, `${name}() as ${who}: ${code} ${reply.error.message}`).toBe(statusOf(code, who))
      return code === '42501' ? 'denied' : { refused: code }
    }
    expect(outsideScope(changes, result.scope), `${name}() as ${who} changed rows outside its organisation`).toEqual([])
    expect(leakedSecrets(who, reply.data, fixture), `${name}() as ${who} returned organisation A's data`).toEqual([])
    return 'ok'
  } finally {
    await result.rebuild()
  }
}

describe('storage objects over /storage/v1 (the evidence bucket)', () => {
  for (const op of STORAGE_OPS) {
    for (const who of PERSONAS) {
      it(`${op} organisation A's file as ${who}: ${STORAGE[op][who]}`, async () => {
        const outcome = await storageCase(op, who)
        tally(counts, `storage:${outcome}`)
        expect(outcome).toBe(STORAGE[op][who])
      })
    }
  }
})

const FILE = new TextEncoder().encode('%PDF-1.4 matrix\n%%EOF\n')

/** Organisation A's file, put there with the service role. */
async function putAsService(path: string): Promise<void> {
  const res = await fetch(`${server.url}/storage/v1/object/evidence/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.serviceRoleKey}`, 'content-type': 'application/pdf' },
    body: FILE,
  })
  expect(res.status).toBe(200)
}

const objectsIn = async (folder: string) =>
  (await server.db.query<{ name: string; id: string }>("select name, id from storage.objects where bucket_id = 'evidence' and name like $1 || '/%' order by name", [folder])).rows

async function storageCase(op: StorageOp, who: Persona): Promise<StorageOutcome> {
  const folder = `${fixture.orgA}/${fixture.assessmentA.itemId}`
  const path = `${folder}/${crypto.randomUUID()}`
  await putAsService(path)
  const bucket = clients[who].storage.from('evidence')
  const before = await objectsIn(folder)
  try {
    let done: boolean
    if (op === 'upload') {
      const target = `${folder}/${crypto.randomUUID()}`
      const r = await bucket.upload(target, new Blob([FILE], { type: 'application/pdf' }), { contentType: 'application/pdf' })
      done = r.error === null && (await objectsIn(folder)).some((o) => o.name === target)
    } else if (op === 'download') {
      const r = await bucket.download(path)
      done = r.error === null && Buffer.from(await r.data!.arrayBuffer()).equals(Buffer.from(FILE))
    } else if (op === 'list') {
      const r = await bucket.list(folder)
      done = r.error === null && (r.data ?? []).some((f) => f.name === path.split('/').pop())
      // Whatever is listed is A's (a refusal lists nothing).
      if (!done) expect(r.data ?? []).toEqual([])
    } else if (op === 'sign') {
      const r = await bucket.createSignedUrl(path, 60)
      done = r.error === null && (await fetch(r.data!.signedUrl)).status === 200
    } else {
      const r = await bucket.remove([path])
      done = r.error === null && (r.data ?? []).length === 1 && !(await objectsIn(folder)).some((o) => o.name === path)
    }
    // A refused request changed no object.
    if (!done) expect(await objectsIn(folder)).toEqual(before)
    return done ? 'ok' : 'denied'
  } finally {
    await fetch(`${server.url}/storage/v1/object/evidence`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${server.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: (await objectsIn(folder)).map((o) => o.name) }),
    })
  }
}
