import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CONSUMER_EMAIL_DOMAINS } from './consumerDomains'
import {
  CONFIRMATION_TOASTS,
  completeSignupPayload,
  confirmationRedirect,
  EMPTY_SIGNUP,
  isFieldComplete,
  PasswordSchema,
  parseSignup,
  type SignupValues,
  signupMetadata,
  signupProblem,
  signupProgress,
  StaffCountSchema,
  WorkEmailSchema,
} from './signup'

const valid: SignupValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@sunrise-care.co.uk',
  password: 'correct-horse',
  company: 'Sunrise Care',
  phone: '07700 900123',
  sector: 'care',
  staffCount: '',
}

/** Any mix of upper and lower case of a string. */
const anyCase = (s: string) =>
  fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }).map((flags) =>
    [...s].map((ch, i) => (flags[i] ? ch.toUpperCase() : ch.toLowerCase())).join(''),
  )
const localPart = fc.stringMatching(/^[a-z0-9]{1,8}([._+-][a-z0-9]{1,8}){0,2}$/)
const spaces = fc.stringMatching(/^[ \t]{0,4}$/)
const workDomain = fc
  .stringMatching(/^[a-z][a-z0-9]{1,8}(-[a-z0-9]{1,6})?\.(co\.uk|org|com|nhs\.uk|ac\.uk)$/)
  .filter((d) => !(CONSUMER_EMAIL_DOMAINS as readonly string[]).includes(d))

describe('sign-up rules (properties)', () => {
  it('refuses every consumer domain in any letter case, with or without surrounding spaces', () => {
    fc.assert(
      fc.property(
        localPart,
        fc.constantFrom(...CONSUMER_EMAIL_DOMAINS).chain(anyCase),
        spaces,
        spaces,
        (local, domain, before, after) => {
          const email = `${before}${local}@${domain}${after}`
          expect(v.is(WorkEmailSchema, email)).toBe(false)
          expect(signupProblem({ ...valid, email })).toBe('workEmailRequired')
          const issues = v.safeParse(WorkEmailSchema, email).issues ?? []
          expect(issues.map((i) => i.message)).toContain(
            'Please use your work email. Personal providers (e.g., Gmail, Yahoo, AOL) are not accepted.',
          )
        },
      ),
    )
  })

  it('accepts work addresses and trims surrounding spaces', () => {
    fc.assert(
      fc.property(localPart, workDomain, spaces, spaces, (local, domain, before, after) => {
        const email = `${before}${local}@${domain}${after}`
        const parsed = v.safeParse(WorkEmailSchema, email)
        expect(parsed.success).toBe(true)
        expect(parsed.output).toBe(`${local}@${domain}`)
        expect(parseSignup({ ...valid, email }).email).toBe(`${local}@${domain}`)
      }),
    )
  })

  it('trims surrounding spaces of every text field', () => {
    fc.assert(
      fc.property(spaces, spaces, fc.stringMatching(/^[A-Za-z][A-Za-z '-]{0,20}[A-Za-z]$/), (a, b, text) => {
        const data = parseSignup({ ...valid, firstName: a + text + b, company: a + text + b, phone: a + text + b })
        expect([data.firstName, data.company, data.phone]).toEqual([text, text, text])
      }),
    )
  })

  it('passwords of 6 characters or fewer fail, of 7 or more pass', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 6 }), (password) => {
        expect(v.is(PasswordSchema, password)).toBe(false)
        if (password !== '') expect(signupProblem({ ...valid, password })).toBe('passwordTooShort')
      }),
    )
    fc.assert(
      fc.property(fc.string({ minLength: 7, maxLength: 72 }), (password) => {
        expect(v.is(PasswordSchema, password)).toBe(true)
        expect(signupProblem({ ...valid, password })).toBeNull()
      }),
    )
    expect(v.is(PasswordSchema, '123456')).toBe(false)
    expect(v.is(PasswordSchema, '1234567')).toBe(true)
  })

  it('staff count below 1 fails; empty means not given; whole numbers of 1 or more pass', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 0 }), (n) => {
        expect(v.is(StaffCountSchema, String(n))).toBe(false)
        expect(signupProblem({ ...valid, staffCount: String(n) })).toBe('invalidStaffCount')
      }),
    )
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), spaces, (n, pad) => {
        expect(v.parse(StaffCountSchema, `${pad}${n}${pad}`)).toBe(n)
      }),
    )
    expect(v.parse(StaffCountSchema, '')).toBeNull()
    expect(v.parse(StaffCountSchema, '   ')).toBeNull()
    expect(v.is(StaffCountSchema, '2.5')).toBe(false)
    expect(v.is(StaffCountSchema, 'ten')).toBe(false)
  })
})

describe('sign-up rules (examples)', () => {
  it('checks in the order of the error catalogue: missing, password, work email', () => {
    expect(signupProblem(EMPTY_SIGNUP)).toBe('missingFields')
    expect(signupProblem({ ...valid, sector: '' })).toBe('missingFields')
    expect(signupProblem({ ...valid, password: '12', email: 'x@gmail.com' })).toBe('passwordTooShort')
    expect(signupProblem({ ...valid, email: 'x@gmail.com', staffCount: '0' })).toBe('workEmailRequired')
    expect(signupProblem({ ...valid, email: 'not an email' })).toBe('invalidEmail')
    expect(signupProblem(valid)).toBeNull()
  })

  it('counts progress over the seven required fields only', () => {
    expect(signupProgress(EMPTY_SIGNUP)).toEqual({ completed: 0, total: 7 })
    expect(signupProgress({ ...EMPTY_SIGNUP, staffCount: '5' })).toEqual({ completed: 0, total: 7 })
    expect(signupProgress(valid)).toEqual({ completed: 7, total: 7 })
    expect(signupProgress({ ...valid, password: '123456', email: 'a@gmail.com' })).toEqual({ completed: 5, total: 7 })
    expect(isFieldComplete('staffCount', { ...valid, staffCount: '5' })).toBe(true)
    expect(isFieldComplete('staffCount', valid)).toBe(false)
    expect(isFieldComplete('firstName', { ...valid, firstName: '   ' })).toBe(false)
  })

  it('builds the metadata of section 7 and the setup payload of section 3', () => {
    const data = parseSignup({ ...valid, staffCount: '40', sector: 'housing' })
    expect(signupMetadata(data)).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: 'Sunrise Care',
      phone_number: '07700 900123',
      staff_count: 40,
      requested_plan: 'free',
      sector: 'housing',
      signup_source: 'website',
      tenant_name: 'Sunrise Care',
    })
    expect(completeSignupPayload('id-1', data.email, data)).toEqual({
      userId: 'id-1',
      email: 'ada@sunrise-care.co.uk',
      userData: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        company: 'Sunrise Care',
        company_name: 'Sunrise Care',
        phone_number: '07700 900123',
        staff_count: 40,
        sector: 'housing',
        plan: 'free',
      },
    })
    expect(confirmationRedirect('http://127.0.0.1:4173/')).toBe('http://127.0.0.1:4173/auth?type=signup')
  })
})

describe('sign-up fields at the edges', () => {
  it('a sector counts only when it is one of ours; a staff count only when it is a whole number', () => {
    expect(isFieldComplete('sector', { ...valid, sector: 'care' })).toBe(true)
    expect(isFieldComplete('sector', { ...valid, sector: 'retail' as never })).toBe(false)
    expect(isFieldComplete('staffCount', { ...valid, staffCount: '12' })).toBe(true)
    expect(isFieldComplete('staffCount', { ...valid, staffCount: 'twelve' })).toBe(false)
    expect(isFieldComplete('staffCount', { ...valid, staffCount: '   ' })).toBe(false)
  })

  it('an empty password is a missing field; a password of spaces is typed, not missing', () => {
    expect(signupProblem({ ...valid, password: '' })).toBe('missingFields')
    expect(signupProblem({ ...valid, password: '       ' })).not.toBe('missingFields')
  })

  it('the confirmation link comes back to /auth on the same origin, however many slashes end it', () => {
    expect(confirmationRedirect('https://inspectready.co.uk///')).toBe('https://inspectready.co.uk/auth?type=signup')
  })

  it('the toasts say what happened, with a plain fallback when the server gave no words', () => {
    expect(CONFIRMATION_TOASTS.resent('ada@sunrise-care.co.uk')).toEqual({
      title: 'Confirmation email sent',
      description: 'If ada@sunrise-care.co.uk has an account waiting for confirmation, a new link is on its way.',
      variant: 'success',
    })
    expect(CONFIRMATION_TOASTS.resendFailed('').description).toBe('Please try again in a moment.')
    expect(CONFIRMATION_TOASTS.resendFailed('Too many requests').description).toBe('Too many requests')
    expect(CONFIRMATION_TOASTS.confirmationFailed('').description).toBe('Please try again.')
    expect(CONFIRMATION_TOASTS.confirmationFailed('boom').description).toBe('boom')
  })
})

