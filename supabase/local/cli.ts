/** `npm run backend`: the local Supabase-compatible server alone (see README.md here for env vars). */
import { startLocalSupabase } from './index.ts'
import { type AuthRateLimits, parseRateLimit, type RateLimit } from './ratelimit.ts'

const env = process.env

/** RATE_LIMIT_<NAME> ("30" per the limit's usual window, or GoTrue's "30/5m") overrides config.toml. */
const RATE_LIMIT_ENV: Record<keyof AuthRateLimits, string> = {
  tokenRefresh: 'RATE_LIMIT_TOKEN_REFRESH',
  passwordPerEmail: 'RATE_LIMIT_PASSWORD_PER_EMAIL',
  signInSignUps: 'RATE_LIMIT_SIGN_IN_SIGN_UPS',
  tokenVerifications: 'RATE_LIMIT_TOKEN_VERIFICATIONS',
  emailSent: 'RATE_LIMIT_EMAIL_SENT',
}
const rateLimits: Partial<Record<keyof AuthRateLimits, RateLimit>> = {}
for (const [name, variable] of Object.entries(RATE_LIMIT_ENV) as [keyof AuthRateLimits, string][]) {
  const value = env[variable]
  if (value) rateLimits[name] = parseRateLimit(name, value)
}

const started = Date.now()
let server: Awaited<ReturnType<typeof startLocalSupabase>>
try {
  server = await startLocalSupabase({
  port: Number(env.BACKEND_PORT ?? 54321),
  mailPort: Number(env.MAIL_PORT ?? 54324),
  dataDir: env.DATA_DIR ?? '.data',
  databaseUrl: env.DATABASE_URL || undefined,
  postgrestUrl: env.POSTGREST_URL || undefined,
  siteUrl: env.SITE_URL || undefined,
  autoconfirm: env.AUTOCONFIRM === 'true',
  resendIntervalSeconds: env.RESEND_INTERVAL_SECONDS ? Number(env.RESEND_INTERVAL_SECONDS) : undefined,
  otpExpirySeconds: env.OTP_EXPIRY_SECONDS ? Number(env.OTP_EXPIRY_SECONDS) : undefined,
  rateLimits,
  contactRateLimit: env.CONTACT_RATE_LIMIT ? Number(env.CONTACT_RATE_LIMIT) : undefined,
  log: env.BACKEND_LOG === 'true',
  // Review reminders every REVIEW_REMINDERS_INTERVAL_MINUTES (default 15; 0: off), on the clock moved by
  // REVIEW_REMINDERS_CLOCK_OFFSET_DAYS (default 0) to see tomorrow's digests today.
  reviewReminders: {
    intervalMs: Number(env.REVIEW_REMINDERS_INTERVAL_MINUTES ?? 15) > 0 ? Number(env.REVIEW_REMINDERS_INTERVAL_MINUTES ?? 15) * 60_000 : null,
    clock: () => new Date(Date.now() + Number(env.REVIEW_REMINDERS_CLOCK_OFFSET_DAYS ?? 0) * 86_400_000),
  },
  // Evidence objects without a row for 24 hours swept every ORPHAN_SWEEP_INTERVAL_MINUTES (default 60; 0: off).
  orphanSweep: {
    intervalMs: Number(env.ORPHAN_SWEEP_INTERVAL_MINUTES ?? 60) > 0 ? Number(env.ORPHAN_SWEEP_INTERVAL_MINUTES ?? 60) * 60_000 : null,
  },
})
} catch (error) {
  // Start-up problems (a platform without the PostgREST binary, a data dir in use, ...) are said plainly.
  console.error(`\nThe local backend did not start:\n${(error as Error).message}\n`)
  process.exit(1)
}
console.log(`mail catcher on ${server.mailUrl}`)
console.log(`database: ${server.database}${env.DATABASE_URL ? '' : ` in ${env.DATA_DIR ?? '.data'}`}; rest: ${server.restRuntime}; started in ${Date.now() - started} ms`)
console.log(
  `start-up: database and migrations ${server.startupMs.database} ms, then PostgREST ${server.startupMs.rest} ms; edge functions (${server.functionsRuntime}) ${server.startupMs.functions} ms side by side`,
)
console.log(`processes: postgres ${server.pids.postgres ?? '-'}, postgrest ${server.pids.postgrest ?? '-'}, functions ${server.pids.functions ?? '-'}`)
console.log(`backend ready on ${server.url}`)

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  await server.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
