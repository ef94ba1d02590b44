/**
 * Actions and the audit trail (issue 30 items 2 and 4) over HTTP, as the browser uses them: the real supabase-js
 * (this very client code, src/backend/actions.ts) against the local server's /rest/v1 (the real PostgREST 12.0.2),
 * by people signed up through /auth/v1. An action raised on a rating below good is started, sent for verification
 * and closed by someone other than the owner, the history read back newest first; bad input is refused with a 4xx
 * and changes no row; an authenticated member cannot insert, update or delete audit rows; two moves from the same
 * version: exactly one wins, the other is told who changed it.
 */
import { describe, expect, it } from 'vitest'
import { moveAction, raiseAction, readItemActivity, readOverdueActions, reassignAction } from '../../src/backend/actions'
import { auditLine } from '../../src/domain/actions'
import { client } from './helpers.ts'
import { fingerprint, inUkDays as inDays, type SignedUp, signedUp, suiteServer } from './team-helpers.ts'

const ITEM = 'cqc-saf-2024/safe/safeguarding'

interface Reply {
  error: { code?: string; message: string; hint?: string | null } | null
  status: number
}

describe('actions and the audit trail over HTTP (the embedded PostgreSQL)', { timeout: 120_000 }, () => {
  const local = suiteServer()

  const account = (first: string, org?: string) => signedUp(local.server, first, org)

  async function refused(request: () => PromiseLike<Reply>, status: number, hint?: string): Promise<Reply> {
    const before = await fingerprint(local.server.db, local.tables)
    const reply = await request()
    expect(reply.error, 'refused').not.toBeNull()
    expect({ status: reply.status, hint: hint ?? reply.error?.hint }, JSON.stringify(reply.error)).toEqual({ status, hint: hint ?? reply.error?.hint })
    expect(await fingerprint(local.server.db, local.tables), 'a refused request changed rows').toBe(before)
    return reply
  }

  async function ratedBelowGood(a: SignedUp): Promise<string> {
    const { data, error } = await a.sb.rpc('sync_assessments', { p_framework_ids: ['cqc-saf'] })
    expect(error).toBeNull()
    const cqc = (data as { id: string }[])[0]!.id
    const rated = await a.sb.rpc('rate_item', { p_assessment_id: cqc, p_item_id: ITEM, p_rating: '2', p_expected_version: 0, p_evidence_category: 'processes', p_evidence: [{ kind: 'note', note: 'Training lapsed' }] })
    expect(rated.error).toBeNull()
    return cqc
  }

  it('raised, started, sent for verification and closed through the app\'s own calls; the history newest first', async () => {
    const alice = await account('Alice')
    const olu = await account('Olu', alice.org)
    const vic = await account('Vic', alice.org)
    const cqc = await ratedBelowGood(alice)

    const raised = await raiseAction(alice.sb, { assessmentId: cqc, itemId: ITEM, title: ' Book training ', ownerId: olu.id, dueOn: inDays(7) })
    expect(raised).toMatchObject({ title: 'Book training', ownerName: 'Olu Tester', status: 'open', version: 1 })
    const started = await moveAction(olu.sb, { actionId: raised.id, step: 'start', expectedVersion: 1, note: '', url: '' })
    const submitted = await moveAction(olu.sb, { actionId: raised.id, step: 'submit', expectedVersion: started.version, note: 'Booked', url: '' })
    await expect(moveAction(olu.sb, { actionId: raised.id, step: 'verify', expectedVersion: submitted.version, note: 'mine', url: '' })).rejects.toMatchObject({
      code: 'reviewer_is_owner', message: 'Someone other than the owner must review this action.',
    })
    const closed = await moveAction(vic.sb, { actionId: raised.id, step: 'verify', expectedVersion: submitted.version, note: '', url: 'https://intranet.example/certs.pdf' })
    expect(closed).toMatchObject({ status: 'closed', verifiedByName: 'Vic Tester', verificationUrl: 'https://intranet.example/certs.pdf' })

    const activity = await readItemActivity(olu.sb, { assessmentId: cqc, itemId: ITEM })
    expect(activity.me).toEqual({ userId: olu.id, role: 'member' })
    expect(activity.members.map((m) => m.name).sort()).toEqual(['Alice Tester', 'Olu Tester', 'Vic Tester'])
    expect(activity.actions.map((a) => a.status)).toEqual(['closed'])
    expect(activity.history.map((e) => [e.kind, e.actorName])).toEqual([
      ['action_closed', 'Vic Tester'],
      ['action_submitted', 'Olu Tester'],
      ['action_started', 'Olu Tester'],
      ['action_raised', 'Alice Tester'],
      ['rated', 'Alice Tester'],
      ['evidence_added', 'Alice Tester'],
    ])
    expect(await readOverdueActions(vic.sb)).toEqual([])
  })

  it('bad input is refused with a 4xx and nothing changed; nobody writes the audit trail', async () => {
    const alice = await account('Alice')
    const bob = await account('Bob', alice.org)
    const carol = await account('Carol')
    const cqc = await ratedBelowGood(alice)
    const raise = (a: SignedUp, over: Record<string, unknown> = {}) =>
      a.sb.rpc('raise_action', { p_assessment_id: cqc, p_item_id: ITEM, p_title: 'Do it', p_owner_id: bob.id, p_due_on: inDays(3), ...over })

    await refused(() => raise(alice, { p_owner_id: carol.id }), 400, 'owner_not_member')
    await refused(() => raise(alice, { p_owner_id: '00000000-0000-4000-8000-00000000abcd' }), 400, 'owner_not_member')
    await refused(() => raise(alice, { p_due_on: inDays(-1) }), 400, 'due_in_past')
    await refused(() => raise(alice, { p_title: ' ' }), 400, 'invalid_title')
    await refused(() => raise(alice, { p_item_id: 'cqc-saf-2024/safe/learning-culture' }), 409, 'not_below_good')
    await refused(() => raise(carol), 404, 'assessment_not_found')
    await refused(() => client(local.server.url, local.server.anonKey).rpc('raise_action', { p_assessment_id: cqc, p_item_id: ITEM, p_title: 'x', p_owner_id: bob.id, p_due_on: inDays(1) }), 401)

    const { data } = await raise(alice)
    const id = (data as { id: string }).id
    await refused(() => carol.sb.rpc('move_action', { p_action_id: id, p_step: 'start', p_expected_version: 1 }), 404, 'action_not_found')
    await refused(() => bob.sb.rpc('move_action', { p_action_id: id, p_step: 'submit', p_expected_version: 1, p_note: 'x' }), 409, 'invalid_transition')
    await refused(() => bob.sb.rpc('move_action', { p_action_id: id, p_step: 'start', p_expected_version: 7 }), 409, 'action_conflict')
    await refused(() => bob.sb.from('actions').update({ status: 'closed' }).eq('id', id).select(), 403)
    await refused(() => bob.sb.from('actions').insert({ organisation_id: alice.org, assessment_id: cqc, item_id: ITEM, title: 'x', owner_id: bob.id, due_on: inDays(1) }), 403)

    // The audit trail: members read it; an authenticated member (admin or not) cannot insert, update or delete.
    const rows = await bob.sb.from('audit_events').select('kind').eq('assessment_id', cqc)
    expect(rows.error).toBeNull()
    expect((rows.data as unknown[]).length).toBe(3)
    for (const who of [alice, bob]) {
      await refused(() => who.sb.from('audit_events').insert({ organisation_id: alice.org, assessment_id: cqc, item_id: ITEM, kind: 'rated', detail: {} }), 403)
      await refused(() => who.sb.from('audit_events').update({ actor_name: 'Mallory' }).eq('assessment_id', cqc).select(), 403)
      await refused(() => who.sb.from('audit_events').delete().eq('assessment_id', cqc).select(), 403)
    }
    const seen = await carol.sb.from('audit_events').select('organisation_id')
    expect((seen.data as { organisation_id: string }[]).filter((r) => r.organisation_id !== carol.org)).toEqual([])
  })

  it('two moves from the same version at once: exactly one wins, the other is told who changed it', async () => {
    const alice = await account('Alice')
    const bob = await account('Bob', alice.org)
    const cqc = await ratedBelowGood(alice)
    const raised = await raiseAction(alice.sb, { assessmentId: cqc, itemId: ITEM, title: 'Race', ownerId: bob.id, dueOn: inDays(2) })
    const results = await Promise.allSettled([
      moveAction(alice.sb, { actionId: raised.id, step: 'start', expectedVersion: 1, note: '', url: '' }),
      moveAction(bob.sb, { actionId: raised.id, step: 'start', expectedVersion: 1, note: '', url: '' }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(lost.reason.code).toBe('action_conflict')
    expect(lost.reason.message).toMatch(/^changed by (Alice|Bob) Tester — review and try again$/)
  })

  it('an admin reassigns an action through the app\'s own call; a member is refused; the history says who had it, who has it and when it is due', async () => {
    const alice = await account('Alice')
    const olu = await account('Olu', alice.org)
    const vic = await account('Vic', alice.org)
    const cqc = await ratedBelowGood(alice)
    const raised = await raiseAction(alice.sb, { assessmentId: cqc, itemId: ITEM, title: 'Book training', ownerId: olu.id, dueOn: inDays(7) })
    await expect(reassignAction(olu.sb, { actionId: raised.id, ownerId: vic.id, dueOn: inDays(7), expectedVersion: 1 })).rejects.toMatchObject({
      code: 'not_admin', message: 'Only an admin of your organisation can do this.',
    })
    const moved = await reassignAction(alice.sb, { actionId: raised.id, ownerId: vic.id, dueOn: inDays(14), expectedVersion: 1 })
    expect(moved).toMatchObject({ ownerId: vic.id, ownerName: 'Vic Tester', dueOn: inDays(14), status: 'open', version: 2 })
    await expect(reassignAction(alice.sb, { actionId: raised.id, ownerId: olu.id, dueOn: inDays(14), expectedVersion: 1 })).rejects.toMatchObject({
      code: 'action_conflict', message: 'changed by Alice Tester — review and try again',
    })
    const { history } = await readItemActivity(olu.sb, { assessmentId: cqc, itemId: ITEM })
    expect(history[0]!.kind).toBe('action_changed')
    expect(auditLine(history[0]!)).toMatch(/^Action handed to Vic Tester: Book training \(Olu Tester was the owner\); due date changed to \d+ \w+ \d{4}$/)
  })
})
