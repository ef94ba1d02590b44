/**
 * Removing a person keeps their work (issue 39, item 9) over HTTP, as the browser reads it: the real supabase-js (the
 * app's own src/backend/actions.ts and assessments.ts) against the local server's /rest/v1 (the real PostgREST), by
 * people signed up through /auth/v1. An admin removes a member through the team RPC: the member's open action is
 * handed to the admin and the item's history says so; their closed action stays theirs. Then accounts are deleted
 * (in SQL, as GoTrue's admin API does; the local server has no admin API): every action is still listed, the closed
 * one "verified by" its verifier and owned by its owner, by name; the dashboard still names the rater.
 */
import { describe, expect, it } from 'vitest'
import { moveAction, raiseAction, readItemActivity } from '../../src/backend/actions'
import { readDashboard } from '../../src/backend/assessments'
import { auditLine } from '../../src/domain/actions'
import { inUkDays as inDays, signedUp, suiteServer } from './team-helpers.ts'

const ITEM = 'cqc-saf-2024/safe/safeguarding'

describe('removing a person keeps their work, over HTTP (the embedded PostgreSQL)', { timeout: 120_000 }, () => {
  const local = suiteServer()

  const account = (first: string, org?: string) => signedUp(local.server, first, org)

  it('a removed member\'s open action goes to the admin (in the history); deleted accounts leave every action listed, by name', async () => {
    const alice = await account('Alice')
    const bob = await account('Bob', alice.org)
    const carol = await account('Carol', alice.org)
    const synced = await bob.sb.rpc('sync_assessments', { p_framework_ids: ['cqc-saf'] })
    expect(synced.error).toBeNull()
    const cqc = (synced.data as { id: string }[])[0]!.id
    const rated = await bob.sb.rpc('rate_item', { p_assessment_id: cqc, p_item_id: ITEM, p_rating: '2', p_expected_version: 0, p_evidence_category: 'processes', p_evidence: [{ kind: 'note', note: 'Training lapsed' }] })
    expect(rated.error).toBeNull()
    const ref = { assessmentId: cqc, itemId: ITEM }

    const open = await raiseAction(alice.sb, { ...ref, title: 'Book training', ownerId: bob.id, dueOn: inDays(7) })
    const done = await raiseAction(alice.sb, { ...ref, title: 'Renew the policy', ownerId: bob.id, dueOn: inDays(7) })
    const started = await moveAction(bob.sb, { actionId: done.id, step: 'start', expectedVersion: 1, note: '', url: '' })
    const submitted = await moveAction(bob.sb, { actionId: done.id, step: 'submit', expectedVersion: started.version, note: 'Renewed', url: '' })
    await moveAction(carol.sb, { actionId: done.id, step: 'verify', expectedVersion: submitted.version, note: 'Read it', url: '' })

    const removed = await alice.sb.rpc('remove_member', { p_user_id: bob.id })
    expect(removed.error).toBeNull()
    const afterRemoval = await readItemActivity(alice.sb, ref)
    expect(afterRemoval.actions.map((a) => [a.title, a.status, a.ownerName])).toEqual([
      ['Book training', 'open', 'Alice Tester'],
      ['Renew the policy', 'closed', 'Bob Tester'],
    ])
    expect(afterRemoval.actions[0]).toMatchObject({ id: open.id, ownerId: alice.id, version: 2 })
    const handOver = afterRemoval.history[0]!
    expect([handOver.kind, handOver.actorName, auditLine(handOver)]).toEqual([
      'action_changed', 'Alice Tester', 'Action handed to Alice Tester: Book training (Bob Tester left the organisation)',
    ])

    // The accounts go (GoTrue's admin API deletes the auth user; auth.users cascades to public.users).
    await local.server.db.query('delete from auth.users where id = any($1::uuid[])', [[bob.id, carol.id]])
    const afterDeletion = await readItemActivity(alice.sb, ref)
    expect(afterDeletion.actions.map((a) => [a.title, a.status, a.ownerId, a.ownerName, a.verifiedByName])).toEqual([
      ['Book training', 'open', alice.id, 'Alice Tester', null],
      ['Renew the policy', 'closed', null, 'Bob Tester', 'Carol Tester'],
    ])
    expect(afterDeletion.history.length).toBe(afterRemoval.history.length)
    expect(afterDeletion.history.filter((e) => e.actorName === 'Bob Tester').map((e) => e.kind).sort()).toEqual(['action_started', 'action_submitted', 'evidence_added', 'rated'])
    expect(afterDeletion.history.find((e) => e.kind === 'action_closed')?.actorName).toBe('Carol Tester')
    const dashboard = await readDashboard(alice.sb, alice.id)
    const item = dashboard.assessments[0]!.items[ITEM]!
    expect(item).toMatchObject({ ratedBy: null, ratedByName: 'Bob Tester', rating: '2', version: 1 })
    expect(item.evidence.map((e) => e.createdByName)).toEqual(['Bob Tester'])
  })
})
