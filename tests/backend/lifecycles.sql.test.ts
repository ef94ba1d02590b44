/**
 * The SQL agrees with the lifecycles (src/domain/lifecycles, issue 39 item 3), on the embedded PostgreSQL 15: the
 * status and kind checks name exactly the lifecycle's statuses and kinds (read from the catalogue); every step from
 * every status, tried as every kind of person through the RPCs, is taken exactly when the table allows it and leads
 * where the table says; a direct write of the status (bypassing the RPCs) may make exactly the table's moves; and
 * the one "overdue" rule gives the same answer in SQL and TypeScript. Each attempt runs in a transaction that is
 * rolled back, so every attempt starts from the same row. The machines' side is machines/lifecycles.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { Queryable } from '../../supabase/local/db.ts'
import { mayTakeStep, transitionOf } from '../../src/domain/lifecycle'
import { ACTION_CHANGES, ACTION_LIFECYCLE, type ActionStatus, actionRoles, isOverdue } from '../../src/domain/lifecycles/action'
import { EVIDENCE_KINDS, EVIDENCE_STEP_KINDS } from '../../src/domain/lifecycles/evidence'
import { ITEM_LIFECYCLE, ITEM_STATUSES, ITEM_STORED_STATUSES, type ItemLifecycleStatus } from '../../src/domain/lifecycles/item'
import { addMember, ENGINES, organisation, type Person, person, suiteDatabase } from './team-helpers.ts'

const SAFE = (key: string) => `cqc-saf-2024/safe/${key}`
const NOTE = JSON.stringify([{ kind: 'note', note: 'Evidence' }])
const ROLLBACK = new Error('rolled back')

/** A date as YYYY-MM-DD, `days` from today in the UK. */
const ukDay = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
  const d = new Date(`${today}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The quoted values of a check constraint, sorted. */
const quoted = (definition: string) => [...definition.matchAll(/'([^']+)'/g)].map((m) => m[1]!).sort()

for (const engine of ENGINES) {
  describe(`the SQL agrees with the lifecycles on ${engine.name}`, () => {
    const pg = suiteDatabase(engine)

    const asPerson = async (tx: Queryable, who: Person | null) => {
      const claims = who ? { role: 'authenticated', sub: who.id, app_metadata: { provider: 'email' } } : { role: 'service_role' }
      await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [claims.role, JSON.stringify(claims)])
    }
    /** One request as PostgREST makes it, committed. */
    const as = <T>(who: Person, fn: (tx: Queryable) => Promise<T>) =>
      pg.db.transaction(async (tx) => {
        await asPerson(tx, who)
        return fn(tx)
      })
    /** One attempt (as a person, or as the database owner when null), rolled back: what it returned, or its error. */
    async function attempt<T>(who: Person | null, fn: (tx: Queryable) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: string; hint?: string }> {
      let outcome: { ok: true; value: T } | { ok: false; code: string; hint?: string } | undefined
      await pg.db
        .transaction(async (tx) => {
          if (who) await asPerson(tx, who)
          try {
            outcome = { ok: true, value: await fn(tx) }
          } catch (e) {
            const err = e as { code: string; hint?: string }
            outcome = { ok: false, code: err.code, hint: err.hint }
          }
          throw ROLLBACK
        })
        .catch((e) => {
          if (e !== ROLLBACK) throw e
        })
      return outcome!
    }
    const checkOf = async (table: string, name: string) =>
      quoted((await pg.db.query<{ d: string }>('select pg_get_constraintdef(oid) as d from pg_constraint where conrelid = $1::regclass and conname = $2', [table, name])).rows[0]!.d)

    /** Alice (admin), Bob and Carol (members), or Alice alone; the organisation's open CQC assessment. */
    async function team(alone: boolean) {
      const alice = await person(pg.db, { first: 'Alice' })
      const bob = await person(pg.db, { first: 'Bob' })
      const carol = await person(pg.db, { first: 'Carol' })
      const org = await organisation(pg.db, alice)
      if (!alone) {
        await addMember(pg.db, org, bob)
        await addMember(pg.db, org, carol)
      }
      const open = await as(alice, async (tx) => (await tx.query<{ r: { id: string; framework_id: string }[] }>('select public.sync_assessments($1::jsonb) as r', ['["cqc-saf"]'])).rows[0]!.r)
      return { alice, bob, carol, org, cqc: open[0]!.id, size: alone ? 1 : 3 }
    }

    const move = (tx: Queryable, id: string, step: string, version: number) =>
      tx.query<{ r: { status: string; version: number } }>('select public.move_action($1, $2, $3, $4, null) as r', [id, step, version, `Done: ${step}`]).then((r) => r.rows[0]!.r)

    it('the checks of actions, items and evidence name exactly the lifecycles\' statuses and kinds', async () => {
      expect(await checkOf('public.actions', 'actions_status_check')).toEqual([...ACTION_LIFECYCLE.statuses].sort())
      expect(await checkOf('public.assessment_items', 'assessment_items_status_check')).toEqual([...ITEM_STORED_STATUSES].sort())
      expect(ITEM_STATUSES.filter((s) => !ITEM_STORED_STATUSES.includes(s as never))).toEqual([ITEM_LIFECYCLE.initial])
      expect(await checkOf('public.assessment_evidence', 'assessment_evidence_kind_check')).toEqual([...EVIDENCE_KINDS].sort())
    })

    it('every action step from every status, as every kind of person, through move_action and reassign_action: taken exactly when the table allows it, to where it leads', async () => {
      const three = await team(false)
      const alone = await team(true)
      const viewers = [
        { who: 'its owner', t: three, owner: three.bob, me: three.bob, role: 'member' as const, reviewer: three.carol },
        { who: 'an admin who does not own it', t: three, owner: three.bob, me: three.alice, role: 'admin' as const, reviewer: three.carol },
        { who: 'another member', t: three, owner: three.bob, me: three.carol, role: 'member' as const, reviewer: three.carol },
        { who: 'its owner, an admin', t: three, owner: three.alice, me: three.alice, role: 'admin' as const, reviewer: three.bob },
        { who: 'its owner, the admin alone', t: alone, owner: alone.alice, me: alone.alice, role: 'admin' as const, reviewer: alone.alice },
      ]
      for (const t of [three, alone]) await as(t.alice, (tx) => tx.query('select public.rate_item($1, $2, $3, 0, $4, $5::jsonb, false)', [t.cqc, SAFE('safeguarding'), '2', 'processes', NOTE]))
      const checked: string[] = []
      for (const v of viewers) {
        const roles = actionRoles(v.owner.id, { userId: v.me.id, role: v.role }, v.t.size)
        for (const status of ACTION_LIFECYCLE.statuses) {
          // An action brought to `status` the way the app brings it there.
          const raised = await as(v.t.alice, async (tx) =>
            (await tx.query<{ r: { id: string; version: number } }>('select public.raise_action($1, $2, $3, $4, $5::date) as r', [v.t.cqc, SAFE('safeguarding'), `To ${status}`, v.owner.id, ukDay(7)])).rows[0]!.r,
          )
          const path: ActionStatus[] = ['open', 'in_progress', 'awaiting_verification', 'closed']
          let version = raised.version
          for (const reached of path.slice(1, path.indexOf(status) + 1)) {
            const step = ACTION_LIFECYCLE.transitions.find((x) => x.to === reached && path.indexOf(x.from) === path.indexOf(reached) - 1)!.step
            version = (await as(step === 'verify' ? v.reviewer : v.owner, (tx) => move(tx, raised.id, step, version))).version
          }
          for (const step of ACTION_LIFECYCLE.steps) {
            const allowed = mayTakeStep(ACTION_LIFECYCLE, status, step, roles)
            const result = await attempt(v.me, (tx) => move(tx, raised.id, step, version))
            expect(result.ok, `${step} from ${status} by ${v.who}: ${JSON.stringify(result)}`).toBe(allowed)
            if (result.ok) expect(result.value.status).toBe(transitionOf(ACTION_LIFECYCLE, status, step)!.to)
            else expect(['PT403', 'PT409']).toContain(result.code)
            checked.push(`${status} ${step} ${v.who}`)
          }
          const mayReassign = ACTION_CHANGES.reassign.while.includes(status) && ACTION_CHANGES.reassign.by.some((r) => roles.includes(r))
          const reassigned = await attempt(v.me, (tx) => tx.query('select public.reassign_action($1, $2, $3::date, $4)', [raised.id, v.me.id === v.owner.id ? v.reviewer.id : v.me.id, ukDay(30), version]))
          expect(reassigned.ok, `reassign in ${status} by ${v.who}: ${JSON.stringify(reassigned)}`).toBe(mayReassign)
        }
      }
      expect(checked).toHaveLength(viewers.length * ACTION_LIFECYCLE.statuses.length * ACTION_LIFECYCLE.steps.length)
      // A step the table does not have is refused by name.
      const some = await as(three.alice, async (tx) => (await tx.query<{ r: { id: string } }>('select public.raise_action($1, $2, $3, $4, $5::date) as r', [three.cqc, SAFE('safeguarding'), 'Unknown step', three.bob.id, ukDay(7)])).rows[0]!.r)
      expect(await attempt(three.alice, (tx) => move(tx, some.id, 'close', 1))).toMatchObject({ ok: false, code: '22023', hint: 'invalid_step' })
    })

    it('a direct write of an action\'s status (not through the RPCs) makes exactly the table\'s moves', async () => {
      const t = await team(false)
      await as(t.alice, (tx) => tx.query('select public.rate_item($1, $2, $3, 0, $4, $5::jsonb, false)', [t.cqc, SAFE('safeguarding'), '2', 'processes', NOTE]))
      const ids: Partial<Record<ActionStatus, { id: string }>> = {}
      for (const status of ACTION_LIFECYCLE.statuses) {
        const raised = await as(t.alice, async (tx) =>
          (await tx.query<{ r: { id: string } }>('select public.raise_action($1, $2, $3, $4, $5::date) as r', [t.cqc, SAFE('safeguarding'), `Direct ${status}`, t.bob.id, ukDay(7)])).rows[0]!.r,
        )
        if (status !== 'open') await pg.db.query("update public.actions set status = 'in_progress' where id = $1", [raised.id])
        if (status === 'awaiting_verification' || status === 'closed') await pg.db.query("update public.actions set status = 'awaiting_verification', done_note = 'x' where id = $1", [raised.id])
        if (status === 'closed') await pg.db.query("update public.actions set status = 'closed', verified_by = $2, verification_note = 'x' where id = $1", [raised.id, t.carol.id])
        ids[status] = raised
      }
      for (const from of ACTION_LIFECYCLE.statuses) {
        for (const to of ACTION_LIFECYCLE.statuses) {
          if (from === to) continue
          const result = await attempt(null, (tx) =>
            tx.query("update public.actions set status = $2, done_note = coalesce(done_note, 'x'), verified_by = coalesce(verified_by, $3), verification_note = coalesce(verification_note, 'x') where id = $1", [
              ids[from]!.id,
              to,
              t.carol.id,
            ]),
          )
          const inTable = ACTION_LIFECYCLE.transitions.some((x) => x.from === from && x.to === to)
          expect(result.ok, `${from} → ${to}: ${JSON.stringify(result)}`).toBe(inTable)
          if (!result.ok) expect(result).toMatchObject({ code: 'PT409', hint: from === 'closed' ? 'action_closed' : 'invalid_transition' })
        }
      }
    })

    it('"overdue" is one rule: private.action_overdue answers as isOverdue does, for every status around today', async () => {
      const today = '2026-11-25'
      for (const status of ACTION_LIFECYCLE.statuses) {
        for (const dueOn of ['2025-12-31', '2026-11-24', today, '2026-11-26']) {
          const sql = (await pg.db.query<{ o: boolean }>('select private.action_overdue($1, $2::date, $3::date) as o', [status, dueOn, today])).rows[0]!.o
          expect(sql, `${status} due ${dueOn}`).toBe(isOverdue({ status, dueOn }, today))
        }
      }
    })

    it('every item step from every status, through rate_item and adding evidence: taken exactly when the table allows it, to where it leads', async () => {
      const t = await team(false)
      const item = (status: ItemLifecycleStatus) => SAFE({ 'not-started': 'safe-environments', 'in-progress': 'learning-culture', rated: 'safeguarding', reviewed: 'involving-people-to-manage-risks' }[status])
      const statusOf = async (tx: Queryable, itemId: string) =>
        (await tx.query<{ status: string; version: number }>('select status, version from public.assessment_items where assessment_id = $1 and item_id = $2', [t.cqc, itemId])).rows[0]
      const rate = (tx: Queryable, itemId: string, version: number, review: boolean) =>
        tx.query('select public.rate_item($1, $2, $3, $4, $5, $6::jsonb, $7)', [t.cqc, itemId, '3', version, 'processes', NOTE, review])
      const addNote = (tx: Queryable, itemId: string) =>
        tx.query(`insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, note) values ($1, $2, $3, 'note', 'More')`, [t.org, t.cqc, itemId])
      await as(t.bob, (tx) => addNote(tx, item('in-progress')))
      await as(t.bob, (tx) => rate(tx, item('rated'), 0, false))
      await as(t.bob, (tx) => rate(tx, item('reviewed'), 0, false))
      await as(t.bob, (tx) => rate(tx, item('reviewed'), 1, true))
      for (const status of ITEM_STATUSES) {
        const before = await statusOf(pg.db, item(status))
        expect(before?.status ?? 'not-started').toBe(status)
        const version = before?.version ?? 0
        for (const step of ITEM_LIFECYCLE.steps) {
          const result = await attempt(t.bob, async (tx) => {
            if (step === 'addEvidence') await addNote(tx, item(status))
            else await rate(tx, item(status), version, step === 'review')
            return (await statusOf(tx, item(status)))!.status
          })
          const to = transitionOf(ITEM_LIFECYCLE, status, step)?.to
          expect(result, `${step} from ${status}`).toEqual(to ? { ok: true, value: to } : { ok: false, code: 'PT409', hint: 'not_rated' })
        }
      }
    })

    it('evidence: a member adds notes and links, never a file row; only a file is removed', async () => {
      const t = await team(false)
      const add = (kind: string) => (tx: Queryable) =>
        tx.query(`insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, note, url) values ($1, $2, $3, $4, $5, $6) returning id`, [
          t.org, t.cqc, SAFE('safeguarding'), kind, kind === 'note' ? 'Rota' : null, kind === 'note' ? null : 'https://intranet.example/rota',
        ])
      for (const kind of EVIDENCE_KINDS) {
        expect((await attempt(t.bob, add(kind))).ok, `add ${kind}`).toBe(EVIDENCE_STEP_KINDS.add.includes(kind))
      }
      await as(t.bob, add('note'))
      await as(t.bob, add('link'))
      const path = `${t.org}/${SAFE('safeguarding')}/${crypto.randomUUID()}`
      await pg.db.query(
        `insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, storage_path, file_name, file_size, content_type, created_by) values ($1, $2, $3, 'file', $4, 'Policy.pdf', 2048, 'application/pdf', $5)`,
        [t.org, t.cqc, SAFE('safeguarding'), path, t.bob.id],
      )
      for (const kind of EVIDENCE_KINDS) {
        const removed = await attempt(t.bob, async (tx) => (await tx.query('delete from public.assessment_evidence where item_id = $1 and kind = $2 returning id', [SAFE('safeguarding'), kind])).rows.length)
        expect(removed.ok && removed.value === 1, `remove ${kind}`).toBe(EVIDENCE_STEP_KINDS.remove.includes(kind))
        const forced = await attempt(null, (tx) => tx.query('delete from public.assessment_evidence where item_id = $1 and kind = $2', [SAFE('safeguarding'), kind]))
        expect(forced.ok, `remove ${kind}, not through the API`).toBe(EVIDENCE_STEP_KINDS.remove.includes(kind))
      }
    })
  })
}
