/**
 * Who may run a scheduled function (send-review-reminders, sweep-orphan-files): the scheduler only. That is the
 * service-role key as the bearer token (the local backend's timers), or the shared secret CRON_SECRET in the
 * `x-cron-secret` header (pg_cron through pg_net, supabase/cron/; its bearer is the anon key, which passes the
 * gateway's JWT check and nothing more).
 */
import type { FunctionEnv } from './env.ts'

/** Compares two secrets in time independent of where they differ. */
function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a)
  const y = new TextEncoder().encode(b)
  let diff = x.length ^ y.length
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0)
  return diff === 0
}

/** The service-role key as bearer, or the cron secret (when configured) in x-cron-secret. */
export function isScheduler(req: Request, env: FunctionEnv): boolean {
  const bearer = /^bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '')?.[1]
  if (bearer && sameSecret(bearer, env.SUPABASE_SERVICE_ROLE_KEY)) return true
  const secret = req.headers.get('x-cron-secret')
  return Boolean(env.CRON_SECRET && secret && sameSecret(secret, env.CRON_SECRET))
}
