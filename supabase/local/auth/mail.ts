/**
 * The auth server's e-mails (GoTrue's internal/api/mail.go and its mailer): confirmation and recovery links, sent
 * to the mail catcher after the transaction that made them commits, within the all-addresses e-mail budget
 * (`email_sent`).
 */
import type { Queryable } from '../db.ts'
import { IntervalLimit } from '../ratelimit.ts'
import type { AuthOptions } from './context.ts'
import { ApiError } from './errors.ts'
import { esc } from './helpers.ts'

const MAIL_FROM = 'InspectReady (local) <no-reply@localhost>'

/** "1 hour", "24 hours", "30 minutes": for the mails' "the link expires in …". */
export function humanDuration(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour')
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute')
  return plural(seconds, 'second')
}

export interface Mailer {
  /**
   * Runs a write that may send e-mails: `reserveMail()` takes one from the all-addresses e-mail budget
   * (GoTrue: 429 'email rate limit exceeded', not counted with autoconfirm) and is given back when the
   * transaction fails, so a refused or failed request neither sends nor uses up anything.
   */
  withMail<T>(fn: (tx: Queryable, reserveMail: () => void) => Promise<T>): Promise<T>
  sendConfirmation(email: string, token: string, redirectTo: string): void
  sendRecovery(email: string, token: string, redirectTo: string): void
}

export function mailer(opts: AuthOptions): Mailer {
  const { db, mail } = opts
  const mailBudget = new IntervalLimit(opts.rateLimits.emailSent)
  const verifyLink = (token: string, type: string, redirectTo: string) =>
    `${opts.baseUrl()}/auth/v1/verify?token=${encodeURIComponent(token)}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`

  return {
    async withMail(fn) {
      let reserved = 0
      const reserveMail = () => {
        if (opts.autoconfirm) return
        if (!mailBudget.take()) throw new ApiError(429, 'over_email_send_rate_limit', 'email rate limit exceeded')
        reserved++
      }
      try {
        return await db.transaction((tx) => fn(tx, reserveMail))
      } catch (error) {
        for (; reserved > 0; reserved--) mailBudget.refund()
        throw error
      }
    },

    sendConfirmation(email, token, redirectTo) {
      const link = verifyLink(token, 'signup', redirectTo)
      mail.add({
        to: email,
        from: MAIL_FROM,
        subject: 'Confirm your signup',
        text: `Follow this link to confirm your e-mail address:\n\n${link}\n\nThe link works once and expires in ${humanDuration(opts.otpExpirySeconds)}.`,
        html: `<h2>Confirm your signup</h2><p>Follow this link to confirm your e-mail address:</p><p><a href="${link.replace(/&/g, '&amp;')}">Confirm your e-mail address</a></p>`,
      })
    },

    sendRecovery(email, token, redirectTo) {
      const link = verifyLink(token, 'recovery', redirectTo)
      const expires = humanDuration(opts.otpExpirySeconds)
      mail.add({
        to: email,
        from: MAIL_FROM,
        subject: 'Reset your password',
        text:
          `Someone asked to reset the password of the InspectReady account for ${email}.\n\n` +
          `To choose a new password, follow this link:\n\n${link}\n\n` +
          `The link works once and expires in ${expires}. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
        html:
          `<h2>Reset your password</h2><p>Someone asked to reset the password of the InspectReady account for ${esc(email)}.</p>` +
          `<p><a href="${link.replace(/&/g, '&amp;')}">Choose a new password</a></p>` +
          `<p>The link works once and expires in ${expires}. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
      })
    },
  }
}
