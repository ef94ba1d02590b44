/**
 * `npm run bench:backend`: figures for the local backend on the embedded PostgreSQL (or DATABASE_URL's server).
 * Cold start (fresh and existing data dir), p50/p95 of sign-up + confirm + code exchange for 200 users in
 * sequence, /rest/v1 latency (a table read and an RPC as a signed-in user, in sequence) and concurrency
 * (REST reads and RPCs of several users at once, each checked to see only its own row), 50 concurrent sign-ups
 * and 50 concurrent referrals with rows lost or duplicated, peak memory (this process, and the database's and
 * PostgREST's processes).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { type LocalSupabase, startLocalSupabase } from '../supabase/local/index.ts'
import type { MailMessage } from '../supabase/local/mail.ts'

const USERS = Number(process.env.BENCH_USERS ?? 200)
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 50)
const databaseUrl = process.env.DATABASE_URL || undefined

let peakRss = process.memoryUsage().rss
let peakServices = 0
/** The database's and PostgREST's own memory (Linux: proportional set size of each of their processes, so pages
 * PostgreSQL's processes share are counted once). 0 where they run in this process or elsewhere. */
let servicePids: number[] = []
function servicesPss(): number {
  let kb = 0
  const all = new Set(servicePids)
  try {
    for (const line of execFileSync('ps', ['-e', '-o', 'pid=,ppid=']).toString().trim().split('\n')) {
      const [pid, ppid] = line.trim().split(/\s+/).map(Number) as [number, number]
      if (all.has(ppid)) all.add(pid)
    }
  } catch {
    return 0
  }
  for (const pid of all) {
    try {
      kb += Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0)
    } catch {
      // exited
    }
  }
  return kb * 1024
}
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
}, 20)
const serviceSampler = setInterval(() => {
  if (servicePids.length) peakServices = Math.max(peakServices, servicesPss())
}, 500)

const rows: [string, string][] = []
const ms = (n: number) => `${n.toFixed(0)} ms`

function memoryStorage() {
  const map = new Map<string, string>()
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) }
}
const newClient = (s: LocalSupabase) =>
  createClient(s.url, s.anonKey, {
    auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage: memoryStorage() },
    realtime: { transport: WebSocket as never },
  })

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now()
  const v = await fn()
  return [v, performance.now() - t]
}

// The data dir itself (not a folder inside it): as root, PostgreSQL runs as an unprivileged user, which cannot
// enter a folder inside mkdtemp's private one.
const dir = mkdtempSync(join(tmpdir(), 'ir-bench-'))
try {
  // The auth rate limits would refuse a benchmark's burst of sign-ups from one address: lifted here.
  const generous = 1_000_000
  const rateLimits = { tokenRefresh: generous, passwordPerEmail: generous, signInSignUps: generous, tokenVerifications: generous, emailSent: generous }
  const common = { port: 0, mailPort: 0, databaseUrl, resendIntervalSeconds: 0, contactRateLimit: 5, rateLimits }
  const [fresh, freshMs] = await timed(() => startLocalSupabase({ ...common, dataDir: dir }))
  await fresh.stop()
  const [server, existingMs] = await timed(() => startLocalSupabase({ ...common, dataDir: dir }))
  rows.push([`cold start, fresh data dir${databaseUrl ? ' (PostgreSQL: fresh schema)' : ''}`, ms(freshMs)])
  rows.push(['cold start, existing data dir', ms(existingMs)])
  servicePids = [server.pids.postgres, server.pids.postgrest].filter((p): p is number => typeof p === 'number')

  const run = Date.now().toString(36)
  const site = 'http://localhost:5173'
  const meta = { first_name: 'Bench', last_name: 'User', company_name: 'Bench Care Ltd', phone_number: '07700900000', staff_count: 5, requested_plan: 'free', sector: 'care', signup_source: 'website', tenant_name: 'Bench Care Ltd' }

  const durations: number[] = []
  for (let i = 0; i < USERS; i++) {
    const email = `seq-${run}-${i}@bench-care.co.uk`
    const sb = newClient(server)
    const t = performance.now()
    const { error } = await sb.auth.signUp({ email, password: 'bench-password-1', options: { emailRedirectTo: `${site}/auth?type=signup`, data: meta } })
    if (error) throw error
    const mail = server.mail.list().find((m: MailMessage) => m.to.includes(email)) as MailMessage
    const res = await fetch(mail.links[0] as string, { redirect: 'manual' })
    const code = new URL(res.headers.get('location') as string).searchParams.get('code') as string
    const ex = await sb.auth.exchangeCodeForSession(code)
    if (ex.error || !ex.data.session) throw ex.error ?? new Error('no session')
    durations.push(performance.now() - t)
  }
  rows.push([`sign-up + confirm + exchange, ${USERS} users in sequence: p50`, ms(percentile(durations, 50))])
  rows.push([`sign-up + confirm + exchange, ${USERS} users in sequence: p95`, ms(percentile(durations, 95))])

  // /rest/v1 as the site calls it: a signed-in user's own profile row and the profile-status RPC.
  const restUsers: { id: string; token: string }[] = []
  for (let i = 0; i < 8; i++) {
    const sb = newClient(server)
    const { data, error } = await sb.auth.signUp({ email: `rest-${run}-${i}@bench-care.co.uk`, password: 'bench-password-1', options: { data: meta } })
    if (error) throw error
    await server.db.query('update auth.users set email_confirmed_at = now() where id = $1', [data.user!.id])
    const signedIn = await sb.auth.signInWithPassword({ email: `rest-${run}-${i}@bench-care.co.uk`, password: 'bench-password-1' })
    if (signedIn.error) throw signedIn.error
    restUsers.push({ id: data.user!.id, token: signedIn.data.session!.access_token })
  }
  const restGet = (u: { token: string }) =>
    fetch(`${server.url}/rest/v1/users?select=id,email,company_name`, { headers: { apikey: server.anonKey, authorization: `Bearer ${u.token}` } })
  const restRpc = (u: { token: string }) =>
    fetch(`${server.url}/rest/v1/rpc/get_profile_completion_status`, { method: 'POST', headers: { apikey: server.anonKey, authorization: `Bearer ${u.token}`, 'content-type': 'application/json' }, body: '{}' })
  const getLatency: number[] = []
  const rpcLatency: number[] = []
  for (let i = 0; i < USERS; i++) {
    const u = restUsers[i % restUsers.length] as { token: string }
    const [g, gMs] = await timed(() => restGet(u).then(async (res) => [res.status, await res.json()] as const))
    if (g[0] !== 200) throw new Error(`GET users: ${g[0]}`)
    getLatency.push(gMs)
    const [p, pMs] = await timed(() => restRpc(u).then((res) => res.status))
    if (p !== 200) throw new Error(`rpc: ${p}`)
    rpcLatency.push(pMs)
  }
  rows.push([`REST GET own profile row, ${USERS} in sequence: p50 / p95`, `${ms(percentile(getLatency, 50))} / ${ms(percentile(getLatency, 95))}`])
  rows.push([`REST rpc get_profile_completion_status, ${USERS} in sequence: p50 / p95`, `${ms(percentile(rpcLatency, 50))} / ${ms(percentile(rpcLatency, 95))}`])
  // Concurrency: REST reads and RPCs of 8 users at once; each read must return exactly its own row.
  const restConcurrent = CONCURRENT * 4
  let wrongRows = 0
  let restErrors = 0
  const restConcurrentLatency: number[] = []
  const [, restWallMs] = await timed(() =>
    Promise.all(
      Array.from({ length: restConcurrent }, async (_, i) => {
        const u = restUsers[i % restUsers.length] as { id: string; token: string }
        const t = performance.now()
        const res = await (i % 2 === 0 ? restGet(u) : restRpc(u))
        const body = (await res.json()) as unknown
        restConcurrentLatency.push(performance.now() - t)
        if (res.status !== 200) restErrors++
        else if (i % 2 === 0 && !(Array.isArray(body) && body.length === 1 && (body[0] as { id: string }).id === u.id)) wrongRows++
      }),
    ),
  )
  rows.push([`${restConcurrent} concurrent REST reads and RPCs (8 users): wall time, req/s`, `${ms(restWallMs)}, ${Math.round((restConcurrent / restWallMs) * 1000)}/s`])
  rows.push([`${restConcurrent} concurrent REST reads and RPCs: p50 / p95`, `${ms(percentile(restConcurrentLatency, 50))} / ${ms(percentile(restConcurrentLatency, 95))}`])
  rows.push([`${restConcurrent} concurrent REST reads and RPCs: errors / another user's rows`, `${restErrors} / ${wrongRows}`])

  // Concurrent sign-ups: every distinct e-mail must give exactly one auth user and one profile row.
  const emails = Array.from({ length: CONCURRENT }, (_, i) => `par-${run}-${i}@bench-care.co.uk`)
  const [results, signupMs] = await timed(() =>
    Promise.all(emails.map((email) => newClient(server).auth.signUp({ email, password: 'bench-password-1', options: { data: meta } }))),
  )
  const failedSignups = results.filter((r) => r.error).length
  const counted = await server.db.query<{ auth_rows: number; auth_distinct: number; profiles: number }>(
    `select count(*)::int as auth_rows, count(distinct lower(a.email))::int as auth_distinct, count(p.id)::int as profiles
     from auth.users a left join public.users p on p.id = a.id where a.email like $1`,
    [`par-${run}-%`],
  )
  const c = counted.rows[0] as { auth_rows: number; auth_distinct: number; profiles: number }
  const lostSignups = CONCURRENT - c.auth_distinct + (c.auth_rows - c.profiles)
  const dupSignups = c.auth_rows - c.auth_distinct
  rows.push([`${CONCURRENT} concurrent sign-ups: wall time`, ms(signupMs)])
  rows.push([`${CONCURRENT} concurrent sign-ups: errors / rows lost / duplicated`, `${failedSignups} / ${lostSignups} / ${dupSignups}`])

  // Concurrent referrals, each from its own client address so the rate limit does not apply.
  const tag = `bench-${run}`
  const [replies, refMs] = await timed(() =>
    Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        fetch(`${server.url}/functions/v1/send-contact`, {
          method: 'POST',
          headers: { authorization: `Bearer ${server.anonKey}`, 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${i % 250}` },
          body: JSON.stringify({ name: `Ref ${i}`, email: `ref${i}@bench-care.co.uk`, message: `${tag} #${i}`, to: 'hello@inspectready.co.uk', hpt: '', subject: 'Referral from website' }),
        }).then((r) => r.status),
      ),
    ),
  )
  const refRows = await server.db.query<{ n: number; d: number; delivered: number }>(
    `select count(*)::int as n, count(distinct message)::int as d, count(*) filter (where status = 'delivered')::int as delivered
     from public.contact_referrals where message like $1`,
    [`${tag} #%`],
  )
  const r = refRows.rows[0] as { n: number; d: number; delivered: number }
  const mails = server.mail.list().filter((m) => m.text.includes(tag)).length
  rows.push([`${CONCURRENT} concurrent referrals: wall time`, ms(refMs)])
  rows.push([
    `${CONCURRENT} concurrent referrals: non-200 / rows lost / duplicated`,
    `${replies.filter((s) => s !== 200).length} / ${CONCURRENT - r.d} / ${r.n - r.d}`,
  ])
  rows.push([`${CONCURRENT} concurrent referrals: delivered rows / e-mails caught`, `${r.delivered} / ${mails}`])
  await server.stop()

  clearInterval(sampler)
  clearInterval(serviceSampler)
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
  rows.push(['peak memory (RSS of this process: server + clients)', `${(peakRss / 1024 / 1024).toFixed(0)} MB`])
  rows.push(['peak memory of the database and PostgREST processes (PSS; 0 = in this process)', `${(peakServices / 1024 / 1024).toFixed(0)} MB`])

  const width = Math.max(...rows.map(([k]) => k.length))
  console.log(`\nLocal backend benchmark (${databaseUrl ? 'PostgreSQL via DATABASE_URL' : 'embedded PostgreSQL'}, /rest/v1: PostgREST, Node ${process.version})\n`)
  console.log(`| ${'measure'.padEnd(width)} | result |`)
  console.log(`| ${'-'.repeat(width)} | ------ |`)
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`)
  const bad = lostSignups + dupSignups + (CONCURRENT - r.d) + (r.n - r.d) + restErrors + wrongRows
  if (bad !== 0) {
    console.error(`\n${bad} row(s) lost, duplicated or wrong, or REST errors`)
    process.exitCode = 1
  }
} finally {
  clearInterval(sampler)
  clearInterval(serviceSampler)
  rmSync(dir, { recursive: true, force: true })
}
