/**
 * The team over HTTP (issue 28), as the browser will use it: the real supabase-js against the local server
 * (auth, /rest/v1 RPCs, the invite-member and resend-invitation edge functions on Deno, the outbox and the mail
 * catcher). Three people work in one organisation, a fourth is refused with a clear reason, a removed member
 * loses access at once (next request refused, refresh token revoked). Refused requests are checked to change
 * no row. The race for the last seat runs on the embedded PostgreSQL and on one reached by DATABASE_URL.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { type LocalSupabase, startLocalSupabase } from '../../supabase/local/index.ts'
import { client, GENEROUS_RATE_LIMITS, messagesTo, startPostgres, uniqueEmail } from './helpers.ts'
import { fingerprint, snapshot, suiteServer, tokenIn } from './team-helpers.ts'

const SITE = 'http://localhost:5173'

interface Account {
  sb: SupabaseClient
  id: string
  email: string
}

/** Signs up as the site does (sign-up, then complete-user-signup); the server confirms at once (autoconfirm). */
async function signUp(server: LocalSupabase, label: string, email = uniqueEmail(label.toLowerCase())): Promise<Account & { setup: unknown }> {
  const sb = client(server.url, server.anonKey)
  const { data, error } = await sb.auth.signUp({ email, password: 'correct-horse-1', options: { data: { first_name: label, last_name: 'Tester' } } })
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`)
  const setup = await sb.functions.invoke('complete-user-signup', {
    body: { userId: data.user!.id, email, userData: { first_name: label, company_name: `${label} Care`, staff_count: 5 } },
  })
  return { sb, id: data.user!.id, email, setup: setup.data }
}

interface FunctionReply {
  status: number
  body: { success: boolean; error?: string; code?: string; retryAfter?: number; invitation?: { id: string; status: string }; mail?: string }
}

/** Calls an edge function with fetch (supabase-js turns a 4xx into an error object without its status code). */
async function fn(server: LocalSupabase, name: string, body: unknown, token: string): Promise<FunctionReply> {
  const res = await fetch(`${server.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: server.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as FunctionReply['body'] }
}

const accessToken = async (a: Account) => (await a.sb.auth.getSession()).data.session!.access_token

// Each test makes many requests in a row (sign-ups, the functions on Deno): time enough on a busy 2-core machine.
describe('the team over HTTP (the embedded PostgreSQL)', { timeout: 120_000 }, () => {
  const local = suiteServer({ siteUrl: SITE })

  /** The request must be refused with this status and code, and change no row. */
  async function refused(request: () => Promise<FunctionReply>, status: number, code: string) {
    const before = await fingerprint(local.server.db, local.tables)
    const reply = await request()
    expect(reply, JSON.stringify(reply.body)).toMatchObject({ status, body: { success: false, code } })
    expect(await fingerprint(local.server.db, local.tables)).toBe(before)
    return reply
  }

  it('three people work together, a fourth is refused with a clear reason, a removed member loses access at once', async () => {
    const alice = await signUp(local.server, 'Alice')
    expect(alice.setup).toEqual({ success: true })
    const bobEmail = uniqueEmail('bob')
    const carolEmail = uniqueEmail('carol')

    for (const email of [bobEmail, carolEmail]) {
      const reply = await fn(local.server, 'invite-member', { email, role: 'member' }, await accessToken(alice))
      expect(reply).toMatchObject({ status: 200, body: { success: true, mail: 'sent', invitation: { status: 'pending' } } })
    }
    const daveEmail = uniqueEmail('dave')
    const fourth = await refused(async () => fn(local.server, 'invite-member', { email: daveEmail }, await accessToken(alice)), 402, 'seat_limit_reached')
    expect(fourth.body.error).toMatch(/All 3 seats of the free plan are taken .*We'll enable the paid plan for eligible accounts\./)

    // The e-mails: from the outbox to the mail catcher, a link to the site's /invite page; then no token stays in the database.
    const [bobMail] = await messagesTo(local.server.mailUrl, bobEmail)
    expect(bobMail!.subject).toMatch(/^Alice Tester invited you to join Alice Care on InspectReady$/)
    expect(bobMail!.links.some((l) => l.startsWith(`${SITE}/invite?token=`))).toBe(true)
    const bobToken = tokenIn(bobMail!.text)
    const carolToken = tokenIn((await messagesTo(local.server.mailUrl, carolEmail))[0]!.text)
    const dbText = await snapshot(local.server.db, local.tables)
    expect(dbText).not.toContain(bobToken)
    expect(dbText).not.toContain(carolToken)

    // Signed out, the /invite page can say who invited whom to what.
    const anon = client(local.server.url, local.server.anonKey)
    expect((await anon.rpc('get_invitation', { p_token: bobToken })).data).toMatchObject({ status: 'pending', email: bobEmail, organisation_name: 'Alice Care', invited_by_name: 'Alice Tester' })

    // Bob signs up (work-email rules apply as ever) and gets no organisation of his own; he joins by accepting.
    const bob = await signUp(local.server, 'Bob', bobEmail)
    expect(bob.setup).toEqual({ success: true, invitationPending: true })
    expect((await bob.sb.rpc('accept_invitation', { p_token: bobToken })).data).toMatchObject({ organisation_name: 'Alice Care', role: 'member' })
    const carol = await signUp(local.server, 'Carol', carolEmail)
    expect((await carol.sb.rpc('accept_invitation', { p_token: carolToken })).error).toBeNull()

    const team = await alice.sb.rpc('get_team')
    expect(team.data.members.map((m: { email: string }) => m.email)).toEqual([alice.email, bobEmail, carolEmail])
    expect(team.data.seats).toEqual({ limit: 3, used: 3, available: 0 })
    expect((await bob.sb.from('organisations').select('name')).data).toEqual([{ name: 'Alice Care' }])
    await refused(async () => fn(local.server, 'invite-member', { email: daveEmail }, await accessToken(alice)), 402, 'seat_limit_reached')
    // A member may not invite, nor remove anyone.
    await refused(async () => fn(local.server, 'invite-member', { email: daveEmail }, await accessToken(bob)), 403, 'not_admin')
    const byBob = await bob.sb.rpc('remove_member', { p_user_id: carol.id })
    expect({ status: byBob.status, code: byBob.error?.code, hint: byBob.error?.hint }).toEqual({ status: 403, code: 'PT403', hint: 'not_admin' })

    // Alice removes Carol: Carol's next request with the access token she still holds is refused, and her
    // refresh token no longer works.
    const { data: carolSession } = await carol.sb.auth.getSession()
    expect((await alice.sb.rpc('remove_member', { p_user_id: carol.id })).data).toMatchObject({ removed: true, sessions_revoked: 1 })
    const next = await carol.sb.rpc('get_team')
    expect({ status: next.status, hint: next.error?.hint }).toEqual({ status: 403, hint: 'not_member' })
    expect((await carol.sb.from('organisations').select('*')).data).toEqual([])
    expect((await carol.sb.from('memberships').select('*')).data).toEqual([])
    // The auth server no longer knows her session (403 session_not_found, which supabase-js reports so).
    const user = await carol.sb.auth.getUser()
    expect(user.data.user).toBeNull()
    expect(user.error?.name).toBe('AuthSessionMissingError')
    const refresh = await client(local.server.url, local.server.anonKey).auth.refreshSession({ refresh_token: carolSession.session!.refresh_token })
    expect(refresh.error?.code).toBe('refresh_token_not_found')
    // Carol's seat is free again.
    expect((await fn(local.server, 'invite-member', { email: daveEmail }, await accessToken(alice))).status).toBe(200)
  })

  it('the functions refuse a signed-out caller, a bad body, a consumer address, and spam with 429', async () => {
    const admin = await signUp(local.server, 'Spam')
    await local.server.db.query(`update public.organisations set plan = 'bos' where id = (select organisation_id from public.memberships where user_id = $1)`, [admin.id])
    const token = await accessToken(admin)
    await refused(() => fn(local.server, 'invite-member', { email: uniqueEmail('x') }, local.server.anonKey), 401, 'not_authenticated')
    await refused(() => fn(local.server, 'invite-member', {}, token), 400, 'invalid_payload')
    await refused(() => fn(local.server, 'invite-member', { email: uniqueEmail('x'), role: 'owner' }, token), 400, 'invalid_payload')
    const consumer = await refused(() => fn(local.server, 'invite-member', { email: 'colleague@gmail.com' }, token), 400, 'consumer_email_domain')
    expect(consumer.body.error).toMatch(/work e-mail/)
    await refused(() => fn(local.server, 'resend-invitation', { invitationId: crypto.randomUUID() }, token), 404, 'invitation_not_found')
    // An organisation may send 20 invitation e-mails an hour (bos: no seat limit stops it first). The first 19 are
    // sent the way the function sends them, straight to the SQL function; the 20th and 21st through HTTP.
    for (let i = 0; i < 19; i++) {
      await local.server.db.query("select public.invite_member($1, $2, 'member', 'http://localhost:5173', 'x@localhost')", [admin.id, uniqueEmail(`bulk${i}`)])
    }
    expect((await fn(local.server, 'invite-member', { email: uniqueEmail('twentieth') }, token)).status).toBe(200)
    const spam = await refused(() => fn(local.server, 'invite-member', { email: uniqueEmail('one-too-many') }, token), 429, 'invitation_rate_limited')
    expect(spam.body.error).toMatch(/20 invitation e-mails in the last hour/)
  })

  it('resend: a new working link by e-mail, the old one dead; not twice within a minute', async () => {
    const admin = await signUp(local.server, 'Resend')
    const token = await accessToken(admin)
    const email = uniqueEmail('resent')
    const first = await fn(local.server, 'invite-member', { email }, token)
    const tooSoon = await refused(() => fn(local.server, 'resend-invitation', { invitationId: first.body.invitation!.id }, token), 429, 'invitation_resend_too_soon')
    expect(tooSoon.body.retryAfter).toBeGreaterThan(50)
    await local.server.db.query("update public.invitations set last_sent_at = now() - interval '2 minutes' where id = $1", [first.body.invitation!.id])
    expect((await fn(local.server, 'resend-invitation', { invitationId: first.body.invitation!.id }, token)).status).toBe(200)
    const mails = await messagesTo(local.server.mailUrl, email)
    expect(mails).toHaveLength(2)
    const [newest, oldest] = mails.map((m) => tokenIn(m.text))
    const anon = client(local.server.url, local.server.anonKey)
    expect((await anon.rpc('get_invitation', { p_token: newest })).data.status).toBe('pending')
    const old = await anon.rpc('get_invitation', { p_token: oldest })
    expect({ status: old.status, hint: old.error?.hint }).toEqual({ status: 404, hint: 'invitation_not_found' })
  })

  it('accepting over HTTP: wrong account 403, replay 410 used, expiry 410 expired, a guess 404; each changes nothing', async () => {
    const admin = await signUp(local.server, 'Accept')
    const token = await accessToken(admin)
    const erinEmail = uniqueEmail('erin')
    await fn(local.server, 'invite-member', { email: erinEmail }, token)
    const erinToken = tokenIn((await messagesTo(local.server.mailUrl, erinEmail))[0]!.text)
    const mallory = await signUp(local.server, 'Mallory')
    const status = async (sb: SupabaseClient, args: Record<string, unknown>) => {
      const before = await fingerprint(local.server.db, local.tables)
      const r = await sb.rpc('accept_invitation', args)
      expect(await fingerprint(local.server.db, local.tables)).toBe(before)
      return { status: r.status, hint: r.error?.hint, message: r.error?.message }
    }
    expect(await status(mallory.sb, { p_token: erinToken })).toMatchObject({ status: 403, hint: 'invitation_wrong_account', message: expect.stringContaining(`This invitation is for ${erinEmail}, but you are signed in as ${mallory.email}.`) })
    expect(await status(mallory.sb, { p_token: 'f'.repeat(64) })).toMatchObject({ status: 404, hint: 'invitation_not_found' })
    expect(await status(client(local.server.url, local.server.anonKey), { p_token: erinToken })).toMatchObject({ status: 401 })
    const erin = await signUp(local.server, 'Erin', erinEmail)
    expect((await erin.sb.rpc('accept_invitation', { p_token: erinToken })).error).toBeNull()
    expect(await status(mallory.sb, { p_token: erinToken })).toMatchObject({ status: 410, hint: 'invitation_used' })

    const frankEmail = uniqueEmail('frank')
    const invited = await fn(local.server, 'invite-member', { email: frankEmail }, token)
    await local.server.db.query("update public.invitations set expires_at = now() - interval '1 second' where id = $1", [invited.body.invitation!.id])
    const frank = await signUp(local.server, 'Frank', frankEmail)
    expect(frank.setup).toEqual({ success: true }) // the invitation had expired: he got an organisation of his own
    expect(await status(frank.sb, { p_token: tokenIn((await messagesTo(local.server.mailUrl, frankEmail))[0]!.text) })).toMatchObject({ status: 410, hint: 'invitation_expired' })
  })

  it('the race for the last seat: ten concurrent invitations, one accepted', async () => {
    await raceForLastSeat(local.server)
  })
})

/** Ten admins' browsers at once (ten concurrent calls of invite-member) for the last free seat. */
async function raceForLastSeat(server: LocalSupabase) {
  const admin = await signUp(server, 'Race')
  const token = await accessToken(admin)
  expect((await fn(server, 'invite-member', { email: uniqueEmail('first') }, token)).status).toBe(200)
  const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => fn(server, 'invite-member', { email: uniqueEmail(`race${i}`) }, token)))
  expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(402)])
  const team = await admin.sb.rpc('get_team')
  expect(team.data.seats).toEqual({ limit: 3, used: 3, available: 0 })
  expect(team.data.invitations).toHaveLength(2)
}

describe('the race for the last seat over HTTP', { timeout: 180_000 }, () => {
  it('on PostgreSQL 15 (the local server on a real cluster): ten concurrent invitations, one accepted', async () => {
    const pg = await startPostgres()
    const server = await startLocalSupabase({ port: 0, mailPort: 0, databaseUrl: pg.url, autoconfirm: true, rateLimits: GENEROUS_RATE_LIMITS })
    try {
      await raceForLastSeat(server)
    } finally {
      await server.stop()
      await pg.stop()
    }
  }) // a PostgreSQL cluster and a server of its own: slow to start on a busy machine
})
