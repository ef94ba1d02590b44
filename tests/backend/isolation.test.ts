/**
 * Issue 27: each request sees only its own role and claims. REST transactions (PostgREST, one per request) run
 * while the auth server writes (sign-ups, password sign-ins, refreshes: this server's own pool) and while this
 * server runs its own transactions, all at once; every REST call reports the role, user and claims it ran under,
 * and every own transaction checks that it runs as the database owner with no request claims. One database
 * session shared by everything (PGlite) would fail this: a query made during another client's open transaction
 * runs inside it (docs/backend.md, "The database").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalSupabase, startLocalSupabase } from '../../supabase/local/index.ts'
import { signJwt } from '../../supabase/local/keys.ts'
import { client, GENEROUS_RATE_LIMITS, uniqueEmail } from './helpers.ts'

let server: LocalSupabase

/** A function that reports who runs it, created after start-up: PostgREST must pick it up (schema cache reload). */
const PROBE = `
create function public.probe_identity(tag text) returns json
language plpgsql
as $$
begin
  -- Widen the window in which another session's work could leak in.
  perform pg_sleep(0.002);
  return json_build_object('user', current_user, 'sub', auth.uid(), 'role', auth.role(), 'tag', tag,
    'claim_tag', auth.jwt() ->> 'tag', 'session_user', session_user);
end
$$;
grant execute on function public.probe_identity(text) to anon, authenticated, service_role;
`

beforeAll(async () => {
  server = await startLocalSupabase({ port: 0, mailPort: 0, dataDir: 'memory', autoconfirm: true, rateLimits: GENEROUS_RATE_LIMITS })
  await server.db.exec(PROBE)
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

const rpc = (token: string, tag: string) =>
  fetch(`${server.url}/rest/v1/rpc/probe_identity`, {
    method: 'POST',
    headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tag }),
  })

describe('PostgREST and this server share the database, never a session', () => {
  it('serves a function created after start-up (the schema cache reloads on DDL)', async () => {
    let status = 0
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await rpc(server.anonKey, 'first')).status
      if (status !== 200) await new Promise((r) => setTimeout(r, 50))
    }
    expect(status).toBe(200)
  })

  it('under load, every REST call runs as its own role and claims, and every auth write and own transaction as the owner', async () => {
    // 8 signed-in users, each with a token carrying a tag claim of its own.
    const users = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const sb = client(server.url, server.anonKey)
        const { data, error } = await sb.auth.signUp({ email: uniqueEmail(`iso${i}`), password: 'correct-horse-1', options: { data: { company_name: `Iso ${i} Ltd`, staff_count: 2 } } })
        expect(error).toBeNull()
        const id = data.user!.id
        return { id, sb, token: await signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', tag: `user${i}` }, 600) }
      }),
    )
    const identities = [
      { token: await signJwt({ role: 'anon', tag: 'anon' }, 600), user: 'anon', sub: null, role: 'anon', claimTag: 'anon' },
      { token: await signJwt({ role: 'service_role', tag: 'service' }, 600), user: 'service_role', sub: null, role: 'service_role', claimTag: 'service' },
      ...users.map((u, i) => ({ token: u.token, user: 'authenticated', sub: u.id, role: 'authenticated', claimTag: `user${i}` })),
    ]

    const wrong: string[] = []
    const restCalls = Array.from({ length: 300 }, async (_, i) => {
      const who = identities[i % identities.length]!
      const res = await rpc(who.token, `r${i}`)
      const body = (await res.json()) as Record<string, unknown>
      if (res.status !== 200) return wrong.push(`rpc ${i} as ${who.claimTag}: ${res.status} ${JSON.stringify(body)}`)
      const expected = { user: who.user, sub: who.sub, role: who.role, tag: `r${i}`, claim_tag: who.claimTag, session_user: 'authenticator' }
      if (JSON.stringify(body) !== JSON.stringify(expected)) wrong.push(`rpc ${i}: ${JSON.stringify(body)} instead of ${JSON.stringify(expected)}`)
    })
    // Each user updates and reads back their own row: RLS lets it see that row only.
    const restWrites = users.flatMap((u, i) =>
      Array.from({ length: 5 }, async (_, k) => {
        const name = `Iso${i}-${k}`
        const { data, error } = await u.sb.from('users').update({ first_name: name }).eq('id', u.id).select('id,first_name')
        if (error || JSON.stringify(data) !== JSON.stringify([{ id: u.id, first_name: name }])) wrong.push(`update ${name}: ${JSON.stringify(error ?? data)}`)
        const read = await u.sb.from('users').select('id')
        if (JSON.stringify(read.data) !== JSON.stringify([{ id: u.id }])) wrong.push(`read by user${i}: ${JSON.stringify(read.error ?? read.data)}`)
      }),
    )
    // The auth server's own writes, at the same time: a session's role would break them (anon may not touch auth.*).
    const authWrites = Array.from({ length: 40 }, async (_, i) => {
      const sb = client(server.url, server.anonKey)
      const email = uniqueEmail(`isoauth${i}`)
      const up = await sb.auth.signUp({ email, password: 'correct-horse-1' })
      if (up.error) return wrong.push(`sign-up ${i}: ${up.error.message}`)
      const refreshed = await sb.auth.refreshSession()
      if (refreshed.error) wrong.push(`refresh ${i}: ${refreshed.error.message}`)
      const signedIn = await sb.auth.signInWithPassword({ email, password: 'correct-horse-1' })
      if (signedIn.error) wrong.push(`sign-in ${i}: ${signedIn.error.message}`)
    })
    // This server's own transactions: always the owner, never a request's claims.
    const ownTransactions = Array.from({ length: 100 }, (_, i) =>
      server.db.transaction(async (tx) => {
        await tx.query('insert into public.organisations (name, plan) values ($1, $2)', [`own-${i}`, 'free'])
        const r = await tx.query<{ u: string; claims: string }>("select current_user as u, coalesce(current_setting('request.jwt.claims', true), '') as claims")
        if (r.rows[0]?.u !== 'postgres' || r.rows[0]?.claims !== '') wrong.push(`own transaction ${i}: ${JSON.stringify(r.rows[0])}`)
      }),
    )
    await Promise.all([...restCalls, ...restWrites, ...authWrites, ...ownTransactions])
    expect(wrong).toEqual([])

    const orgs = await server.db.query<{ n: number }>("select count(*)::int as n from public.organisations where name like 'own-%'")
    expect(orgs.rows[0]?.n).toBe(100)
  }, 120_000)
})
