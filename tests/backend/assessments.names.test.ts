/**
 * Who rated an item and who added each piece of evidence, by name, in the rows (migration 20261126200000): written
 * by triggers from the server's own rated_by / created_by, so the dashboard (and the inspection pack) read the names
 * in their ONE embedded select under RLS. Against the real local server: the names are written, a client cannot
 * forge one (refused, nothing stored), a writer with privileges cannot either (overwritten), a rename does not
 * rewrite what was recorded, and the migration's backfill fills rows made before it.
 */
import { readFileSync } from 'node:fs'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { rateItem, readDashboard, syncAssessments } from '../../src/backend/assessments'
import { memoryStorage, uniqueEmail } from './helpers.ts'
import { addMember, asCaller, fingerprint, organisation, suiteServer } from './team-helpers.ts'

const SAFE = (key: string) => `cqc-saf-2024/safe/${key}`
const note = (text: string) => ({ note: text, url: '' })
const MIGRATION = new URL('../../supabase/migrations/20261126200000_rater_names.sql', import.meta.url)

interface Account {
  sb: SupabaseClient
  id: string
  name: string
  org: string
  requests: string[]
}

describe('rater and author names in the rows (migration 20261126200000)', { timeout: 120_000 }, () => {
  const local = suiteServer()

  async function account(first: string, last: string, org?: string): Promise<Account> {
    const requests: string[] = []
    const counting: typeof fetch = (input, init) => {
      const u = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
      if (u.pathname.startsWith('/rest/v1/')) requests.push(`${init?.method ?? 'GET'} ${u.pathname}`)
      return fetch(input, init)
    }
    const sb = createClient(local.server.url, local.server.anonKey, {
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage: memoryStorage() },
      realtime: { transport: WebSocket as never },
      global: { fetch: counting },
    })
    const email = uniqueEmail(first.toLowerCase())
    const { data, error } = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: { first_name: first, last_name: last } } })
    if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`)
    const who = { id: data.user!.id, email }
    if (org) await addMember(local.server.db, org, who)
    return { sb, id: who.id, name: `${first} ${last}`, org: org ?? (await organisation(local.server.db, who, { name: `${first} Care` })), requests }
  }

  const row = async <T>(sql: string, params: unknown[]) => (await local.server.db.query<T>(sql, params)).rows[0]!

  it('the dashboard’s one request carries who rated each item and who added each piece of evidence', async () => {
    const ada = await account('Ada', 'Lovelace')
    const grace = await account('Grace', 'Hopper', ada.org)
    const [cqc] = (await syncAssessments(ada.sb, { userId: ada.id, frameworkIds: ['cqc-saf'] })).assessments
    // Grace adds a note; Ada rates on it with a note of her own.
    const inserted = await grace.sb.from('assessment_evidence').insert({ organisation_id: ada.org, assessment_id: cqc!.id, item_id: SAFE('safeguarding'), kind: 'note', note: 'Policy read' })
    expect(inserted.error).toBeNull()
    const rated = await rateItem(ada.sb, { assessmentId: cqc!.id, itemId: SAFE('safeguarding'), rating: '3', expectedVersion: 0, evidenceCategory: 'processes', drafts: [note('Spot check')], review: false })
    expect(rated.ratedByName).toBe('Ada Lovelace')
    expect(rated.evidence.map((e) => [e.note, e.createdByName])).toEqual([
      ['Policy read', 'Grace Hopper'],
      ['Spot check', 'Ada Lovelace'],
    ])

    // Grace (a member who may read only her own users row) sees both names, in the dashboard's one request (the organisation with its assessments).
    grace.requests.length = 0
    const dashboard = await readDashboard(grace.sb)
    expect(grace.requests).toEqual(['GET /rest/v1/organisations'])
    const item = dashboard.assessments[0]!.items[SAFE('safeguarding')]!
    expect(item).toMatchObject({ rating: '3', ratedBy: ada.id, ratedByName: 'Ada Lovelace' })
    expect(item.evidence.map((e) => e.createdByName)).toEqual(['Grace Hopper', 'Ada Lovelace'])
    expect((await grace.sb.from('users').select('id').eq('id', ada.id)).data).toEqual([])

    // Grace reviews it: the name follows the new rater.
    const reviewed = await rateItem(grace.sb, { assessmentId: cqc!.id, itemId: SAFE('safeguarding'), rating: '4', expectedVersion: 1, evidenceCategory: 'processes', drafts: [], review: true })
    expect(reviewed).toMatchObject({ status: 'reviewed', ratedBy: grace.id, ratedByName: 'Grace Hopper' })
  })

  it('a client cannot forge a name: a name sent with evidence is refused and nothing is stored; the items take no writes at all', async () => {
    const ada = await account('Ada', 'Lovelace')
    const [cqc] = (await syncAssessments(ada.sb, { userId: ada.id, frameworkIds: ['cqc-saf'] })).assessments
    const before = await fingerprint(local.server.db, local.tables)
    const forged = await ada.sb
      .from('assessment_evidence')
      .insert({ organisation_id: ada.org, assessment_id: cqc!.id, item_id: SAFE('learning-culture'), kind: 'note', note: 'Mine', created_by_name: 'The Inspector' })
    expect(forged.status).toBeGreaterThanOrEqual(400)
    expect(forged.status).toBeLessThan(500)
    expect(forged.error?.code).toBe('42501')
    const patched = await ada.sb.from('assessment_items').update({ rated_by_name: 'The Inspector' }).eq('assessment_id', cqc!.id)
    expect(patched.error?.code).toBe('42501')
    expect(await fingerprint(local.server.db, local.tables)).toBe(before)
  })

  it('whoever writes the rows, the name is the server’s: a supplied one is overwritten, a rename does not rewrite the record', async () => {
    const ada = await account('Ada', 'Lovelace')
    const [cqc] = (await syncAssessments(ada.sb, { userId: ada.id, frameworkIds: ['cqc-saf'] })).assessments
    const item = SAFE('safe-systems-pathways-and-transitions')
    await rateItem(ada.sb, { assessmentId: cqc!.id, itemId: item, rating: '2', expectedVersion: 0, evidenceCategory: 'outcomes', drafts: [note('Audit')], review: false })

    // The service role (which has every privilege) sends names: evidence takes its author's, the item keeps its rater's.
    const evidence = await asCaller(local.server.db, 'service_role', null, (tx) =>
      tx.query<{ created_by_name: string }>(
        `insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, note, created_by, created_by_name)
         values ($1, $2, $3, 'note', 'Imported', $4, 'The Inspector') returning created_by_name`,
        [ada.org, cqc!.id, item, ada.id],
      ),
    )
    expect(evidence.rows[0]!.created_by_name).toBe('Ada Lovelace')
    await asCaller(local.server.db, 'service_role', null, (tx) =>
      tx.query(`update public.assessment_items set rated_by_name = 'The Inspector' where assessment_id = $1 and item_id = $2`, [cqc!.id, item]),
    )
    const stored = await row<{ rated_by_name: string; version: number }>('select rated_by_name, version from public.assessment_items where assessment_id = $1 and item_id = $2', [cqc!.id, item])
    expect(stored).toEqual({ rated_by_name: 'Ada Lovelace', version: 1 })

    // Ada renames herself: her rating keeps the name it was made under; her next rating carries the new one.
    expect((await ada.sb.from('users').update({ last_name: 'King' }).eq('id', ada.id).select('id')).data).toHaveLength(1)
    expect((await row<{ rated_by_name: string }>('select rated_by_name from public.assessment_items where assessment_id = $1 and item_id = $2', [cqc!.id, item])).rated_by_name).toBe('Ada Lovelace')
    const again = await rateItem(ada.sb, { assessmentId: cqc!.id, itemId: item, rating: '3', expectedVersion: 1, evidenceCategory: 'outcomes', drafts: [], review: false })
    expect(again.ratedByName).toBe('Ada King')
  })

  it('the migration’s backfill names rows made before it, archived assessments included, without counting a new rating', async () => {
    const ada = await account('Ada', 'Lovelace')
    const [cqc] = (await syncAssessments(ada.sb, { userId: ada.id, frameworkIds: ['cqc-saf'] })).assessments
    const item = SAFE('involving-people-to-manage-risks')
    await rateItem(ada.sb, { assessmentId: cqc!.id, itemId: item, rating: '4', expectedVersion: 0, evidenceCategory: 'partners', drafts: [note('Survey')], review: false })
    await syncAssessments(ada.sb, { userId: ada.id, frameworkIds: [] }) // archived
    const db = local.server.db
    // As the rows were before the migration: no names (written past the triggers, as the migration itself does).
    await db.query('alter table public.assessment_items disable trigger user')
    await db.query('update public.assessment_items set rated_by_name = null where assessment_id = $1', [cqc!.id])
    await db.query('alter table public.assessment_items enable trigger user')
    await db.query('alter table public.assessment_evidence disable trigger user')
    await db.query('update public.assessment_evidence set created_by_name = null where assessment_id = $1', [cqc!.id])
    await db.query('alter table public.assessment_evidence enable trigger user')
    const beforeItem = await row<{ updated_at: string; version: number }>('select updated_at, version from public.assessment_items where assessment_id = $1', [cqc!.id])
    const history = await row<{ n: number }>('select count(*)::int as n from public.assessment_item_history where assessment_id = $1', [cqc!.id])

    // The migration's own backfill statements, as written in it.
    const sql = readFileSync(MIGRATION, 'utf8')
    const backfill = sql.slice(sql.indexOf('alter table public.assessment_items disable trigger user'), sql.indexOf('-- Items: the name follows rated_by.'))
    expect(backfill).toContain('update public.assessment_evidence set created_by_name')
    await db.query(backfill)

    const after = await row<{ rated_by_name: string; updated_at: string; version: number }>('select rated_by_name, updated_at, version from public.assessment_items where assessment_id = $1', [cqc!.id])
    expect(after).toEqual({ rated_by_name: 'Ada Lovelace', updated_at: beforeItem.updated_at, version: beforeItem.version })
    expect((await row<{ n: number }>('select count(*)::int as n from public.assessment_item_history where assessment_id = $1', [cqc!.id])).n).toBe(history.n)
    expect((await db.query<{ created_by_name: string }>('select created_by_name from public.assessment_evidence where assessment_id = $1', [cqc!.id])).rows).toEqual([{ created_by_name: 'Ada Lovelace' }])
  })
})
