/**
 * The access matrix in SQL (issue 28), on the embedded PostgreSQL 15: every table in `public` x
 * select/insert/update/delete and every function in `public` x execute, each x {anon, a member of another
 * organisation, a member, an admin}, discovered from the catalog and compared with tests/backend/access-spec.ts.
 * Each case is one request as PostgREST makes it (a transaction under the persona's role and JWT claims); the
 * rows of every table are compared before and after it, inside its transaction, which is then rolled back so
 * every case starts from the same data: a refused case must change nothing, an allowed one nothing outside the
 * persona's own organisation. The catalog rules below make a table or function added later fail until it is
 * fenced and listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { FUNCTIONS, type FunctionOutcome, NOT_ORGANISATION_OWNED, PERSONAS, type Persona, TABLE_OPS, TABLES, type TableOp, type TableOutcome } from './access-spec.ts'
import {
  type Built, buildFixture, type CatalogFunction, type CatalogTable, changedRows, functionCases, genericSample, inFence,
  isTarget, leakedSecrets, organisationsOf, outsideScope, publicFunctions, publicPolicies, publicTables, scopeOf,
  tableCases, tally,
} from './access-matrix-support.ts'
import { ENGINES, fingerprint, person, snapshot, snapshotTables, type SqlError } from './team-helpers.ts'

const ROLLBACK = new Error('rollback: every matrix case leaves the data as it found it')

for (const engine of ENGINES) {
  describe(`access matrix on ${engine.name}`, () => {
    let db: Db
    let stop: () => Promise<void>
    let tables: CatalogTable[]
    let functions: CatalogFunction[]
    let fixture: Built
    let snapshotOf: string[]
    const personas = {} as Record<Persona, { orgs: Set<string>; scope: Set<string> }>
    const counts: Record<string, number> = {}

    beforeAll(async () => {
      ;({ db, stop } = await engine.open())
      tables = await publicTables(db)
      functions = await publicFunctions(db)
      snapshotOf = await snapshotTables(db)
      fixture = await buildFixture(db, () => person(db))
      // Every case is rolled back, so each persona's organisations and scope stay what the fixture made them.
      for (const who of PERSONAS) personas[who] = { orgs: await organisationsOf(db, fixture.ids[who]), scope: await scopeOf(db, fixture.ids[who]) }
    })
    afterAll(async () => {
      console.log(`access matrix on ${engine.name}: ${JSON.stringify(counts)}`)
      await stop?.()
    })

    /**
     * Runs one request as the persona inside a transaction that is always rolled back, and reports what it
     * changed: the tables' fingerprints before and after it (inside its transaction), and when they differ, the
     * same request again between two full snapshots, for the rows themselves.
     */
    async function asPersona<T>(who: Persona, request: (tx: Queryable) => Promise<T>) {
      const first = await runOnce(who, request, fingerprint)
      if (first.before === first.after) return { ...first, changes: [] as ReturnType<typeof changedRows> }
      const again = await runOnce(who, request, snapshot)
      return { ...again, changes: changedRows(again.before, again.after) }
    }

    async function runOnce<T>(who: Persona, request: (tx: Queryable) => Promise<T>, measure: (tx: Queryable, tables: string[]) => Promise<string>) {
      const sub = fixture.ids[who]
      const role = who === 'anon' ? 'anon' : 'authenticated'
      const claims = sub ? { role, sub, app_metadata: { provider: 'email' } } : { role }
      let result: { value?: T; error?: SqlError; before: string; after: string } | undefined
      try {
        await db.transaction(async (tx) => {
          const before = await measure(tx, snapshotOf)
          await tx.query('savepoint request')
          await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [role, JSON.stringify(claims)])
          let value: T | undefined
          let error: SqlError | undefined
          try {
            value = await request(tx)
          } catch (e) {
            error = e as SqlError
            await tx.query('rollback to savepoint request') // as PostgREST: a failed request writes nothing
          }
          await tx.query("select set_config('role', 'none', true), set_config('request.jwt.claims', '', true)")
          result = { value, error, before, after: await measure(tx, snapshotOf) }
          throw ROLLBACK
        })
      } catch (e) {
        if (e !== ROLLBACK) throw e
      }
      return result!
    }

    describe('catalog rules (a table or function added later is covered, or fails here)', () => {
      it('every table and function of the API is in the spec, and the spec names nothing that is gone', () => {
        expect(tables.map((t) => t.name).sort()).toEqual(Object.keys(TABLES).sort())
        expect([...new Set(functions.map((f) => f.name))].sort()).toEqual(Object.keys(FUNCTIONS).sort())
      })

      it('row-level security is on for every table in public', () => {
        expect(tables.filter((t) => !t.rls).map((t) => t.name)).toEqual([])
      })

      it('every table with organisation_id is fenced by membership for each command the API roles are granted', async () => {
        const policies = await publicPolicies(db)
        const failures: string[] = []
        for (const table of tables) {
          if (!table.columns.some((c) => c.name === 'organisation_id') || NOT_ORGANISATION_OWNED[table.name]) continue
          for (const op of TABLE_OPS) {
            for (const role of ['anon', 'authenticated']) {
              // A column grant counts too (delete has none: it is a table privilege only).
              const columns = op === 'delete' ? 'false' : `exists (
                   select 1 from pg_attribute a where a.attrelid = $2::regclass and a.attnum > 0 and not a.attisdropped
                      and has_column_privilege($1, $2, a.attname, $3))`
              const granted = await db.query<{ g: boolean }>(`select has_table_privilege($1, $2, $3) or ${columns} as g`, [role, `public.${table.name}`, op])
              if (!granted.rows[0]!.g) continue
              if (role === 'anon') failures.push(`${table.name}: anon may ${op}`)
              const fenced = policies.filter(
                (p) => p.table === table.name && ['ALL', op.toUpperCase()].includes(p.command) &&
                  (p.roles.includes('authenticated') || p.roles.includes('public')) &&
                  [p.using, p.check].some((e) => e !== null && /private\.(member|admin)_organisation_ids\(\)/.test(e)) &&
                  [p.using, p.check].every((e) => e === null || /private\.(member|admin)_organisation_ids\(\)/.test(e)),
              )
              if (fenced.length === 0) failures.push(`${table.name}: ${op} granted to ${role} without a member policy`)
            }
          }
        }
        expect(failures).toEqual([])
        expect(Object.keys(NOT_ORGANISATION_OWNED).every((t) => tables.some((x) => x.name === t))).toBe(true)
      })

      it('no policy calls auth.uid() or auth.jwt() per row (the (select auth.uid()) form), and no API role reaches private tables', async () => {
        const policies = await publicPolicies(db)
        const perRow = policies.filter((p) => [p.using, p.check].some((e) => e && /auth\.(uid|jwt|role)\(\)/.test(e.replace(/\(\s*select\s+auth\.(uid|jwt|role)\(\)\s+as\s+\w+\s*\)/gi, '').replace(/\(\s*select\s+auth\.(uid|jwt|role)\(\)\s*\)/gi, ''))))
        expect(perRow.map((p) => `${p.table}.${p.name}`)).toEqual([])
        const reach = await db.query<{ t: string; r: string }>(
          `select c.relname as t, r.rolname as r from pg_class c join pg_namespace n on n.oid = c.relnamespace
             cross join (values ('anon'), ('authenticated'), ('service_role')) r(rolname)
            where n.nspname = 'private' and c.relkind in ('r', 'p', 'v', 'm')
              and (has_table_privilege(r.rolname, c.oid, 'select') or has_table_privilege(r.rolname, c.oid, 'insert')
                   or has_table_privilege(r.rolname, c.oid, 'update') or has_table_privilege(r.rolname, c.oid, 'delete'))`,
        )
        expect(reach.rows).toEqual([])
      })

      it('no SECURITY DEFINER function in public is executable by anon or authenticated (splinter 0028/0029)', () => {
        expect(functions.filter((f) => f.securityDefiner && (f.anon || f.authenticated)).map((f) => f.signature)).toEqual([])
      })
    })

    describe('tables', () => {
      for (const c of tableCases()) {
        it(c.title, async () => {
          tally(counts, `table:${c.expected}`)
          expect(await tableCase(c.table, c.op, c.who)).toBe(c.expected)
        })
      }
    })

    async function tableCase(table: string, op: TableOp, who: Persona): Promise<TableOutcome> {
      const spec = TABLES[table]!
      const catalog = tables.find((t) => t.name === table)!
      // The target rows: organisation A's, the member's own, or (service and reference tables) every row.
      const targetSql = spec.kind === 'organisation' ? `"${spec.orgColumn ?? 'organisation_id'}" = $1` : spec.kind === 'person' ? 'id = $1' : 'true'
      const params = spec.kind === 'organisation' ? [fixture.orgA] : spec.kind === 'person' ? [fixture.ids.member] : []
      const { orgs, scope } = personas[who]
      const role = who === 'anon' ? 'anon' : 'authenticated'
      const column = (
        await db.query<{ c: string }>(
          `select a.attname as c from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
            order by has_column_privilege($2, a.attrelid, a.attname, 'update') desc, a.attnum limit 1`,
          [`public.${table}`, role],
        )
      ).rows[0]!.c
      const sample = spec.sample?.(fixture, who) ?? genericSample(catalog, fixture)
      const statement = {
        select: `select to_jsonb(t) as r from public."${table}" t`,
        insert: `insert into public."${table}" (${Object.keys(sample).map((k) => `"${k}"`).join(', ')})
                 select ${Object.keys(sample).map((k) => `x."${k}"`).join(', ')} from jsonb_populate_record(null::public."${table}", $1::jsonb) x
                 returning to_jsonb("${table}".*) as r`,
        update: `update public."${table}" t set "${column}" = t."${column}" where ${targetSql} returning to_jsonb(t) as r`,
        delete: `delete from public."${table}" t where ${targetSql} returning to_jsonb(t) as r`,
      }[op]
      const args = op === 'insert' ? [JSON.stringify(sample)] : op === 'select' ? [] : params
      const run = await asPersona(who, (tx) => tx.query<{ r: Record<string, unknown> }>(statement, args))
      const changes = run.changes
      if (run.error) {
        expect(changes, `${table} ${op} as ${who} failed (${run.error.code}) yet changed rows`).toEqual([])
        if (run.error.code !== '42501') throw new Error(`${table} ${op} as ${who}: unexpected ${run.error.code} ${run.error.message}`)
        return 'denied'
      }
      const rows = run.value!.rows.map((x) => x.r)
      // The fence: whatever a persona sees or changes is its own organisation's (or its own row).
      expect(rows.filter((r) => !inFence(table, r, who, fixture, orgs) && !(op === 'insert')), `${table} ${op} as ${who} reached rows outside its organisation`).toEqual([])
      expect(outsideScope(changes, scope), `${table} ${op} as ${who} changed rows outside its organisation`).toEqual([])
      const targets = rows.filter((r) => isTarget(table, r, fixture))
      if (op !== 'select' && targets.length === 0) expect(changes).toEqual([])
      if (targets.length === 0) return 'none'
      if (op === 'select' || op === 'update' || op === 'delete') {
        const all = await db.query<{ n: number }>(`select count(*)::int as n from public."${table}" where ${targetSql}`, params)
        expect(targets.length, `${table} ${op} as ${who}: some target rows only`).toBe(all.rows[0]!.n)
      }
      return 'own'
    }

    describe('functions', () => {
      for (const c of functionCases()) {
        it(c.title, async () => {
          tally(counts, `function:${typeof c.expected === 'string' ? c.expected : 'refused'}`)
          expect(await functionCase(c.name, c.who)).toEqual(c.expected)
        })
      }
    })

    async function functionCase(name: string, who: Persona): Promise<FunctionOutcome> {
      const args = FUNCTIONS[name]!.args(fixture, who)
      const fn = functions.find((f) => f.name === name && Object.keys(args).every((k) => f.argNames.includes(k)))
      if (!fn) throw new Error(`no function public.${name} takes ${Object.keys(args).join(', ')}`)
      const names = Object.keys(args)
      const call = `select to_jsonb(public."${name}"(${names.map((k, i) => `"${k}" => $${i + 1}::${fn.argTypes[fn.argNames.indexOf(k)]}`).join(', ')})) as r`
      const values = names.map((k) => (args[k] !== null && typeof args[k] === 'object' ? JSON.stringify(args[k]) : args[k]))
      const { scope } = personas[who]
      const run = await asPersona(who, (tx) => tx.query<{ r: unknown }>(call, values))
      const changes = run.changes
      if (run.error) {
        expect(changes, `${name}() as ${who} failed yet changed rows`).toEqual([])
        return run.error.code === '42501' ? 'denied' : { refused: run.error.code }
      }
      expect(outsideScope(changes, scope), `${name}() as ${who} changed rows outside its organisation`).toEqual([])
      // Nothing of organisation A reaches anyone outside it through a function's reply either.
      expect(leakedSecrets(who, run.value!.rows[0]?.r, fixture), `${name}() as ${who} returned organisation A's data`).toEqual([])
      return 'ok'
    }
  })
}
