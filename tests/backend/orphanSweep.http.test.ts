/**
 * The sweep of evidence objects without a row (issue 39, item 9) over HTTP: the local schedule calls the real
 * sweep-orphan-files edge function (Deno) as pg_cron does in production, which asks the SQL function
 * orphan_evidence_objects and removes through /storage/v1 as the service role.
 * - an object no row has named for 24 hours goes, bytes and all, in whichever organisation;
 * - a finalised file stays however old; an object written less than 24 hours ago stays (an upload under way);
 * - only the scheduler may run it; a refused call removes nothing.
 * The objects are aged in the database (their written time moved back a day) rather than waiting a day.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCAL_CRON_SECRET } from '../../supabase/local/index.ts'
import { fingerprint, type SignedUp, signedUp, suiteServer } from './team-helpers.ts'

const ITEM = 'cqc-saf-2024/safe/safeguarding'
const PDF: Uint8Array<ArrayBuffer> = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

describe('the orphan sweep (sweep-orphan-files on the local schedule)', { timeout: 120_000 }, () => {
  const local = suiteServer()
  const server = () => local.server

  const account = (first: string) => signedUp(server(), first)

  /** An object a member wrote straight to storage (what an upload never finalised leaves): its path. */
  async function orphan(a: SignedUp): Promise<string> {
    const path = `${a.org}/${ITEM}/${crypto.randomUUID()}`
    const up = await a.sb.storage.from('evidence').upload(path, new Blob([PDF], { type: 'application/pdf' }), { contentType: 'application/pdf' })
    expect(up.error).toBeNull()
    return path
  }

  /** A file the whole way (prepare, upload to the signed URL, finalize): an evidence row names it. */
  async function finalised(a: SignedUp, assessmentId: string): Promise<string> {
    const invoke = async (body: Record<string, unknown>) => {
      const res = await fetch(`${server().url}/functions/v1/evidence-files`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: server().anonKey, authorization: `Bearer ${a.token}` },
        body: JSON.stringify(body),
      })
      return (await res.json()) as { success: boolean; path?: string; token?: string }
    }
    const p = await invoke({ action: 'prepare', assessmentId, itemId: ITEM, name: 'Policy.pdf', size: PDF.length, type: 'application/pdf' })
    const put = await fetch(`${server().url}/storage/v1/object/upload/sign/evidence/${p.path}?token=${p.token}`, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PDF })
    expect(put.status).toBe(200)
    expect(await invoke({ action: 'finalize', assessmentId, itemId: ITEM, path: p.path, name: 'Policy.pdf' })).toMatchObject({ success: true })
    return p.path!
  }

  const age = (paths: string[], hours: number) =>
    server().db.query(
      `update storage.objects set created_at = now() - make_interval(hours => $2), updated_at = now() - make_interval(hours => $2)
        where bucket_id = 'evidence' and name = any($1::text[])`,
      [paths, hours],
    )
  const objects = async () =>
    (await server().db.query<{ name: string }>("select name from storage.objects where bucket_id = 'evidence' order by name")).rows.map((r) => r.name)
  const bytesOnDisk = () => readdirSync(join(server().storageDir, 'evidence')).length

  it('removes objects no row has named for 24 hours, bytes and all, in every organisation; keeps files with rows and fresh uploads', async () => {
    const alice = await account('Alice')
    const olga = await account('Olga')
    const synced = await alice.sb.rpc('sync_assessments', { p_framework_ids: ['cqc-saf'] })
    expect(synced.error).toBeNull()
    const cqc = (synced.data as { id: string }[])[0]!.id

    const kept = await finalised(alice, cqc)
    const stale = [await orphan(alice), await orphan(olga)]
    const almost = await orphan(alice)
    const fresh = await orphan(olga)
    await age([kept, ...stale], 25)
    await age([almost], 23)
    const rowsOf = () => fingerprint(server().db, local.tables.filter((t) => !t.startsWith('storage.')))
    const rows = await rowsOf()
    expect(bytesOnDisk()).toBe(5)

    expect(await server().sweep.run()).toEqual({ success: true, found: 2, removed: 2 })
    expect(await objects()).toEqual([kept, almost, fresh].sort())
    expect(bytesOnDisk()).toBe(3)
    // No row changed (the sweep removes storage objects only).
    expect(await rowsOf()).toBe(rows)
    // The finalised file still opens.
    expect((await alice.sb.storage.from('evidence').download(kept)).error).toBeNull()
    // Nothing left to do; a day later the rest of the orphans go too.
    expect(await server().sweep.run()).toEqual({ success: true, found: 0, removed: 0 })
    await age([almost, fresh], 25)
    expect(await server().sweep.run()).toEqual({ success: true, found: 2, removed: 2 })
    expect(await objects()).toEqual([kept])
  })

  it('only the scheduler may run it: a member, the anon key and a wrong secret are refused and nothing is removed', async () => {
    const bob = await account('Bob')
    const path = await orphan(bob)
    await age([path], 48)
    const call = (headers: Record<string, string>, body: unknown = {}) =>
      fetch(`${server().url}/functions/v1/sweep-orphan-files`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: server().anonKey, ...headers },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { success: boolean; code?: string } }))
    for (const headers of [
      { authorization: `Bearer ${bob.token}` },
      { authorization: `Bearer ${server().anonKey}` },
      { authorization: `Bearer ${server().anonKey}`, 'x-cron-secret': 'not-the-secret' },
    ] as Record<string, string>[]) {
      expect(await call(headers)).toEqual({ status: 401, body: { success: false, error: 'Only the scheduler may sweep stored files.', code: 'not_authorised' } })
    }
    // The age is the database's to judge: a clock in the body is refused.
    expect(await call({ authorization: `Bearer ${server().serviceRoleKey}` }, { now: '2099-01-01T00:00:00Z' })).toMatchObject({ status: 400, body: { code: 'invalid_payload' } })
    expect(await objects()).toContain(path)
    // A member cannot ask which objects are orphans either (the SQL function is the service role's).
    expect((await bob.sb.rpc('orphan_evidence_objects', { p_limit: 10 })).error).toMatchObject({ code: '42501' })
    // The cron secret (pg_cron's way, with the anon key as bearer) is accepted.
    expect(await call({ authorization: `Bearer ${server().anonKey}`, 'x-cron-secret': LOCAL_CRON_SECRET })).toEqual({ status: 200, body: { success: true, found: 1, removed: 1 } })
    expect(await objects()).not.toContain(path)
  })
})
