/**
 * Rules and words for returning accounts (issue 15): sign-in, resending the confirmation e-mail, password reset,
 * SSO sign-in, the account menu and /account. Pure: no browser, no backend. The machines read the predicates here,
 * the views the messages, so both say the same thing.
 */
import * as v from 'valibot'
import type { Sector } from './sectors'
import { UNREACHABLE_MESSAGE } from './authErrors'
import { MIN_PASSWORD_LENGTH } from './signup'

/** GoTrue's `max_frequency` for e-mails to one address (supabase/config.toml `[auth.email] max_frequency`). */
export const RESEND_INTERVAL_SECONDS = 60
/** The window of GoTrue's sign-in rate limit (`[auth.rate_limit] sign_in_sign_ups` counts per 5 minutes). */
export const SIGN_IN_RATE_LIMIT_MINUTES = 5
/** GoTrue's default lifetime of a recovery link (`otp_exp`, 1 hour). */
export const RECOVERY_LINK_HOURS = 1

export { SSO_PROVIDER_LABELS, SSO_PROVIDERS, type SsoProvider } from './ssoProviders'

/** mm:ss for the resend countdown, e.g. 0:42. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in

export interface SignInValues {
  email: string
  password: string
}
export const EMPTY_SIGN_IN: SignInValues = { email: '', password: '' }

export type SignInProblem = 'missingEmail' | 'invalidEmail' | 'missingPassword'

const EmailSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(320), v.email())

/** The first thing that stops a sign-in being sent, or null when it can go. */
export function signInProblem(values: SignInValues): SignInProblem | null {
  if (values.email.trim() === '') return 'missingEmail'
  if (!v.is(EmailSchema, values.email)) return 'invalidEmail'
  if (values.password === '') return 'missingPassword'
  return null
}

export const SIGN_IN_FIELD_MESSAGES: Record<SignInProblem, string> = {
  missingEmail: 'Enter your work email.',
  invalidEmail: 'Enter a valid email address, like name@organisation.co.uk.',
  missingPassword: 'Enter your password.',
}

/** The sign-in outcomes the page explains (one message for a wrong e-mail or password: no account enumeration). */
export type SignInFailure = 'invalidCredentials' | 'rateLimited' | 'network' | 'unexpected'

export const SIGN_IN_MESSAGES: Record<SignInFailure, string> = {
  invalidCredentials: 'Incorrect email or password. Check them and try again, or reset your password.',
  rateLimited: `Too many sign-in attempts. For your security, please wait ${SIGN_IN_RATE_LIMIT_MINUTES} minutes, then try again.`,
  network: UNREACHABLE_MESSAGE,
  unexpected: 'Something went wrong while signing you in. Please try again in a moment.',
}

// ---------------------------------------------------------------------------------------------------------------
// Password reset

export interface NewPasswordValues {
  password: string
  repeat: string
}
export const EMPTY_NEW_PASSWORD: NewPasswordValues = { password: '', repeat: '' }

export type NewPasswordProblem = 'missingPassword' | 'passwordTooShort' | 'passwordTooLong' | 'mismatch'
/** GoTrue refuses passwords over 72 bytes (bcrypt); we count characters, which is at least as strict for ASCII. */
export const MAX_PASSWORD_LENGTH = 72

export function newPasswordProblem(values: NewPasswordValues): NewPasswordProblem | null {
  if (values.password === '') return 'missingPassword'
  if (values.password.length < MIN_PASSWORD_LENGTH) return 'passwordTooShort'
  if (new TextEncoder().encode(values.password).length > MAX_PASSWORD_LENGTH) return 'passwordTooLong'
  if (values.repeat !== values.password) return 'mismatch'
  return null
}

export const NEW_PASSWORD_MESSAGES: Record<NewPasswordProblem, string> = {
  missingPassword: 'Choose a new password.',
  passwordTooShort: 'Password must be more than 6 characters.',
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  mismatch: 'The two passwords do not match.',
}

export type ResetRequestProblem = 'missingEmail' | 'invalidEmail'

export function resetRequestProblem(email: string): ResetRequestProblem | null {
  if (email.trim() === '') return 'missingEmail'
  if (!v.is(EmailSchema, email)) return 'invalidEmail'
  return null
}

/** Why a reset link cannot be used: too old or already used, or opened in another browser than it was asked in. */
export type ResetLinkProblem = 'expired' | 'otherBrowser'

export type ResetFailure = 'rateLimited' | 'network' | 'unexpected' | 'weakPassword' | 'samePassword'

export const RESET_MESSAGES = {
  requestRateLimited: 'We are sending a lot of emails just now. Please wait a few minutes, then ask for the link again.',
  nextLinkIn: (seconds: number) => `For security, you can ask for another link in ${seconds} seconds.`,
  network: UNREACHABLE_MESSAGE,
  unexpected: 'Something went wrong. Please try again in a moment.',
  weakPassword: 'That password is too weak. Choose a longer one with a mix of words, numbers or symbols.',
  samePassword: 'Your new password must be different from your old one.',
  linkExpired: `This reset link has expired or was already used. Links work once, for ${RECOVERY_LINK_HOURS} hour.`,
  linkOtherBrowser:
    'This reset link was opened in a different browser from the one you asked for it in. Ask for a new link here, or open the link in that browser.',
} as const

/** Where the recovery e-mail's link sends the person back to (must be an allowed redirect URL of the project). */
export function recoveryRedirect(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/auth?type=recovery`
}

// ---------------------------------------------------------------------------------------------------------------
// SSO

/** Where the providers send the person back to: the onboarding gate, which exchanges the code. */
export function ssoRedirect(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/onboarding`
}

/** Why single sign-on could not start (the redirect to the provider failed before the browser left). */
export const SSO_START_MESSAGES = {
  network: "We couldn't reach the server to start single sign-on. Check your connection and try again.",
  unexpected: 'Single sign-on could not start. Please try again, or sign in with your email and password.',
} as const

export function ssoErrorMessage(error: string, description: string): string {
  if (error === 'access_denied' && !/database/i.test(description)) {
    return 'Single sign-on was cancelled or refused at the provider. Try again, or sign in with your email and password.'
  }
  return 'We could not sign you in with single sign-on. Please try again, or sign in with your email and password.'
}

// ---------------------------------------------------------------------------------------------------------------
// /account

/** The signed-in person's own users row, as /account shows it (column names of public.users). */
export interface AccountProfile {
  email: string
  firstName: string
  lastName: string
  phone: string
  companyName: string
  staffCount: number | null
  sector: Sector | ''
  country: string
  regulators: string[]
  roles: string[]
  domains: string[]
  lifeSkills: string[]
  frequency: string
  teamRoles: string[]
  onboardingCompletedAt: string | null
}

export interface AccountDetails {
  firstName: string
  lastName: string
  phone: string
}

export type AccountDetailsProblem = 'missingFirstName' | 'missingLastName' | 'nameTooLong' | 'invalidPhone'

/** Names as the users table allows them (1–100 characters after trim); a phone of digits, spaces and + ( ) -. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{7,40}$/

export function accountDetailsProblem(details: AccountDetails): AccountDetailsProblem | null {
  if (details.firstName.trim() === '') return 'missingFirstName'
  if (details.lastName.trim() === '') return 'missingLastName'
  if (details.firstName.trim().length > 100 || details.lastName.trim().length > 100) return 'nameTooLong'
  const phone = details.phone.trim()
  if (phone !== '' && !PHONE_PATTERN.test(phone)) return 'invalidPhone'
  return null
}

export const ACCOUNT_DETAILS_MESSAGES: Record<AccountDetailsProblem, string> = {
  missingFirstName: 'Enter your first name.',
  missingLastName: 'Enter your last name.',
  nameTooLong: 'Names can be at most 100 characters.',
  invalidPhone: 'Enter a phone number of digits, spaces and + ( ) -, like 07700 900123.',
}

export function detailsOf(profile: AccountProfile): AccountDetails {
  return { firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone }
}

/** The patch of the users row for the editable details (trimmed; an empty phone is stored as null). */
export function detailsPatch(details: AccountDetails) {
  return {
    first_name: details.firstName.trim(),
    last_name: details.lastName.trim(),
    phone_number: details.phone.trim() === '' ? null : details.phone.trim(),
  }
}

export function sameDetails(a: AccountDetails, b: AccountDetails): boolean {
  return a.firstName.trim() === b.firstName.trim() && a.lastName.trim() === b.lastName.trim() && a.phone.trim() === b.phone.trim()
}

const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [])
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** A users row as PostgREST returns it -> the profile /account shows; unknown or missing values become empty. */
export function parseAccountRow(row: Record<string, unknown>): AccountProfile {
  const team = row.team_structure
  const teamRoles = team && typeof team === 'object' && !Array.isArray(team) ? list((team as { roles?: unknown }).roles) : list(team)
  const sector = text(row.sector)
  return {
    email: text(row.email),
    firstName: text(row.first_name),
    lastName: text(row.last_name),
    phone: text(row.phone_number),
    companyName: text(row.company_name),
    staffCount: typeof row.staff_count === 'number' ? row.staff_count : null,
    sector: (['care', 'education', 'housing', 'construction'] as const).find((s) => s === sector) ?? '',
    country: text(row.country),
    regulators: list(row.selected_regulators),
    roles: list(row.selected_roles),
    domains: list(row.selected_domains),
    lifeSkills: list(row.life_skills),
    frequency: text(row.policy_frequency),
    teamRoles,
    onboardingCompletedAt: typeof row.onboarding_completed_at === 'string' ? row.onboarding_completed_at : null,
  }
}

/** The columns /account reads (never `*`: new columns must not leak into the page by accident). */
export const ACCOUNT_COLUMNS =
  'email, first_name, last_name, phone_number, company_name, staff_count, sector, country, selected_regulators, selected_roles, selected_domains, life_skills, policy_frequency, team_structure, onboarding_completed_at'

export const ACCOUNT_MESSAGES = {
  saved: 'Details saved',
  saveFailed: 'Your details were not saved. Check your connection and try again; what you typed is kept.',
  loadFailed: "We couldn't load your account. Check your connection and try again.",
  signedOut: 'Signed out',
  signOutOffline: 'Signed out on this device. We could not reach the server to end the session everywhere.',
} as const

