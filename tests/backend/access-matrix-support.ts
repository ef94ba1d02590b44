/**
 * What the SQL and HTTP access matrices share: the catalog queries that discover what the API exposes, the
 * fixture (two organisations, four personas), each persona's scope, and the check that a case changed only
 * rows inside the persona's own organisation.
 */
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { FUNCTIONS, type FunctionOutcome, type MatrixFixture, outcomeName, PERSONAS, type Persona, TABLE_OPS, TABLES, type TableOp, type TableOutcome } from './access-spec.ts'
import { addMember, asCaller, invite, organisation, type Person, sessionFor } from './team-helpers.ts'

export interface CatalogTable {
  name: string
  columns: { name: string; type: string; notNull: boolean; hasDefault: boolean }[]
  rls: boolean
}

/** Every table and view in `public`: what PostgREST would serve. */
export async function publicTables(db: Queryable): Promise<CatalogTable[]> {
  const r = await db.query<{ name: string; rls: boolean; columns: CatalogTable['columns'] }>(
    `select c.relname as name, c.relrowsecurity as rls,
            coalesce((select jsonb_agg(jsonb_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
                                                          'notNull', a.attnotnull, 'hasDefault', a.atthasdef or a.attidentity <> '')
                                       order by a.attnum)
                        from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
      order by c.relname`,
  )
  return r.rows
}

export interface CatalogFunction {
  name: string
  signature: string
  argNames: string[]
  argTypes: string[]
  securityDefiner: boolean
  anon: boolean
  authenticated: boolean
}

/** Every function in `public` (PostgREST serves each as /rpc/<name>), with who may execute it. */
export async function publicFunctions(db: Queryable): Promise<CatalogFunction[]> {
  const r = await db.query<CatalogFunction>(
    `select p.proname as name, format('%s(%s)', p.proname, pg_get_function_identity_arguments(p.oid)) as signature,
            coalesce(p.proargnames[1:p.pronargs], '{}') as "argNames",
            array(select format_type(t, null) from unnest(p.proargtypes::oid[]) t) as "argTypes",
            p.prosecdef as "securityDefiner",
            has_function_privilege('anon', p.oid, 'execute') as anon,
            has_function_privilege('authenticated', p.oid, 'execute') as authenticated
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f'
      order by p.proname`,
  )
  return r.rows
}

export interface Policy {
  table: string
  name: string
  command: string
  roles: string[]
  using: string | null
  check: string | null
}

export async function publicPolicies(db: Queryable): Promise<Policy[]> {
  const r = await db.query<Policy>(
    `select tablename as table, policyname as name, cmd as command, roles::text[] as roles, qual as using, with_check as check
       from pg_policies where schemaname = 'public' order by tablename, policyname`,
  )
  return r.rows
}

export interface Built extends MatrixFixture {
  people: Record<Persona, Person | null>
}

/**
 * Organisation A (admin and member, a pending invitation), organisation B (the outsider, alone, with a pending
 * invitation of its own), a referral with its outbox e-mail, and a session for each person. `makePerson` makes
 * the people: directly in SQL, or through the auth API for the HTTP matrix.
 */
export async function buildFixture(db: Db, makePerson: (label: Persona) => Promise<Person>): Promise<Built> {
  const admin = await makePerson('admin')
  const member = await makePerson('member')
  const outsider = await makePerson('outsider')
  const orgA = await organisation(db, admin, { name: 'Organisation A' })
  await addMember(db, orgA, member)
  const orgB = await organisation(db, outsider, { name: 'Organisation B' })
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 6)
  const invA = await invite(db, admin, `invitee-a-${stamp}@acme-care.co.uk`)
  await invite(db, outsider, `invitee-b-${stamp}@acme-care.co.uk`)
  await db.query(
    `select public.submit_contact_referral('Sam', 'sam@acme-care.co.uk', 'Hello', null, null, null, $1, false, 'referrals@x.co.uk', 'no-reply@x.co.uk')`,
    [`matrix${stamp}`.padEnd(16, '0')],
  )
  const assessmentA = await ratedAssessment(db, member)
  const actionA = await raisedAction(db, admin, assessmentA.id, member)
  const assessmentB = await ratedAssessment(db, outsider)
  await raisedAction(db, outsider, assessmentB.id, outsider)
  for (const who of [admin, member, outsider]) await sessionFor(db, who)
  const people: Record<Persona, Person | null> = { anon: null, outsider, member, admin }
  return {
    orgA,
    orgB,
    people,
    ids: { anon: null, outsider: outsider.id, member: member.id, admin: admin.id },
    emails: { anon: null, outsider: outsider.email, member: member.email, admin: admin.email },
    invitationA: { id: invA.invitation.id, token: invA.token },
    assessmentA,
    actionA,
  }
}

/** The statement every organisation of the fixture has rated (3, with a note as its evidence). */
export const RATED_ITEM = 'cqc-saf-2024/safe/safeguarding'

/** An open CQC assessment of `by`'s organisation with one rated statement (its evidence and history), rated by `by`. */
export async function ratedAssessment(db: Db, by: Person): Promise<{ id: string; itemId: string }> {
  const id = await asCaller(db, 'authenticated', by.id, async (tx) => {
    const r = await tx.query<{ r: { id: string }[] }>(`select public.sync_assessments('["cqc-saf"]'::jsonb) as r`)
    const assessment = r.rows[0]!.r[0]!.id
    await tx.query(`select public.rate_item($1, $2, '3', 0, 'processes', $3::jsonb)`, [
      assessment, RATED_ITEM, JSON.stringify([{ kind: 'note', note: 'Safeguarding policy reviewed' }]),
    ])
    return assessment
  })
  return { id, itemId: RATED_ITEM }
}

/** The statement every organisation of the fixture has rated below good (2), with an open action on it. */
export const ACTION_ITEM = 'cqc-saf-2024/safe/safe-environments'

/** `by` rates ACTION_ITEM 2 (some shortfalls) and raises an open action on it, owned by `owner`, due in a week. */
export async function raisedAction(db: Db, by: Person, assessment: string, owner: Person): Promise<{ id: string; itemId: string }> {
  const id = await asCaller(db, 'authenticated', by.id, async (tx) => {
    await tx.query(`select public.rate_item($1, $2, '2', 0, 'processes', $3::jsonb)`, [
      assessment, ACTION_ITEM, JSON.stringify([{ kind: 'note', note: 'Fire doors propped open' }]),
    ])
    const r = await tx.query<{ r: { id: string } }>(`select public.raise_action($1, $2, 'Fit door closers', $3, (private.uk_today() + 7)) as r`, [
      assessment, ACTION_ITEM, owner.id,
    ])
    return r.rows[0]!.r.id
  })
  return { id, itemId: ACTION_ITEM }
}

/** The ids a persona may see or change: itself, its organisations, their members and their invitations. */
export async function scopeOf(db: Queryable, userId: string | null): Promise<Set<string>> {
  if (!userId) return new Set()
  const r = await db.query<{ id: string }>(
    `with orgs as (select organisation_id from public.memberships where user_id = $1)
     select $1::text as id
     union select organisation_id::text from orgs
     union select user_id::text from public.memberships where organisation_id in (select organisation_id from orgs)
     union select id::text from public.invitations where organisation_id in (select organisation_id from orgs)`,
    [userId],
  )
  return new Set(r.rows.map((x) => x.id))
}

export async function organisationsOf(db: Queryable, userId: string | null): Promise<Set<string>> {
  if (!userId) return new Set()
  const r = await db.query<{ id: string }>('select organisation_id::text as id from public.memberships where user_id = $1', [userId])
  return new Set(r.rows.map((x) => x.id))
}

const KEYS = ['id', 'organisation_id', 'user_id', 'invitation_id']

/** Rows added or removed between two snapshots (an update is a removed and an added version). */
export function changedRows(before: string, after: string): { table: string; row: Record<string, unknown> }[] {
  const a = JSON.parse(before) as Record<string, unknown[]>
  const b = JSON.parse(after) as Record<string, unknown[]>
  const out: { table: string; row: Record<string, unknown> }[] = []
  for (const table of Object.keys(b)) {
    const was = new Set((a[table] ?? []).map((r) => JSON.stringify(r)))
    const now = new Set((b[table] ?? []).map((r) => JSON.stringify(r)))
    for (const r of now) if (!was.has(r)) out.push({ table, row: JSON.parse(r) })
    for (const r of was) if (!now.has(r)) out.push({ table, row: JSON.parse(r) })
  }
  return out
}

/** The changed rows that belong to nobody in the scope: each must be empty. */
export function outsideScope(changes: ReturnType<typeof changedRows>, scope: Set<string>) {
  return changes.filter(({ row }) => !KEYS.some((k) => row[k] !== undefined && row[k] !== null && scope.has(String(row[k]))))
}

/** Is this row one of the target rows of the table (organisation A's, or the member's own)? */
export function isTarget(table: string, row: Record<string, unknown>, f: MatrixFixture): boolean {
  const spec = TABLES[table]
  if (!spec) return false
  if (spec.kind === 'organisation') return row[spec.orgColumn ?? 'organisation_id'] === f.orgA
  if (spec.kind === 'person') return row.id === f.ids.member
  return true // service and reference tables: every row
}

/** May this persona see this row at all (its own organisation's, or its own person row)? */
export function inFence(table: string, row: Record<string, unknown>, persona: Persona, f: MatrixFixture, orgs: Set<string>): boolean {
  const spec = TABLES[table]
  if (!spec) return false
  if (spec.kind === 'organisation') return orgs.has(String(row[spec.orgColumn ?? 'organisation_id']))
  if (spec.kind === 'person') return row.id === f.ids[persona]
  return spec.kind === 'reference' // the same for everyone signed in; a service table for nobody
}

/** A row for an insert attempt on a table the spec gives no sample for: every required column filled. */
export function genericSample(table: CatalogTable, f: MatrixFixture): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (const c of table.columns) {
    if (c.name === 'organisation_id') row[c.name] = f.orgA
    else if (!c.notNull || c.hasDefault) continue
    else if (c.type === 'uuid') row[c.name] = f.orgA
    else if (/int|numeric|double|real/.test(c.type)) row[c.name] = 1
    else if (c.type === 'boolean') row[c.name] = false
    else if (c.type.startsWith('json')) row[c.name] = {}
    else if (c.type.endsWith('[]')) row[c.name] = []
    else if (c.type.startsWith('timestamp') || c.type === 'date') row[c.name] = new Date().toISOString()
    else row[c.name] = 'matrix'
  }
  return row
}


/** Every table case of the spec: table x operation x persona, with its title. */
export function tableCases(): { table: string; op: TableOp; who: Persona; expected: TableOutcome; title: string }[] {
  return Object.entries(TABLES).flatMap(([table, spec]) =>
    TABLE_OPS.flatMap((op) => PERSONAS.map((who) => ({ table, op, who, expected: spec.expect[op][who], title: `${table} ${op} as ${who}: ${spec.expect[op][who]}` }))),
  )
}

/** Every function case of the spec: function x persona, with its title. */
export function functionCases(): { name: string; who: Persona; expected: FunctionOutcome; title: string }[] {
  return Object.entries(FUNCTIONS).flatMap(([name, spec]) =>
    PERSONAS.map((who) => ({ name, who, expected: spec.expect[who], title: `${name}() as ${who}: ${outcomeName(spec.expect[who])}` })),
  )
}

/** Organisation A's ids and e-mails found in what a function answered someone outside it (must be none). */
export function leakedSecrets(who: Persona, answer: unknown, f: MatrixFixture): string[] {
  if (who !== 'anon' && who !== 'outsider') return []
  const text = JSON.stringify(answer ?? null)
  return [f.orgA, f.ids.admin, f.ids.member, f.emails.admin, f.emails.member].filter((s): s is string => !!s && text.includes(s))
}

export function tally(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1
}
