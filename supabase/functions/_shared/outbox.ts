/**
 * The outbox's delivery side, shared by every function that mails (send-contact, invite-member,
 * resend-invitation): an e-mail is first stored by its SQL function in the same transaction as what it is
 * about, then sent here through the configured Resend-compatible API (locally the mail catcher) and marked
 * sent or failed; failed and never-tried ones are retried, at most 5 times, by later calls.
 */
import type { FunctionEnv } from './env.ts'
import { rpc } from './http.ts'

export interface OutboxMail {
  id: string
  to_address: string
  from_address: string
  reply_to: string | null
  subject: string
  text_body: string
}

/** Sends one outbox e-mail through the configured API and records the outcome; never throws. True when sent. */
export async function deliver(env: FunctionEnv, mail: OutboxMail): Promise<boolean> {
  let ok = false
  let error: string | null = null
  if (!env.MAIL_API_URL) {
    error = 'MAIL_API_URL is not configured'
  } else {
    try {
      const res = await fetch(env.MAIL_API_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(env.MAIL_API_KEY ? { authorization: `Bearer ${env.MAIL_API_KEY}` } : {}),
        },
        body: JSON.stringify({
          from: mail.from_address,
          to: [mail.to_address],
          ...(mail.reply_to ? { reply_to: mail.reply_to } : {}),
          subject: mail.subject,
          text: mail.text_body,
        }),
      })
      ok = res.ok
      if (!ok) error = `mail API replied ${res.status}`
    } catch (e) {
      error = e instanceof Error ? e.message : String(e)
    }
  }
  try {
    await rpc(env, 'mark_outbox_result', { p_outbox_id: mail.id, p_ok: ok, p_error: error })
  } catch (e) {
    console.error('outbox mark', e)
  }
  return ok
}

/** Retries a few older undelivered e-mails (claimed in SQL so concurrent calls never send one twice). */
export async function retryOutbox(env: FunctionEnv): Promise<void> {
  try {
    const due = (await rpc(env, 'claim_outbox_retries', { p_limit: 3 })) as OutboxMail[] | null
    for (const mail of due ?? []) await deliver(env, mail)
  } catch (e) {
    console.error('outbox retry', e)
  }
}
