/**
 * Load and faults (issue 10): the local server as its own process (`node --import tsx supabase/local/cli.ts`,
 * what `npm run backend` runs) on an embedded PostgreSQL data dir in a temp dir.
 * 1. 200 sign-ups and 200 referrals at once: every one answered 200, stored exactly once, none lost.
 * 2. SIGKILL in the middle of a stream of writes (asserted: requests were in flight and left unanswered): the whole
 *    backend ends with it (PostgreSQL, PostgREST and Deno too); a restart on the same data dir brings them all back,
 *    and every acknowledged row is there, and no half-written one (an auth user without its profile or identity, a
 *    referral without its outbox e-mail).
 * Figures (counts, durations) are printed with console.log.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, startLocalSupabase } from '../../supabase/local/index.ts'
import { freePort, GENEROUS_RATE_LIMIT_ENV } from './helpers.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'ir-load-'))
let port = 0
let mailPort = 0
let child: ChildProcess | undefined
const base = () => `http://127.0.0.1:${port}`

type Pids = { postgres: number; postgrest: number; functions: number }
const childPids = new WeakMap<ChildProcess, Pids>()

/** Whether a process with this pid is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Starts the CLI (on the temp data dir unless told 'memory'); resolves once it prints "backend ready". */
function startBackend(dir = dataDir): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, BACKEND_PORT: String(port), MAIL_PORT: String(mailPort), DATA_DIR: dir, CONTACT_RATE_LIMIT: '100000', ...GENEROUS_RATE_LIMIT_ENV, BACKEND_LOG: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    const timer = setTimeout(() => reject(new Error(`backend did not start in 90 s:\n${out}`)), 90_000)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('backend ready on')) {
        clearTimeout(timer)
        const m = /processes: postgres (\d+), postgrest (\d+), functions (\d+)/.exec(out)
        if (m) childPids.set(proc, { postgres: Number(m[1]), postgrest: Number(m[2]), functions: Number(m[3]) })
        resolve(proc)
      }
    }
    proc.stdout?.on('data', onData)
    proc.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    proc.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`backend exited (${code ?? signal}) before ready:\n${out}`))
    })
  })
}

function exited(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => (proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once('exit', () => resolve())))
}

beforeAll(async () => {
  port = await freePort()
  mailPort = await freePort()
}, 120_000)

async function stopChild() {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM')
    await exited(child)
  }
}

afterAll(async () => {
  await stopChild()
  rmSync(dataDir, { recursive: true, force: true })
})

const headers = (extra: Record<string, string> = {}) => ({
  apikey: LOCAL_ANON_KEY,
  authorization: `Bearer ${LOCAL_ANON_KEY}`,
  'content-type': 'application/json',
  ...extra,
})

const signUp = (email: string) =>
  fetch(`${base()}/auth/v1/signup`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email, password: 'correct-horse-1', data: { first_name: 'Load', company_name: 'Load Care Ltd', staff_count: 5 } }),
  })

const refer = (message: string, i: number) =>
  fetch(`${base()}/functions/v1/send-contact`, {
    method: 'POST',
    headers: headers({ 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${i % 250}` }),
    body: JSON.stringify({ name: `Load ${i}`, email: `load${i}@sunrise-care.co.uk`, message, hpt: '' }),
  })

/** Service-role read through the REST API of the running server. */
async function serviceSelect<T>(path: string): Promise<T[]> {
  const res = await fetch(`${base()}/rest/v1/${path}`, { headers: { apikey: LOCAL_SERVICE_ROLE_KEY, authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` } })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as T[]
}

describe('load', () => {
  it('200 concurrent sign-ups and 200 concurrent referrals: all answered, none lost, none duplicated', async () => {
    // A fresh in-memory database (the load figures are about the server, not the disk).
    child = await startBackend('memory')
    const tag = `load${Date.now().toString(36)}`
    const emails = Array.from({ length: 200 }, (_, i) => `${tag}-${i}@sunrise-care.co.uk`)
    const messages = Array.from({ length: 200 }, (_, i) => `${tag} referral ${i}`)
    const started = performance.now()
    const latencies: number[] = []
    const timed = async (p: () => Promise<Response>) => {
      const t = performance.now()
      const res = await p()
      await res.arrayBuffer()
      latencies.push(performance.now() - t)
      return res.status
    }
    const [signUps, referrals] = await Promise.all([
      Promise.all(emails.map((e) => timed(() => signUp(e)))),
      Promise.all(messages.map((m, i) => timed(() => refer(m, i)))),
    ])
    const wall = performance.now() - started
    expect(signUps.filter((s) => s === 200)).toHaveLength(200)
    expect(referrals.filter((s) => s === 200)).toHaveLength(200)

    const users = await serviceSelect<{ email: string }>(`users?select=email&email=like.${tag}-*`)
    expect(users).toHaveLength(200)
    expect(new Set(users.map((u) => u.email))).toEqual(new Set(emails))
    const stored = await serviceSelect<{ id: string; message: string; status: string }>(`contact_referrals?select=id,message,status&message=like.${tag}*`)
    expect(stored).toHaveLength(200)
    expect(new Set(stored.map((r) => r.message))).toEqual(new Set(messages))
    expect(stored.every((r) => r.status === 'delivered')).toBe(true)
    const outbox = await serviceSelect<{ referral_id: string }>(`mail_outbox?select=referral_id`)
    const ids = new Set(stored.map((r) => r.id))
    expect(outbox.filter((o) => ids.has(o.referral_id))).toHaveLength(200)
    const mails = (await (await fetch(`http://127.0.0.1:${mailPort}/api/messages`)).json()) as Array<{ to: string[]; text: string }>
    expect(mails.filter((m) => m.to.some((t) => t.startsWith(`${tag}-`)))).toHaveLength(200)
    expect(mails.filter((m) => m.text.includes(`${tag} referral `))).toHaveLength(200)

    latencies.sort((a, b) => a - b)
    const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] as number)
    console.log(
      `[load] 200 sign-ups + 200 referrals concurrently: wall ${Math.round(wall)} ms, ${Math.round((400 / wall) * 1000)} req/s, ` +
        `latency p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms; stored ${users.length} profiles, ${stored.length} referrals, ${outbox.filter((o) => ids.has(o.referral_id)).length} outbox e-mails`,
    )
    await stopChild()
  }, 240_000)
})

describe('faults', () => {
  it('SIGKILL mid-write, restart on the same data dir: every acknowledged row kept, no half-written one', async () => {
    const tag = `kill${Date.now().toString(36)}`
    const acknowledgedEmails = new Set<string>()
    const acknowledgedMessages = new Set<string>()
    const attemptedEmails = new Set<string>()
    const attemptedMessages = new Set<string>()
    let failed = 0
    let killedAt = 0
    // Requests sent and not yet answered, by number; at the kill, those of the other workers are copied.
    const pending = new Set<number>()
    let inFlightAtKill = new Set<number>()
    let cutOff = 0
    let deferrals = 0
    const proc = await startBackend()
    child = proc
    const started = performance.now()

    // 8 workers write sign-ups and referrals in turn until the server dies; it is killed after 60 acknowledgements,
    // at a moment when other workers' writes are in flight, so that it is a kill mid-write and not a clean one.
    // If by chance none is in flight when a worker gets its answer, the kill waits for the next answer: at most
    // MAX_DEFERRALS times, then it happens anyway and the in-flight assertion below fails.
    const MAX_DEFERRALS = 20
    let n = 0
    const worker = async () => {
      while (killedAt === 0 || performance.now() - killedAt < 50) {
        const i = n++
        pending.add(i)
        try {
          if (i % 2 === 0) {
            const email = `${tag}-${i}@sunrise-care.co.uk`
            attemptedEmails.add(email)
            const res = await signUp(email)
            if (res.status === 200) acknowledgedEmails.add(email)
          } else {
            const message = `${tag} referral ${i}`
            attemptedMessages.add(message)
            const res = await refer(message, i)
            if (res.status === 200) acknowledgedMessages.add(message)
          }
        } catch {
          failed++
          if (inFlightAtKill.has(i)) cutOff++
          if (killedAt !== 0) return
        } finally {
          pending.delete(i)
        }
        if (killedAt === 0 && acknowledgedEmails.size + acknowledgedMessages.size >= 60 && (pending.size > 0 || ++deferrals > MAX_DEFERRALS)) {
          inFlightAtKill = new Set(pending)
          killedAt = performance.now()
          proc.kill('SIGKILL')
        }
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    await exited(proc)
    expect(proc.signalCode).toBe('SIGKILL')
    // The whole backend ended with it: PostgreSQL (immediate shutdown), PostgREST and Deno.
    const before = childPids.get(proc) as Pids
    expect(before, 'the CLI printed its child processes').toBeDefined()
    for (let waited = 0; Object.values(before).some(alive) && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50))
    expect(Object.entries(before).filter(([, pid]) => alive(pid)), 'child processes still alive after the kill').toEqual([])
    // Writes were in flight at the kill, and the kill cut at least one of them off (no answer ever came).
    expect(inFlightAtKill.size, 'requests in flight when the server was killed').toBeGreaterThan(0)
    expect(cutOff, 'in-flight requests left unanswered by the kill').toBeGreaterThan(0)

    // Restart the CLI on the same data dir: it recovers and serves (a new sign-up works).
    const restartStarted = performance.now()
    child = await startBackend()
    const restartMs = performance.now() - restartStarted
    const after = childPids.get(child) as Pids
    expect(Object.values(after).every(alive), 'PostgreSQL, PostgREST and Deno are back').toBe(true)
    expect(after.postgrest).not.toBe(before.postgrest)
    expect((await signUp(`${tag}-after@sunrise-care.co.uk`)).status).toBe(200)
    // /rest/v1 answers again, through the new PostgREST.
    expect(await serviceSelect<{ email: string }>(`users?select=email&email=eq.${tag}-after@sunrise-care.co.uk`)).toEqual([{ email: `${tag}-after@sunrise-care.co.uk` }])
    child.kill('SIGTERM')
    await exited(child)

    // Inspect the data dir with SQL.
    const server = await startLocalSupabase({ port: 0, mailPort: 0, dataDir })
    try {
      const q = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows
      const authEmails = new Set((await q<{ email: string }>('select email from auth.users where email like $1', [`${tag}-%`])).map((r) => r.email))
      const profileEmails = new Set((await q<{ email: string }>('select email from public.users where email like $1', [`${tag}-%`])).map((r) => r.email))
      for (const e of acknowledgedEmails) expect(authEmails.has(e), `acknowledged sign-up ${e} lost`).toBe(true)
      // Nothing invented, and each auth user has its profile row and identity (same transaction).
      for (const e of authEmails) expect(attemptedEmails.has(e) || e === `${tag}-after@sunrise-care.co.uk`, e).toBe(true)
      expect(profileEmails).toEqual(authEmails)
      const orphans = await q('select u.id from auth.users u left join auth.identities i on i.user_id = u.id where i.user_id is null')
      expect(orphans).toEqual([])
      const noProfile = await q('select u.id from auth.users u left join public.users p on p.id = u.id where p.id is null')
      expect(noProfile).toEqual([])

      const referrals = await q<{ id: string; message: string; status: string; outbox: number }>(
        `select r.id, r.message, r.status, (select count(*)::int from public.mail_outbox o where o.referral_id = r.id) as outbox
           from public.contact_referrals r where r.message like $1`,
        [`${tag} %`],
      )
      const storedMessages = new Set(referrals.map((r) => r.message))
      expect(storedMessages.size).toBe(referrals.length)
      for (const m of acknowledgedMessages) expect(storedMessages.has(m), `acknowledged referral "${m}" lost`).toBe(true)
      for (const m of storedMessages) expect(attemptedMessages.has(m), m).toBe(true)
      // A referral and its outbox e-mail are one transaction: never one without the other.
      expect(referrals.filter((r) => r.outbox !== 1)).toEqual([])

      const extraUsers = authEmails.size - 1 - acknowledgedEmails.size
      const extraReferrals = storedMessages.size - acknowledgedMessages.size
      console.log(
        `[faults] killed after ${Math.round(killedAt - started)} ms of writes: acknowledged ${acknowledgedEmails.size} sign-ups + ${acknowledgedMessages.size} referrals, ` +
          `${inFlightAtKill.size} in flight at the kill (${deferrals} deferrals), ${cutOff} of them cut off (${failed} requests failed), restart ${Math.round(restartMs)} ms; after restart: ${authEmails.size - 1} users, ${storedMessages.size} referrals ` +
          `(${extraUsers} + ${extraReferrals} committed but unacknowledged), 0 half-written`,
      )
    } finally {
      await server.stop()
    }
  }, 240_000)
})
