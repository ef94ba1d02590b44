/**
 * Personal e-mail providers that sign-up and onboarding refuse (spec section 5).
 * One list for the browser and the server: the SQL trigger's copy is checked against it in tests.
 */
export const CONSUMER_EMAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'hotmail.com',
  'hotmail.co.uk',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'gmx.com',
  'protonmail.com',
  'proton.me',
] as const

export type ConsumerDomain = (typeof CONSUMER_EMAIL_DOMAINS)[number]

const set: ReadonlySet<string> = new Set(CONSUMER_EMAIL_DOMAINS)

/** The domain part of an address, trimmed and lower-cased; '' when there is none. */
export function emailDomain(email: string): string {
  const at = email.trim().lastIndexOf('@')
  return at < 0 ? '' : email.trim().slice(at + 1).toLowerCase()
}

/** True when the address is on a personal provider's domain (any letter case, surrounding spaces ignored). */
export function isConsumerEmail(email: string): boolean {
  return set.has(emailDomain(email))
}
