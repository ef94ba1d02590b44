/**
 * complete-user-signup: called by the sign-up page right after auth sign-up (often before the e-mail is
 * confirmed, so without a user session). The SQL function does the checks and the writes in one
 * transaction: the user must exist with that e-mail, be under 24 hours old, and not be set up yet
 * (a repeat of the same call succeeds without creating anything: idempotent). An address with a pending
 * invitation gets no organisation ({success: true, invitationPending: true}): it joins by accepting.
 */
import * as v from 'valibot'
import type { FunctionEnv } from './env.ts'
import { issueMessages, json, readJsonBody, rpc } from './http.ts'

// The SQL function truncates to the column limits (first/last name 100, company 200, phone 40). Over-long
// text is cut here too, never refused: the auth user already exists, and the form caps no field, so a refusal
// would leave a half-set-up account (the 64 KB body limit bounds the input).
const optionalText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.transform((s) => s.slice(0, max)))))

export const CompleteUserSignupSchema = v.object({
  userId: v.pipe(v.string(), v.uuid('userId must be a UUID')),
  email: v.pipe(v.string(), v.trim(), v.email('email must be an e-mail address'), v.maxLength(320)),
  userData: v.object({
    first_name: optionalText(1000),
    last_name: optionalText(1000),
    company: optionalText(1000),
    company_name: optionalText(1000),
    phone_number: optionalText(1000),
    staff_count: v.optional(
      v.nullable(v.union([v.pipe(v.number(), v.integer(), v.minValue(1)), v.pipe(v.string(), v.regex(/^\d{1,9}$/))])),
    ),
    sector: v.optional(v.nullable(v.picklist(['care', 'education', 'housing', 'construction']))),
    plan: v.optional(v.nullable(v.picklist(['free', 'bos']))),
  }),
})

export async function completeUserSignup(req: Request, env: FunctionEnv): Promise<Response> {
  const body = await readJsonBody(req, env)
  if (!body.ok) return body.response
  const parsed = v.safeParse(CompleteUserSignupSchema, body.value)
  if (!parsed.success) {
    return json(req, env, 400, { success: false, error: `Invalid payload: ${issueMessages(parsed.issues)}` })
  }
  const { userId, email, userData } = parsed.output
  const company = (userData.company_name ?? userData.company ?? '').trim()
  if (company.length === 0) {
    return json(req, env, 400, { success: false, error: 'Invalid payload: company name is required' })
  }
  try {
    const result = (await rpc(env, 'complete_user_signup', {
      p_user_id: userId,
      p_email: email,
      p_user_data: { ...userData, company_name: company },
    })) as { success: boolean; error?: string; status?: number; invitation_pending?: boolean }
    if (!result.success) {
      return json(req, env, result.status ?? 400, { success: false, error: result.error ?? 'Setup failed' })
    }
    // An invited address gets no organisation of its own: it joins the inviting one by accepting.
    return json(req, env, 200, result.invitation_pending ? { success: true, invitationPending: true } : { success: true })
  } catch (error) {
    console.error('complete-user-signup', error)
    return json(req, env, 500, { success: false, error: 'Setup failed; please try again' })
  }
}
