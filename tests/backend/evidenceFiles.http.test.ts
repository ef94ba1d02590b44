/**
 * Evidence files (issue 30) over HTTP: the real supabase-js storage client against the local /storage/v1 with the
 * evidence bucket's policies, and the evidence-files edge function (real Deno) around the browser's upload.
 * - a member uploads, lists, signs, downloads and removes a file in their organisation's folder;
 * - a member of another organisation can do none of that to it (read, write, list, sign, remove);
 * - refused with a clear message and nothing stored: too large, wrong type (by content), empty, path tricks;
 * - an upload aborted midway leaves no object, no bytes and no row; a finalised file is evidence for a rating.
 */
import { readdirSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { client, uniqueEmail } from './helpers.ts'
import { addMember, fingerprint, organisation, suiteServer } from './team-helpers.ts'

const ITEM = 'cqc-saf-2024/safe/safeguarding'
const PDF: Uint8Array<ArrayBuffer> = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const pdfBlob = () => new Blob([PDF], { type: 'application/pdf' })

interface Account {
  sb: SupabaseClient
  id: string
  org: string
  token: string
}

describe('evidence files over HTTP (storage and the evidence-files function)', { timeout: 180_000 }, () => {
  const local = suiteServer()

  async function account(first: string, org?: string): Promise<Account> {
    const sb = client(local.server.url, local.server.anonKey)
    const email = uniqueEmail(first.toLowerCase())
    const { data, error } = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: { first_name: first, last_name: 'Tester' } } })
    if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`)
    const who = { id: data.user!.id, email }
    if (org) await addMember(local.server.db, org, who)
    return { sb, id: who.id, org: org ?? (await organisation(local.server.db, who, { name: `${first} Care` })), token: data.session.access_token }
  }

  async function cqc(a: Account): Promise<string> {
    const { data, error } = await a.sb.rpc('sync_assessments', { p_framework_ids: ['cqc-saf'] })
    expect(error).toBeNull()
    return (data as { id: string; framework_id: string }[]).find((x) => x.framework_id === 'cqc-saf')!.id
  }

  const objects = async () => (await local.server.db.query<{ name: string }>("select name from storage.objects where bucket_id = 'evidence' order by name")).rows.map((r) => r.name)
  /** The files on disk for the bucket: objects and any temp file an upload left. */
  const filesOnDisk = () => {
    try {
      return readdirSync(join(local.server.storageDir, 'evidence')).sort()
    } catch {
      return []
    }
  }

  /** A raw HTTP request (no URL normalising, bodies cut short at will). */
  function raw(method: string, path: string, token: string, body?: Uint8Array, opts: { contentType?: string; abortAfter?: number; length?: number } = {}) {
    const url = new URL(local.server.url)
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, method, path, headers: { authorization: `Bearer ${token}`, apikey: local.server.anonKey, 'content-type': opts.contentType ?? 'application/pdf', ...(body ? { 'content-length': String(opts.length ?? body.length) } : {}) } },
        (res) => {
          let text = ''
          res.on('data', (c) => (text += c))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        },
      )
      req.on('error', reject)
      if (body && opts.abortAfter !== undefined) {
        req.write(body.subarray(0, opts.abortAfter), () => setImmediate(() => {
          req.destroy()
          resolve({ status: 0, body: 'aborted' })
        }))
      } else {
        req.end(body)
      }
    })
  }

  it('a member uploads, lists, signs, downloads and removes; another organisation can do none of it', async () => {
    const alice = await account('Alice')
    const bob = await account('Bob', alice.org)
    const eve = await account('Eve')
    const path = `${alice.org}/${ITEM}/${crypto.randomUUID()}`
    const bucket = (a: Account) => a.sb.storage.from('evidence')

    const up = await bucket(alice).upload(path, pdfBlob(), { contentType: 'application/pdf' })
    expect(up.error).toBeNull()
    expect(up.data).toMatchObject({ path, fullPath: `evidence/${path}` })

    const listed = await bucket(bob).list(`${alice.org}/${ITEM}`)
    expect(listed.error).toBeNull()
    expect(listed.data?.map((f) => f.name)).toEqual([path.split('/').pop()])
    expect(listed.data?.[0]?.metadata).toMatchObject({ size: PDF.length, mimetype: 'application/pdf' })
    const folders = await bucket(bob).list(alice.org)
    expect(folders.data).toEqual([expect.objectContaining({ name: 'cqc-saf-2024', id: null })])

    const signed = await bucket(bob).createSignedUrl(path, 60)
    expect(signed.error).toBeNull()
    const viewed = await fetch(signed.data!.signedUrl)
    expect(viewed.status).toBe(200)
    expect(viewed.headers.get('content-type')).toBe('application/pdf')
    expect(new Uint8Array(await viewed.arrayBuffer())).toEqual(PDF)
    const many = await bucket(bob).createSignedUrls([path, `${alice.org}/${ITEM}/${crypto.randomUUID()}`], 60)
    expect(many.data?.map((x) => x.error)).toEqual([null, 'Either the object does not exist or you do not have access to it'])
    // A token is for its own object only.
    const token = new URL(signed.data!.signedUrl).searchParams.get('token')
    const other = await fetch(`${local.server.url}/storage/v1/object/sign/evidence/${alice.org}/${ITEM}/${crypto.randomUUID()}?token=${token}`)
    expect(other.status).toBe(400)

    const downloaded = await bucket(bob).download(path)
    expect(downloaded.error).toBeNull()
    expect(new Uint8Array(await downloaded.data!.arrayBuffer())).toEqual(PDF)

    // Eve (another organisation): read, write, list, sign and remove are all refused, and nothing changes.
    const before = await fingerprint(local.server.db, local.tables)
    const disk = filesOnDisk()
    expect((await bucket(eve).download(path)).error).not.toBeNull()
    expect((await bucket(eve).createSignedUrl(path, 60)).error).toMatchObject({ message: 'Object not found' })
    expect((await bucket(eve).list(`${alice.org}/${ITEM}`)).data).toEqual([])
    expect((await bucket(eve).remove([path])).data).toEqual([])
    const write = await bucket(eve).upload(`${alice.org}/${ITEM}/${crypto.randomUUID()}`, pdfBlob(), { contentType: 'application/pdf' })
    expect(write.error).toMatchObject({ statusCode: '403' })
    const overwrite = await bucket(eve).upload(path, pdfBlob(), { contentType: 'application/pdf', upsert: true })
    expect(overwrite.error).not.toBeNull()
    const signUpload = await bucket(eve).createSignedUploadUrl(`${alice.org}/${ITEM}/${crypto.randomUUID()}`)
    expect(signUpload.error).toMatchObject({ statusCode: '403' })
    // Signed out: nothing.
    const anon = client(local.server.url, local.server.anonKey).storage.from('evidence')
    expect((await anon.list(`${alice.org}/${ITEM}`)).data).toEqual([])
    expect((await anon.upload(`${alice.org}/${ITEM}/${crypto.randomUUID()}`, pdfBlob())).error).not.toBeNull()
    expect(await fingerprint(local.server.db, local.tables)).toBe(before)
    expect(filesOnDisk()).toEqual(disk)

    // A member's own path must have the evidence shape.
    expect((await bucket(alice).upload(`${alice.org}/policy.pdf`, pdfBlob(), { contentType: 'application/pdf' })).error).toMatchObject({ statusCode: '403' })

    const removed = await bucket(bob).remove([path])
    expect(removed.data?.map((o) => o.name)).toEqual([path])
    expect(await objects()).toEqual([])
    expect(filesOnDisk()).toEqual([])
    expect((await fetch(signed.data!.signedUrl)).status).toBe(404)
  })

  it('refuses path tricks, the wrong type, too large and an aborted upload, storing nothing', async () => {
    const alice = await account('Ann')
    const before = await fingerprint(local.server.db, local.tables)
    const id = crypto.randomUUID()
    for (const trick of [`${alice.org}/../${alice.org}/${ITEM}/${id}`, `${alice.org}/%2e%2e/${ITEM}/${id}`, `${alice.org}/%2E%2E/x`, `${alice.org}//${id}`, `${alice.org}/a%00b/${id}`, `${alice.org}/a%5c..%5cb/${id}`]) {
      const r = await raw('POST', `/storage/v1/object/evidence/${trick}`, alice.token, PDF)
      expect({ trick, status: r.status, body: JSON.parse(r.body) }).toMatchObject({ trick, status: 400, body: { error: 'InvalidKey' } })
    }
    // An absolute path names another bucket segment: refused by the policy (not the evidence shape).
    const absolute = await raw('POST', `/storage/v1/object/evidence//etc/passwd`, alice.token, PDF)
    expect(absolute.status).toBe(400)

    const text = await alice.sb.storage.from('evidence').upload(`${alice.org}/${ITEM}/${id}`, new Blob(['hello'], { type: 'text/plain' }))
    expect(text.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' })

    const big = new Uint8Array(20 * 1024 * 1024 + 1)
    big.set(PDF)
    const tooBig = await raw('POST', `/storage/v1/object/evidence/${alice.org}/${ITEM}/${id}`, alice.token, big)
    expect(tooBig.status).toBe(413)
    expect(JSON.parse(tooBig.body)).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' })

    // Half a file, then the connection drops: no row, no bytes, no temp file.
    const half = new Uint8Array(2 * 1024 * 1024)
    half.set(PDF)
    await raw('POST', `/storage/v1/object/evidence/${alice.org}/${ITEM}/${id}`, alice.token, half, { abortAfter: 1024 * 1024, length: half.length })
    await expect.poll(async () => (await local.server.db.query("select count(*)::int as n from pg_stat_activity where state = 'idle in transaction'")).rows[0]).toMatchObject({ n: 0 })
    expect(await objects()).toEqual([])
    await expect.poll(() => filesOnDisk()).toEqual([])
    expect(await fingerprint(local.server.db, local.tables)).toBe(before)
  })

  it('the evidence-files function: a file checked by content becomes evidence for a rating; refusals keep nothing', async () => {
    const alice = await account('Ada')
    const bob = await account('Ben', alice.org)
    const eve = await account('Eva')
    const assessment = await cqc(alice)
    const invoke = async (a: Account, body: Record<string, unknown>) => {
      const res = await fetch(`${local.server.url}/functions/v1/evidence-files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.token}`, apikey: local.server.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: res.status, body: (await res.json()) as { success: boolean; code?: string; error?: string; path?: string; token?: string; evidence?: Record<string, unknown> } }
    }
    const put = (path: string, token: string, bytes: Uint8Array<ArrayBuffer>, type: string) =>
      fetch(`${local.server.url}/storage/v1/object/upload/sign/evidence/${path}?token=${token}`, { method: 'PUT', headers: { 'content-type': type }, body: bytes })
    const prepare = (a: Account, name: string, size: number, type = 'application/pdf', item = ITEM, assessmentId = assessment) =>
      invoke(a, { action: 'prepare', assessmentId, itemId: item, name, size, type })

    // The whole way: prepare, upload to the signed URL, finalize.
    const p = await prepare(bob, 'Safeguarding policy.pdf', PDF.length)
    expect(p).toMatchObject({ status: 200, body: { success: true } })
    expect(p.body.path).toMatch(new RegExp(`^${alice.org}/${ITEM}/[0-9a-f-]{36}$`))
    expect((await put(p.body.path!, p.body.token!, PDF, 'application/pdf')).status).toBe(200)
    const f = await invoke(bob, { action: 'finalize', assessmentId: assessment, itemId: ITEM, path: p.body.path, name: 'Safeguarding policy.pdf' })
    expect(f).toMatchObject({ status: 200, body: { success: true, evidence: { kind: 'file', file_name: 'Safeguarding policy.pdf', file_size: PDF.length, content_type: 'application/pdf', created_by: bob.id, storage_path: p.body.path } } })
    // The file alone is evidence enough for a rating.
    const rated = await alice.sb.rpc('rate_item', { p_assessment_id: assessment, p_item_id: ITEM, p_rating: '3', p_expected_version: 0, p_evidence_category: 'processes', p_evidence: [] })
    expect(rated.error).toBeNull()
    // ... and is then the last evidence: it cannot be removed.
    const last = await bob.sb.from('assessment_evidence').delete().eq('id', f.body.evidence!.id as string).select('id')
    expect(last.error).toMatchObject({ hint: 'last_evidence', message: 'This file is the only evidence for the rating: add other evidence before removing it.' })

    // Wrong type by content (a text file called .pdf, declared as a PDF): refused at finalize, object removed.
    const before = await fingerprint(local.server.db, local.tables)
    const fake = new TextEncoder().encode('not a pdf at all')
    const q = await prepare(bob, 'fake.pdf', fake.length)
    expect((await put(q.body.path!, q.body.token!, fake, 'application/pdf')).status).toBe(200)
    const wrong = await invoke(bob, { action: 'finalize', assessmentId: assessment, itemId: ITEM, path: q.body.path, name: 'fake.pdf' })
    expect(wrong).toMatchObject({ status: 400, body: { code: 'wrong_type', error: 'Only PDFs, images (PNG, JPEG, GIF, WebP) and office documents can be attached; this file is none of those.' } })
    expect(await fingerprint(local.server.db, local.tables)).toBe(before)

    // Refused before any upload: empty, too large, a declared type we do not take, path tricks in the name,
    // another organisation's assessment, an item of another framework.
    expect(await prepare(bob, 'empty.pdf', 0)).toMatchObject({ status: 400, body: { code: 'empty', error: 'This file is empty: choose a file with something in it.' } })
    expect(await prepare(bob, 'big.pdf', 20 * 1024 * 1024 + 1)).toMatchObject({ status: 413, body: { code: 'too_large', error: 'This file is larger than 20 MB: choose a smaller file.' } })
    expect(await prepare(bob, 'x.exe', 10, 'application/x-msdownload')).toMatchObject({ status: 400, body: { code: 'wrong_type' } })
    for (const name of ['../../etc/passwd', '..', 'a/b.pdf', 'a\\b.pdf', '%2e%2e%2fa.pdf', '/abs.pdf']) {
      expect(await prepare(bob, name, 10)).toMatchObject({ status: 400, body: { code: 'bad_name' } })
    }
    expect((await prepare(bob, 'nul\u0000.pdf', 10)).status).toBe(400)
    expect(await prepare(eve, 'x.pdf', 10)).toMatchObject({ status: 404, body: { code: 'assessment_not_found' } })
    expect(await prepare(bob, 'x.pdf', 10, 'application/pdf', 'ofsted-eif-2025/quality-of-education/curriculum')).toMatchObject({ status: 400, body: { code: 'item_not_in_framework' } })
    // Eve cannot finalize into Alice's organisation, even naming a real upload.
    const r = await prepare(bob, 'second.pdf', PDF.length)
    expect((await put(r.body.path!, r.body.token!, PDF, 'application/pdf')).status).toBe(200)
    expect(await invoke(eve, { action: 'finalize', assessmentId: assessment, itemId: ITEM, path: r.body.path, name: 'second.pdf' })).toMatchObject({ status: 404 })
    // A finalize of a path never uploaded.
    expect(await invoke(bob, { action: 'finalize', assessmentId: assessment, itemId: ITEM, path: `${alice.org}/${ITEM}/${crypto.randomUUID()}`, name: 'x.pdf' })).toMatchObject({ status: 404, body: { code: 'upload_missing' } })
    expect(await local.server.db.query('select count(*)::int as n from public.assessment_evidence where kind = $1', ['file'])).toMatchObject({ rows: [{ n: 1 }] })

    // Removing a file: its row, then its object (a second file, so the rating keeps evidence).
    const second = await invoke(bob, { action: 'finalize', assessmentId: assessment, itemId: ITEM, path: r.body.path, name: 'second.pdf' })
    expect(second.status).toBe(200)
    const gone = await bob.sb.from('assessment_evidence').delete().eq('id', second.body.evidence!.id as string).select('storage_path')
    expect(gone).toMatchObject({ error: null, data: [{ storage_path: r.body.path }] })
    expect((await bob.sb.storage.from('evidence').remove([r.body.path!])).data).toHaveLength(1)
    // Eve cannot delete Alice's rows.
    const eveDelete = await eve.sb.from('assessment_evidence').delete().eq('id', f.body.evidence!.id as string).select('id')
    expect(eveDelete.data).toEqual([])
    expect(await objects()).toEqual([p.body.path])
  })
})
