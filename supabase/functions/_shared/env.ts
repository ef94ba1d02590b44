/** What the handlers need from their runtime; Deno entries read it from Deno.env, the local server passes it in. */
export interface FunctionEnv {
  SUPABASE_URL: string
  SUPABASE_SERVICE_ROLE_KEY: string
  /** Origins allowed by CORS, comma separated; '*' when unset (the functions take no cookies). */
  ALLOWED_ORIGINS?: string
  /** Resend-compatible e-mail API (POST JSON {from,to,subject,text,reply_to}); locally the mail catcher. */
  MAIL_API_URL?: string
  MAIL_API_KEY?: string
  /** Where referrals are delivered, whatever `to` the browser sent (no open relay). */
  CONTACT_RECIPIENT?: string
  CONTACT_FROM?: string
  /** Salt for hashing client addresses, so the table never holds an IP address. */
  CONTACT_HASH_SALT?: string
  /** Requests per client per 10 minutes (default 5). */
  CONTACT_RATE_LIMIT?: string
  /** The site's origin: invitation links are <SITE_URL>/invite?token=... (never taken from the browser). */
  SITE_URL?: string
  /** Sender of the product's own e-mails (invitations); CONTACT_FROM, then the default, when unset. */
  MAIL_FROM?: string
  /** Invitation e-mails (new and resent) per organisation per hour (default 20). */
  INVITE_RATE_LIMIT?: string
  /** Shared secret the scheduler (pg_cron via pg_net) sends as x-cron-secret to send-review-reminders. */
  CRON_SECRET?: string
}

export function envFrom(get: (name: string) => string | undefined): FunctionEnv {
  const required = (name: string): string => {
    const value = get(name)
    if (!value) throw new Error(`Missing environment variable ${name}`)
    return value
  }
  return {
    SUPABASE_URL: required('SUPABASE_URL'),
    SUPABASE_SERVICE_ROLE_KEY: required('SUPABASE_SERVICE_ROLE_KEY'),
    ALLOWED_ORIGINS: get('ALLOWED_ORIGINS'),
    MAIL_API_URL: get('MAIL_API_URL'),
    MAIL_API_KEY: get('MAIL_API_KEY'),
    CONTACT_RECIPIENT: get('CONTACT_RECIPIENT'),
    CONTACT_FROM: get('CONTACT_FROM'),
    CONTACT_HASH_SALT: get('CONTACT_HASH_SALT'),
    CONTACT_RATE_LIMIT: get('CONTACT_RATE_LIMIT'),
    SITE_URL: get('SITE_URL'),
    MAIL_FROM: get('MAIL_FROM'),
    INVITE_RATE_LIMIT: get('INVITE_RATE_LIMIT'),
    CRON_SECRET: get('CRON_SECRET'),
  }
}
