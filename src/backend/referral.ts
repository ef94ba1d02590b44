/**
 * The referral form's call: POST the payload to the send-contact function (stored first, then delivered
 * by the outbox; see supabase/functions/_shared/sendContact.ts). Any problem rejects with a
 * ContactSendError, so the machine takes the mail fallback: an error answer (4xx, 429, 5xx), the network
 * being down, or a 2xx without `success: true`. The response body is never shown to the visitor.
 */
import { failureForStatus, type ReferralPayload, type SendFailure } from '../domain/contact'
import { getSupabase } from './client'

export class ContactSendError extends Error {
  constructor(
    readonly kind: SendFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'ContactSendError'
  }
}

/** The HTTP status behind a supabase-js functions error (FunctionsHttpError carries the Response). */
function statusOf(error: unknown): number | undefined {
  const context = (error as { context?: unknown } | null)?.context
  return context instanceof Response ? context.status : undefined
}

export async function sendReferral(payload: ReferralPayload): Promise<void> {
  let result: { data: unknown; error: unknown }
  try {
    const supabase = await getSupabase()
    result = await supabase.functions.invoke('send-contact', { body: payload })
  } catch (error) {
    // Loading supabase-js itself failed (offline on first use) or invoke threw.
    throw new ContactSendError('unavailable', error instanceof Error ? error.message : String(error))
  }
  if (result.error) {
    const status = statusOf(result.error)
    const message = result.error instanceof Error ? result.error.message : String(result.error)
    throw new ContactSendError(failureForStatus(status), message, status)
  }
  if ((result.data as { success?: unknown } | null)?.success !== true) {
    throw new ContactSendError('unavailable', 'send-contact did not confirm the referral was stored')
  }
}
