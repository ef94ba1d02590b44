/** `npm run backend`: the local Supabase-compatible server alone (see README.md here for env vars). */
import { startLocalSupabase } from './index.ts'

const env = process.env
const started = Date.now()
const server = await startLocalSupabase({
  port: Number(env.BACKEND_PORT ?? 54321),
  mailPort: Number(env.MAIL_PORT ?? 54324),
  dataDir: env.DATA_DIR ?? '.data',
  databaseUrl: env.DATABASE_URL || undefined,
  siteUrl: env.SITE_URL ?? 'http://localhost:5173',
  autoconfirm: env.AUTOCONFIRM === 'true',
  resendIntervalSeconds: env.RESEND_INTERVAL_SECONDS ? Number(env.RESEND_INTERVAL_SECONDS) : undefined,
  contactRateLimit: env.CONTACT_RATE_LIMIT ? Number(env.CONTACT_RATE_LIMIT) : undefined,
  log: env.BACKEND_LOG === 'true',
})
console.log(`mail catcher on ${server.mailUrl}`)
console.log(`storage: ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${env.DATA_DIR ?? '.data'}`}; started in ${Date.now() - started} ms`)
console.log(`edge functions: ${server.functionsRuntime} (database ${server.startupMs.database} ms, functions ${server.startupMs.functions} ms, side by side)`)
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
