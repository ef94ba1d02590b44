/**
 * send-review-reminders: the scheduled run of the review reminders (issue 30, item 3). The SQL function
 * queue_review_reminders (service role only) decides, for an instant, who gets a digest (the member who last rated
 * an item due for review, or the owner of an overdue action; the organisation's admins when that person has left),
 * skips muted people and those already sent one this UK day, and writes each digest to the outbox and the day to
 * review_reminder_digests in one transaction. This function then delivers the e-mails (SQL cannot) and retries
 * older undelivered ones, as invite-member and send-contact do.
 *
 * Only the scheduler may call it: the service-role key as the bearer token (the local backend's timer), or the
 * shared secret CRON_SECRET in the `x-cron-secret` header (pg_cron through pg_net; its bearer is the anon key, which
 * passes the gateway's JWT check and nothing more). Body: {} or {"now": "<ISO instant>"}, the instant the run is
 * for (the scheduler's clock; the local timer's tests move it forward); the server's clock when absent.
 *
 * Replies: 200 {success: true, day, queued, sent}; 401 'not_authorised'; 400 'invalid_payload'; 500 'not_configured'
 * (no SITE_URL) or 'server_error'.
 */
import type { FunctionEnv } from './env.ts'
import { json, readJsonBody, rpcResult } from './http.ts'
import { deliver, type OutboxMail, retryOutbox } from './outbox.ts'
import { isScheduler } from './scheduler.ts'

/** The run's instant from the body: its `now` (an ISO instant), or the server's clock. A message when it is not one. */
export function runInstant(body: unknown, clock: () => Date = () => new Date()): Date | string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'The body must be a JSON object'
  const now = (body as { now?: unknown }).now
  if (now === undefined) return clock()
  if (typeof now !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(now)) {
    return 'now must be an ISO 8601 instant with its offset, e.g. 2026-11-25T07:00:00Z'
  }
  const instant = new Date(now)
  return Number.isNaN(instant.getTime()) ? 'now is not a real instant' : instant
}

export async function sendReviewReminders(req: Request, env: FunctionEnv): Promise<Response> {
  if (req.method !== 'OPTIONS' && !isScheduler(req, env)) {
    return json(req, env, 401, { success: false, error: 'Only the scheduler may send review reminders.', code: 'not_authorised' })
  }
  const body = await readJsonBody(req, env)
  if (!body.ok) return body.response
  const instant = runInstant(body.value)
  if (typeof instant === 'string') return json(req, env, 400, { success: false, error: instant, code: 'invalid_payload' })
  if (!env.SITE_URL) {
    console.error('review reminders: SITE_URL is not configured')
    return json(req, env, 500, { success: false, error: 'Review reminders are not configured on this server.', code: 'not_configured' })
  }
  let result: Awaited<ReturnType<typeof rpcResult>>
  try {
    result = await rpcResult(env, 'queue_review_reminders', {
      p_now: instant.toISOString(),
      p_site_url: env.SITE_URL,
      p_from: env.MAIL_FROM || env.CONTACT_FROM || 'InspectReady <no-reply@inspectready.co.uk>',
    })
  } catch (error) {
    console.error('queue_review_reminders', error)
    return json(req, env, 500, { success: false, error: 'Could not queue the review reminders; the next run will try again.', code: 'server_error' })
  }
  if (!result.ok) return json(req, env, result.status, { success: false, error: result.message, code: result.hint ?? 'refused' })
  const mails = (result.value as OutboxMail[] | null) ?? []
  let sent = 0
  for (const mail of mails) if (await deliver(env, mail)) sent++
  await retryOutbox(env)
  return json(req, env, 200, { success: true, now: instant.toISOString(), queued: mails.length, sent })
}
