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

    it('refuses an action on an item not rated below good, another organisation\'s item, an owner who is not a member, a past due date, no title; nothing is written', async () => {
      const { alice, bob, org, cqc, ofsted } = await team()
      await rate(alice, cqc, SAFE('safeguarding'), '2', 0)
      await rate(alice, cqc, SAFE('learning-culture'), '3', 0)
      await as(alice, (tx) => tx.query(`insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, note) values ($1, $2, $3, 'note', 'n')`, [org, cqc, SAFE('safe-environments')]))
      const ok = (over: Partial<{ item: string; title: string; owner: string; due: string; assessment: string }> = {}) =>
        raise(alice, over.assessment ?? cqc, over.item ?? SAFE('safeguarding'), over.title ?? 'Do it', over.owner ?? bob.id, over.due ?? ukDay(7))

      let e = await refused(() => ok({ item: SAFE('learning-culture') }), 'PT409', 'not_below_good')
      expect(e.message).toBe('Only an item rated below good can raise an action.')
      e = await refused(() => ok({ item: SAFE('safe-environments') }), 'PT409', 'not_below_good')
      expect(e.message).toBe('Rate this item first: only an item rated below good can raise an action.')
      await refused(() => ok({ item: SAFE('medicines-optimisation') }), 'PT409', 'not_below_good')
      // Ofsted: "expected standard" is good; "needs attention" and safeguarding "not met" are below it.
      await rate(alice, ofsted, 'ofsted-eif-2025/evaluation-areas/inclusion', 'expected-standard', 0, null)
      await refused(() => ok({ assessment: ofsted, item: 'ofsted-eif-2025/evaluation-areas/inclusion' }), 'PT409', 'not_below_good')
      await rate(alice, ofsted, 'ofsted-eif-2025/safeguarding/safeguarding', 'not-met', 0, null)
      expect(await ok({ assessment: ofsted, item: 'ofsted-eif-2025/safeguarding/safeguarding' })).toMatchObject({ status: 'open' })

      const stranger = await team()
      e = await refused(() => ok({ owner: stranger.alice.id }), '22023', 'owner_not_member')
      expect(e.message).toBe('The owner must be a member of your organisation.')
      await refused(() => ok({ owner: '00000000-0000-4000-8000-00000000abcd' }), '22023', 'owner_not_member')
      e = await refused(() => ok({ due: ukDay(-1) }), '22023', 'due_in_past')
      expect(e.message).toBe('The due date cannot be in the past.')
      expect(await ok({ due: ukDay(0) })).toMatchObject({ due_on: ukDay(0), overdue: false })
      await refused(() => ok({ due: ukDay(4000) }), '22023', 'invalid_due_date')
      e = await refused(() => ok({ title: '   ' }), '22023', 'invalid_title')
      expect(e.message).toBe('Say what is to be done, in at most 200 characters.')
      await refused(() => ok({ title: 'x'.repeat(201) }), '22023', 'invalid_title')
      // Another organisation's assessment and item: no such assessment (the same answer as an id that does not exist).
      await rate(stranger.alice, stranger.cqc, SAFE('safeguarding'), '1', 0)
      await refused(() => ok({ assessment: stranger.cqc }), 'PT404', 'assessment_not_found')
      await refused(() => raise(null, cqc, SAFE('safeguarding'), 'x', bob.id, ukDay(1)), '42501')
      // An archived assessment takes no new action.
      await as(alice, (tx) => tx.query('update public.assessments set archived_at = now() where id = $1', [cqc]))
      await refused(() => ok(), 'PT409', 'assessment_archived')
    })

    it('who may move an action: the owner or an admin starts and submits; someone other than the owner reviews; a rejection goes back with its reason', async () => {
      const { alice, bob, carol, cqc } = await team()
      await rate(alice, cqc, SAFE('safeguarding'), '1', 0)
      const a = await raise(bob, cqc, SAFE('safeguarding'), 'Fix the rota', carol.id, ukDay(3))
      expect(a.raised_by).toBe(bob.id)

      let e = await refused(() => move(bob, a.id, 'start', 1), 'PT403', 'not_owner')
      expect(e.message).toBe("Only the action's owner or an admin can do this.")
      e = await refused(() => move(carol, a.id, 'submit', 1, 'done'), 'PT409', 'invalid_transition')
      expect(e.message).toBe('This action is open: it cannot be sent for verification.')
      await refused(() => move(alice, a.id, 'verify', 1, 'ok'), 'PT409', 'invalid_transition')
      await refused(() => move(carol, a.id, 'finish', 1), '22023', 'invalid_step')
      // The admin may start it for the owner.
      expect(await move(alice, a.id, 'start', 1)).toMatchObject({ status: 'in_progress', version: 2 })
      // A stale version is refused, naming who changed it.
      e = await refused(() => move(carol, a.id, 'submit', 1, 'done'), 'PT409', 'action_conflict')
      expect(e.message).toBe('changed by Alice Tester — review and try again')
      e = await refused(() => move(carol, a.id, 'submit', 2, '   '), '22023', 'done_note_required')
      expect(e.message).toBe('Say what was done before sending it for verification.')
      await move(carol, a.id, 'submit', 2, 'Rota rewritten')

      e = await refused(() => move(carol, a.id, 'verify', 3, 'I checked it myself'), 'PT403', 'reviewer_is_owner')
      expect(e.message).toBe('Someone other than the owner must review this action.')
      await refused(() => move(carol, a.id, 'reject', 3, 'no'), 'PT403', 'reviewer_is_owner')
      e = await refused(() => move(bob, a.id, 'verify', 3, null, null), '22023', 'verification_evidence_required')
      expect(e.message).toBe('Closing needs verification evidence: a note or a link.')
      await refused(() => move(bob, a.id, 'verify', 3, null, 'javascript:alert(1)'), '22023', 'invalid_url')
      e = await refused(() => move(bob, a.id, 'reject', 3, ''), '22023', 'rejection_reason_required')
      expect(e.message).toBe('Say why the fix is not verified.')

      const rejected = await move(bob, a.id, 'reject', 3, 'Night shifts are still short')
      expect(rejected).toMatchObject({ status: 'in_progress', version: 4, rejection_reason: 'Night shifts are still short' })
      await move(carol, a.id, 'submit', 4, 'Two more night staff hired')
      const closed = await move(alice, a.id, 'verify', 5, null, 'https://intranet.example/rota.xlsx')
      expect(closed).toMatchObject({ status: 'closed', verified_by: alice.id, verification_note: null })
      e = await refused(() => move(alice, a.id, 'reject', 6, 'reopen'), 'PT409', 'action_closed')
      expect(e.message).toBe('This action is closed.')

      const stranger = await team()
      await refused(() => move(stranger.alice, a.id, 'start', 6), 'PT404', 'action_not_found')
      await refused(() => move(null, a.id, 'start', 6), '42501')
      expect((await audit(carol, cqc, SAFE('safeguarding'))).map((x) => x.kind).slice(2)).toEqual([
        'action_raised', 'action_started', 'action_submitted', 'action_rejected', 'action_submitted', 'action_closed',
      ])
    })

    it('an admin alone in the organisation reviews their own action', async () => {
      const { alice, cqc } = await team({ alone: true })
      await rate(alice, cqc, SAFE('safeguarding'), '2', 0)
      const a = await raise(alice, cqc, SAFE('safeguarding'), 'Write the policy', alice.id, ukDay(1))
      await move(alice, a.id, 'start', 1)
      await move(alice, a.id, 'submit', 2, 'Written')
      expect(await move(alice, a.id, 'verify', 3, 'Read it again a day later')).toMatchObject({ status: 'closed', verified_by: alice.id })
    })

    it('overdue: not closed and due before today in the UK; the list names the owner and counts the days', async () => {
      const { alice, bob, carol, org, cqc } = await team()
      await rate(alice, cqc, SAFE('safeguarding'), '2', 0)
      const late = await raise(alice, cqc, SAFE('safeguarding'), 'Late one', bob.id, ukDay(0))
      const done = await raise(alice, cqc, SAFE('safeguarding'), 'Done one', bob.id, ukDay(0))
      await raise(alice, cqc, SAFE('safeguarding'), 'Due today', carol.id, ukDay(0))
      await service((tx) => tx.query('update public.actions set due_on = $2::date where id = any($1::uuid[])', [[late.id, done.id], ukDay(-3)]))
      await move(bob, done.id, 'start', 2)
      await move(bob, done.id, 'submit', 3, 'x')
      await move(carol, done.id, 'verify', 4, 'seen')
      const overdue = await as(carol, async (tx) => (await tx.query<{ r: ActionRow[] }>('select public.list_actions(null, null, true) as r')).rows[0]!.r)
      expect(overdue.map((a) => [a.title, a.owner_name, a.days_overdue, a.overdue])).toEqual([['Late one', 'Bob Tester', 3, true]])
      const all = await as(carol, async (tx) => (await tx.query<{ r: ActionRow[] }>('select public.list_actions($1, $2) as r', [cqc, SAFE('safeguarding')])).rows[0]!.r)
      expect(all).toHaveLength(3)
      // Another organisation's member lists only their own.
      const stranger = await team()
      expect(await as(stranger.bob, async (tx) => (await tx.query<{ r: ActionRow[] }>('select public.list_actions() as r')).rows[0]!.r)).toEqual([])
      expect(org).toBeTruthy()
    })

    it('the audit trail is append-only: members read it; nobody inserts, updates or deletes, not even the service role', async () => {
      const { alice, bob, org, cqc } = await team()
      await rate(alice, cqc, SAFE('safeguarding'), '2', 0)
      const rows = await audit(bob, cqc, SAFE('safeguarding'))
      expect(rows.length).toBe(2)
      const insert = (tx: Queryable) =>
        tx.query(`insert into public.audit_events (organisation_id, assessment_id, item_id, kind, detail) values ($1, $2, $3, 'rated', '{}')`, [org, cqc, SAFE('safeguarding')])
      for (const who of [alice, bob]) {
        await refused(() => as(who, insert), '42501')
        await refused(() => as(who, (tx) => tx.query(`update public.audit_events set actor_name = 'Mallory' where organisation_id = $1`, [org])), '42501')
        await refused(() => as(who, (tx) => tx.query('delete from public.audit_events where organisation_id = $1', [org])), '42501')
      }
      await refused(() => service(insert), '42501')
      await refused(() => service((tx) => tx.query(`update public.audit_events set actor_name = 'Mallory' where organisation_id = $1`, [org])), '42501')
      // The table's owner (a migration, the database's superuser) is stopped by the trigger.
      let e = await errorOf(pg.db.query(`update public.audit_events set actor_name = 'Mallory' where organisation_id = $1`, [org]))
      expect(e).toMatchObject({ code: 'PT403', hint: 'audit_append_only' })
      e = await errorOf(pg.db.query('delete from public.audit_events where organisation_id = $1', [org]))
      expect(e.hint).toBe('audit_append_only')
      // Another organisation's member reads none of it; anon is refused.
      const stranger = await team()
      expect(await audit(stranger.alice, cqc, SAFE('safeguarding'))).toEqual([])
      expect((await errorOf(as(null, (tx) => tx.query('select * from public.audit_events')))).code).toBe('42501')
      // Deleting the organisation takes its trail with it (the only way rows leave).
      await pg.db.query('delete from public.organisations where id = $1', [org])
      expect((await pg.db.query('select count(*)::int as n from public.audit_events where organisation_id = $1', [org])).rows[0]).toEqual({ n: 0 })
    })

    it('evidence added and removed is recorded, files by name; direct writes by the service role still obey the rules and are audited', async () => {
      const { alice, bob, org, cqc } = await team()
      await rate(alice, cqc, SAFE('safeguarding'), '3', 0)
      await as(bob, (tx) => tx.query(`insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, url) values ($1, $2, $3, 'link', 'https://intranet.example/a.pdf')`, [org, cqc, SAFE('safeguarding')]))
      // Notes and links stay (evidence files, 20261126000000): not even the service role removes one, and nothing is recorded.
      await refused(() => service((tx) => tx.query(`delete from public.assessment_evidence where url = 'https://intranet.example/a.pdf'`)), 'PT403', 'evidence_permanent')
      // A file's row is written by the evidence-files function (service role, on the member's behalf); a member removes it.
      const path = `${org}/${SAFE('safeguarding')}/${crypto.randomUUID()}`
      await service((tx) =>
        tx.query(
          `insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, storage_path, file_name, file_size, content_type, created_by) values ($1, $2, $3, 'file', $4, 'Safeguarding policy.pdf', 2048, 'application/pdf', $5)`,
          [org, cqc, SAFE('safeguarding'), path, bob.id],
        ),
      )
      await as(bob, (tx) => tx.query('delete from public.assessment_evidence where storage_path = $1', [path]))
      const trail = await audit(alice, cqc, SAFE('safeguarding'))
      expect(trail.slice(-3).map((x) => [x.kind, x.actor_name, x.detail.url ?? x.detail.file_name])).toEqual([
        ['evidence_added', 'Bob Tester', 'https://intranet.example/a.pdf'],
        ['evidence_added', 'Bob Tester', 'Safeguarding policy.pdf'],
        ['evidence_removed', 'Bob Tester', 'Safeguarding policy.pdf'],
      ])
      expect(trail.at(-1)!.detail).not.toHaveProperty('storage_path')
      const write = (sql: string, params: unknown[]) => service((tx) => tx.query(sql, params))
      await refused(
        () => write(`insert into public.actions (organisation_id, assessment_id, item_id, title, owner_id, due_on) values ($1, $2, $3, 't', $4, current_date)`, [org, cqc, SAFE('safeguarding'), bob.id]),
        'PT409', 'not_below_good',
      )
      await rate(alice, cqc, SAFE('safeguarding'), '2', 1)
      const stranger = await team()
      await refused(
        () => write(`insert into public.actions (organisation_id, assessment_id, item_id, title, owner_id, due_on) values ($1, $2, $3, 't', $4, current_date)`, [org, cqc, SAFE('safeguarding'), stranger.bob.id]),
        '22023', 'owner_not_member',
      )
      const a = await raise(alice, cqc, SAFE('safeguarding'), 'Check', bob.id, ukDay(2))
      const e = await refused(() => write(`update public.actions set status = 'closed', closed_at = now(), verified_by = $2, verification_note = 'x', done_note = 'x' where id = $1`, [a.id, alice.id]), 'PT409', 'invalid_transition')
      expect(e.message).toBe('An action cannot move from open to closed.')
      await refused(() => write(`update public.actions set item_id = $2 where id = $1`, [a.id, SAFE('learning-culture')]), '22023', 'action_immutable')
      await write(`update public.actions set status = 'in_progress' where id = $1`, [a.id])
      // Closing without a reviewer or evidence is refused by the table itself.
      await write(`update public.actions set status = 'awaiting_verification', done_note = 'x' where id = $1`, [a.id])
      await refused(() => write(`update public.actions set status = 'closed' where id = $1`, [a.id]), '23514')
      expect((await audit(alice, cqc, SAFE('safeguarding'))).slice(-3).map((x) => [x.kind, x.detail.version])).toEqual([
        ['action_raised', 1], ['action_started', 2], ['action_submitted', 3],
      ])
    })

    it('an admin reassigns an action (owner, due date) from the version read; the audit trail records each change; nobody else may', async () => {
      const { alice, bob, carol, cqc } = await team()
      await rate(alice, cqc, SAFE('safeguarding'), '2', 0)
      const a = await raise(alice, cqc, SAFE('safeguarding'), 'Refresh training', bob.id, ukDay(7))
      const reassign = (who: Person | null, owner: string, due: string, version: number) =>
        as(who, async (tx) => (await tx.query<{ r: ActionRow }>('select public.reassign_action($1, $2, $3::date, $4) as r', [a.id, owner, due, version])).rows[0]!.r)

      let e = await refused(() => reassign(bob, carol.id, ukDay(7), 1), 'PT403', 'not_admin')
      expect(e.message).toBe('Only an admin of your organisation can do this.')
      await refused(() => reassign(null, carol.id, ukDay(7), 1), '42501')
      const stranger = await team()
      await refused(() => reassign(stranger.alice, carol.id, ukDay(7), 1), 'PT404', 'action_not_found')
      e = await refused(() => reassign(alice, stranger.bob.id, ukDay(7), 1), '22023', 'owner_not_member')
      expect(e.message).toBe('The owner must be a member of your organisation.')
      e = await refused(() => reassign(alice, bob.id, ukDay(-1), 1), '22023', 'due_in_past')
      expect(e.message).toBe('The due date cannot be in the past.')
      await refused(() => reassign(alice, bob.id, ukDay(4000), 1), '22023', 'invalid_due_date')
      e = await refused(() => reassign(alice, bob.id, ukDay(7), 1), '22023', 'nothing_changed')
      expect(e.message).toBe('Nothing to change: choose another owner or due date.')
      await refused(() => reassign(alice, carol.id, ukDay(7), 0), '22023', 'invalid_version')

      const moved = await reassign(alice, carol.id, ukDay(7), 1)
      expect(moved).toMatchObject({ owner_id: carol.id, owner_name: 'Carol Tester', due_on: ukDay(7), status: 'open', version: 2 })
      e = await refused(() => reassign(alice, bob.id, ukDay(7), 1), 'PT409', 'action_conflict')
      expect(e.message).toBe('changed by Alice Tester — review and try again')
      const later = await reassign(alice, carol.id, ukDay(30), 2)
      expect(later).toMatchObject({ owner_id: carol.id, due_on: ukDay(30), version: 3 })
      // The new owner now starts it; the old one no longer may.
      await refused(() => move(bob, a.id, 'start', 3), 'PT403', 'not_owner')
      await move(carol, a.id, 'start', 3)

      const trail = (await audit(bob, cqc, SAFE('safeguarding'))).filter((x) => x.kind === 'action_changed')
      expect(trail.map((x) => [x.actor_name, x.detail])).toEqual([
        ['Alice Tester', expect.objectContaining({ owner_id: carol.id, owner_name: 'Carol Tester', previous_owner_id: bob.id, previous_owner_name: 'Bob Tester', version: 2 })],
        ['Alice Tester', expect.objectContaining({ due_on: ukDay(30), version: 3 })],
      ])
      expect(trail[0]!.detail).not.toHaveProperty('due_on')
      expect(trail[1]!.detail).not.toHaveProperty('owner_id')

      // A closed action stays as it was.
      await move(carol, a.id, 'submit', 4, 'Done')
      await move(bob, a.id, 'verify', 5, 'Seen')
      e = await refused(() => reassign(alice, bob.id, ukDay(30), 6), 'PT409', 'action_closed')
      expect(e.message).toBe('This action is closed.')
    })
  })
}
