/**
 * invite-member and resend-invitation: an organisation's admin invites a colleague by e-mail, or sends an
 * invitation again with a new link. The SQL functions (invite_member, resend_invitation; service role only) do
 * every check and write in one transaction: the caller is an admin, a work e-mail (not a consumer domain), a
 * free seat (members plus pending invitations, locked so concurrent invitations queue), the organisation's
 * hourly limit on invitation e-mails (429), the invitation with only its token's hash, and the e-mail in the
 * outbox. This function then delivers the e-mail (SQL cannot) and retries older undelivered ones.
 *
 * The function, not the browser, decides the link's site (SITE_URL), so nobody can make us mail a link
 * elsewhere. The caller is whoever the auth server says the access token belongs to (a signed-out or revoked
 * session is refused), never an id from the body.
 *
 * Replies: 200 {success: true, invitation, mail: 'sent' | 'queued'}; otherwise {success: false, error, code}
 * with 400 (bad body; code 'invalid_email', 'consumer_email_domain', 'invalid_role'), 401 'not_authenticated',
 * 402 'seat_limit_reached', 403 'not_member' | 'not_admin', 404 'invitation_not_found', 409 'already_invited' |
 * 'already_member' | 'invitation_used' | 'invitation_revoked', 429 'invitation_rate_limited' |
 * 'invitation_resend_too_soon' (with retryAfter seconds), 500 when not configured or the database failed.
 */
import * as v from 'valibot'
import type { FunctionEnv } from './env.ts'
import { callerOf, issueMessages, json, readJsonBody, rpcResult } from './http.ts'
import { deliver, type OutboxMail, retryOutbox } from './outbox.ts'

export const InviteMemberSchema = v.object({
  email: v.pipe(
    v.string('email is required'),
    v.trim(),
    v.minLength(1, 'email is required'),
    v.maxLength(320, 'email must be at most 320 characters'),
    v.email('email must be an e-mail address'),
  ),
  role: v.optional(v.picklist(['admin', 'member'], 'role must be admin or member'), 'member'),
})

export const ResendInvitationSchema = v.object({
  invitationId: v.pipe(v.string('invitationId is required'), v.uuid('invitationId must be a UUID')),
})

type Operation = { fn: 'invite_member' | 'resend_invitation'; args: Record<string, unknown> }

async function run(req: Request, env: FunctionEnv, parse: (body: unknown) => Operation | string): Promise<Response> {
  const body = await readJsonBody(req, env)
  if (!body.ok) return body.response
  const op = parse(body.value)
  if (typeof op === 'string') return json(req, env, 400, { success: false, error: op, code: 'invalid_payload' })
  const caller = await callerOf(req, env)
  if (!caller) {
    return json(req, env, 401, { success: false, error: 'Sign in as an admin of your organisation to invite colleagues.', code: 'not_authenticated' })
  }
  if (!env.SITE_URL) {
    console.error('team invitations: SITE_URL is not configured')
    return json(req, env, 500, { success: false, error: 'Invitations are not configured on this server.', code: 'not_configured' })
  }
  const limit = Math.max(1, Number.parseInt(env.INVITE_RATE_LIMIT ?? '20', 10) || 20)
  let result: Awaited<ReturnType<typeof rpcResult>>
  try {
    result = await rpcResult(env, op.fn, {
      ...op.args,
      p_actor: caller.id,
      p_site_url: env.SITE_URL,
      p_from: env.MAIL_FROM || env.CONTACT_FROM || 'InspectReady <no-reply@inspectready.co.uk>',
      p_max_per_hour: limit,
    })
  } catch (error) {
    console.error(`${op.fn}`, error)
    return json(req, env, 500, { success: false, error: 'Could not save the invitation; please try again.', code: 'server_error' })
  }
  if (!result.ok) {
    const retryAfter = retryAfterOf(result.details)
    return json(req, env, result.status, {
      success: false,
      error: result.message,
      code: result.hint ?? 'refused',
      ...(retryAfter !== undefined ? { retryAfter } : {}),
    })
  }
  const { invitation, mail } = result.value as { invitation: unknown; mail: OutboxMail }
  const sent = await deliver(env, mail)
  await retryOutbox(env)
  return json(req, env, 200, { success: true, invitation, mail: sent ? 'sent' : 'queued' })
}

/** resend_invitation's 'too soon' refusal carries {"retry_after": seconds} in its details. */
function retryAfterOf(details: string | null): number | undefined {
  try {
    const value = details ? (JSON.parse(details) as { retry_after?: unknown }).retry_after : undefined
    return typeof value === 'number' ? value : undefined
  } catch {
    return undefined
  }
}

export function inviteMember(req: Request, env: FunctionEnv): Promise<Response> {
  return run(req, env, (body) => {
    const parsed = v.safeParse(InviteMemberSchema, body)
    if (!parsed.success) return `Invalid invitation: ${issueMessages(parsed.issues)}`
    return { fn: 'invite_member', args: { p_email: parsed.output.email, p_role: parsed.output.role } }
  })
}

export function resendInvitation(req: Request, env: FunctionEnv): Promise<Response> {
  return run(req, env, (body) => {
    const parsed = v.safeParse(ResendInvitationSchema, body)
    if (!parsed.success) return `Invalid request: ${issueMessages(parsed.issues)}`
    return { fn: 'resend_invitation', args: { p_invitation_id: parsed.output.invitationId } }
  })
}
