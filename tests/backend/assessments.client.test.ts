/**
 * src/backend/assessments.ts, the signed-in home's own code, against the real local server (/rest/v1 is the real
 * PostgREST; sessions from /auth/v1): the dashboard in one embedded select beside the setup answers; 'Run setup
 * again' archives and reopens without losing an answer; evidence makes an item in progress; a rating with evidence
 * is scored by the regulator's method; a lost update is refused as "changed by <name> — review and try again";
 * bad input and a dropped connection become plain failures and change nothing.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { describe, expect, it } from 'vitest'
import { addEvidence, rateItem, readDashboard, readItem, syncAssessments } from '../../src/backend/assessments'
import { syncChosenFrameworks } from '../../src/backend/frameworkSync'
import { assessmentState, type Dashboard, versionOf } from '../../src/domain/assessments'
import { ofstedOutcome, summariseFramework } from '../../src/domain/frameworks/scoring'
import { memoryStorage, uniqueEmail } from './helpers.ts'
import { addMember, fingerprint, organisation, suiteServer } from './team-helpers.ts'

const SAFE = (key: string) => `cqc-saf-2024/safe/${key}`
const note = (text: string) => ({ note: text, url: '' })

interface Account {
  sb: SupabaseClient
  id: string
  name: string
  org: string
  /** The REST requests this client made (method and path), in order. */
  requests: string[]
}

describe('src/backend/assessments.ts against the local server', { timeout: 120_000 }, () => {
  const local = suiteServer()

  function countingClient(url: string, requests: string[]): SupabaseClient {
    const counting: typeof fetch = (input, init) => {
      const u = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
      if (u.pathname.startsWith('/rest/v1/')) requests.push(`${init?.method ?? 'GET'} ${u.pathname}`)
      return fetch(input, init)
    }
    return createClient(url, local.server.anonKey, {
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage: memoryStorage() },
      realtime: { transport: WebSocket as never },
      global: { fetch: counting },
    })
  }

  async function account(first: string, org?: string, answers: Record<string, unknown> = {}): Promise<Account> {
    const requests: string[] = []
    const sb = countingClient(local.server.url, requests)
    const email = uniqueEmail(first.toLowerCase())
    const { data, error } = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: { first_name: first, last_name: 'Tester' } } })
    if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`)
    const who = { id: data.user!.id, email }
    if (org) await addMember(local.server.db, org, who)
    if (Object.keys(answers).length > 0) expect((await sb.from('users').update(answers).eq('id', who.id).select('id')).data).toHaveLength(1)
    requests.length = 0
    return { sb, id: who.id, name: `${first} Tester`, org: org ?? (await organisation(local.server.db, who, { name: `${first} Care` })), requests }
  }

  const failureOf = (p: Promise<unknown>) =>
    p.then(
      () => {
        throw new Error('expected a refusal')
      },
      (e: unknown) => e as { code: string; message: string },
    )

  it('reads the dashboard in one request, starts the chosen frameworks, and scores three Safe statements by CQC’s bands', async () => {
    const alice = await account('Alice', undefined, { sector: 'care', selected_regulators: ['cqc', 'ofsted'], policy_frequency: 'weekly' })
    const empty = await readDashboard(alice.sb, alice.id)
    expect(empty).toEqual({ answers: { selectedRegulators: ['cqc', 'ofsted'], sector: 'care', frequency: 'weekly' }, assessments: [] })
    expect(alice.requests.sort()).toEqual(['GET /rest/v1/assessments', 'GET /rest/v1/users'])

    const started = await syncAssessments(alice.sb, { userId: alice.id, frameworkIds: ['cqc-saf', 'ofsted-eif'] })
    expect(started.assessments.map((a) => [a.versionId, a.organisationId, a.items])).toEqual([
      ['cqc-saf-2024', alice.org, {}],
      ['ofsted-eif-2025', alice.org, {}],
    ])
    const cqc = started.assessments[0]!

    // Evidence on its own: the statement is in progress, version 0 (never rated).
    const inProgress = await addEvidence(alice.sb, { assessment: cqc, itemId: SAFE('safeguarding'), draft: { note: 'Safeguarding policy', url: ' https://intranet.example/policy.pdf ' } })
    expect(inProgress).toMatchObject({ itemId: SAFE('safeguarding'), status: 'in-progress', rating: null, version: 0 })
    expect(inProgress.evidence).toMatchObject([{ kind: 'link', note: 'Safeguarding policy', url: 'https://intranet.example/policy.pdf' }])

    // Rated on the evidence already there; two more rated with a note each.
    const rated = await rateItem(alice.sb, { assessmentId: cqc.id, itemId: SAFE('safeguarding'), rating: '3', expectedVersion: 0, evidenceCategory: 'processes', drafts: [], review: false })
    expect(rated).toMatchObject({ status: 'rated', rating: '3', evidenceCategory: 'processes', version: 1, ratedBy: alice.id, ratedByName: 'Alice Tester' })
    expect(rated.ratedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    for (const [key, score] of [['safe-environments', '4'], ['medicines-optimisation', '2']] as const) {
      const r = await rateItem(alice.sb, { assessmentId: cqc.id, itemId: SAFE(key), rating: score, expectedVersion: 0, evidenceCategory: 'observation', drafts: [note(`Checked ${key}`)], review: false })
      expect(r).toMatchObject({ status: 'rated', rating: score, version: 1 })
      expect(r.evidence).toMatchObject([{ kind: 'note', note: `Checked ${key}`, url: null }])
    }

    alice.requests.length = 0
    const dashboard = await readDashboard(alice.sb, alice.id)
    expect(alice.requests.filter((r) => r.includes('/assessment'))).toEqual(['GET /rest/v1/assessments'])
    const read = dashboard.assessments[0]!
    expect(Object.keys(read.items).sort()).toEqual([SAFE('medicines-optimisation'), SAFE('safe-environments'), SAFE('safeguarding')])
    // 3 + 4 + 2 of 12 is 75 %: Good, with 3 of 8 statements rated.
    const safe = summariseFramework(versionOf(read), assessmentState(read)).groups[0]!
    expect(safe.completion).toMatchObject({ rated: 3, applicable: 8 })
    expect(safe.result).toMatchObject({ kind: 'percentage', percent: 75, band: { label: 'Good' } })
  })

  it('a second rating from the same version is refused: "changed by <name> — review and try again", and nothing changes', async () => {
    const alice = await account('Alice')
    const bob = await account('Bob', alice.org)
    const { assessments } = await syncAssessments(alice.sb, { userId: alice.id, frameworkIds: ['cqc-saf'] })
    const cqc = assessments[0]!
    const item = SAFE('learning-culture')
    await rateItem(alice.sb, { assessmentId: cqc.id, itemId: item, rating: '2', expectedVersion: 0, evidenceCategory: 'outcomes', drafts: [note('Incident log')], review: false })
    // Bob read version 1; Alice rates again first.
    await rateItem(alice.sb, { assessmentId: cqc.id, itemId: item, rating: '3', expectedVersion: 1, evidenceCategory: 'outcomes', drafts: [], review: false })
    const before = await fingerprint(local.server.db, local.tables)
    const conflict = await failureOf(rateItem(bob.sb, { assessmentId: cqc.id, itemId: item, rating: '4', expectedVersion: 1, evidenceCategory: 'outcomes', drafts: [note('Bob’s note')], review: false }))
    expect(conflict).toEqual({ code: 'rating_conflict', message: 'changed by Alice Tester — review and try again' })
    expect(await fingerprint(local.server.db, local.tables)).toBe(before)
    // What Bob reviews before trying again: Alice's rating, version 2; then his rating from it goes through.
    const now = await readItem(bob.sb, { assessmentId: cqc.id, itemId: item })
    expect(now).toMatchObject({ rating: '3', version: 2, ratedBy: alice.id })
    const again = await rateItem(bob.sb, { assessmentId: cqc.id, itemId: item, rating: '4', expectedVersion: 2, evidenceCategory: 'outcomes', drafts: [], review: true })
    expect(again).toMatchObject({ status: 'reviewed', rating: '4', version: 3, ratedByName: 'Bob Tester' })
    expect(again.reviewedAt).not.toBeNull()
    expect(await readItem(bob.sb, { assessmentId: cqc.id, itemId: SAFE('safeguarding') })).toBeNull()
  })

  it("'Run setup again' archives a dropped framework and reopens it with every answer", async () => {
    const head = await account('Hana', undefined, { sector: 'education', selected_regulators: ['ofsted'] })
    const first = await syncAssessments(head.sb, { userId: head.id, frameworkIds: ['ofsted-eif'] })
    const ofsted = first.assessments[0]!
    await rateItem(head.sb, { assessmentId: ofsted.id, itemId: 'ofsted-eif-2025/safeguarding/safeguarding', rating: 'not-met', expectedVersion: 0, evidenceCategory: null, drafts: [note('Single central record gaps')], review: false })
    const dropped = await syncAssessments(head.sb, { userId: head.id, frameworkIds: ['cqc-saf'] })
    expect(dropped.assessments.map((a) => a.versionId)).toEqual(['cqc-saf-2024'])
    const back = await syncAssessments(head.sb, { userId: head.id, frameworkIds: ['cqc-saf', 'ofsted-eif'] })
    const reopened = back.assessments.find((a) => a.versionId === 'ofsted-eif-2025')!
    expect(reopened.id).toBe(ofsted.id)
    expect(reopened.items['ofsted-eif-2025/safeguarding/safeguarding']).toMatchObject({ rating: 'not-met', version: 1 })
    expect(ofstedOutcome(versionOf(reopened), assessmentState(reopened)).category).toBe('requires-significant-improvement')
  })

  it('after setup, the chosen frameworks are synced (best effort: a person in no organisation changes nothing)', async () => {
    const landlord = await account('Lena')
    expect(await syncChosenFrameworks(landlord.sb, { regulators: ['rsh', 'bsr'], sector: 'housing' })).toBe(true)
    expect((await readDashboard(landlord.sb, landlord.id)).assessments.map((a) => a.versionId)).toEqual(['bsr-hrb-2023', 'rsh-consumer-2024'])
    // No regulator chosen: the sector's framework.
    expect(await syncChosenFrameworks(landlord.sb, { regulators: [], sector: 'construction' })).toBe(true)
    expect((await readDashboard(landlord.sb, landlord.id)).assessments.map((a) => a.versionId)).toEqual(['bsr-hrb-2023'])
    expect(await syncChosenFrameworks(landlord.sb, { regulators: [], sector: '' })).toBe(false)
    expect((await readDashboard(landlord.sb, landlord.id)).assessments.map((a) => a.versionId)).toEqual(['bsr-hrb-2023'])
    const requests: string[] = []
    const loner = countingClient(local.server.url, requests)
    const { error } = await loner.auth.signUp({ email: uniqueEmail('loner'), password: 'correct-horse-1' })
    expect(error).toBeNull()
    expect(await syncChosenFrameworks(loner, { regulators: ['cqc'], sector: 'care' })).toBe(false)
  })

  it('bad input is a plain failure with the server’s reason, and changes nothing', async () => {
    const alice = await account('Alice')
    const carol = await account('Carol')
    const cqc = (await syncAssessments(alice.sb, { userId: alice.id, frameworkIds: ['cqc-saf'] })).assessments[0]!
    const rate = (who: Account, itemId: string, rating: string, drafts = [note('x')], category: string | null = 'processes') =>
      failureOf(rateItem(who.sb, { assessmentId: cqc.id, itemId, rating, expectedVersion: 0, evidenceCategory: category, drafts, review: false }))
    const before = await fingerprint(local.server.db, local.tables)
    expect(await rate(alice, SAFE('learning-culture'), '5')).toMatchObject({ code: 'rating_off_scale' })
    expect(await rate(alice, 'rsh-consumer-2024/tenancy/tenure', 'compliant')).toMatchObject({ code: 'item_not_in_framework' })
    expect(await rate(alice, SAFE('learning-culture'), '3', [])).toEqual({ code: 'evidence_required', message: 'Add evidence (a note, a link or a file) before rating.' })
    expect(await rate(alice, SAFE('learning-culture'), '3', undefined, null)).toMatchObject({ code: 'evidence_category_required' })
    expect(await rate(carol, SAFE('learning-culture'), '3')).toEqual({ code: 'assessment_not_found', message: 'No such assessment in your organisation.' })
    expect(await failureOf(addEvidence(carol.sb, { assessment: cqc, itemId: SAFE('learning-culture'), draft: note('x') }))).toMatchObject({ code: 'not_authenticated' })
    expect(await failureOf(syncAssessments(alice.sb, { userId: alice.id, frameworkIds: ['not-a-framework'] }))).toMatchObject({ code: 'unknown_framework' })
    expect(await fingerprint(local.server.db, local.tables)).toBe(before)
    // Another organisation reads none of it.
    const carolsView: Dashboard = await readDashboard(carol.sb, carol.id)
    expect(carolsView.assessments).toEqual([])
  })

  it('a dropped connection is code network', async () => {
    const sb = createClient('http://127.0.0.1:9', local.server.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } })
    expect(await failureOf(readDashboard(sb, '00000000-0000-4000-8000-000000000001'))).toMatchObject({ code: 'network' })
  })
})
