/**
 * startLocalSupabase: the local Supabase-compatible server (auth, rest, functions) plus the mail catcher, on an
 * embedded PostgreSQL 15 (default, kept in dataDir; 'memory' for a throwaway database; ./cluster.ts) or the
 * PostgreSQL server DATABASE_URL names (both started, migrated, by ./data.ts). /rest/v1 is the real PostgREST
 * (./postgrest.ts) behind a gateway (./rest.ts). /functions/v1/<name> is served by the Deno entries
 * supabase/functions/<name>/index.ts in a Deno process of its own (./functions.ts), as hosted; its gateway
 * (./functionsGateway.ts) checks the JWT as hosted `verify_jwt` does and proxies. /storage/v1 is storage-api's object API on the storage schema (./storage.ts), bytes under
 * dataDir/storage (memory mode: a temp dir removed on stop). Every child process (PostgreSQL, PostgREST, Deno) ends when this server ends, however it ends.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { serve, type HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import type { FunctionEnv } from '../functions/_shared/env.ts'
import { authApp } from './auth/api.ts'
import { loadAuthConfig } from './config.ts'
import { startData } from './data.ts'
import type { Db } from './db.ts'
import { type DenoFunctions, startDenoFunctions } from './functions.ts'
import { functionsApp } from './functionsGateway.ts'
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './keys.ts'
import { MailStore, mailApp } from './mail.ts'
import { type AuthRateLimits, defaultRateLimits, type RateLimitInput, resolveRateLimit } from './ratelimit.ts'
import { redirectValidator } from './redirect.ts'
import { type ReminderSchedule, type SchedulesOptions, startSchedules, type SweepSchedule } from './schedules.ts'
import { restApp } from './rest.ts'
import { storageApp } from './storage.ts'

export { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from './keys.ts'
export type { AuthRateLimits, RateLimit, RateLimitInput } from './ratelimit.ts'
export type { ReminderRun, ReminderSchedule, SweepRun, SweepSchedule } from './schedules.ts'

/** The local scheduler's shared secret (x-cron-secret), as CRON_SECRET is configured for the hosted function. */
export const LOCAL_CRON_SECRET = 'inspectready-local-cron-secret'

export const MAX_BODY_BYTES = 64 * 1024

export interface LocalSupabaseOptions {
  /** 0 picks a free port. Default 54321. */
  port?: number
  /** 0 picks a free port. Default 54324. */
  mailPort?: number
  /** Where the embedded PostgreSQL keeps its cluster (dataDir/postgres-15), or 'memory'. Default '.data'. */
  dataDir?: string
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string
  /** A PostgREST 12.0.2 you run (platforms without the npm binary); needs databaseUrl. Default: start our own. */
  postgrestUrl?: string
  /**
   * The site: always an allowed redirect_to (same scheme, host and port) and the fallback for any other, and
   * a CORS origin (besides any http://localhost:* and http://127.0.0.1:*). Default: config.toml's site_url.
   */
  siteUrl?: string
  /** Further allowed redirect_to patterns (GoTrue's globs). Default: config.toml's additional_redirect_urls. */
  additionalRedirectUrls?: string[]
  /** Sign-up returns a session with a confirmed user (no confirmation mail). Default false. */
  autoconfirm?: boolean
  /**
   * Seconds between two confirmation or recovery mails to one address (signup, /resend, /recover).
   * Default: config.toml's [auth.email] max_frequency (60 s).
   */
  resendIntervalSeconds?: number
  /** Lifetime of e-mailed links in seconds. Default: config.toml's [auth.email] otp_expiry (3600). */
  otpExpirySeconds?: number
  /**
   * GoTrue's rate limits (see ratelimit.ts), each a number (per its usual window) or {max, windowSeconds,
   * burst}. Defaults: config.toml's [auth.rate_limit]; passwordPerEmail 30 per 5 minutes.
   */
  rateLimits?: Partial<Record<keyof AuthRateLimits, RateLimitInput>>
  /** Referrals per client per 10 minutes. Default 5. */
  contactRateLimit?: number
  /** Log each request to stderr. */
  log?: boolean
  /**
   * The review reminders' schedule (send-review-reminders; production: pg_cron). intervalMs: between two runs
   * (null or absent: no timer; `reminders.run()` still runs it); clock: the schedule's time (tests move it forward).
   */
  reviewReminders?: SchedulesOptions['reviewReminders']
  /** The sweep of evidence objects without a row (sweep-orphan-files; production: pg_cron); as reviewReminders. */
  orphanSweep?: SchedulesOptions['orphanSweep']
}

export interface LocalSupabase {
  url: string
  mailUrl: string
  anonKey: string
  serviceRoleKey: string
  db: Db
  mail: MailStore
  /** Where /storage/v1 keeps the objects' bytes (<storageDir>/<bucket>/<object id>). */
  storageDir: string
  /** The runtime that serves /functions/v1, e.g. 'deno/2.9.6'. */
  functionsRuntime: string
  /** What serves /rest/v1, e.g. 'postgrest/12.0.2'. */
  restRuntime: string
  /** The database, e.g. 'embedded PostgreSQL 15.18' or 'PostgreSQL (DATABASE_URL)'. */
  database: string
  /** The review reminders' schedule: run() calls send-review-reminders now, with the schedule's clock. */
  reminders: ReminderSchedule
  /** The orphan sweep's schedule: run() calls sweep-orphan-files now. */
  sweep: SweepSchedule
  /** Process ids of the child processes (null: not started by this server). */
  pids: { postgres: number | null; postgrest: number | null; functions: number | null }
  /** PostgREST's unix socket (null: TCP, on Windows or POSTGREST_URL). Only this server talks to it. */
  restSocket: string | null
  /** How long the database (with its migrations), PostgREST and the Deno functions took to start. The database
   * and then PostgREST start one after the other, side by side with Deno. */
  startupMs: { database: number; rest: number; functions: number }
  stop(): Promise<void>
}

export function isLocalOrigin(origin: string): boolean {
  return /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin)
}

function listen(app: { fetch: (req: Request, env: HttpBindings) => Response | Promise<Response> }, port: number) {
  return new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve, reject) => {
    const server = serve({ fetch: app.fetch as never, port, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    )
    server.once('error', reject)
  })
}

function close(server: ReturnType<typeof serve>) {
  return new Promise<void>((resolve) => {
    ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
    server.close(() => resolve())
  })
}

export async function startLocalSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const project = loadAuthConfig()
  const siteUrl = (options.siteUrl ?? project.siteUrl).replace(/\/+$/, '')
  const siteOrigin = new URL(siteUrl).origin
  const rateLimits = defaultRateLimits(project.rateLimit)
  for (const [name, value] of Object.entries(options.rateLimits ?? {}) as [keyof AuthRateLimits, RateLimitInput | undefined][]) {
    if (value !== undefined) rateLimits[name] = resolveRateLimit(name, value)
  }
  const dataDir = options.dataDir ?? '.data'

  const mail = new MailStore()
  const mailListener = await listen(mailApp(mail), options.mailPort ?? 54324)
  const mailUrl = `http://127.0.0.1:${mailListener.port}`

  // The API port is bound first, so its URL can be given to the functions; until the database and the
  // functions are up (started side by side below), it answers 503.
  let ready: ((req: Request, env: HttpBindings) => Response | Promise<Response>) | undefined
  let apiListener: Awaited<ReturnType<typeof listen>>
  try {
    apiListener = await listen(
      { fetch: (req, env) => (ready ? ready(req, env) : Response.json({ code: 'starting', message: 'Local Supabase is starting' }, { status: 503 })) },
      options.port ?? 54321,
    )
  } catch (error) {
    await close(mailListener.server)
    throw error
  }
  const baseUrl = `http://127.0.0.1:${apiListener.port}`

  const functionEnv: FunctionEnv = {
    SUPABASE_URL: baseUrl,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    ALLOWED_ORIGINS: '*',
    MAIL_API_URL: `${mailUrl}/api/messages`,
    CONTACT_RECIPIENT: 'referrals@inspectready.co.uk',
    CONTACT_FROM: 'InspectReady (local) <no-reply@localhost>',
    CONTACT_HASH_SALT: 'inspectready-local',
    CONTACT_RATE_LIMIT: String(options.contactRateLimit ?? 5),
    SITE_URL: siteUrl,
    CRON_SECRET: LOCAL_CRON_SECRET,
  }

  const [dataResult, functionsResult] = await Promise.allSettled([
    startData({ dataDir, databaseUrl: options.databaseUrl, postgrestUrl: options.postgrestUrl, jwtExpirySeconds: project.jwtExpirySeconds }),
    timed(() => startDenoFunctions({ ...functionEnv })),
  ])
  if (dataResult.status === 'rejected' || functionsResult.status === 'rejected') {
    if (dataResult.status === 'fulfilled') await dataResult.value.stop()
    if (functionsResult.status === 'fulfilled') await functionsResult.value[0].stop()
    await Promise.all([close(apiListener.server), close(mailListener.server)])
    throw dataResult.status === 'rejected' ? dataResult.reason : (functionsResult as PromiseRejectedResult).reason
  }
  const data = dataResult.value
  const db = data.db
  const storageDir = dataDir === 'memory' ? mkdtempSync(join(tmpdir(), 'inspectready-storage-')) : resolve(dataDir, 'storage')
  const [functions, functionsMs]: [DenoFunctions, number] = functionsResult.value
  let restRunning = true
  data.postgrest.child?.once('exit', () => {
    restRunning = false
  })

  const allowedOrigin = (origin: string) => isLocalOrigin(origin) || origin === siteOrigin
  const isAllowedRedirect = redirectValidator(siteUrl, options.additionalRedirectUrls ?? project.additionalRedirectUrls)

  const app = new Hono<{ Bindings: HttpBindings }>()
  app.use('*', async (c, next) => {
    const started = Date.now()
    await next()
    if (options.log) console.error(`${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${Date.now() - started}ms`)
  })
  app.use(
    '*',
    cors({
      origin: (origin) => (allowedOrigin(origin) ? origin : null),
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: [
        'authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version', 'prefer',
        'accept', 'accept-profile', 'content-profile', 'range', 'x-upsert', 'x-retry-count',
        // Local only: lets browser tests pose as distinct clients for the referral and auth rate limits.
        'x-forwarded-for',
      ],
      exposeHeaders: ['content-range', 'x-supabase-api-version', 'range', 'preference-applied'],
      credentials: true,
      maxAge: 600,
    }),
  )
  // Files are uploaded to /storage/v1, which enforces each bucket's own limit while it streams the body.
  const jsonLimit = bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ code: 'request_too_large', msg: 'Request body is larger than 64 KB', message: 'Request body is larger than 64 KB' }, 413),
  })
  app.use('*', (c, next) => (new URL(c.req.url).pathname.startsWith('/storage/v1/') ? next() : jsonLimit(c, next)))

  app.get('/', (c) =>
    c.json({ name: 'InspectReady local Supabase', auth: '/auth/v1', rest: '/rest/v1', storage: '/storage/v1', functions: '/functions/v1', restRuntime: `postgrest/${data.postgrest.version}`, functionsRuntime: functions.runtime, database: data.label, mail: mailUrl }),
  )
  app.route('/auth/v1', authApp({
    db,
    mail,
    baseUrl: () => baseUrl,
    siteUrl,
    autoconfirm: options.autoconfirm ?? false,
    jwtExpirySeconds: project.jwtExpirySeconds,
    resendIntervalSeconds: options.resendIntervalSeconds ?? project.maxFrequencySeconds,
    otpExpirySeconds: options.otpExpirySeconds ?? project.otpExpirySeconds,
    minimumPasswordLength: project.minimumPasswordLength,
    isAllowedRedirect,
    rateLimits,
  }))
  app.route('/rest/v1', restApp({ target: () => (restRunning ? data.postgrest.target : null) }))
  app.route('/storage/v1', storageApp({ db, dir: storageDir }))

  app.route('/functions/v1', functionsApp({ functions }))

  app.notFound((c) => c.json({ code: 'not_found', message: `No route ${c.req.method} ${new URL(c.req.url).pathname}` }, 404))
  app.onError((err, c) => {
    // A handler's own 4xx reply thrown from a helper (e.g. auth's NUL check).
    if (err instanceof HTTPException && err.status < 500) return err.getResponse()
    console.error('local supabase error', err)
    return c.json({ code: 'internal_error', message: 'Internal server error; nothing was written' }, 500)
  })
  ready = app.fetch

  // The schedulers call the functions as pg_net would: through the API's /functions/v1 with their own credentials.
  const schedules = startSchedules(baseUrl, LOCAL_SERVICE_ROLE_KEY, options)

  let stopped = false
  return {
    url: baseUrl,
    mailUrl,
    anonKey: LOCAL_ANON_KEY,
    serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
    db,
    mail,
    storageDir,
    functionsRuntime: functions.runtime,
    restRuntime: `postgrest/${data.postgrest.version}`,
    database: data.label,
    reminders: schedules.reminders,
    sweep: schedules.sweep,
    pids: { postgres: data.postgres?.child.pid ?? null, postgrest: data.postgrest.child?.pid ?? null, functions: functions.pid },
    restSocket: 'socketPath' in data.postgrest.target ? data.postgrest.target.socketPath : null,
    startupMs: { database: data.databaseMs, rest: data.restMs, functions: functionsMs },
    async stop() {
      if (stopped) return
      stopped = true
      await schedules.stop()
      await Promise.all([close(apiListener.server), close(mailListener.server), functions.stop()])
      await data.stop()
      if (dataDir === 'memory') rmSync(storageDir, { recursive: true, force: true })
    },
  }
}

/** start()'s value and how long it took, in ms. */
async function timed<T>(start: () => Promise<T>): Promise<[T, number]> {
  const t0 = Date.now()
  const value = await start()
  return [value, Date.now() - t0]
}
