/**
 * The referral contact form (spec sections 3, 5, 7 and 8): programmes, the browser-side schema, the payload
 * sent to the send-contact function, and the subject and body shared by the e-mail and the mailto fallback.
 *
 * Decisions:
 * - Programmes: `ready4life` is the fully funded youth-skills programme, named 'Ready4Life'; every other
 *   visitor gets `general`, whose name in the subject is the brand, so subjects read
 *   'Referral from Ready4Life Jane Smith' or 'Referral from InspectReady Jane Smith', and
 *   'Referral from Ready4Life website' when the name is empty.
 * - Body: the message, one blank line, then 'From: name <email>' (separator '\n\n'), exactly what the
 *   backend's outbox writes, so the e-mail and the mailto fallback carry the same text.
 * - Name, e-mail and message are trimmed at their ends (the backend trims too); line breaks and every other
 *   character inside the message are kept as typed.
 * - Lengths match the backend's schema (supabase/functions/_shared/sendContact.ts).
 */
import * as v from 'valibot'
import { buildMailto } from './mailto'
import { PROGRAMME_IDS, type ProgrammeId } from './routeSearch'

export { PROGRAMME_IDS, type ProgrammeId }
export const DEFAULT_PROGRAMME: ProgrammeId = 'general'

/** The programme chosen by `?service=`: unknown or missing values become the default programme. */
export const ProgrammeSchema = v.fallback(v.picklist(PROGRAMME_IDS), DEFAULT_PROGRAMME)

export function toProgramme(service: unknown): ProgrammeId {
  return v.parse(ProgrammeSchema, service)
}

export const READY4LIFE = {
  name: 'Ready4Life',
  ages: '10–25',
  subjects: ['English', 'maths', 'technology', 'creative arts', 'business', 'science and engineering', 'trades'],
} as const

/** The programme's name as it appears in the subject line. */
export function programmeName(programme: ProgrammeId, brand: string): string {
  return programme === 'ready4life' ? READY4LIFE.name : brand
}

export const LIMITS = { name: 200, email: 320, message: 5000 } as const

export const FIELD_ORDER = ['name', 'email', 'message'] as const
export type ReferralField = (typeof FIELD_ORDER)[number]

export const MESSAGES = {
  nameRequired: 'Enter your name',
  nameTooLong: `Name must be ${LIMITS.name} characters or fewer`,
  emailRequired: 'Enter your organisation email',
  emailInvalid: 'Enter an email address in the correct format, like name@organisation.org',
  emailTooLong: `Email must be ${LIMITS.email} characters or fewer`,
  messageRequired: 'Enter the referral details',
  messageTooLong: `Referral details must be ${LIMITS.message} characters or fewer`,
} as const

export const ReferralFormSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, MESSAGES.nameRequired), v.maxLength(LIMITS.name, MESSAGES.nameTooLong)),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, MESSAGES.emailRequired),
    v.maxLength(LIMITS.email, MESSAGES.emailTooLong),
    v.email(MESSAGES.emailInvalid),
  ),
  message: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, MESSAGES.messageRequired),
    v.maxLength(LIMITS.message, MESSAGES.messageTooLong),
  ),
})

export interface ReferralValues {
  name: string
  email: string
  message: string
  /** The honeypot: people never see it; bots fill it. */
  hpt: string
}

export const EMPTY_VALUES: ReferralValues = { name: '', email: '', message: '', hpt: '' }

export type ReferralErrors = Partial<Record<ReferralField, string>>

/** The first problem of each field, in form order; empty when the form can be sent. */
export function validateReferral(values: ReferralValues): ReferralErrors {
  const result = v.safeParse(ReferralFormSchema, values, { abortPipeEarly: true })
  if (result.success) return {}
  const errors: ReferralErrors = {}
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as ReferralField | undefined
    if (key && !errors[key]) errors[key] = issue.message
  }
  return errors
}

export function firstInvalidField(errors: ReferralErrors): ReferralField | undefined {
  return FIELD_ORDER.find((f) => errors[f] !== undefined)
}

/** 'Referral from {programme} {name}', or '... website' when the name is empty. */
export function buildReferralSubject(programme: string, name: string): string {
  const who = name.trim()
  return `Referral from ${programme} ${who === '' ? 'website' : who}`
}

/** The message, a blank line, then 'From: name <email>' (the same text the backend e-mails). */
export function buildReferralBody(message: string, name: string, email: string): string {
  return `${message.trim()}\n\nFrom: ${name.trim()} <${email.trim()}>`
}

/** The send-contact body (spec section 3, plus `service`, which the backend stores and adds to the e-mail). */
export interface ReferralPayload {
  name: string
  email: string
  message: string
  to: string
  hpt: string
  subject: string
  service: ProgrammeId
}

export interface ReferralSettings {
  programme: ProgrammeId
  /** The fixed organisation address (config.referralEmail). */
  to: string
  brand: string
}

export function buildReferralPayload(values: ReferralValues, settings: ReferralSettings): ReferralPayload {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    message: values.message.trim(),
    to: settings.to,
    hpt: values.hpt,
    subject: buildReferralSubject(programmeName(settings.programme, settings.brand), values.name),
    service: settings.programme,
  }
}

/** The fallback: a mailto link to the organisation address with the subject and body, every character encoded. */
export function buildReferralMailto(values: ReferralValues, settings: ReferralSettings): string {
  return buildMailto({
    to: settings.to,
    subject: buildReferralSubject(programmeName(settings.programme, settings.brand), values.name),
    body: buildReferralBody(values.message, values.name, values.email),
  })
}

/** Why a send failed; every kind takes the mail fallback, the page explains which one it was. */
export const SEND_FAILURES = ['rate-limited', 'rejected', 'unavailable'] as const
export type SendFailure = (typeof SEND_FAILURES)[number]

/** The failure kind carried by an error (`{ kind }`), or 'unavailable' for anything else (network down). */
export function failureKind(error: unknown): SendFailure {
  const kind = (error as { kind?: unknown } | null | undefined)?.kind
  return SEND_FAILURES.includes(kind as SendFailure) ? (kind as SendFailure) : 'unavailable'
}

/** The failure kind for an HTTP status from send-contact: 429 rate limited, other 4xx rejected, else unavailable. */
export function failureForStatus(status: number | undefined): SendFailure {
  if (status === 429) return 'rate-limited'
  if (status !== undefined && status >= 400 && status < 500) return 'rejected'
  return 'unavailable'
}
