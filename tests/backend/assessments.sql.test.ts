/**
 * Self-assessment (issue 29) in SQL, on the embedded PostgreSQL 15: assessments per organisation and framework
 * version, the state of each item, its evidence and the append-only history of its ratings
 * (supabase/migrations/20261125000000_assessments.sql). Requests run as PostgREST runs them (one transaction under
 * the persona's role and JWT claims). Every refused request is checked to have changed no row anywhere
 * (fingerprints of every table before and after); two ratings of the same item at once really race.
 */
import { describe, expect, it } from 'vitest'
import { ASSESSMENT_MESSAGES } from '../../src/domain/assessments'
import type { Queryable } from '../../supabase/local/db.ts'
import { addMember, asCaller, ENGINES, suiteDatabase, errorOf, organisation, type Person, person, type SqlError } from './team-helpers.ts'

const SAFE = (key: string) => `cqc-saf-2024/safe/${key}`
const NOTE = (note: string) => JSON.stringify([{ kind: 'note', note }])

interface ItemRow {
  id: string
  organisation_id: string
  status: string
  rating: string | null
  evidence_category: string | null
  rated_by: string | null
  rated_at: string | null
  reviewed_at: string | null
  version: number
  rated_by_name?: string
  evidence?: { kind: string; note: string | null; url: string | null; created_by: string }[]
}

for (const engine of ENGINES) {
  describe(`self-assessment on ${engine.name}`, () => {
    const pg = suiteDatabase(engine)
    const refused = pg.refused

    const as = <T>(who: Person | null, fn: (tx: Queryable) => Promise<T>) => asCaller(pg.db, who ? 'authenticated' : 'anon', who?.id ?? null, fn)
    const service = <T>(fn: (tx: Queryable) => Promise<T>) => asCaller(pg.db, 'service_role', null, fn)

    /** An organisation with an admin (Alice) and a member (Bob), and its open assessments of the frameworks named. */
    async function team(frameworks: string[] = ['cqc-saf']) {
      const alice = await person(pg.db, { first: 'Alice' })
      const bob = await person(pg.db, { first: 'Bob' })
      const org = await organisation(pg.db, alice)
      await addMember(pg.db, org, bob)
      const open = await sync(alice, frameworks)
      return { alice, bob, org, assessments: Object.fromEntries(open.map((a) => [a.framework_id, a.id])) as Record<string, string> }
    }

    async function sync(who: Person, frameworks: string[]) {
      return as(who, async (tx) => (await tx.query<{ r: { id: string; framework_id: string; framework_version_id: string }[] }>('select public.sync_assessments($1::jsonb) as r', [JSON.stringify(frameworks)])).rows[0]!.r)
    }

    function rateIn(tx: Queryable, assessment: string, item: string, rating: string, expected: number, opts: { category?: string | null; evidence?: string; review?: boolean } = {}) {
      return tx
        .query<{ r: ItemRow }>('select public.rate_item($1, $2, $3, $4, $5, $6::jsonb, $7) as r', [
          assessment, item, rating, expected, opts.category === undefined ? 'processes' : opts.category, opts.evidence ?? NOTE('Evidence for the rating'), opts.review ?? false,
        ])
        .then((r) => r.rows[0]!.r)
    }
    const rate = (who: Person | null, assessment: string, item: string, rating: string, expected: number, opts: Parameters<typeof rateIn>[5] = {}) =>
      as(who, (tx) => rateIn(tx, assessment, item, rating, expected, opts))

    const itemRow = async (assessment: string, item: string) =>
      (await pg.db.query<ItemRow>('select * from public.assessment_items where assessment_id = $1 and item_id = $2', [assessment, item])).rows[0]
    const history = async (assessment: string, item: string) =>
      (await pg.db.query<{ version: number; status: string; rating: string; rated_by: string; evidence_category: string | null }>(
        'select version, status, rating, rated_by, evidence_category from public.assessment_item_history where assessment_id = $1 and item_id = $2 order by version',
        [assessment, item],
      )).rows

    it('a member starts an assessment, adds evidence, rates on the regulator\'s scale; who and when are recorded, and the history grows', async () => {
      const { alice, bob, org, assessments } = await team(['cqc-saf', 'ofsted-eif'])
      const cqc = assessments['cqc-saf']!
      const rows = await as(bob, async (tx) => (await tx.query<{ framework_id: string; framework_version_id: string; organisation_id: string }>('select framework_id, framework_version_id, organisation_id from public.assessments order by framework_id')).rows)
      expect(rows).toEqual([
        { framework_id: 'cqc-saf', framework_version_id: 'cqc-saf-2024', organisation_id: org },
        { framework_id: 'ofsted-eif', framework_version_id: 'ofsted-eif-2025', organisation_id: org },
      ])

      // Evidence first, on its own: the item is then in progress (version 0), with its author stamped.
      await as(bob, (tx) => tx.query(`insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, url, note) values ($1, $2, $3, 'link', 'https://intranet.example/safeguarding-policy.pdf', 'Policy')`, [org, cqc, SAFE('safeguarding')]))
      expect(await itemRow(cqc, SAFE('safeguarding'))).toMatchObject({ status: 'in-progress', rating: null, version: 0 })
      const ev = await as(bob, async (tx) => (await tx.query<{ created_by: string }>('select created_by from public.assessment_evidence where assessment_id = $1', [cqc])).rows)
      expect(ev).toEqual([{ created_by: bob.id }])

      // Rated from version 0 with the evidence already there (none sent with it).
      const rated = await rate(bob, cqc, SAFE('safeguarding'), '3', 0, { evidence: '[]', category: 'processes' })
      expect(rated).toMatchObject({ status: 'rated', rating: '3', evidence_category: 'processes', rated_by: bob.id, version: 1, rated_by_name: 'Bob Tester' })
      expect(Date.now() - new Date(rated.rated_at!).getTime()).toBeLessThan(60_000)
      expect(rated.evidence).toHaveLength(1)

      // Alice rates it again from version 1 with a new note: the current state moves on, the history keeps both.
      const again = await rate(alice, cqc, SAFE('safeguarding'), '4', 1, { category: 'observation', evidence: NOTE('Observed handover') })
      expect(again).toMatchObject({ rating: '4', version: 2, rated_by: alice.id, rated_by_name: 'Alice Tester' })
      expect(again.evidence!.map((e) => e.kind)).toEqual(['link', 'note'])
      expect(await history(cqc, SAFE('safeguarding'))).toEqual([
        { version: 1, status: 'rated', rating: '3', rated_by: bob.id, evidence_category: 'processes' },
        { version: 2, status: 'rated', rating: '4', rated_by: alice.id, evidence_category: 'observation' },
      ])

      // A review is a rating made as a review: status 'reviewed', its time, one more history row.
      const reviewed = await rate(bob, cqc, SAFE('safeguarding'), '4', 2, { category: 'observation', evidence: '[]', review: true })
      expect(reviewed).toMatchObject({ status: 'reviewed', version: 3 })
      expect(reviewed.reviewed_at).not.toBeNull()
      expect((await history(cqc, SAFE('safeguarding'))).map((h) => h.status)).toEqual(['rated', 'rated', 'reviewed'])

      // Ofsted: its own five-point scale and safeguarding's met / not met; no evidence category.
      const ofsted = assessments['ofsted-eif']!
      expect(await rate(alice, ofsted, 'ofsted-eif-2025/safeguarding/safeguarding', 'not-met', 0, { category: null })).toMatchObject({ rating: 'not-met' })
      expect(await rate(alice, ofsted, 'ofsted-eif-2025/evaluation-areas/inclusion', 'strong-standard', 0, { category: null })).toMatchObject({ rating: 'strong-standard' })

      // The dashboard in one statement: the open assessments with their items and evidence.
      const dashboard = await as(bob, async (tx) => (await tx.query<{ n: number }>(`select count(*)::int as n from public.assessments a join public.assessment_items i on i.assessment_id = a.id where a.archived_at is null`)).rows[0]!.n)
      expect(dashboard).toBe(3)
    })

    it('another organisation\'s member and anon read nothing and change nothing', async () => {
      const { alice, org, assessments } = await team()
      const cqc = assessments['cqc-saf']!
      await rate(alice, cqc, SAFE('learning-culture'), '2', 0)
      // The stranger: a member of another organisation that has its own assessment and rating.
      const own = await team()
      await rate(own.alice, own.assessments['cqc-saf']!, SAFE('learning-culture'), '3', 0)
      const { bob: stranger } = own
      for (const table of ['assessments', 'assessment_items', 'assessment_evidence', 'assessment_item_history']) {
        const seen = await as(stranger, async (tx) => (await tx.query<{ organisation_id: string }>(`select organisation_id from public.${table}`)).rows)
        expect(seen.filter((r) => r.organisation_id !== own.org), table).toEqual([])
        const e = await errorOf(as(null, (tx) => tx.query(`select * from public.${table}`)))
        expect(e.code, `anon ${table}`).toBe('42501')
      }
      await refused(() => rate(stranger, cqc, SAFE('safeguarding'), '3', 0), 'PT404', 'assessment_not_found')
      await refused(() => rate(null, cqc, SAFE('safeguarding'), '3', 0), '42501')
      // Evidence on the other organisation's assessment: in its name (the policy) or in one's own (no such assessment).
      const evidence = (orgId: string) => as(stranger, (tx) => tx.query(`insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, note) values ($1, $2, $3, 'note', 'x')`, [orgId, cqc, SAFE('safeguarding')]))
      await refused(() => evidence(org), '42501')
      await refused(() => evidence(own.org), 'PT404', 'assessment_not_found')
      // Archive or start assessments for it.
      const archived = await as(stranger, async (tx) => (await tx.query('update public.assessments set archived_at = now() where id = $1 returning id', [cqc])).rows)
      expect(archived).toEqual([])
      await refused(() => as(stranger, (tx) => tx.query(`insert into public.assessments (organisation_id, framework_id, framework_version_id) values ($1, 'rsh-consumer', 'rsh-consumer-2024')`, [org])), '42501')
      await refused(() => as(null, (tx) => tx.query('select public.sync_assessments($1::jsonb)', ['["cqc-saf"]'])), '42501')
    })

    it('refuses a score off the scale, an item of another framework, a category not CQC\'s, and writes nothing', async () => {
      const { alice, assessments } = await team(['cqc-saf', 'rsh-consumer'])
      const cqc = assessments['cqc-saf']!
      await refused(() => rate(alice, cqc, SAFE('safeguarding'), '5', 0), '22023', 'rating_off_scale')
      await refused(() => rate(alice, cqc, SAFE('safeguarding'), '0', 0), '22023', 'rating_off_scale')
      await refused(() => rate(alice, cqc, SAFE('safeguarding'), 'compliant', 0), '22023', 'rating_off_scale')
      await refused(() => rate(alice, cqc, 'rsh-consumer-2024/tenancy/tenure', 'compliant', 0), '22023', 'item_not_in_framework')
      await refused(() => rate(alice, cqc, 'cqc-saf-2024/safe/no-such-statement', '3', 0), '22023', 'item_not_in_framework')
      await refused(() => rate(alice, cqc, SAFE('safeguarding'), '3', 0, { category: 'gossip' }), '22023', 'invalid_evidence_category')
      await refused(() => rate(alice, assessments['rsh-consumer']!, 'rsh-consumer-2024/tenancy/tenure', 'compliant', 0, { category: 'processes' }), '22023', 'invalid_evidence_category')
      await refused(() => rate(alice, cqc, SAFE('safeguarding'), '3', -1), '22023', 'invalid_version')
      await refused(() => rate(alice, cqc, SAFE('safeguarding'), '3', 0, { evidence: JSON.stringify([{ kind: 'link', url: 'javascript:alert(1)' }]) }), '23514')
      await refused(() => rate(alice, cqc, SAFE('safeguarding'), '3', 0, { evidence: '{"kind":"note"}' }), '22023', 'invalid_evidence')
      await refused(() => as(alice, (tx) => tx.query(`insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, note) select organisation_id, id, 'rsh-consumer-2024/tenancy/tenure', 'note', 'x' from public.assessments where id = $1`, [cqc])), '22023', 'item_not_in_framework')
      await refused(() => sync(alice, ['cqc-saf', 'no-such-framework']), '22023', 'unknown_framework')
      await refused(() => as(alice, (tx) => tx.query(`update public.assessments set conditions = '{"sixth-form": true}' where id = $1`, [cqc])), '22023', 'invalid_conditions')
    })

    it('the database itself refuses what the foreign keys forbid, whoever writes (the service role, bypassing the RPC)', async () => {
      const { alice, org, assessments } = await team(['cqc-saf'])
      const cqc = assessments['cqc-saf']!
      await rate(alice, cqc, SAFE('safeguarding'), '3', 0)
      const id = (await itemRow(cqc, SAFE('safeguarding')))!.id
      const write = (sql: string, params: unknown[] = []) => service((tx) => tx.query(sql, params))
      await refused(() => write(`update public.assessment_items set rating = '5' where id = $1`, [id]), '23503')
      await refused(() => write(`update public.assessment_items set evidence_category = 'gossip' where id = $1`, [id]), '23503')
      await refused(() => write(`update public.assessment_items set scale_id = 'compliance', rating = 'compliant' where id = $1`, [id]), '23503')
      await refused(
        () => write(`insert into public.assessment_items (organisation_id, assessment_id, framework_version_id, item_id, scale_id) values ($1, $2, 'cqc-saf-2024', 'rsh-consumer-2024/tenancy/tenure', 'compliance')`, [org, cqc]),
        '23503',
      )
      await refused(
        () => write(`insert into public.assessment_items (organisation_id, assessment_id, framework_version_id, item_id, scale_id) values ($1, $2, 'rsh-consumer-2024', 'rsh-consumer-2024/tenancy/tenure', 'compliance')`, [org, cqc]),
        '23503',
      )
      // Another organisation's assessment id with this organisation's id: the composite key refuses it.
      const other = await team(['cqc-saf'])
      await refused(
        () => write(`insert into public.assessment_items (organisation_id, assessment_id, framework_version_id, item_id, scale_id) values ($1, $2, 'cqc-saf-2024', $3, 'cqc-score')`, [org, other.assessments['cqc-saf'], SAFE('safe-environments')]),
        '23503',
      )
      await refused(() => write(`insert into public.assessments (organisation_id, framework_id, framework_version_id) values ($1, 'ofsted-eif', 'cqc-saf-2024')`, [org]), '23503')
      // One open assessment per organisation and framework.
      await refused(() => write(`insert into public.assessments (organisation_id, framework_id, framework_version_id) values ($1, 'cqc-saf', 'cqc-saf-2024')`, [org]), '23505')
      // A rating without evidence, and a CQC rating without its category, even written directly.
      await write(`insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, note) values ($1, $2, $3, 'note', 'n')`, [org, cqc, SAFE('safe-environments')])
      const fresh = (await itemRow(cqc, SAFE('safe-environments')))!.id
      await refused(() => write(`update public.assessment_items set status = 'rated', rating = '3', rated_at = now() where id = $1`, [fresh]), '22023', 'evidence_category_required')
      // A direct write by the service role still counts the version and lands in the history.
      await write(`update public.assessment_items set status = 'rated', rating = '2', rated_at = now(), evidence_category = 'processes' where id = $1`, [fresh])
      expect(await itemRow(cqc, SAFE('safe-environments'))).toMatchObject({ version: 1, rating: '2' })
      expect(await history(cqc, SAFE('safe-environments'))).toMatchObject([{ version: 1, rating: '2' }])
    })

    it('a rating without evidence is refused, and so is a CQC rating without its evidence category', async () => {
      const { alice, assessments } = await team(['cqc-saf', 'bsr-hrb'])
      const cqc = assessments['cqc-saf']!
      const e = await refused(() => rate(alice, cqc, SAFE('safeguarding'), '3', 0, { evidence: '[]' }), '22023', 'evidence_required')
      // The same sentence as the browser's own check (files count as evidence, issue 39).
      expect(e.message).toBe(ASSESSMENT_MESSAGES.evidenceRequired)
      expect(e.message).toBe('Add evidence (a note, a link or a file) before rating.')
      await refused(() => rate(alice, cqc, SAFE('safeguarding'), '3', 0, { category: null }), '22023', 'evidence_category_required')
      await refused(() => rate(alice, assessments['bsr-hrb']!, 'bsr-hrb-2023/accountable-person-duties/golden-thread', 'compliant', 0, { category: null, evidence: '[]' }), '22023', 'evidence_required')
      expect(await rate(alice, assessments['bsr-hrb']!, 'bsr-hrb-2023/accountable-person-duties/golden-thread', 'partly-compliant', 0, { category: null })).toMatchObject({ rating: 'partly-compliant', evidence_category: null })
      // A review needs a rating first (the item has evidence, so is in progress).
      await as(alice, (tx) => tx.query(`insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, note) select organisation_id, id, $2, 'note', 'n' from public.assessments where id = $1`, [cqc, SAFE('safe-environments')]))
      await refused(() => rate(alice, cqc, SAFE('safe-environments'), '3', 0, { review: true }), 'PT409', 'not_rated')
    })

    it('two ratings of the same item at once: exactly one wins, the other is told who changed it', async () => {
      const { alice, bob, assessments } = await team()
      const cqc = assessments['cqc-saf']!
      for (const [item, from] of [[SAFE('medicines-optimisation'), 0], [SAFE('safeguarding'), 1]] as const) {
        if (from === 1) await rate(alice, cqc, item, '2', 0)
        // Alice's rating holds the item's lock (her transaction is still open) while Bob's, made from the same
        // version, starts and waits for it; then Alice's commits and Bob's is refused.
        let rated: () => void = () => {}
        const aliceRated = new Promise<void>((r) => {
          rated = r
        })
        let release: () => void = () => {}
        const hold = new Promise<void>((r) => {
          release = r
        })
        const first = as(alice, async (tx) => {
          const r = await rateIn(tx, cqc, item, '3', from)
          rated()
          await hold
          return r
        })
        await aliceRated
        const second = as(bob, (tx) => rateIn(tx, cqc, item, '1', from))
        await waitUntil(async () => (await pg.db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%rate_item%'`)).rows[0]!.n === 1)
        release()
        const [a, b] = await Promise.allSettled([first, second])
        expect(a.status).toBe('fulfilled')
        expect(b.status).toBe('rejected')
        const e = (b as PromiseRejectedResult).reason as SqlError
        expect({ code: e.code, hint: e.hint, message: e.message }).toEqual({ code: 'PT409', hint: 'rating_conflict', message: 'changed by Alice Tester — review and try again' })
        expect(JSON.parse(e.detail!)).toMatchObject({ version: from + 1, changed_by: alice.id })
        expect(await itemRow(cqc, item)).toMatchObject({ rating: '3', version: from + 1, rated_by: alice.id })
        expect((await history(cqc, item)).map((h) => h.rating)).toEqual(from === 0 ? ['3'] : ['2', '3'])
        // Bob's evidence went with his refused rating: the item has only what the winners sent.
        const evidence = await pg.db.query<{ n: number }>('select count(*)::int as n from public.assessment_evidence where assessment_id = $1 and item_id = $2', [cqc, item])
        expect(evidence.rows[0]!.n).toBe(from + 1)
        // Having reviewed it, Bob rates again from the version he now sees, and that works.
        expect(await rate(bob, cqc, item, '1', from + 1)).toMatchObject({ rating: '1', version: from + 2 })
      }
    })

    it('six ratings racing from the same version: one wins, five conflict, the history has one new row (a first rating, and a re-rating)', async () => {
      const { alice, bob, org, assessments } = await team()
      const cqc = assessments['cqc-saf']!
      const raters = [alice, bob]
      await pg.db.query("update public.organisations set plan = 'bos' where id = $1", [org]) // more than 3 seats
      for (let i = 0; i < 4; i++) {
        const p = await person(pg.db, { first: `Rater${i}` })
        await addMember(pg.db, org, p)
        raters.push(p)
      }
      for (const [item, from] of [[SAFE('safe-and-effective-staffing'), 0], [SAFE('learning-culture'), 1]] as const) {
        if (from === 1) await rate(alice, cqc, item, '2', 0)
        // Every transaction is open (and has run a statement) before any rates: they really race.
        let opened = 0
        let release: () => void = () => {}
        const allOpen = new Promise<void>((r) => {
          release = r
        })
        const attempt = (who: Person, i: number) =>
          as(who, async (tx) => {
            await tx.query('select 1')
            opened += 1
            if (opened === raters.length) release()
            await allOpen
            return rateIn(tx, cqc, item, String((i % 4) + 1), from)
          })
        const results = await Promise.allSettled(raters.map(attempt))
        const won = results.filter((r) => r.status === 'fulfilled')
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
        expect(won).toHaveLength(1)
        expect(lost.map((r) => (r.reason as SqlError).hint)).toEqual(Array(raters.length - 1).fill('rating_conflict'))
        for (const r of lost) expect((r.reason as SqlError).message).toMatch(/^changed by \S+ Tester — review and try again$/)
        expect(await history(cqc, item)).toHaveLength(from + 1)
        expect(await itemRow(cqc, item)).toMatchObject({ version: from + 1 })
      }
    })

    it('the history is append-only: members may not write it, and not even the service role may change it', async () => {
      const { alice, org, assessments } = await team()
      const cqc = assessments['cqc-saf']!
      await rate(alice, cqc, SAFE('safeguarding'), '3', 0)
      for (const sql of [
        'update public.assessment_item_history set rating = $2 where organisation_id = $1',
        'delete from public.assessment_item_history where organisation_id = $1 and $2::text is not null',
      ]) {
        await refused(() => as(alice, (tx) => tx.query(sql, [org, '4'])), '42501')
        await refused(() => service((tx) => tx.query(sql, [org, '4'])), 'PT403', 'history_append_only')
        await refused(() => pg.db.query(sql, [org, '4']), 'PT403', 'history_append_only')
      }
      await refused(() => as(alice, (tx) => tx.query(`insert into public.assessment_item_history (organisation_id, assessment_item_id, assessment_id, item_id, version, status, rating, scale_id, rated_at) select organisation_id, id, assessment_id, item_id, 9, 'rated', '4', scale_id, now() from public.assessment_items where organisation_id = $1`, [org])), '42501')
      // Items and evidence are not written directly either (only through rate_item and the evidence insert).
      await refused(() => as(alice, (tx) => tx.query(`update public.assessment_items set rating = '4' where organisation_id = $1`, [org])), '42501')
      // Members may remove evidence files (issue 30), never notes or links: RLS leaves them out of a member's delete.
      const before = (await pg.db.query('select count(*)::int as n from public.assessment_evidence where organisation_id = $1', [org])).rows[0]
      expect(before).toEqual({ n: 1 })
      const deleted = await as(alice, (tx) => tx.query('delete from public.assessment_evidence where organisation_id = $1 returning id', [org]))
      expect(deleted.rows).toEqual([])
      expect((await pg.db.query('select count(*)::int as n from public.assessment_evidence where organisation_id = $1', [org])).rows[0]).toEqual(before)
      await refused(() => as(alice, (tx) => tx.query(`update public.assessment_evidence set note = 'rewritten' where organisation_id = $1`, [org])), '42501')
    })

    it("'Run setup again': a dropped framework is archived with its answers, an added one started, a re-added one reopened as it was", async () => {
      const { alice, bob, org, assessments } = await team(['cqc-saf'])
      const cqc = assessments['cqc-saf']!
      await rate(alice, cqc, SAFE('safeguarding'), '3', 0)
      const open = await sync(bob, ['rsh-consumer', 'bsr-hrb'])
      expect(open.map((a) => a.framework_version_id)).toEqual(['bsr-hrb-2023', 'rsh-consumer-2024'])
      const archived = (await pg.db.query<{ archived_at: string; archived_by: string }>('select archived_at, archived_by from public.assessments where id = $1', [cqc])).rows[0]!
      expect(archived.archived_by).toBe(bob.id)
      // An archived assessment keeps its answers and takes no new ones; it cannot be deleted, even by the service role.
      expect(await itemRow(cqc, SAFE('safeguarding'))).toMatchObject({ rating: '3' })
      await refused(() => rate(alice, cqc, SAFE('safeguarding'), '4', 1), 'PT409', 'assessment_archived')
      await refused(() => as(alice, (tx) => tx.query('delete from public.assessments where id = $1', [cqc])), '42501')
      await refused(() => service((tx) => tx.query('delete from public.assessments where id = $1', [cqc])), 'PT409', 'assessment_has_answers')
      // Re-added: the same assessment, answers and all.
      const back = await sync(alice, ['cqc-saf', 'rsh-consumer'])
      expect(back.map((a) => a.id)).toContain(cqc)
      expect((await pg.db.query('select archived_at, archived_by from public.assessments where id = $1', [cqc])).rows[0]).toEqual({ archived_at: null, archived_by: null })
      expect(await rate(alice, cqc, SAFE('safeguarding'), '4', 1)).toMatchObject({ version: 2 })
      // Archiving by a plain update: the server stamps the time and who, whatever the client sent.
      const rsh = back.find((a) => a.framework_id === 'rsh-consumer')!.id
      const row = await as(bob, async (tx) => (await tx.query<{ archived_at: string; archived_by: string }>(`update public.assessments set archived_at = '2001-01-01' where id = $1 returning archived_at, archived_by`, [rsh])).rows[0]!)
      expect(row.archived_by).toBe(bob.id)
      expect(new Date(row.archived_at).getFullYear()).toBeGreaterThan(2001)
      // Conditions: the version's own, yes or no.
      const ofsted = (await sync(alice, ['ofsted-eif'])).find((a) => a.framework_id === 'ofsted-eif')!.id
      const cond = await as(alice, async (tx) => (await tx.query<{ conditions: unknown }>(`update public.assessments set conditions = '{"early-years": false, "sixth-form": true}' where id = $1 returning conditions`, [ofsted])).rows[0]!)
      expect(cond.conditions).toEqual({ 'early-years': false, 'sixth-form': true })
      await refused(() => as(alice, (tx) => tx.query(`update public.assessments set conditions = '{"early-years": "yes"}' where id = $1`, [ofsted])), '22023', 'invalid_conditions')
      // Deleting the organisation (the account's end) takes everything with it, history included.
      await pg.db.query('delete from public.organisations where id = $1', [org])
      for (const table of ['assessments', 'assessment_items', 'assessment_evidence', 'assessment_item_history']) {
        expect((await pg.db.query<{ n: number }>(`select count(*)::int as n from public.${table} where organisation_id = $1`, [org])).rows[0]!.n, table).toBe(0)
      }
    })
  })
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 20))
  }
}
