/**
 * Self-assessment (issue 29) over HTTP, as the browser will use it: the real supabase-js against the local server's
 * /rest/v1 (the real PostgREST 12.0.2) by people signed up through /auth/v1. A care organisation starts its CQC
 * assessment, adds evidence and rates three Safe statements, and reads its dashboard in one embedded select; bad
 * input (a score off the scale, an item of another framework, another organisation's assessment id, a rating
 * without evidence, a write to the history) is refused with a 4xx and changes no row; two members rating the same
 * statement at once: exactly one wins, the other is told "changed by <name> — review and try again".
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { client, uniqueEmail } from './helpers.ts'
import { addMember, fingerprint, organisation, suiteServer } from './team-helpers.ts'

const SAFE = (key: string) => `cqc-saf-2024/safe/${key}`

interface Account {
  sb: SupabaseClient
  id: string
  email: string
  name: string
}

interface Reply {
  data: unknown
  error: { code?: string; message: string; hint?: string | null; details?: string | null } | null
  status: number
}

describe('self-assessment over HTTP (the embedded PostgreSQL)', { timeout: 120_000 }, () => {
  const local = suiteServer()

  /** Signs up through /auth/v1; joins the organisation given, or gets one of its own (as sign-up makes it). */
  async function account(first: string, org?: string): Promise<Account & { org: string }> {
    const sb = client(local.server.url, local.server.anonKey)
    const email = uniqueEmail(first.toLowerCase())
    const { data, error } = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: { first_name: first, last_name: 'Tester' } } })
    if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`)
    const who = { id: data.user!.id, email }
    if (org) await addMember(local.server.db, org, who)
    return { sb, ...who, name: `${first} Tester`, org: org ?? (await organisation(local.server.db, who, { name: `${first} Care` })) }
  }

  /** The request must be refused with this status (and PostgREST code and hint), and change no row. */
  async function refused(request: () => PromiseLike<Reply>, status: number, code?: string, hint?: string): Promise<Reply> {
    const before = await fingerprint(local.server.db, local.tables)
    const reply = await request()
    expect({ status: reply.status, code: reply.error?.code, hint: reply.error?.hint ?? undefined }, JSON.stringify(reply.error)).toEqual({
      status, code: code ?? reply.error?.code, hint: hint ?? reply.error?.hint ?? undefined,
    })
    expect(reply.error, 'refused').not.toBeNull()
    expect(await fingerprint(local.server.db, local.tables), 'a refused request changed rows').toBe(before)
    return reply
  }

  async function cqcAssessment(a: Account): Promise<string> {
    const { data, error } = await a.sb.rpc('sync_assessments', { p_framework_ids: ['cqc-saf'] })
    expect(error).toBeNull()
    return (data as { id: string; framework_id: string }[]).find((x) => x.framework_id === 'cqc-saf')!.id
  }

  const rate = (a: Account, assessment: string, item: string, rating: string, expected: number, evidence: unknown[] = [{ kind: 'note', note: `${a.name}'s note` }], category: string | null = 'processes') =>
    a.sb.rpc('rate_item', { p_assessment_id: assessment, p_item_id: item, p_rating: rating, p_expected_version: expected, p_evidence_category: category, p_evidence: evidence })

  it('a care organisation rates three Safe statements with evidence, and reads its dashboard in one request', async () => {
    const alice = await account('Alice')
    const bob = await account('Bob', alice.org)
    const cqc = await cqcAssessment(alice)

    // Evidence added on its own (a plain insert), then the rating that rests on it.
    const link = await bob.sb.from('assessment_evidence')
      .insert({ organisation_id: alice.org, assessment_id: cqc, item_id: SAFE('safeguarding'), kind: 'link', url: 'https://intranet.example/policy.pdf', note: 'Safeguarding policy' })
      .select('kind, created_by')
    expect(link).toMatchObject({ status: 201, data: [{ kind: 'link', created_by: bob.id }] })
    const first = await rate(bob, cqc, SAFE('safeguarding'), '3', 0, [])
    expect(first.error).toBeNull()
    expect(first.data).toMatchObject({ rating: '3', version: 1, rated_by: bob.id, rated_by_name: 'Bob Tester', status: 'rated' })
    for (const [key, score] of [['safe-environments', '4'], ['medicines-optimisation', '2']] as const) {
      const r = await rate(alice, cqc, SAFE(key), score, 0, [{ kind: 'note', note: `Checked ${key}` }], 'observation')
      expect(r.error).toBeNull()
    }

    const dashboard = await bob.sb
      .from('assessments')
      .select('id, framework_id, framework_version_id, assessment_items(item_id, status, rating, evidence_category, version, rated_by, rated_at, assessment_evidence(kind, note, url))')
      .is('archived_at', null)
    expect(dashboard.error).toBeNull()
    const [only] = dashboard.data as { id: string; framework_version_id: string; assessment_items: { item_id: string; rating: string; assessment_evidence: unknown[] }[] }[]
    expect(only).toMatchObject({ id: cqc, framework_version_id: 'cqc-saf-2024' })
    expect(Object.fromEntries(only!.assessment_items.map((i) => [i.item_id, i.rating]))).toEqual({
      [SAFE('safeguarding')]: '3', [SAFE('safe-environments')]: '4', [SAFE('medicines-optimisation')]: '2',
    })
    expect(only!.assessment_items.every((i) => i.assessment_evidence.length >= 1)).toBe(true)
    const history = await alice.sb.from('assessment_item_history').select('item_id, version, rating, rated_by').eq('assessment_id', cqc).order('id')
    expect(history.data).toEqual([
      { item_id: SAFE('safeguarding'), version: 1, rating: '3', rated_by: bob.id },
      { item_id: SAFE('safe-environments'), version: 1, rating: '4', rated_by: alice.id },
      { item_id: SAFE('medicines-optimisation'), version: 1, rating: '2', rated_by: alice.id },
    ])
  })

  it('bad input is refused with a 4xx and nothing changed', async () => {
    const alice = await account('Alice')
    const carol = await account('Carol')
    const cqc = await cqcAssessment(alice)
    await cqcAssessment(carol)
    expect((await rate(alice, cqc, SAFE('safeguarding'), '3', 0)).error).toBeNull()

    await refused(() => rate(alice, cqc, SAFE('learning-culture'), '5', 0), 400, '22023', 'rating_off_scale')
    await refused(() => rate(alice, cqc, SAFE('learning-culture'), 'compliant', 0), 400, '22023', 'rating_off_scale')
    await refused(() => rate(alice, cqc, 'rsh-consumer-2024/tenancy/tenure', 'compliant', 0), 400, '22023', 'item_not_in_framework')
    await refused(() => rate(alice, cqc, 'ofsted-eif-2025/safeguarding/safeguarding', 'met', 0, undefined, null), 400, '22023', 'item_not_in_framework')
    // Another organisation's assessment id: the same answer as an id that does not exist.
    const other = await refused(() => rate(carol, cqc, SAFE('safeguarding'), '1', 1), 404, 'PT404', 'assessment_not_found')
    expect(other.error!.message).toBe('No such assessment in your organisation.')
    await refused(() => rate(carol, '00000000-0000-4000-8000-000000000000', SAFE('safeguarding'), '1', 1), 404, 'PT404', 'assessment_not_found')
    await refused(() => carol.sb.from('assessment_evidence').insert({ organisation_id: alice.org, assessment_id: cqc, item_id: SAFE('safeguarding'), kind: 'note', note: 'x' }), 403, '42501')
    await refused(() => carol.sb.from('assessment_evidence').insert({ organisation_id: carol.org, assessment_id: cqc, item_id: SAFE('safeguarding'), kind: 'note', note: 'x' }), 404, 'PT404', 'assessment_not_found')
    await refused(() => carol.sb.from('assessments').insert({ organisation_id: alice.org, framework_id: 'rsh-consumer', framework_version_id: 'rsh-consumer-2024' }), 403, '42501')
    // What another organisation reads of it: nothing.
    for (const table of ['assessments', 'assessment_items', 'assessment_evidence', 'assessment_item_history']) {
      const seen = await carol.sb.from(table).select('organisation_id')
      expect(seen.error).toBeNull()
      expect((seen.data as { organisation_id: string }[]).filter((r) => r.organisation_id !== carol.org), table).toEqual([])
    }
    const anon = client(local.server.url, local.server.anonKey)
    await refused(() => anon.from('assessments').select('*'), 401, '42501')
    await refused(() => anon.rpc('rate_item', { p_assessment_id: cqc, p_item_id: SAFE('safeguarding'), p_rating: '1', p_expected_version: 1, p_evidence_category: 'processes', p_evidence: [{ kind: 'note', note: 'x' }] }), 401, '42501')
    // A rating without evidence; a CQC rating without its category; a forged direct write; the history.
    const bare = await refused(() => rate(alice, cqc, SAFE('learning-culture'), '3', 0, []), 400, '22023', 'evidence_required')
    expect(bare.error!.message).toBe('Add evidence (a note, a link or a file) before rating.')
    await refused(() => rate(alice, cqc, SAFE('learning-culture'), '3', 0, undefined, null), 400, '22023', 'evidence_category_required')
    await refused(() => alice.sb.from('assessment_items').update({ rating: '4' }).eq('item_id', SAFE('safeguarding')).select(), 403, '42501')
    await refused(() => alice.sb.from('assessment_items').insert({ organisation_id: alice.org, assessment_id: cqc, framework_version_id: 'cqc-saf-2024', item_id: SAFE('learning-culture'), scale_id: 'cqc-score', status: 'rated', rating: '9' }), 403, '42501')
    await refused(() => alice.sb.from('assessment_item_history').update({ rating: '4' }).eq('assessment_id', cqc).select(), 403, '42501')
    await refused(() => alice.sb.from('assessment_item_history').delete().eq('assessment_id', cqc).select(), 403, '42501')
    await refused(() => alice.sb.from('assessments').delete().eq('id', cqc).select(), 403, '42501')
  })

  it('two members rate the same statement at once: exactly one wins, the other sees "changed by <name> — review and try again"', async () => {
    const alice = await account('Alice')
    const bob = await account('Bob', alice.org)
    const cqc = await cqcAssessment(alice)
    const item = SAFE('infection-prevention-and-control')
    let version = 0
    for (let round = 0; round < 3; round++) {
      const before = await local.server.db.query<{ n: number }>('select count(*)::int as n from public.assessment_item_history where assessment_id = $1', [cqc])
      const [a, b] = await Promise.all([rate(alice, cqc, item, '2', version), rate(bob, cqc, item, '4', version)])
      const replies = [{ who: alice, r: a }, { who: bob, r: b }]
      const won = replies.filter((x) => x.r.error === null)
      const lost = replies.filter((x) => x.r.error !== null)
      expect(won).toHaveLength(1)
      expect(lost).toHaveLength(1)
      expect({ status: lost[0]!.r.status, code: lost[0]!.r.error!.code, hint: lost[0]!.r.error!.hint, message: lost[0]!.r.error!.message }).toEqual({
        status: 409, code: 'PT409', hint: 'rating_conflict', message: `changed by ${won[0]!.who.name} — review and try again`,
      })
      version += 1
      expect(won[0]!.r.data).toMatchObject({ version, rated_by: won[0]!.who.id })
      const now = await alice.sb.from('assessment_items').select('rating, version, rated_by').eq('assessment_id', cqc).eq('item_id', item).single()
      expect(now.data).toEqual({ rating: won[0]!.who === alice ? '2' : '4', version, rated_by: won[0]!.who.id })
      const after = await local.server.db.query<{ n: number }>('select count(*)::int as n from public.assessment_item_history where assessment_id = $1', [cqc])
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n + 1)
    }
  })
})
