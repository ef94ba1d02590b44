/**
 * Actions and the audit trail (issue 30 items 2 and 4) in SQL, on the embedded PostgreSQL 15
 * (supabase/migrations/20261126100000_actions_audit.sql). Requests run as PostgREST runs them (one transaction
 * under the persona's role and JWT claims). Every refused request is checked to have changed no row anywhere.
 */
import { describe, expect, it } from 'vitest'
import type { Queryable } from '../../supabase/local/db.ts'
import { addMember, asCaller, ENGINES, errorOf, organisation, type Person, person, suiteDatabase } from './team-helpers.ts'

const SAFE = (key: string) => `cqc-saf-2024/safe/${key}`
const NOTE = (note: string) => JSON.stringify([{ kind: 'note', note }])

interface ActionRow {
  id: string
  organisation_id: string
  item_id: string
  title: string
  owner_id: string
  owner_name: string
  due_on: string
  status: string
  version: number
  raised_by: string
  done_note: string | null
  rejection_reason: string | null
  verified_by: string | null
  verified_by_name: string | null
  verification_note: string | null
  verification_url: string | null
  closed_at: string | null
  overdue: boolean
  days_overdue: number
}

interface AuditRow {
  kind: string
  actor_id: string | null
  actor_name: string | null
  detail: Record<string, unknown>
}

/** A date as YYYY-MM-DD, `days` from today in the UK. */
const ukDay = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
  const d = new Date(`${today}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

for (const engine of ENGINES) {
  describe(`actions and the audit trail on ${engine.name}`, () => {
    const pg = suiteDatabase(engine)
    const refused = pg.refused

    const as = <T>(who: Person | null, fn: (tx: Queryable) => Promise<T>) => asCaller(pg.db, who ? 'authenticated' : 'anon', who?.id ?? null, fn)
    const service = <T>(fn: (tx: Queryable) => Promise<T>) => asCaller(pg.db, 'service_role', null, fn)

    /** An organisation with an admin (Alice), members Bob and Carol, and an open CQC assessment. */
    async function team(opts: { alone?: boolean } = {}) {
      const alice = await person(pg.db, { first: 'Alice' })
      const bob = await person(pg.db, { first: 'Bob' })
      const carol = await person(pg.db, { first: 'Carol' })
      const org = await organisation(pg.db, alice)
      if (!opts.alone) {
        await addMember(pg.db, org, bob)
        await addMember(pg.db, org, carol)
      }
      const open = await as(alice, async (tx) => (await tx.query<{ r: { id: string; framework_id: string }[] }>('select public.sync_assessments($1::jsonb) as r', ['["cqc-saf","ofsted-eif"]'])).rows[0]!.r)
      const ids = Object.fromEntries(open.map((a) => [a.framework_id, a.id])) as Record<string, string>
      return { alice, bob, carol, org, cqc: ids['cqc-saf']!, ofsted: ids['ofsted-eif']! }
    }

    const rate = (who: Person, assessment: string, item: string, rating: string, expected: number, category: string | null = 'processes') =>
      as(who, (tx) => tx.query('select public.rate_item($1, $2, $3, $4, $5, $6::jsonb, false)', [assessment, item, rating, expected, category, NOTE('Evidence')]))

    const raise = (who: Person | null, assessment: string, item: string, title: string, owner: string, due: string) =>
      as(who, async (tx) => (await tx.query<{ r: ActionRow }>('select public.raise_action($1, $2, $3, $4, $5::date) as r', [assessment, item, title, owner, due])).rows[0]!.r)

    const move = (who: Person | null, id: string, step: string, version: number, note: string | null = null, url: string | null = null) =>
      as(who, async (tx) => (await tx.query<{ r: ActionRow }>('select public.move_action($1, $2, $3, $4, $5) as r', [id, step, version, note, url])).rows[0]!.r)

    const audit = (who: Person, assessment: string, item: string) =>
      as(who, async (tx) => (await tx.query<AuditRow>('select kind, actor_id, actor_name, detail from public.audit_events where assessment_id = $1 and item_id = $2 order by at, id', [assessment, item])).rows)

    it('raised on a rating below good, started and submitted by the owner, verified and closed by another member; the audit trail has each step', async () => {
      const { alice, bob, carol, cqc } = await team()
      await rate(alice, cqc, SAFE('safeguarding'), '2', 0)
      const raised = await raise(alice, cqc, SAFE('safeguarding'), '  Refresh safeguarding training  ', bob.id, ukDay(14))
      expect(raised).toMatchObject({ title: 'Refresh safeguarding training', owner_id: bob.id, owner_name: 'Bob Tester', status: 'open', version: 1, raised_by: alice.id, due_on: ukDay(14), overdue: false, days_overdue: 0 })

      const started = await move(bob, raised.id, 'start', 1)
      expect(started).toMatchObject({ status: 'in_progress', version: 2 })
      const submitted = await move(bob, raised.id, 'submit', 2, 'All staff booked on the course')
      expect(submitted).toMatchObject({ status: 'awaiting_verification', version: 3, done_note: 'All staff booked on the course' })
      const closed = await move(carol, raised.id, 'verify', 3, 'Checked the attendance register', 'https://intranet.example/register.pdf')
      expect(closed).toMatchObject({ status: 'closed', version: 4, verified_by: carol.id, verified_by_name: 'Carol Tester', verification_url: 'https://intranet.example/register.pdf' })
      expect(closed.closed_at).not.toBeNull()

      const trail = await audit(bob, cqc, SAFE('safeguarding'))
      expect(trail.map((e) => [e.kind, e.actor_name])).toEqual([
        ['evidence_added', 'Alice Tester'],
        ['rated', 'Alice Tester'],
        ['action_raised', 'Alice Tester'],
        ['action_started', 'Bob Tester'],
        ['action_submitted', 'Bob Tester'],
        ['action_closed', 'Carol Tester'],
      ])
      expect(trail[1]!.detail).toMatchObject({ rating: '2', label: 'Some shortfalls' })
      expect(trail[2]!.detail).toMatchObject({ title: 'Refresh safeguarding training', owner_name: 'Bob Tester', due_on: ukDay(14) })
      expect(trail[5]!.detail).toMatchObject({ verification_note: 'Checked the attendance register' })
    })
  })
}
