/**
 * Sign-up rules (spec sections 3, 5, 7, 8 and 9): the form's fields, which of them count towards progress,
 * the valibot schemas, the order in which a submit is refused, the payloads sent to the backend and the
 * toast texts. Pure: used by machines/signup.machine.ts, the /auth view and the tests.
 */
import * as v from 'valibot'
import { isConsumerEmail } from './consumerDomains'
import { isSector, SECTORS, type Sector } from './sectors'

export const MIN_PASSWORD_LENGTH = 7
export const MIN_STAFF_COUNT = 1
/** Website sign-ups are always on the free plan; the paid plan ('bos') is enabled by us for eligible accounts. */
export const WEBSITE_PLAN = 'free' as const
export const SIGNUP_SOURCE = 'website' as const

/** What the form holds: raw text as typed (trimmed only when checked or sent). */
export interface SignupValues {
  firstName: string
  lastName: string
  email: string
  password: string
  company: string
  phone: string
  sector: Sector | ''
  staffCount: string
}

export type SignupField = keyof SignupValues

export const EMPTY_SIGNUP: SignupValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  company: '',
  phone: '',
  sector: '',
  staffCount: '',
}

/** The seven required fields; progress counts these (staff count is optional and not counted). */
export const COUNTED_FIELDS = ['firstName', 'lastName', 'email', 'password', 'company', 'phone', 'sector'] as const

export const WORK_EMAIL_MESSAGE =
  'Please use your work email. Personal providers (e.g., Gmail, Yahoo, AOL) are not accepted.'

const trimmedText = v.pipe(v.string(), v.trim(), v.nonEmpty())

/** An e-mail address on a work domain; surrounding spaces are dropped first. */
export const WorkEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(),
  v.email('Please enter a valid email address.'),
  v.check((email) => !isConsumerEmail(email), WORK_EMAIL_MESSAGE),
)

/** More than 6 characters (minimum 7). */
export const PasswordSchema = v.pipe(v.string(), v.minLength(MIN_PASSWORD_LENGTH))

/** Optional: empty means "not given" (null); otherwise a whole number of at least 1. */
export const StaffCountSchema = v.pipe(
  v.string(),
  v.trim(),
  v.union([
    v.pipe(v.literal(''), v.transform(() => null)),
    v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number), v.minValue(MIN_STAFF_COUNT)),
  ]),
)

export const SectorSchema = v.picklist(SECTORS)

/** What a valid form becomes: trimmed text, a sector and the staff count as a number or null. */
export const SignupSchema = v.object({
  firstName: trimmedText,
  lastName: trimmedText,
  email: WorkEmailSchema,
  password: PasswordSchema,
  company: trimmedText,
  phone: trimmedText,
  sector: SectorSchema,
  staffCount: StaffCountSchema,
})

export type SignupData = v.InferOutput<typeof SignupSchema>

/** Is one field complete (the green tick)? Staff count shows a tick once it holds a valid number. */
export function isFieldComplete(field: SignupField, values: SignupValues): boolean {
  const value = values[field]
  switch (field) {
    case 'email':
      return v.is(WorkEmailSchema, value)
    case 'password':
      return v.is(PasswordSchema, value)
    case 'sector':
      return isSector(value)
    case 'staffCount':
      return value.trim() !== '' && v.is(StaffCountSchema, value)
    default:
      return value.trim() !== ''
  }
}

export function signupProgress(values: SignupValues): { completed: number; total: number } {
  return { completed: COUNTED_FIELDS.filter((f) => isFieldComplete(f, values)).length, total: COUNTED_FIELDS.length }
}

/** Why a submit is refused, in the order the checks run (spec section 8 first, then the format checks). */
export type SignupProblem = 'missingFields' | 'passwordTooShort' | 'workEmailRequired' | 'invalidEmail' | 'invalidStaffCount'

export function signupProblem(values: SignupValues): SignupProblem | null {
  if (COUNTED_FIELDS.some((f) => (f === 'password' ? values.password === '' : values[f].trim() === ''))) {
    return 'missingFields'
  }
  if (!v.is(PasswordSchema, values.password)) return 'passwordTooShort'
  if (isConsumerEmail(values.email)) return 'workEmailRequired'
  if (!v.is(WorkEmailSchema, values.email)) return 'invalidEmail'
  if (!v.is(StaffCountSchema, values.staffCount)) return 'invalidStaffCount'
  return null
}

/** The checked, trimmed data; throws when the values have a problem (call after signupProblem). */
export function parseSignup(values: SignupValues): SignupData {
  return v.parse(SignupSchema, values)
}

/** User metadata sent with the auth sign-up (spec sections 3 and 7). */
export function signupMetadata(data: SignupData) {
  return {
    first_name: data.firstName,
    last_name: data.lastName,
    company_name: data.company,
    phone_number: data.phone,
    staff_count: data.staffCount,
    requested_plan: WEBSITE_PLAN,
    sector: data.sector,
    signup_source: SIGNUP_SOURCE,
    tenant_name: data.company,
  }
}

export type SignupMetadata = ReturnType<typeof signupMetadata>

/** The complete-user-signup payload (spec sections 3 and 7). */
export function completeSignupPayload(userId: string, email: string, data: SignupData) {
  return {
    userId,
    email,
    userData: {
      first_name: data.firstName,
      last_name: data.lastName,
      company: data.company,
      company_name: data.company,
      phone_number: data.phone,
      staff_count: data.staffCount,
      sector: data.sector,
      plan: WEBSITE_PLAN,
    },
  }
}

export type CompleteSignupPayload = ReturnType<typeof completeSignupPayload>

/** Where the confirmation e-mail's link sends the user back to. */
export function confirmationRedirect(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/auth?type=signup`
}

export interface Toast {
  title: string
  description?: string
  variant: 'default' | 'success' | 'destructive'
}

/** Sign-up toasts, word for word from spec section 8 (and two format checks the spec leaves unnamed). */
export const SIGNUP_TOASTS = {
  missingFields: { title: 'Missing fields', description: 'Please fill in all required fields.', variant: 'destructive' },
  passwordTooShort: {
    title: 'Password too short',
    description: 'Password must be more than 6 characters.',
    variant: 'destructive',
  },
  workEmailRequired: {
    title: 'Work email required',
    description: 'Please use your company email (no Gmail, Yahoo, AOL, etc.).',
    variant: 'destructive',
  },
  invalidEmail: { title: 'Check your email', description: 'Please enter a valid email address.', variant: 'destructive' },
  invalidStaffCount: {
    title: 'Check the number of staff',
    description: 'Number of staff must be a whole number of at least 1, or left empty.',
    variant: 'destructive',
  },
  accountExists: {
    title: 'Account already exists',
    description: 'This email is already registered. Try logging in instead.',
    variant: 'destructive',
  },
  signUpFailed: (message: string): Toast => ({
    title: 'Sign up failed',
    description: message || 'Unable to create account. Please check your details and try again.',
    variant: 'destructive',
  }),
  setupFailed: (message: string): Toast => ({
    title: 'Setup failed',
    description: `Account created but setup failed: ${message}. Please contact support.`,
    variant: 'destructive',
  }),
  setupIncomplete: {
    title: 'Setup incomplete',
    description: 'Account setup incomplete. Please contact support.',
    variant: 'destructive',
  },
  signupIncomplete: {
    title: 'Signup incomplete',
    description: 'Account creation was not completed. Please try again.',
    variant: 'destructive',
  },
  unexpected: (message: string): Toast => ({
    title: 'Unexpected error',
    description: message || 'Please try again.',
    variant: 'destructive',
  }),
  accountCreatedConfirmed: {
    title: 'Account created!',
    description: 'Your account is ready and you have admin access. Taking you to your workspace...',
    variant: 'success',
  },
  accountCreatedCheckEmail: {
    title: 'Account created!',
    description: "Please check your email to confirm your account. You'll get admin access once it's confirmed.",
    variant: 'success',
  },
  copyFailed: { title: 'Copy failed', description: 'Could not copy password to clipboard.', variant: 'destructive' },
} satisfies Record<string, Toast | ((message: string) => Toast)>

export const PASSWORD_COPIED = 'Password copied!'

/** True for a syntactically valid e-mail address (spaces around it ignored). */
export function isEmailAddress(email: string): boolean {
  return v.is(v.pipe(v.string(), v.trim(), v.email()), email)
}

/** What /auth reads from its URL after mount (spec section 2), plus the error GoTrue appends to a bad link. */
export interface AuthArrival {
  /** Which form: sign-up, or asking for a password reset link (none: sign-in). */
  mode?: 'signup' | 'reset'
  /** What a mailed link is for: confirming a sign-up, or recovering a password. */
  type?: 'signup' | 'recovery'
  verified?: 'true'
  access_token?: string
  refresh_token?: string
  code?: string
  /** A recovery e-mail built on the token-hash template links here with it (verifyOtp). */
  token_hash?: string
  error?: string
  error_code?: string
  error_description?: string
  /** An SSO provider's refusal, forwarded by the onboarding gate. */
  sso_error?: string
  sso_error_description?: string
}

export const CONFIRMATION_TOASTS = {
  verified: {
    title: 'Email verified!',
    description: 'Your email address is verified. Taking you to your workspace...',
    variant: 'success',
  },
  confirmed: {
    title: 'Email confirmed!',
    description: 'Your account is active and you have admin access. Taking you to your workspace...',
    variant: 'success',
  },
  resent: (email: string): Toast => ({
    title: 'Confirmation email sent',
    description: `If ${email} has an account waiting for confirmation, a new link is on its way.`,
    variant: 'success',
  }),
  resendFailed: (message: string): Toast => ({
    title: 'Could not send the email',
    description: message || 'Please try again in a moment.',
    variant: 'destructive',
  }),
  invalidEmail: { title: 'Check your email', description: 'Please enter a valid email address.', variant: 'destructive' },
  confirmationFailed: (message: string): Toast => ({
    title: 'Unexpected error',
    description: message || 'Please try again.',
    variant: 'destructive',
  }),
} satisfies Record<string, Toast | ((message: string) => Toast)>
