/**
 * send-contact: the referral form. Stores first (referral + outbox e-mail in one SQL transaction, rate
 * limit counted there too), replies success once stored, then tries the delivery; an undelivered outbox
 * row stays 'failed' for a retry. A filled honeypot is stored as spam, never delivered, and still gets 200
 * so bots learn nothing.
 */
import * as v from 'valibot'
import type { FunctionEnv } from './env.ts'
import { issueMessages, json, readJsonBody, rpc } from './http.ts'
import { deliver, retryOutbox } from './outbox.ts'

// Zero-width and other invisible format characters do not make a name or message.
const visible = (s: string) => s.replace(/[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g, '').trim() !== ''

export const SendContactSchema = v.object({
  name: v.pipe(v.string('name is required'), v.trim(), v.minLength(1, 'name is required'), v.check(visible, 'name is required'), v.maxLength(200)),
  email: v.pipe(
    v.string('email is required'),
    v.trim(),
    v.minLength(1, 'email is required'),
    v.email('email must be an e-mail address'),
    v.maxLength(320),
  ),
  message: v.pipe(
    v.string('message is required'),
    v.trim(),
    v.minLength(1, 'message is required'),
    v.check(visible, 'message is required'),
    v.maxLength(5000, 'message must be at most 5000 characters'),
  ),
  to: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(320)))),
  hpt: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000)))),
  subject: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(300)))),
  service: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
})

/** The caller's address: the first X-Forwarded-For hop (set by Supabase's edge and by the local server). */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  return forwarded || req.headers.get('x-real-ip') || 'unknown'
}

export async function hashClient(address: string, salt: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${address}`))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

export async function sendContact(req: Request, env: FunctionEnv): Promise<Response> {
  const body = await readJsonBody(req, env)
  if (!body.ok) return body.response
  const parsed = v.safeParse(SendContactSchema, body.value)
  if (!parsed.success) {
    return json(req, env, 400, { success: false, error: `Invalid referral: ${issueMessages(parsed.issues)}` })
  }
  const input = parsed.output
  const isSpam = (input.hpt ?? '').trim() !== ''
  const recipient = env.CONTACT_RECIPIENT || 'referrals@inspectready.co.uk'
  const from = env.CONTACT_FROM || 'InspectReady <no-reply@inspectready.co.uk>'
  const limit = Math.max(1, Number.parseInt(env.CONTACT_RATE_LIMIT ?? '5', 10) || 5)
  let stored: { stored: boolean; limited: boolean; outbox_id?: string | null }
  try {
    stored = (await rpc(env, 'submit_contact_referral', {
      p_name: input.name,
      p_email: input.email,
      p_message: input.message,
      p_to: input.to ?? null,
      p_subject: input.subject ?? null,
      p_service: input.service ?? null,
      p_client_hash: await hashClient(clientAddress(req), env.CONTACT_HASH_SALT ?? 'inspectready-local'),
      p_is_spam: isSpam,
      p_deliver_to: recipient,
      p_from: from,
      p_max_per_window: limit,
      p_window_seconds: 600,
    })) as typeof stored
  } catch (error) {
    console.error('send-contact store', error)
    return json(req, env, 500, { success: false, error: 'Could not store the referral; please try again' })
  }
  if (stored.limited) {
    return json(req, env, 429, { success: false, error: 'Too many referrals from this address; try again in 10 minutes' })
  }
  const subject = input.subject?.trim() || 'Referral from website'
  const text = `${input.message}\n\nFrom: ${input.name} <${input.email}>${input.service ? `\nService: ${input.service}` : ''}`
  if (stored.outbox_id) {
    await deliver(env, { id: stored.outbox_id, to_address: recipient, from_address: from, reply_to: input.email, subject, text_body: text })
  }
  await retryOutbox(env)
  return json(req, env, 200, { success: true })
}
