/**
 * The team (issue 28) in SQL, on the embedded PostgreSQL 15: invitations and their tokens, seats (with
 * real concurrency on PostgreSQL), accepting, roles, removal, leaving, the last-admin rule and sign-up with a
 * pending invitation. Every refused request is checked to have changed no row (snapshot before and after).
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Queryable } from '../../supabase/local/db.ts'
import {
  addMember, asCaller, call, ENGINES, errorOf, FROM, invite, organisation, type Person, person, SITE,
  sessionFor, snapshot, type SqlError, suiteDatabase,
} from './team-helpers.ts'

for (const engine of ENGINES) {
  describe(`team on ${engine.name}`, () => {
    const pg = suiteDatabase(engine)
    const refused = pg.refused

    async function team(admin: Person, plan: 'free' | 'bos' = 'free') {
      const org = await organisation(pg.db, admin, { plan })
      return org
    }

    const membersOf = async (org: string) =>
      (await pg.db.query<{ user_id: string; role: string }>('select user_id, role from public.memberships where organisation_id = $1 order by created_at', [org])).rows

    it('the person who sets up an organisation is its admin, and public.users mirrors the membership', async () => {
      const admin = await person(pg.db)
      const org = await team(admin)
      expect(await membersOf(org)).toEqual([{ user_id: admin.id, role: 'admin' }])
      const row = await pg.db.query('select organisation_id, access_role from public.users where id = $1', [admin.id])
      expect(row.rows[0]).toEqual({ organisation_id: org, access_role: 'admin' })
      // A signed-in user still cannot write the mirror columns (column grants), and a member's role follows.
      const e = await errorOf(asCaller(pg.db, 'authenticated', admin.id, (tx) => tx.query("update public.users set access_role = 'member' where id = $1", [admin.id])))
      expect(e.code).toBe('42501')
    })

    it('invites a work address: the invitation, the hash of its token (never the token) and its outbox e-mail', async () => {
      const admin = await person(pg.db, { first: 'Alice' })
      const org = await team(admin)
      const invited = await invite(pg.db, admin, '  Bob.Smith@Acme-Care.co.uk ')
      expect(invited.invitation).toMatchObject({ email: 'bob.smith@acme-care.co.uk', role: 'member', status: 'pending' })
      expect(invited.mail).toMatchObject({ to_address: 'bob.smith@acme-care.co.uk', reply_to: admin.email })
      expect(invited.mail.subject).toBe(`Alice Tester invited you to join ${(await pg.db.query<{ name: string }>('select name from public.organisations where id = $1', [org])).rows[0]!.name} on InspectReady`)
      expect(invited.mail.text_body).toContain(`${SITE}/invite?token=${invited.token}`)
      const expires = new Date(invited.invitation.expires_at).getTime() - Date.now()
      expect(expires).toBeGreaterThan(7 * 86400_000 - 60_000)
      expect(expires).toBeLessThanOrEqual(7 * 86400_000)
      const hash = (await pg.db.query<{ h: string }>('select token_hash as h from private.invitation_tokens where invitation_id = $1', [invited.invitation.id])).rows[0]!.h
      expect(hash).toMatch(/^[0-9a-f]{64}$/)
      expect(hash).not.toBe(invited.token)
      // Once delivered, the outbox copy loses the token: the database then holds it nowhere.
      await asCaller(pg.db, 'service_role', null, (tx) => tx.query('select public.mark_outbox_result($1, true)', [invited.mail.id]))
      expect(await snapshot(pg.db, pg.tables)).not.toContain(invited.token)
      const body = (await pg.db.query<{ b: string }>('select text_body as b from public.mail_outbox where id = $1', [invited.mail.id])).rows[0]!.b
      expect(body).toContain('/invite?token=[removed after delivery]')
    })

    it('an undelivered invitation e-mail is retried from the outbox, keeping its link until it is given up (5 attempts)', async () => {
      const admin = await person(pg.db)
      await team(admin)
      const inv = await invite(pg.db, admin, 'retry@acme-care.co.uk')
      const service = <T>(sql: string, params: unknown[]) => asCaller(pg.db, 'service_role', null, (tx) => tx.query<T>(sql, params))
      const outbox = async () =>
        (await pg.db.query<{ status: string; attempts: number; text_body: string }>('select status, attempts, text_body from public.mail_outbox where id = $1', [inv.mail.id])).rows[0]!
      await service('select public.mark_outbox_result($1, false, $2)', [inv.mail.id, 'mail API replied 503'])
      expect(await outbox()).toMatchObject({ status: 'failed', attempts: 1 })
      expect((await outbox()).text_body).toContain(inv.token) // still needed for the retry
      await pg.db.query("update public.mail_outbox set created_at = now() - interval '2 minutes' where id = $1", [inv.mail.id])
      const claimed = await service<{ id: string; text_body: string }>('select id, text_body from public.claim_outbox_retries(20)', [])
      expect(claimed.rows.find((r) => r.id === inv.mail.id)?.text_body).toContain(`/invite?token=${inv.token}`)
      for (let i = 0; i < 4; i++) await service('select public.mark_outbox_result($1, false, $2)', [inv.mail.id, 'mail API replied 503'])
      expect(await outbox()).toMatchObject({ status: 'failed', attempts: 5 })
      expect((await outbox()).text_body).not.toContain(inv.token)
      await pg.db.query('update public.mail_outbox set claimed_until = null where id = $1', [inv.mail.id])
      const again = await service<{ id: string }>('select id from public.claim_outbox_retries(20)', [])
      expect(again.rows.map((r) => r.id)).not.toContain(inv.mail.id)
    })

    it('refuses bad invitations with a clear reason and writes nothing', async () => {
      const admin = await person(pg.db)
      const org = await team(admin)
      const member = await person(pg.db)
      await addMember(pg.db, org, member)
      const loner = await person(pg.db)
      const serviceInvite = (actor: Person, email: string, role = 'member', site = SITE) =>
        asCaller(pg.db, 'service_role', null, (tx) => tx.query('select public.invite_member($1, $2, $3, $4, $5)', [actor.id, email, role, site, FROM]))
      for (const domain of ['gmail.com', 'GMAIL.COM', 'yahoo.co.uk', 'proton.me', 'hotmail.co.uk']) {
        const e = await refused(() => serviceInvite(admin, `someone@${domain}`), '22023', 'consumer_email_domain')
        expect(e.message).toMatch(/work e-mail/)
      }
      for (const bad of ['', 'not-an-address', 'a@b', 'two@@acme.co.uk', 'sp ace@acme.co.uk', `${'x'.repeat(320)}@acme.co.uk`]) {
        await refused(() => serviceInvite(admin, bad), '22023', 'invalid_email')
      }
      await refused(() => serviceInvite(admin, 'ok@acme-care.co.uk', 'owner'), '22023', 'invalid_role')
      await refused(() => serviceInvite(admin, 'ok@acme-care.co.uk', 'member', 'https://evil.example/phish?'), '22023', 'invalid_site_url')
      await refused(() => serviceInvite(member, 'ok@acme-care.co.uk'), 'PT403', 'not_admin')
      await refused(() => serviceInvite(loner, 'ok@acme-care.co.uk'), 'PT403', 'not_member')
      await refused(() => serviceInvite(admin, admin.email.toUpperCase()), 'PT409', 'already_member')
      await refused(() => serviceInvite(admin, member.email), 'PT409', 'already_member')
      await invite(pg.db, admin, 'twice@acme-care.co.uk')
      await refused(() => serviceInvite(admin, 'TWICE@acme-care.co.uk'), 'PT409', 'already_invited')
      // Only the service role (the edge function) may call it: not a signed-in admin, not anon.
      for (const [role, sub] of [['authenticated', admin.id], ['anon', null]] as const) {
        await refused(() => asCaller(pg.db, role, sub, (tx) => tx.query('select public.invite_member($1, $2, $3, $4, $5)', [admin.id, 'x@acme-care.co.uk', 'member', SITE, FROM])), '42501')
      }
    })

    it('the free plan has 3 seats, members plus pending invitations; revoking or expiry frees one; bos is unlimited', async () => {
      const admin = await person(pg.db)
      const org = await team(admin)
      const a = await invite(pg.db, admin, 'seat-a@acme-care.co.uk')
      await invite(pg.db, admin, 'seat-b@acme-care.co.uk')
      const e = await refused(() => invite(pg.db, admin, 'seat-c@acme-care.co.uk'), 'PT402', 'seat_limit_reached')
      expect(e.message).toContain("We'll enable the paid plan for eligible accounts.")
      expect(JSON.parse(e.detail!)).toEqual({ seats: 3, used: 3 })
      expect((await call(pg.db, 'authenticated', admin.id, 'revoke_invitation', [a.invitation.id])).status).toBe('revoked')
      const c = await invite(pg.db, admin, 'seat-c@acme-care.co.uk')
      // An expired invitation holds no seat; renewing it (resend) needs one again.
      await pg.db.query("update public.invitations set expires_at = now() - interval '1 second' where id = $1", [c.invitation.id])
      await invite(pg.db, admin, 'seat-d@acme-care.co.uk')
      await refused(
        () => asCaller(pg.db, 'service_role', null, (tx) => tx.query('select public.resend_invitation($1, $2, $3, $4, 1000, 0)', [admin.id, c.invitation.id, SITE, FROM])),
        'PT402', 'seat_limit_reached',
      )
      const seats = await call<{ seats: unknown }>(pg.db, 'authenticated', admin.id, 'get_team')
      expect(seats.seats).toEqual({ limit: 3, used: 3, available: 0 })
      // The paid plan: no limit.
      const boss = await person(pg.db)
      await team(boss, 'bos')
      for (let i = 0; i < 8; i++) await invite(pg.db, boss, `bos-${i}@acme-care.co.uk`)
      expect((await call<{ seats: unknown }>(pg.db, 'authenticated', boss.id, 'get_team')).seats).toEqual({ limit: null, used: 9, available: null })
      expect(org).toBeTruthy()
    })

    it('10 concurrent invitations for the last seat leave exactly one', async () => {
      const admin = await person(pg.db)
      const org = await team(admin)
      await invite(pg.db, admin, 'first@acme-care.co.uk')
      // Ten requests, each its own transaction. On PostgreSQL each connection first runs the whole invitation once
      // and rolls it back (so no connection is still compiling the functions while another finishes), and all ten
      // transactions are open before any invites (a barrier): they really race. Without the row lock this test
      // lets several through (checked by hand).
      const racers = 10
      let opened = 0
      let release: () => void = () => {}
      const allOpen = new Promise<void>((r) => {
        release = r
      })
      const attempt = (i: number) =>
        pg.db.transaction(async (tx: Queryable) => {
          await tx.query("select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{\"role\":\"service_role\"}', true)")
          if (pg.db.kind === 'postgres') {
            await tx.query('savepoint warm_up')
            await invite(pg.db, admin, `warm-${i}@acme-care.co.uk`, 'member', 1000, tx)
            await tx.query('rollback to savepoint warm_up')
            opened += 1
            if (opened === racers) release()
            await allOpen
          }
          return invite(pg.db, admin, `race-${i}@acme-care.co.uk`, 'member', 1000, tx)
        })
      const results = await Promise.allSettled(Array.from({ length: racers }, (_, i) => attempt(i)))
      const won = results.filter((r) => r.status === 'fulfilled')
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      expect(won).toHaveLength(1)
      expect(lost.map((r) => (r.reason as SqlError).hint)).toEqual(Array(racers - 1).fill('seat_limit_reached'))
      const pending = await pg.db.query<{ n: number }>(
        'select count(*)::int as n from public.invitations where organisation_id = $1 and accepted_at is null and revoked_at is null',
        [org],
      )
      expect(pending.rows[0]!.n).toBe(2)
      expect((await pg.db.query<{ n: number }>('select private.seats_used($1) as n', [org])).rows[0]!.n).toBe(3)
    })

    it('invitation spam is refused 429 past the hourly limit, counting resent e-mails, and writes nothing', async () => {
      const admin = await person(pg.db)
      await team(admin)
      const max = 4
      const first = await invite(pg.db, admin, 'spam-0@acme-care.co.uk', 'member', max)
      await call(pg.db, 'authenticated', admin.id, 'revoke_invitation', [first.invitation.id])
      const second = await invite(pg.db, admin, 'spam-1@acme-care.co.uk', 'member', max)
      await asCaller(pg.db, 'service_role', null, (tx) => tx.query('select public.resend_invitation($1, $2, $3, $4, $5, 0)', [admin.id, second.invitation.id, SITE, FROM, max]))
      await call(pg.db, 'authenticated', admin.id, 'revoke_invitation', [second.invitation.id])
      await invite(pg.db, admin, 'spam-2@acme-care.co.uk', 'member', max)
      const e = await refused(() => invite(pg.db, admin, 'spam-3@acme-care.co.uk', 'member', max), 'PT429', 'invitation_rate_limited')
      expect(e.message).toMatch(/4 invitation e-mails in the last hour/)
    })

    it('resend: a new link (the old one stops working), 7 more days, at most once a minute', async () => {
      const admin = await person(pg.db)
      await team(admin)
      const inv = await invite(pg.db, admin, 'resend@acme-care.co.uk')
      const resend = (minInterval: number) =>
        asCaller(pg.db, 'service_role', null, (tx) =>
          tx.query<{ r: { invitation: { send_count: number }; mail: { text_body: string } } }>('select public.resend_invitation($1, $2, $3, $4, 1000, $5) as r', [admin.id, inv.invitation.id, SITE, FROM, minInterval]),
        )
      const soon = await refused(() => resend(60), 'PT429', 'invitation_resend_too_soon')
      expect(JSON.parse(soon.detail!).retry_after).toBeGreaterThan(55)
      const again = (await resend(0)).rows[0]!.r
      expect(again.invitation.send_count).toBe(2)
      const newToken = /token=([0-9a-f]{64})/.exec(again.mail.text_body)![1]!
      expect(newToken).not.toBe(inv.token)
      await refused(() => call(pg.db, 'anon', null, 'get_invitation', [inv.token]), 'PT404', 'invitation_not_found')
      expect((await call(pg.db, 'anon', null, 'get_invitation', [newToken])).status).toBe('pending')
    })

    it('accepting: the invited address joins with the invited role; a retry by the same person is a success', async () => {
      const admin = await person(pg.db, { first: 'Alice' })
      const org = await team(admin)
      const bob = await person(pg.db, { email: `bob-${Date.now()}@acme-care.co.uk` })
      const inv = await invite(pg.db, admin, bob.email, 'admin')
      // What the /invite page shows before sign-in (anon).
      expect(await call(pg.db, 'anon', null, 'get_invitation', [inv.token])).toMatchObject({
        status: 'pending', email: bob.email, role: 'admin', invited_by_name: 'Alice Tester',
      })
      const joined = await call(pg.db, 'authenticated', bob.id, 'accept_invitation', [inv.token])
      expect(joined).toMatchObject({ organisation_id: org, role: 'admin' })
      expect(await membersOf(org)).toContainEqual({ user_id: bob.id, role: 'admin' })
      expect((await pg.db.query('select organisation_id, access_role from public.users where id = $1', [bob.id])).rows[0]).toEqual({ organisation_id: org, access_role: 'admin' })
      expect(await call(pg.db, 'authenticated', bob.id, 'accept_invitation', [inv.token])).toMatchObject({ organisation_id: org, already_accepted: true })
      expect((await call(pg.db, 'anon', null, 'get_invitation', [inv.token])).status).toBe('accepted')
      // The team as both see it.
      const seen = await call<{ members: { email: string }[]; me: { role: string } }>(pg.db, 'authenticated', bob.id, 'get_team')
      expect(seen.members.map((m) => m.email)).toEqual([admin.email, bob.email])
      expect(seen.me.role).toBe('admin')
    })

    it('token guessing, replay, expiry, revocation and the wrong account each answer what happened, and change nothing', async () => {
      const admin = await person(pg.db)
      await team(admin)
      const carol = await person(pg.db)
      const inv = await invite(pg.db, admin, carol.email)
      const hash = (await pg.db.query<{ h: string }>('select token_hash as h from private.invitation_tokens where invitation_id = $1', [inv.invitation.id])).rows[0]!.h
      const guesses = [
        randomBytes(32).toString('hex'), inv.token.toUpperCase(), `${inv.token}0`, inv.token.slice(0, 63), hash, '', ' ',
        `${inv.token.slice(0, 63)}${inv.token[63] === '0' ? '1' : '0'}`, "' or 1=1 --", inv.invitation.id,
      ]
      const messages = new Set<string>()
      for (const guess of guesses) {
        messages.add((await refused(() => call(pg.db, 'anon', null, 'get_invitation', [guess]), 'PT404', 'invitation_not_found')).message)
        messages.add((await refused(() => call(pg.db, 'authenticated', carol.id, 'accept_invitation', [guess]), 'PT404', 'invitation_not_found')).message)
      }
      expect(messages.size).toBe(1) // one answer whatever was wrong: nothing to learn from it
      await refused(() => call(pg.db, 'anon', null, 'accept_invitation', [inv.token]), '42501')

      const dave = await person(pg.db)
      const wrong = await refused(() => call(pg.db, 'authenticated', dave.id, 'accept_invitation', [inv.token]), 'PT403', 'invitation_wrong_account')
      expect(wrong.message).toBe(`This invitation is for ${carol.email}, but you are signed in as ${dave.email}. Sign out, then sign in or sign up as ${carol.email}.`)

      const unconfirmed = await person(pg.db, { confirmed: false })
      const inv2 = await invite(pg.db, admin, unconfirmed.email)
      await refused(() => call(pg.db, 'authenticated', unconfirmed.id, 'accept_invitation', [inv2.token]), 'PT403', 'email_not_confirmed')

      await pg.db.query("update public.invitations set expires_at = now() - interval '1 minute' where id = $1", [inv.invitation.id])
      expect((await call(pg.db, 'anon', null, 'get_invitation', [inv.token])).status).toBe('expired')
      expect((await refused(() => call(pg.db, 'authenticated', carol.id, 'accept_invitation', [inv.token]), 'PT410', 'invitation_expired')).message).toMatch(/expired on .* Ask an admin of/)

      await call(pg.db, 'authenticated', admin.id, 'revoke_invitation', [inv2.invitation.id])
      expect((await refused(() => call(pg.db, 'authenticated', unconfirmed.id, 'accept_invitation', [inv2.token]), 'PT410', 'invitation_revoked')).message).toMatch(/was withdrawn/)

      const erin = await person(pg.db)
      const inv3 = await invite(pg.db, admin, erin.email)
      await call(pg.db, 'authenticated', erin.id, 'accept_invitation', [inv3.token])
      // Replayed by someone else: used (said before anything about the account).
      expect((await refused(() => call(pg.db, 'authenticated', dave.id, 'accept_invitation', [inv3.token]), 'PT410', 'invitation_used')).message).toMatch(/already been used/)
      // An accepted invitation cannot be revoked; a revoked one cannot be resent.
      await refused(() => call(pg.db, 'authenticated', admin.id, 'revoke_invitation', [inv3.invitation.id]), 'PT409', 'invitation_used')
      await refused(
        () => asCaller(pg.db, 'service_role', null, (tx) => tx.query('select public.resend_invitation($1, $2, $3, $4, 1000, 0)', [admin.id, inv2.invitation.id, SITE, FROM])),
        'PT409', 'invitation_revoked',
      )
    })

    it('a person in another organisation is refused, or moves when they choose to; the last admin cannot move away', async () => {
      const adminA = await person(pg.db)
      const orgA = await team(adminA)
      const soloAdmin = await person(pg.db)
      const orgSolo = await team(soloAdmin)
      const pendingOfSolo = await invite(pg.db, soloAdmin, 'left-behind@acme-care.co.uk')
      const inv = await invite(pg.db, adminA, soloAdmin.email)
      const e = await refused(() => call(pg.db, 'authenticated', soloAdmin.id, 'accept_invitation', [inv.token]), 'PT409', 'already_in_organisation')
      expect(JSON.parse(e.detail!)).toMatchObject({ sole_member: true })
      await call(pg.db, 'authenticated', soloAdmin.id, 'accept_invitation', [inv.token, true])
      expect(await membersOf(orgA)).toContainEqual({ user_id: soloAdmin.id, role: 'member' })
      // The organisation left behind keeps its data, has nobody, and invites nobody any more.
      expect(await membersOf(orgSolo)).toEqual([])
      expect((await call(pg.db, 'anon', null, 'get_invitation', [pendingOfSolo.token])).status).toBe('revoked')

      // An admin with colleagues and no other admin cannot move away (409 last_admin); nothing changes.
      const adminB = await person(pg.db)
      const orgB = await team(adminB)
      await addMember(pg.db, orgB, await person(pg.db))
      const invB = await invite(pg.db, adminA, adminB.email)
      await refused(() => call(pg.db, 'authenticated', adminB.id, 'accept_invitation', [invB.token, true]), 'PT409', 'last_admin')
    })

    it('roles: an admin changes a role; the last admin cannot be demoted; members and outsiders cannot', async () => {
      const admin = await person(pg.db)
      const org = await team(admin)
      const member = await person(pg.db)
      await addMember(pg.db, org, member)
      const outsider = await person(pg.db)
      await team(outsider)
      await refused(() => call(pg.db, 'authenticated', admin.id, 'set_member_role', [admin.id, 'member']), 'PT409', 'last_admin')
      await refused(() => call(pg.db, 'authenticated', member.id, 'set_member_role', [member.id, 'admin']), 'PT403', 'not_admin')
      await refused(() => call(pg.db, 'authenticated', outsider.id, 'set_member_role', [member.id, 'admin']), 'PT404', 'member_not_found')
      await refused(() => call(pg.db, 'authenticated', admin.id, 'set_member_role', [member.id, 'owner']), '22023', 'invalid_role')
      await refused(() => call(pg.db, 'anon', null, 'set_member_role', [member.id, 'admin']), '42501')
      expect(await call(pg.db, 'authenticated', admin.id, 'set_member_role', [member.id, 'admin'])).toEqual({ user_id: member.id, role: 'admin' })
      expect((await pg.db.query('select access_role from public.users where id = $1', [member.id])).rows[0]).toEqual({ access_role: 'admin' })
      // Now two admins: one may step down, the other then may not.
      await call(pg.db, 'authenticated', admin.id, 'set_member_role', [admin.id, 'member'])
      await refused(() => call(pg.db, 'authenticated', member.id, 'set_member_role', [member.id, 'member']), 'PT409', 'last_admin')
    })

    it('two admins demoting each other at once: the first wins, the second is no longer an admin, one admin is left', async () => {
      const a = await person(pg.db)
      const org = await team(a)
      const b = await person(pg.db)
      await addMember(pg.db, org, b, 'admin')
      let opened = 0
      let release: () => void = () => {}
      const both = new Promise<void>((r) => {
        release = r
      })
      const demote = (me: Person, other: Person) =>
        asCaller(pg.db, 'authenticated', me.id, async (tx) => {
          if (pg.db.kind === 'postgres') {
            // As above: each connection runs the demotion once and rolls it back, then both wait for each other.
            await tx.query('savepoint warm_up')
            await tx.query('select public.set_member_role($1, $2)', [other.id, 'member'])
            await tx.query('rollback to savepoint warm_up')
            opened += 1
            if (opened === 2) release()
            await both
          }
          return tx.query('select public.set_member_role($1, $2)', [other.id, 'member'])
        })
      const results = await Promise.allSettled([demote(a, b), demote(b, a)])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      // The second request waited for the first's lock, then read its own role again: no longer an admin.
      expect(((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as SqlError).hint).toBe('not_admin')
      expect((await membersOf(org)).filter((m) => m.role === 'admin')).toHaveLength(1)
    })

    it('removing a member ends their access at once: membership, the organisation, and every session and refresh token', async () => {
      const admin = await person(pg.db)
      const org = await team(admin)
      const member = await person(pg.db)
      await addMember(pg.db, org, member)
      await sessionFor(pg.db, member)
      await sessionFor(pg.db, member)
      const adminSession = await sessionFor(pg.db, admin)
      const outsider = await person(pg.db)
      await team(outsider)
      await refused(() => call(pg.db, 'authenticated', member.id, 'remove_member', [admin.id]), 'PT403', 'not_admin')
      await refused(() => call(pg.db, 'authenticated', outsider.id, 'remove_member', [member.id]), 'PT404', 'member_not_found')
      await refused(() => call(pg.db, 'authenticated', admin.id, 'remove_member', [admin.id]), '22023', 'cannot_remove_self')
      expect((await asCaller(pg.db, 'authenticated', member.id, (tx) => tx.query('select id from public.organisations'))).rows).toEqual([{ id: org }])

      expect(await call(pg.db, 'authenticated', admin.id, 'remove_member', [member.id])).toEqual({ user_id: member.id, removed: true, sessions_revoked: 2 })
      expect((await pg.db.query('select 1 from auth.sessions where user_id = $1', [member.id])).rows).toEqual([])
      expect((await pg.db.query('select 1 from auth.refresh_tokens where user_id = $1', [member.id])).rows).toEqual([])
      expect((await pg.db.query('select 1 from auth.sessions where id = $1', [adminSession])).rows).toHaveLength(1)
      // Their very next request, with the access token they still hold: nothing of the organisation.
      await refused(() => call(pg.db, 'authenticated', member.id, 'get_team'), 'PT403', 'not_member')
      for (const table of ['organisations', 'memberships', 'invitations']) {
        expect((await asCaller(pg.db, 'authenticated', member.id, (tx) => tx.query(`select * from public.${table}`))).rows, table).toEqual([])
      }
      expect((await pg.db.query('select organisation_id, access_role from public.users where id = $1', [member.id])).rows[0]).toEqual({ organisation_id: null, access_role: null })
    })

    it('leaving: any member may leave; the last admin may not while others remain; a sole member may', async () => {
      const admin = await person(pg.db)
      const org = await team(admin)
      const member = await person(pg.db)
      await addMember(pg.db, org, member)
      await refused(() => call(pg.db, 'authenticated', admin.id, 'leave_organisation'), 'PT409', 'last_admin')
      expect(await call(pg.db, 'authenticated', member.id, 'leave_organisation')).toEqual({ organisation_id: org, left: true })
      await refused(() => call(pg.db, 'authenticated', member.id, 'leave_organisation'), 'PT403', 'not_member')
      const pending = await invite(pg.db, admin, 'after-leave@acme-care.co.uk')
      expect(await call(pg.db, 'authenticated', admin.id, 'leave_organisation')).toEqual({ organisation_id: org, left: true })
      expect(await membersOf(org)).toEqual([])
      expect((await call(pg.db, 'anon', null, 'get_invitation', [pending.token])).status).toBe('revoked')
    })

    it('a deleted account: the last admin with colleagues cannot be deleted; a sole member can, and its invitations close', async () => {
      const admin = await person(pg.db)
      const org = await team(admin)
      await addMember(pg.db, org, await person(pg.db))
      await refused(() => pg.db.query('delete from auth.users where id = $1', [admin.id]), 'PT409', 'last_admin')
      const solo = await person(pg.db)
      const soloOrg = await team(solo)
      const pending = await invite(pg.db, solo, 'never-joins@acme-care.co.uk')
      await pg.db.query('delete from auth.users where id = $1', [solo.id])
      expect(await membersOf(soloOrg)).toEqual([])
      expect((await call(pg.db, 'anon', null, 'get_invitation', [pending.token])).status).toBe('revoked')
    })

    it('sign-up with a pending invitation creates no organisation; the person joins by accepting', async () => {
      const admin = await person(pg.db)
      const org = await team(admin)
      const newcomer = `newcomer-${Date.now()}@acme-care.co.uk`
      const inv = await invite(pg.db, admin, newcomer)
      const bob = await person(pg.db, { email: newcomer })
      const setup = await asCaller(pg.db, 'service_role', null, (tx) =>
        tx.query<{ r: unknown }>('select public.complete_user_signup($1, $2, $3::jsonb) as r', [bob.id, newcomer, JSON.stringify({ company_name: 'Bob Care', staff_count: 3 })]),
      )
      expect(setup.rows[0]!.r).toEqual({ success: true, organisation_id: null, invitation_pending: true })
      expect((await pg.db.query('select 1 from public.organisations where created_by = $1', [bob.id])).rows).toEqual([])
      // The SSO dialog's call does not create one either.
      expect(await call(pg.db, 'authenticated', bob.id, 'update_self_profile_details', ['Bob Care', 'Unassigned', 3])).toEqual({ success: true, organisation_id: null, invitation_pending: true })
      // The invitations waiting for the confirmed address, without their tokens; accepting one by id.
      const mine = await call<{ id: string; organisation_name: string }[]>(pg.db, 'authenticated', bob.id, 'my_invitations')
      expect(mine.map((i) => i.id)).toEqual([inv.invitation.id])
      expect(JSON.stringify(mine)).not.toContain(inv.token)
      const stranger = await person(pg.db)
      await refused(() => call(pg.db, 'authenticated', stranger.id, 'accept_my_invitation', [inv.invitation.id]), 'PT404', 'invitation_not_found')
      expect(await call(pg.db, 'authenticated', bob.id, 'accept_my_invitation', [inv.invitation.id])).toMatchObject({ organisation_id: org, role: 'member' })
      // After joining, the same dialog only changes their own profile (a member cannot rename the organisation).
      const orgName = (await pg.db.query('select name from public.organisations where id = $1', [org])).rows[0]
      expect(await call(pg.db, 'authenticated', bob.id, 'update_self_profile_details', ['Renamed By Bob', 'Unassigned', 4])).toEqual({ success: true, organisation_id: org })
      expect((await pg.db.query('select name from public.organisations where id = $1', [org])).rows[0]).toEqual(orgName)
    })

    it('the invitee declines a pending invitation: it leaves their list and the team page, its link is withdrawn; nobody else may decline it', async () => {
      const admin = await person(pg.db)
      await team(admin)
      const other = await person(pg.db)
      const otherOrg = await team(other)
      const bob = await person(pg.db)
      const first = await invite(pg.db, admin, bob.email)
      const second = await invite(pg.db, other, bob.email)
      const mine = () => call<{ id: string }[]>(pg.db, 'authenticated', bob.id, 'my_invitations')
      expect((await mine()).map((i) => i.id)).toEqual([first.invitation.id, second.invitation.id])
      // Neither the admin who sent it nor a stranger may decline it for Bob.
      for (const who of [admin, await person(pg.db)]) {
        await refused(() => call(pg.db, 'authenticated', who.id, 'decline_my_invitation', [first.invitation.id]), 'PT404', 'invitation_not_found')
      }
      const left = await call<{ id: string }[]>(pg.db, 'authenticated', bob.id, 'decline_my_invitation', [first.invitation.id])
      expect(left.map((i) => i.id)).toEqual([second.invitation.id])
      expect(await mine()).toEqual(left)
      // Declining again (a retry after a lost reply) changes nothing; the link says withdrawn; the team page no longer lists it.
      expect(await call(pg.db, 'authenticated', bob.id, 'decline_my_invitation', [first.invitation.id])).toEqual(left)
      expect((await pg.db.query('select revoked_by from public.invitations where id = $1', [first.invitation.id])).rows).toEqual([{ revoked_by: bob.id }])
      expect((await call(pg.db, 'anon', null, 'get_invitation', [first.token])).status).toBe('revoked')
      await refused(() => call(pg.db, 'authenticated', bob.id, 'accept_my_invitation', [first.invitation.id]), 'PT410', 'invitation_revoked')
      const teamPage = await call<{ invitations: { id: string }[] }>(pg.db, 'authenticated', admin.id, 'get_team')
      expect(teamPage.invitations.map((i) => i.id)).not.toContain(first.invitation.id)
      // One accepted cannot be declined.
      await call(pg.db, 'authenticated', bob.id, 'accept_my_invitation', [second.invitation.id])
      await refused(() => call(pg.db, 'authenticated', bob.id, 'decline_my_invitation', [second.invitation.id]), 'PT410', 'invitation_used')
      expect((await pg.db.query('select organisation_id from public.memberships where user_id = $1', [bob.id])).rows).toEqual([{ organisation_id: otherOrg }])
    })

    it('organisation settings: an admin may change name, sector and staff count; a member may not; nobody the plan', async () => {
      const admin = await person(pg.db)
      const org = await team(admin)
      const member = await person(pg.db)
      await addMember(pg.db, org, member)
      const rename = (who: Person, name: string) =>
        asCaller(pg.db, 'authenticated', who.id, (tx) => tx.query<{ id: string }>('update public.organisations set name = $2 where id = $1 returning id', [org, name]))
      expect((await rename(member, 'By member')).rows).toEqual([])
      expect((await rename(admin, 'By admin')).rows).toEqual([{ id: org }])
      expect((await pg.db.query('select name from public.organisations where id = $1', [org])).rows[0]).toEqual({ name: 'By admin' })
      await refused(() => asCaller(pg.db, 'authenticated', admin.id, (tx) => tx.query("update public.organisations set plan = 'bos' where id = $1", [org])), '42501')
    })
  })
}
