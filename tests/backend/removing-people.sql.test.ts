/**
 * Removing a person keeps their work (issue 39, item 9; supabase/migrations/20261128100100_removing_people.sql), in SQL
 * on the embedded PostgreSQL 15: an account deleted (auth.users, as GoTrue deletes one), a member removed by an admin,
 * leaving, moving to another organisation. Their open actions go to the organisation's longest-standing admin, audited;
 * closed actions, ratings, evidence, the rating history and the audit trail keep their name while every reference to
 * the deleted account becomes null; nothing else of those rows changes. The last admin still cannot go.
 */
import { describe, expect, it } from 'vitest'
import type { Queryable } from '../../supabase/local/db.ts'
import { addMember, asCaller, call, ENGINES, invite, organisation, type Person, person, suiteDatabase } from './team-helpers.ts'

const SAFE = (key: string) => `cqc-saf-2024/safe/${key}`
const NOTE = (note: string) => JSON.stringify([{ kind: 'note', note }])
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

interface ActionRow {
  id: string
  owner_id: string | null
  owner_name: string
  raised_by: string | null
  raised_by_name: string | null
  verified_by: string | null
  verified_by_name: string | null
  status: string
  version: number
}

interface AuditRow {
  kind: string
  actor_id: string | null
  actor_name: string | null
  detail: Record<string, unknown>
}

for (const engine of ENGINES) {
  describe(`removing a person keeps their work, on ${engine.name}`, () => {
    const pg = suiteDatabase(engine)

    const as = <T>(who: Person, fn: (tx: Queryable) => Promise<T>) => asCaller(pg.db, 'authenticated', who.id, fn)
    const rows = async <T>(sql: string, params: unknown[] = []) => (await pg.db.query<T>(sql, params)).rows

    /**
     * An organisation (unlimited seats) whose first person made it (its admin), the others joining in order, those in
     * `admins` as admins; and its open CQC assessment.
     */
    async function team(names: string[], admins: string[] = []) {
      const people: Person[] = []
      for (const first of names) people.push(await person(pg.db, { first }))
      const org = await organisation(pg.db, people[0]!, { plan: 'bos' })
      for (const [i, who] of people.entries()) if (i > 0) await addMember(pg.db, org, who, admins.includes(names[i]!) ? 'admin' : 'member')
      const open = await as(people[0]!, async (tx) => (await tx.query<{ r: { id: string }[] }>('select public.sync_assessments($1::jsonb) as r', ['["cqc-saf"]'])).rows[0]!.r)
      return { people: people as [Person, ...Person[]], org, cqc: open[0]!.id }
    }

    const rate = (who: Person, cqc: string, item: string, rating: string, expected = 0) =>
      as(who, (tx) => tx.query('select public.rate_item($1, $2, $3, $4, $5, $6::jsonb, false)', [cqc, item, rating, expected, 'processes', NOTE(`Seen by ${who.email}`)]))
    const raise = async (who: Person, cqc: string, item: string, owner: Person, title = 'Refresh training') =>
      (await call<ActionRow>(pg.db, 'authenticated', who.id, 'raise_action', [cqc, item, title, owner.id, inDays(14)]))
    const move = (who: Person, id: string, step: string, version: number, note: string | null = null) =>
      call<ActionRow>(pg.db, 'authenticated', who.id, 'move_action', [id, step, version, note, null])
    /** An action verified and closed: started and submitted by its owner, verified by `reviewer`. */
    async function closedAction(cqc: string, item: string, by: Person, owner: Person, reviewer: Person) {
      const a = await raise(by, cqc, item, owner, 'Closed one')
      await move(owner, a.id, 'start', 1)
      await move(owner, a.id, 'submit', 2, 'Done')
      return move(reviewer, a.id, 'verify', 3, 'Checked the register')
    }
    const actions = (who: Person) => call<ActionRow[]>(pg.db, 'authenticated', who.id, 'list_actions', [])
    const byId = async (who: Person) => Object.fromEntries((await actions(who)).map((a) => [a.id, a]))
    const trail = (actionId: string) =>
      rows<AuditRow>(`select kind, actor_id, actor_name, detail from public.audit_events where detail ->> 'action_id' = $1 order by at, id`, [actionId])
    const deleteAccount = (who: Person) => pg.db.query('delete from auth.users where id = $1', [who.id])

    it('an account deleted: its open actions go to the longest-standing admin (audited), its closed ones, ratings, evidence, history and trail keep its name', async () => {
      const { people, cqc } = await team(['Alice', 'Bob', 'Carol', 'Dave'], ['Dave'])
      const [alice, bob, carol] = people as [Person, Person, Person] // and Dave, an admin who joined after Alice
      await rate(alice, cqc, SAFE('safeguarding'), '2')
      await rate(bob, cqc, SAFE('safe-environments'), '2')
      const open = await raise(alice, cqc, SAFE('safeguarding'), bob)
      const started = await raise(alice, cqc, SAFE('safeguarding'), bob, 'Started one')
      await move(bob, started.id, 'start', 1)
      const closed = await closedAction(cqc, SAFE('safeguarding'), alice, bob, carol)
      const raisedByBob = await raise(bob, cqc, SAFE('safe-environments'), carol, 'Raised by Bob')
      const item = async () => (await rows<{ rated_by: string | null; rated_by_name: string; version: number; updated_at: Date }>(
        'select rated_by, rated_by_name, version, updated_at from public.assessment_items where assessment_id = $1 and item_id = $2', [cqc, SAFE('safe-environments')]))[0]!
      const before = { item: await item(), history: await rows('select id from public.assessment_item_history'), audit: await rows('select id from public.audit_events') }

      await deleteAccount(bob)

      expect(await rows('select id from public.users where id = $1', [bob.id])).toEqual([])
      const after = await byId(alice)
      expect(Object.keys(after).sort()).toEqual([open.id, started.id, closed.id, raisedByBob.id].sort())
      // Open work goes to Alice, the longest-standing admin (Dave joined as an admin after her), as a new version.
      expect(after[open.id]).toMatchObject({ owner_id: alice.id, owner_name: 'Alice Tester', status: 'open', version: 2 })
      expect(after[started.id]).toMatchObject({ owner_id: alice.id, owner_name: 'Alice Tester', status: 'in_progress', version: 3 })
      // A closed action keeps who did the work, by name; the reference to the account is gone.
      expect(after[closed.id]).toMatchObject({ owner_id: null, owner_name: 'Bob Tester', status: 'closed', version: 4, verified_by: carol.id, verified_by_name: 'Carol Tester' })
      expect(after[raisedByBob.id]).toMatchObject({ raised_by: null, raised_by_name: 'Bob Tester', owner_id: carol.id, version: 1 })

      // The hand-over is in the trail (no one asked for it: the account was deleted), naming both owners.
      expect((await trail(open.id)).map((e) => [e.kind, e.actor_name])).toEqual([['action_raised', 'Alice Tester'], ['action_changed', null]])
      expect((await trail(open.id)).at(-1)!.detail).toMatchObject({
        owner_id: alice.id, owner_name: 'Alice Tester', previous_owner_id: bob.id, previous_owner_name: 'Bob Tester', reason: 'owner_left', version: 2,
      })
      // Bob's own entries name him still; their reference to his account is null.
      expect((await trail(started.id)).map((e) => [e.kind, e.actor_id, e.actor_name])).toEqual([
        ['action_raised', alice.id, 'Alice Tester'], ['action_started', null, 'Bob Tester'], ['action_changed', null, null],
      ])
      expect(await rows(`select kind, actor_id, actor_name from public.audit_events where item_id = $1 and kind in ('rated', 'evidence_added') order by id`, [SAFE('safe-environments')]))
        .toEqual([{ kind: 'evidence_added', actor_id: null, actor_name: 'Bob Tester' }, { kind: 'rated', actor_id: null, actor_name: 'Bob Tester' }])

      // His rating is not re-rated: same version, same time of change, no history row; the names stay.
      expect(await item()).toEqual({ ...before.item, rated_by: null, rated_by_name: 'Bob Tester' })
      expect(await rows('select id from public.assessment_item_history')).toEqual(before.history)
      expect(await rows('select rated_by, rated_by_name from public.assessment_item_history where item_id = $1', [SAFE('safe-environments')]))
        .toEqual([{ rated_by: null, rated_by_name: 'Bob Tester' }])
      expect(await rows('select created_by, created_by_name from public.assessment_evidence where item_id = $1', [SAFE('safe-environments')]))
        .toEqual([{ created_by: null, created_by_name: 'Bob Tester' }])
      // Only the two hand-overs were added to the trail.
      expect((await rows('select id from public.audit_events')).length).toBe(before.audit.length + 2)

      // The verifier goes too: the closed action keeps "verified by Carol Tester"; her open action goes to Alice.
      await deleteAccount(carol)
      const later = await byId(alice)
      expect(later[closed.id]).toMatchObject({ status: 'closed', verified_by: null, verified_by_name: 'Carol Tester', owner_name: 'Bob Tester' })
      expect(later[raisedByBob.id]).toMatchObject({ owner_id: alice.id, owner_name: 'Alice Tester', raised_by_name: 'Bob Tester', version: 2 })
    })

    it('the heir is the admin who has been one longest; an admin who goes hands over to the next', async () => {
      const { people, cqc } = await team(['Alice', 'Dave', 'Erin', 'Bob'], ['Dave', 'Erin'])
      const [alice, dave, erin, bob] = people as [Person, Person, Person, Person]
      await rate(alice, cqc, SAFE('safeguarding'), '2')
      const bobs = await raise(erin, cqc, SAFE('safeguarding'), bob)
      const alices = await raise(erin, cqc, SAFE('safeguarding'), alice)
      await call(pg.db, 'authenticated', dave.id, 'remove_member', [bob.id])
      await call(pg.db, 'authenticated', dave.id, 'remove_member', [alice.id])
      const after = await byId(erin)
      expect(after[bobs.id]).toMatchObject({ owner_id: dave.id, owner_name: 'Dave Tester', version: 3 })
      expect(after[alices.id]).toMatchObject({ owner_id: dave.id, owner_name: 'Dave Tester', version: 2 })
      // Bob's action went to Alice first (the longest-standing admin then), then with Alice to Dave.
      expect((await trail(bobs.id)).slice(1).map((e) => [e.actor_name, e.detail.previous_owner_name, e.detail.owner_name, e.detail.reason])).toEqual([
        ['Dave Tester', 'Bob Tester', 'Alice Tester', 'owner_left'],
        ['Dave Tester', 'Alice Tester', 'Dave Tester', 'owner_left'],
      ])
    })

    it('removed by an admin, leaving, or moving by an invitation: open actions are handed over by whoever did it; closed ones stay theirs', async () => {
      const { people, cqc } = await team(['Alice', 'Bob', 'Carol', 'Dan'])
      const [alice, bob, carol, dan] = people as [Person, Person, Person, Person]
      await rate(alice, cqc, SAFE('safeguarding'), '1')
      const bobsOpen = await raise(alice, cqc, SAFE('safeguarding'), bob)
      const bobsClosed = await closedAction(cqc, SAFE('safeguarding'), alice, bob, carol)
      const carols = await raise(alice, cqc, SAFE('safeguarding'), carol)
      const dans = await raise(alice, cqc, SAFE('safeguarding'), dan)
      const elsewhere = await person(pg.db, { first: 'Olga' })
      await organisation(pg.db, elsewhere, { name: 'Elsewhere Care' })
      const { token } = await invite(pg.db, elsewhere, dan.email)

      await call(pg.db, 'authenticated', alice.id, 'remove_member', [bob.id])
      await call(pg.db, 'authenticated', carol.id, 'leave_organisation')
      await call(pg.db, 'authenticated', dan.id, 'accept_invitation', [token, true])

      const after = await byId(alice)
      for (const a of [bobsOpen, carols, dans]) expect(after[a.id]).toMatchObject({ owner_id: alice.id, owner_name: 'Alice Tester', status: 'open', version: 2 })
      expect(after[bobsClosed.id]).toMatchObject({ owner_id: bob.id, owner_name: 'Bob Tester', status: 'closed', version: 4 })
      const handOvers = await Promise.all([bobsOpen, carols, dans].map(async (a) => (await trail(a.id)).at(-1)!))
      expect(handOvers.map((e) => [e.kind, e.actor_name, e.detail.previous_owner_name, e.detail.reason])).toEqual([
        ['action_changed', 'Alice Tester', 'Bob Tester', 'owner_left'],
        ['action_changed', 'Carol Tester', 'Carol Tester', 'owner_left'],
        ['action_changed', 'Dan Tester', 'Dan Tester', 'owner_left'],
      ])
    })

    it('the last admin cannot go while anyone else is in the organisation; a sole member can, and their actions stay with their name', async () => {
      const { people, cqc } = await team(['Alice', 'Bob'])
      const [alice, bob] = people as [Person, Person]
      await rate(alice, cqc, SAFE('safeguarding'), '2')
      await raise(alice, cqc, SAFE('safeguarding'), bob)
      const e = await pg.refused(() => deleteAccount(alice), 'PT409', 'last_admin')
      expect(e.message).toMatch(/needs at least one admin: make another member an admin first\.$/)

      const solo = await team(['Zoe'])
      const [zoe] = solo.people
      await rate(zoe, solo.cqc, SAFE('safeguarding'), '2')
      const hers = await raise(zoe, solo.cqc, SAFE('safeguarding'), zoe)
      await deleteAccount(zoe)
      expect(await rows('select owner_id, owner_name, raised_by, raised_by_name, status from public.actions where id = $1', [hers.id])).toEqual([
        { owner_id: null, owner_name: 'Zoe Tester', raised_by: null, raised_by_name: 'Zoe Tester', status: 'open' },
      ])
      expect(await rows('select id from public.organisations where id = $1', [solo.org])).toHaveLength(1)
    })

    it('nothing else gets through the guards: while the account exists its references cannot be cleared, and names cannot be forged', async () => {
      const { people, cqc } = await team(['Alice', 'Bob', 'Carol'])
      const [alice, bob, carol] = people as [Person, Person, Person]
      await rate(bob, cqc, SAFE('safeguarding'), '2')
      const closed = await closedAction(cqc, SAFE('safeguarding'), alice, bob, carol)
      const open = await raise(alice, cqc, SAFE('safeguarding'), bob)
      // As the table owner (what the service role cannot even try): each guard refuses.
      await pg.refused(() => pg.db.query('update public.audit_events set actor_id = null where actor_id = $1', [bob.id]), 'PT403', 'audit_append_only')
      await pg.refused(() => pg.db.query('update public.assessment_item_history set rated_by = null where rated_by = $1', [bob.id]), 'PT403', 'history_append_only')
      await pg.refused(() => pg.db.query('update public.actions set verified_by = null where id = $1', [closed.id]), 'PT409', 'action_closed')
      await pg.refused(() => pg.db.query('update public.actions set owner_id = null where id = $1', [open.id]), '22023', 'owner_not_member')
      // Names follow the ids, whatever a writer sends.
      await pg.db.query(`update public.actions set owner_name = 'Somebody Else', title = 'Renamed' where id = $1`, [open.id])
      expect(await rows('select owner_name, title from public.actions where id = $1', [open.id])).toEqual([{ owner_name: 'Bob Tester', title: 'Renamed' }])
    })
  })
}
