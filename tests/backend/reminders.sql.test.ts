/**
 * Review reminders (issue 30, item 3) in SQL, on the embedded PostgreSQL 15 (supabase/migrations/20261127000000_reminders.sql):
 * the UK calendar dates agree with src/domain/frameworks/review.ts (month ends, leap years, the clock changes); who
 * is responsible (the last rater, or the admins once they have left); one digest per person per UK day, even for two
 * runs at once; muting; no one is sent another organisation's items; and who may touch what.
 *
 * The database is shared by the tests of this file and a run mails everyone due, so each test reads only the
 * e-mails to its own people. Time moves forward by passing the run a later instant (noon UK time, N days on).
 */
import { describe, expect, it } from 'vitest'
import type { Queryable } from '../../supabase/local/db.ts'
import { addDays, addMonths, type ReviewFrequency, reviewDueOn, ukDate } from '../../src/domain/frameworks/review.ts'
import { addMember, asCaller, ENGINES, errorOf, organisation, type Person, person, suiteDatabase } from './team-helpers.ts'

const SITE = 'https://app.inspectready.test'
const FROM = 'InspectReady <no-reply@inspectready.test>'
const NOTE = JSON.stringify([{ kind: 'note', note: 'Evidence for the rating' }])

interface Mail {
  id: string
  to_address: string
  from_address: string
  subject: string
  text_body: string
}

/** Noon in the UK (11:00 or 12:00 UTC) on the UK date `days` after the UK date of `instant`. */
const noonAfter = (instant: string, days: number) => `${addDays(ukDate(instant), days)}T12:00:00Z`
const longDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

for (const engine of ENGINES) {
  describe(`review reminders on ${engine.name}`, () => {
    const pg = suiteDatabase(engine)
    const as = <T>(who: Person | null, fn: (tx: Queryable) => Promise<T>) => asCaller(pg.db, who ? 'authenticated' : 'anon', who?.id ?? null, fn)

    async function queue(now: string, db: Queryable = pg.db): Promise<Mail[]> {
      const r = await db.query<{ r: Mail[] }>('select public.queue_review_reminders($1, $2, $3) as r', [now, SITE, FROM])
      return r.rows[0]!.r
    }
    const to = (mails: Mail[], who: Person) => mails.filter((m) => m.to_address === who.email)

    /** The review frequency of `who`'s organisation (issue 39: the organisation's, the same for every member). */
    async function setFrequency(who: Person, frequency: ReviewFrequency | null) {
      await pg.db.query('update public.organisations set review_frequency = $2 where id = (select organisation_id from public.memberships where user_id = $1)', [who.id, frequency])
    }

    /** Rates one statement of the organisation's CQC assessment as `who`; returns when (rated_at). */
    async function rate(who: Person, item: string, rating = '3'): Promise<string> {
      return as(who, async (tx) => {
        const a = await tx.query<{ r: { id: string }[] }>(`select public.sync_assessments('["cqc-saf"]'::jsonb) as r`)
        const assessment = a.rows[0]!.r[0]!.id
        const cur = await tx.query<{ version: number }>('select version from public.assessment_items where assessment_id = $1 and item_id = $2', [assessment, item])
        const r = await tx.query<{ r: { rated_at: string } }>(`select public.rate_item($1, $2, $3, $4, 'processes', $5::jsonb) as r`, [
          assessment, item, rating, cur.rows[0]?.version ?? 0, NOTE,
        ])
        return r.rows[0]!.r.rated_at
      })
    }

    /** An organisation with a review frequency: Alice its admin, Bob a member. */
    async function team(frequency: ReviewFrequency = 'daily', name?: string) {
      const alice = await person(pg.db, { first: 'Alice' })
      const bob = await person(pg.db, { first: 'Bob' })
      const org = await organisation(pg.db, alice, { name: name ?? `Reminder Care ${alice.id.slice(0, 6)}` })
      await addMember(pg.db, org, bob)
      await setFrequency(alice, frequency)
      return { alice, bob, org }
    }

    describe('UK calendar dates agree with src/domain/frameworks/review.ts', () => {
      // Instants either side of UK midnight, the clock changes of 2026 (29 March, 25 October: 01:00 UTC) and
      // 2028, month ends, a leap day and the year's end.
      const EDGES = [
        '2026-03-28T23:59:59Z', '2026-03-29T00:00:00Z', '2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z', '2026-03-29T22:59:59Z', '2026-03-29T23:00:00Z',
        '2026-10-24T22:59:59Z', '2026-10-24T23:00:00Z', '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z', '2026-10-25T23:59:59Z', '2026-10-26T00:00:00Z',
        '2026-06-30T22:59:59Z', '2026-06-30T23:00:00Z', '2026-01-31T23:59:59Z', '2026-01-31T12:00:00Z', '2026-03-31T22:30:00Z', '2026-05-31T23:30:00Z',
        '2026-08-31T22:59:00Z', '2026-12-31T23:59:59Z', '2027-01-01T00:00:00Z', '2028-01-31T10:00:00Z', '2028-02-29T23:30:00Z', '2028-03-26T00:59:59Z',
        '2028-03-26T01:00:00Z', '2028-10-28T23:30:00Z', '2028-10-29T00:59:59Z', '2028-10-29T01:00:00Z', '2027-02-28T23:59:59Z', '2026-11-30T23:59:59Z',
      ]
      // And every 7 hours 13 minutes for two years: each hour of the day, both sides of each change, every month end.
      const SWEEP = Array.from({ length: Math.floor((2 * 366 * 24 * 60) / 433) }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 433 * 60_000).toISOString())
      const INSTANTS = [...EDGES, ...SWEEP]

      it(`uk_date() is ukDate() at ${INSTANTS.length} instants`, async () => {
        const r = await pg.db.query<{ t: string; d: string }>(
          `select t, private.uk_date(t::timestamptz)::text as d from unnest($1::text[]) t`, [INSTANTS],
        )
        expect(r.rows.map((x) => [x.t, x.d])).toEqual(INSTANTS.map((t) => [t, ukDate(t)]))
      })

      for (const frequency of ['daily', 'weekly', 'monthly'] as const) {
        it(`review_due_on(…, '${frequency}') is reviewDueOn() at the same instants`, async () => {
          const r = await pg.db.query<{ t: string; d: string }>(
            `select t, private.review_due_on(t::timestamptz, $2)::text as d from unnest($1::text[]) t`, [INSTANTS, frequency],
          )
          expect(r.rows.map((x) => [x.t, x.d])).toEqual(INSTANTS.map((t) => [t, reviewDueOn(t, frequency)]))
        })
      }

      it('a monthly review of 31 January is due on the last day of February (29th in a leap year); of 31 March, on 30 April', async () => {
        const r = await pg.db.query<{ d: string }>(
          `select private.review_due_on(t::timestamptz, 'monthly')::text as d
             from unnest(array['2026-01-31T12:00:00Z', '2028-01-31T12:00:00Z', '2026-03-31T12:00:00Z', '2026-12-31T12:00:00Z']) with ordinality x(t, n) order by n`,
        )
        expect(r.rows.map((x) => x.d)).toEqual(['2026-02-28', '2028-02-29', '2026-04-30', '2027-01-31'])
        expect(['2026-01-31', '2028-01-31', '2026-03-31', '2026-12-31'].map((d) => addMonths(d, 1))).toEqual(r.rows.map((x) => x.d))
      })

      it('a daily review of a rating made at 00:30 BST (23:30 UTC the day before) is due the day after the UK date', async () => {
        const r = await pg.db.query<{ d: string }>(`select private.review_due_on('2026-07-14T23:30:00Z', 'daily')::text as d`)
        expect(r.rows[0]!.d).toBe('2026-07-16')
        expect(reviewDueOn('2026-07-14T23:30:00Z', 'daily')).toBe('2026-07-16')
      })
    })

    describe('the digest', () => {
      it('goes to the member who rated, only once the review is due, at most once per UK day, and names the item, its framework and due date with a link to /app', async () => {
        const { alice, bob } = await team('daily', 'Riverside Care')
        const ratedAt = await rate(bob, 'cqc-saf-2024/safe/safeguarding')
        const due = reviewDueOn(ratedAt, 'daily')

        expect(to(await queue(noonAfter(ratedAt, 0)), bob)).toEqual([])
        const first = await queue(noonAfter(ratedAt, 1))
        expect(to(first, alice)).toEqual([])
        const [mail] = to(first, bob)
        expect(mail).toBeDefined()
        expect(mail!.from_address).toBe(FROM)
        expect(mail!.subject).toBe('InspectReady: 1 rating to review for Riverside Care')
        expect(mail!.text_body).toContain('Hello Bob,')
        expect(mail!.text_body).toContain(`Here is what needs you at Riverside Care on InspectReady today, ${longDate(due)}.`)
        expect(mail!.text_body).toContain(`- CQC, Safe: Safeguarding. Due ${longDate(due)}.`)
        expect(mail!.text_body).toContain(`Review them: ${SITE}/app`)
        expect(mail!.text_body).toContain(`turn off review reminders on your account: ${SITE}/account`)
        // In the outbox, pending, and logged for the day.
        const outbox = await pg.db.query<{ status: string; to_address: string }>('select status, to_address from public.mail_outbox where id = $1', [mail!.id])
        expect(outbox.rows).toEqual([{ status: 'pending', to_address: bob.email }])
        const log = await pg.db.query<{ day: string; reviews_due: number; actions_overdue: number; outbox_id: string }>(
          'select day::text, reviews_due, actions_overdue, outbox_id from public.review_reminder_digests where user_id = $1', [bob.id],
        )
        expect(log.rows).toEqual([{ day: due, reviews_due: 1, actions_overdue: 0, outbox_id: mail!.id }])

        // Later the same UK day: nothing more.
        expect(to(await queue(`${due}T22:59:00Z`), bob)).toEqual([])
        // The next day it is still unreviewed: a second digest, saying it is overdue.
        const next = to(await queue(noonAfter(ratedAt, 2)), bob)
        expect(next).toHaveLength(1)
        expect(next[0]!.text_body).toContain(`- CQC, Safe: Safeguarding. Due ${longDate(due)} (overdue).`)
      })

      it('lists every due item of the person, in the framework order, with the count in the subject', async () => {
        const { bob } = await team('weekly')
        const ratedAt = await rate(bob, 'cqc-saf-2024/safe/safeguarding')
        await rate(bob, 'cqc-saf-2024/safe/learning-culture', '2')
        const [mail] = to(await queue(noonAfter(ratedAt, 7)), bob)
        expect(mail!.subject).toMatch(/^InspectReady: 2 ratings to review for /)
        const lines = mail!.text_body.split('\n').filter((l) => l.startsWith('- '))
        expect(lines.map((l) => l.replace(/\. Due .*/, ''))).toEqual(['- CQC, Safe: Learning culture', '- CQC, Safe: Safeguarding'])
      })

      it('is not sent to someone who has muted reminders, and comes again once they unmute', async () => {
        const { bob } = await team('daily')
        const ratedAt = await rate(bob, 'cqc-saf-2024/safe/safeguarding')
        const mute = (muted: boolean) =>
          as(bob, (tx) => tx.query('update public.reminder_preferences set review_reminders_muted = $2 where id = $1 returning id', [bob.id, muted]))
        expect((await mute(true)).rows).toHaveLength(1)
        expect(to(await queue(noonAfter(ratedAt, 1)), bob)).toEqual([])
        expect(to(await queue(noonAfter(ratedAt, 2)), bob)).toEqual([])
        await mute(false)
        // The same day as the last muted run: muting logged nothing, so the digest comes at once.
        expect(to(await queue(noonAfter(ratedAt, 2)), bob)).toHaveLength(1)
      })

      it('goes to every admin once the member who rated has left the organisation, by the organisation\'s frequency', async () => {
        const { alice, bob, org } = await team('weekly')
        const carol = await person(pg.db, { first: 'Carol' })
        await addMember(pg.db, org, carol, 'admin')
        // Carol's own answers (her users row) no longer decide anything: the organisation reviews weekly.
        await pg.db.query("update public.users set policy_frequency = 'daily' where id = $1", [carol.id])
        const ratedAt = await rate(bob, 'cqc-saf-2024/effective/assessing-needs')
        await as(bob, (tx) => tx.query('select public.leave_organisation()'))

        expect(to(await queue(noonAfter(ratedAt, 1)), carol)).toEqual([]) // weekly: not yet, for anyone
        const week = await queue(noonAfter(ratedAt, 7))
        expect(to(week, bob)).toEqual([])
        for (const admin of [alice, carol]) {
          expect(to(week, admin)).toHaveLength(1)
          expect(to(week, admin)[0]!.text_body).toContain('- CQC, Effective: Assessing needs.')
        }
      })

      it('uses the organisation\'s frequency for every member, whatever their own setup answers said (issue 39)', async () => {
        const { alice, bob } = await team('daily')
        // Bob once ran setup with monthly reviews; Alice never chose one.
        await pg.db.query("update public.users set policy_frequency = 'monthly' where id = $1", [bob.id])
        await pg.db.query('update public.users set policy_frequency = null where id = $1', [alice.id])
        const bobRated = await rate(bob, 'cqc-saf-2024/safe/safeguarding')
        await rate(alice, 'cqc-saf-2024/safe/safe-environments')
        const day1 = await queue(noonAfter(bobRated, 1))
        expect(to(day1, bob)[0]!.text_body).toContain('- CQC, Safe: Safeguarding.')
        expect(to(day1, alice)[0]!.text_body).toContain('- CQC, Safe: Safe environments.')
      })

      it('follows the organisation\'s reminder default for whoever never chose, and each person\'s own choice otherwise', async () => {
        const { alice, bob, org } = await team('daily')
        const carol = await person(pg.db, { first: 'Carol' })
        await addMember(pg.db, org, carol)
        await pg.db.query('update public.organisations set review_reminders_default = false where id = $1', [org])
        // Carol turned the reminders on herself; Bob never chose; Alice turned them off.
        await as(carol, (tx) => tx.query('update public.reminder_preferences set review_reminders_muted = false where id = $1', [carol.id]))
        await as(alice, (tx) => tx.query('update public.reminder_preferences set review_reminders_muted = true where id = $1', [alice.id]))
        const ratedAt = await rate(bob, 'cqc-saf-2024/safe/safeguarding')
        await rate(carol, 'cqc-saf-2024/safe/safe-environments')
        await rate(alice, 'cqc-saf-2024/safe/medicines-optimisation')
        const off = await queue(noonAfter(ratedAt, 1))
        expect([to(off, alice), to(off, bob), to(off, carol).length]).toEqual([[], [], 1])
        // The default on again: Bob (never chose) gets his; Alice's own "off" holds.
        await pg.db.query('update public.organisations set review_reminders_default = true where id = $1', [org])
        const on = await queue(noonAfter(ratedAt, 2))
        expect([to(on, alice), to(on, bob).length]).toEqual([[], 1])
      })

      it('nobody is sent another organisation\'s items: each digest names only its own organisation\'s', async () => {
        const a = await team('daily', 'Alpha Homes')
        const b = await team('daily', 'Beta Homes')
        const ratedAt = await rate(a.bob, 'cqc-saf-2024/safe/safeguarding')
        await rate(b.bob, 'cqc-saf-2024/caring/kindness-compassion-and-dignity')
        const mails = await queue(noonAfter(ratedAt, 1))
        const alpha = to(mails, a.bob)[0]!
        const beta = to(mails, b.bob)[0]!
        expect(alpha.text_body).toContain('Alpha Homes')
        expect(alpha.text_body).not.toContain('Beta Homes')
        expect(alpha.text_body).not.toContain('Kindness, compassion and dignity')
        expect(beta.text_body).toContain('Kindness, compassion and dignity')
        expect(beta.text_body).not.toContain('Safeguarding')
        expect(to(mails, a.alice)).toEqual([])
        expect(to(mails, b.alice)).toEqual([])
      })

      it('sends nothing for archived assessments, nor while the organisation has no review frequency', async () => {
        const { alice, bob } = await team('daily')
        await setFrequency(bob, null)
        const ratedAt = await rate(bob, 'cqc-saf-2024/safe/safeguarding')
        expect(to(await queue(noonAfter(ratedAt, 3)), bob)).toEqual([])
        await setFrequency(bob, 'daily')
        await as(alice, (tx) => tx.query(`select public.sync_assessments('[]'::jsonb)`))
        expect(to(await queue(noonAfter(ratedAt, 4)), bob)).toEqual([])
      })

      /** Raises an action on an item rated below good, as `by`, owned by `owner`, due today (UK), the earliest allowed. */
      async function raise(by: Person, owner: Person, item: string, title: string): Promise<string> {
        return as(by, async (tx) => {
          const a = await tx.query<{ id: string }>("select id from public.assessments where framework_id = 'cqc-saf' and archived_at is null")
          await tx.query('select public.raise_action($1, $2, $3, $4, $5::date)', [a.rows[0]!.id, item, title, owner.id, ukDate(new Date())])
          return ukDate(new Date())
        })
      }

      it('an overdue action goes to its owner from the day after its due date, with its item and due date, until it is closed', async () => {
        const { alice, bob } = await team('monthly', 'Oak Tree Care')
        await rate(bob, 'cqc-saf-2024/safe/safeguarding', '2')
        const due = await raise(alice, bob, 'cqc-saf-2024/safe/safeguarding', 'Train night staff in the safeguarding procedure')
        const dueNoon = `${due}T12:00:00Z`

        expect(to(await queue(dueNoon), bob)).toEqual([])
        const mails = await queue(noonAfter(dueNoon, 1))
        expect(to(mails, alice)).toEqual([])
        const [mail] = to(mails, bob)
        expect(mail!.subject).toBe('InspectReady: 1 overdue action for Oak Tree Care')
        expect(mail!.text_body).toContain(`Overdue actions:\n- Train night staff in the safeguarding procedure (CQC, Safe: Safeguarding). Was due ${longDate(due)}.`)
        expect(mail!.text_body).toContain(`See them: ${SITE}/app`)
        expect(mail!.text_body).not.toContain('Ratings due for review')
        const log = await pg.db.query('select reviews_due, actions_overdue from public.review_reminder_digests where user_id = $1', [bob.id])
        expect(log.rows).toEqual([{ reviews_due: 0, actions_overdue: 1 }])

        // A month on, the rating is due for review too: both in one digest.
        const both = to(await queue(noonAfter(dueNoon, 31)), bob)
        expect(both).toHaveLength(1)
        expect(both[0]!.subject).toBe('InspectReady: 1 rating to review and 1 overdue action for Oak Tree Care')

        // Started and submitted by Bob, verified by Alice (move_action): closed, it is no longer sent.
        const id = (await pg.db.query<{ id: string }>('select id from public.actions where owner_id = $1', [bob.id])).rows[0]!.id
        const move = (who: Person, step: string, version: number, note: string | null) =>
          as(who, (tx) => tx.query('select public.move_action($1, $2, $3, $4, null)', [id, step, version, note]))
        await move(bob, 'start', 1, null)
        await move(bob, 'submit', 2, 'Night staff trained on 3 December')
        await move(alice, 'verify', 3, 'Training record seen')
        const closed = await pg.db.query<{ status: string }>('select status from public.actions where owner_id = $1', [bob.id])
        expect(closed.rows).toEqual([{ status: 'closed' }])
        const after = to(await queue(noonAfter(dueNoon, 32)), bob)
        expect(after).toHaveLength(1) // the review is still due
        expect(after[0]!.text_body).not.toContain('Overdue actions')
      })

      it("an overdue action whose owner has left goes to the organisation's admins", async () => {
        const { alice, bob } = await team('monthly')
        await rate(alice, 'cqc-saf-2024/safe/safe-systems-pathways-and-transitions', '1')
        const due = await raise(alice, bob, 'cqc-saf-2024/safe/safe-systems-pathways-and-transitions', 'Write the discharge checklist')
        await as(bob, (tx) => tx.query('select public.leave_organisation()'))
        const mails = await queue(noonAfter(`${due}T12:00:00Z`, 1))
        expect(to(mails, bob)).toEqual([])
        expect(to(mails, alice)).toHaveLength(1)
        expect(to(mails, alice)[0]!.text_body).toContain('- Write the discharge checklist (CQC, Safe: Safe systems, pathways and transitions).')
      })

      it('two runs at once send one digest: the second waits on the first\'s log row, then finds the day taken', async () => {
        const { bob } = await team('daily')
        const ratedAt = await rate(bob, 'cqc-saf-2024/safe/safeguarding')
        const now = noonAfter(ratedAt, 1)
        const runs = await Promise.all([pg.db.transaction((tx) => queue(now, tx)), pg.db.transaction((tx) => queue(now, tx))])
        expect(runs.flatMap((r) => to(r, bob))).toHaveLength(1)
        const outbox = await pg.db.query<{ n: number }>('select count(*)::int as n from public.mail_outbox where to_address = $1', [bob.email])
        expect(outbox.rows[0]!.n).toBe(1)
      })

      it('the database itself refuses a second digest for a person and day', async () => {
        const { bob, org } = await team('daily')
        await pg.db.query(`insert into public.review_reminder_digests (user_id, day, organisation_id, reviews_due, actions_overdue) values ($1, '2026-01-05', $2, 1, 0)`, [bob.id, org])
        const e = await errorOf(pg.db.query(`insert into public.review_reminder_digests (user_id, day, organisation_id, reviews_due, actions_overdue) values ($1, '2026-01-05', $2, 0, 1)`, [bob.id, org]))
        expect(e.code).toBe('23505')
      })

      it('refuses a run without an instant, a site URL or a sender, and writes nothing', async () => {
        for (const [args, hint] of [
          [[null, SITE, FROM], 'invalid_now'],
          [['2026-11-25T12:00:00Z', 'javascript:alert(1)', FROM], 'invalid_site_url'],
          [['2026-11-25T12:00:00Z', SITE, ' '], 'invalid_from'],
        ] as const) {
          const e = await pg.refused(() => pg.db.query('select public.queue_review_reminders($1, $2, $3)', [...args]), '22023', hint)
          expect(e.hint).toBe(hint)
        }
      })
    })

    describe('who may touch what', () => {
      it('members cannot run the reminders, nor read the log', async () => {
        const { bob } = await team('daily')
        expect((await errorOf(as(bob, (tx) => tx.query('select public.queue_review_reminders(now(), $1, $2)', [SITE, FROM])))).code).toBe('42501')
        expect((await errorOf(as(bob, (tx) => tx.query('select * from public.review_reminder_digests')))).code).toBe('42501')
        expect((await errorOf(as(null, (tx) => tx.query('select public.queue_review_reminders(now(), $1, $2)', [SITE, FROM])))).code).toBe('42501')
      })

      it("a person reads and changes only their own setting, and only whether it is muted", async () => {
        const { alice, bob } = await team('daily')
        const seen = await as(bob, (tx) => tx.query<{ id: string; review_reminders_muted: boolean | null }>('select id, review_reminders_muted from public.reminder_preferences'))
        expect(seen.rows).toEqual([{ id: bob.id, review_reminders_muted: null }])
        const other = await as(bob, (tx) => tx.query('update public.reminder_preferences set review_reminders_muted = true where id = $1 returning id', [alice.id]))
        expect(other.rows).toEqual([])
        const aliceRow = await pg.db.query<{ m: boolean }>('select review_reminders_muted as m from public.reminder_preferences where id = $1', [alice.id])
        expect(aliceRow.rows).toEqual([{ m: null }])
        expect((await errorOf(as(bob, (tx) => tx.query('update public.reminder_preferences set id = $1 where id = $2', [alice.id, bob.id])))).code).toBe('42501')
        expect((await errorOf(as(bob, (tx) => tx.query('insert into public.reminder_preferences (id) values ($1)', [bob.id])))).code).toBe('42501')
        expect((await errorOf(as(bob, (tx) => tx.query('delete from public.reminder_preferences where id = $1', [bob.id])))).code).toBe('42501')
      })

      it("every new profile has its setting, not chosen yet (the organisation's default applies)", async () => {
        const dana = await person(pg.db, { first: 'Dana' })
        const r = await pg.db.query<{ m: boolean | null }>('select review_reminders_muted as m from public.reminder_preferences where id = $1', [dana.id])
        expect(r.rows).toEqual([{ m: null }])
      })
    })
  })
}
