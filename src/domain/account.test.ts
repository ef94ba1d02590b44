import { describe, expect, it } from 'vitest'
import {
  type AccountDetails,
  accountDetailsProblem,
  detailsOf,
  detailsPatch,
  formatCountdown,
  MAX_PASSWORD_LENGTH,
  newPasswordProblem,
  parseAccountRow,
  recoveryRedirect,
  resetRequestProblem,
  sameDetails,
  signInProblem,
  ssoErrorMessage,
  ssoRedirect,
} from './account'

describe('the resend countdown', () => {
  it.each([
    [60, '1:00'],
    [59, '0:59'],
    [42, '0:42'],
    [9, '0:09'],
    [0, '0:00'],
    [125, '2:05'],
    // A fraction of a second still to wait shows as a whole second, never as 0:00 too early.
    [0.2, '0:01'],
    [41.5, '0:42'],
    // A clock that ran past the end shows 0:00, not a negative time.
    [-3, '0:00'],
  ])('%s s reads %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown)
  })
})

describe('what stops a sign-in being sent', () => {
  it.each([
    [{ email: '', password: 'secret' }, 'missingEmail'],
    [{ email: '   ', password: 'secret' }, 'missingEmail'],
    [{ email: 'not-an-email', password: 'secret' }, 'invalidEmail'],
    [{ email: 'a@b', password: 'secret' }, 'invalidEmail'],
    [{ email: `${'a'.repeat(315)}@b.com`, password: 'secret' }, 'invalidEmail'],
    [{ email: 'sam@care.co.uk', password: '' }, 'missingPassword'],
    [{ email: '', password: '' }, 'missingEmail'],
    [{ email: 'x', password: '' }, 'invalidEmail'],
    [{ email: 'sam@care.co.uk', password: 'x' }, null],
    [{ email: '  sam@care.co.uk  ', password: ' ' }, null],
  ] as const)('%o -> %s', (values, problem) => {
    expect(signInProblem(values)).toBe(problem)
  })
})

describe('a new password', () => {
  it.each([
    [{ password: '', repeat: '' }, 'missingPassword'],
    [{ password: '123456', repeat: '123456' }, 'passwordTooShort'],
    [{ password: '1234567', repeat: '1234567' }, null],
    [{ password: 'a'.repeat(MAX_PASSWORD_LENGTH), repeat: 'a'.repeat(MAX_PASSWORD_LENGTH) }, null],
    [{ password: 'a'.repeat(MAX_PASSWORD_LENGTH + 1), repeat: 'a'.repeat(MAX_PASSWORD_LENGTH + 1) }, 'passwordTooLong'],
    // GoTrue counts bytes: 36 two-byte characters are 72 bytes, 37 are too many.
    [{ password: 'é'.repeat(36), repeat: 'é'.repeat(36) }, null],
    [{ password: 'é'.repeat(37), repeat: 'é'.repeat(37) }, 'passwordTooLong'],
    [{ password: 'correct horse', repeat: 'correct hors' }, 'mismatch'],
    [{ password: 'correct horse', repeat: '' }, 'mismatch'],
  ])('%o -> %s', (values, problem) => {
    expect(newPasswordProblem(values)).toBe(problem)
  })
})

describe('a reset request', () => {
  it.each([
    ['', 'missingEmail'],
    ['  ', 'missingEmail'],
    ['sam', 'invalidEmail'],
    ['sam@care.co.uk', null],
    [' sam@care.co.uk ', null],
  ])('%j -> %s', (email, problem) => {
    expect(resetRequestProblem(email)).toBe(problem)
  })
})

describe('where links send the person back to', () => {
  it('the recovery link comes back to /auth in recovery mode, on the same origin', () => {
    expect(recoveryRedirect('https://inspectready.co.uk')).toBe('https://inspectready.co.uk/auth?type=recovery')
    expect(recoveryRedirect('https://inspectready.co.uk//')).toBe('https://inspectready.co.uk/auth?type=recovery')
    expect(recoveryRedirect('http://127.0.0.1:4173/')).toBe('http://127.0.0.1:4173/auth?type=recovery')
  })

  it('single sign-on comes back to the onboarding gate', () => {
    expect(ssoRedirect('https://inspectready.co.uk')).toBe('https://inspectready.co.uk/onboarding')
    expect(ssoRedirect('https://inspectready.co.uk///')).toBe('https://inspectready.co.uk/onboarding')
  })
})

describe("the provider's error, in words", () => {
  const cancelled = 'Single sign-on was cancelled or refused at the provider. Try again, or sign in with your email and password.'
  const failed = 'We could not sign you in with single sign-on. Please try again, or sign in with your email and password.'

  it('a refusal at the provider says so', () => {
    expect(ssoErrorMessage('access_denied', 'The user denied access')).toBe(cancelled)
    expect(ssoErrorMessage('access_denied', '')).toBe(cancelled)
  })

  it("GoTrue's access_denied for its own database error, and every other error, is a failure to sign in", () => {
    expect(ssoErrorMessage('access_denied', 'Database error saving new user')).toBe(failed)
    expect(ssoErrorMessage('access_denied', 'DATABASE error')).toBe(failed)
    expect(ssoErrorMessage('server_error', 'The user denied access')).toBe(failed)
    expect(ssoErrorMessage('', '')).toBe(failed)
  })
})

describe("the details on /account", () => {
  const ok: AccountDetails = { firstName: 'Sam', lastName: 'Okafor', phone: '' }

  it.each([
    [ok, null],
    [{ ...ok, firstName: '' }, 'missingFirstName'],
    [{ ...ok, firstName: '  ' }, 'missingFirstName'],
    [{ ...ok, firstName: '', lastName: '' }, 'missingFirstName'],
    [{ ...ok, lastName: ' ' }, 'missingLastName'],
    [{ ...ok, firstName: 'a'.repeat(100) }, null],
    [{ ...ok, firstName: ` ${'a'.repeat(100)} ` }, null],
    [{ ...ok, firstName: 'a'.repeat(101) }, 'nameTooLong'],
    [{ ...ok, lastName: 'a'.repeat(100) }, null],
    [{ ...ok, lastName: 'a'.repeat(101) }, 'nameTooLong'],
    [{ ...ok, lastName: ` ${'a'.repeat(100)} ` }, null],
    [{ ...ok, phone: '07700 900123' }, null],
    [{ ...ok, phone: '+44 (0)7700-900123' }, null],
    [{ ...ok, phone: '  07700 900123  ' }, null],
    [{ ...ok, phone: '   ' }, null],
    [{ ...ok, phone: '123456' }, 'invalidPhone'],
    [{ ...ok, phone: '1234567' }, null],
    [{ ...ok, phone: '1'.repeat(40) }, null],
    [{ ...ok, phone: '1'.repeat(41) }, 'invalidPhone'],
    [{ ...ok, phone: '0770O 900123' }, 'invalidPhone'],
    [{ ...ok, phone: '07700 900123 ext' }, 'invalidPhone'],
    [{ ...ok, phone: 'tel 07700 900123' }, 'invalidPhone'],
    [{ ...ok, phone: '++447700900123' }, 'invalidPhone'],
  ])('%o -> %s', (details, problem) => {
    expect(accountDetailsProblem(details)).toBe(problem)
  })

  it('are saved trimmed, an empty phone as no phone', () => {
    expect(detailsPatch({ firstName: ' Sam ', lastName: ' Okafor', phone: ' 07700 900123 ' })).toEqual({
      first_name: 'Sam',
      last_name: 'Okafor',
      phone_number: '07700 900123',
    })
    expect(detailsPatch({ firstName: 'Sam', lastName: 'Okafor', phone: '  ' })).toEqual({ first_name: 'Sam', last_name: 'Okafor', phone_number: null })
  })

  it('count as unchanged when they differ only in spaces at either end', () => {
    const saved = { firstName: 'Sam', lastName: 'Okafor', phone: '07700 900123' }
    expect(sameDetails(saved, { firstName: ' Sam', lastName: 'Okafor ', phone: ' 07700 900123 ' })).toBe(true)
    expect(sameDetails({ firstName: 'Sam ', lastName: ' Okafor', phone: '07700 900123  ' }, saved)).toBe(true)
    expect(sameDetails(saved, { ...saved, firstName: 'Samuel' })).toBe(false)
    expect(sameDetails(saved, { ...saved, lastName: 'Okafo' })).toBe(false)
    expect(sameDetails(saved, { ...saved, phone: '' })).toBe(false)
  })
})

describe("the users row, as /account shows it", () => {
  const row = {
    email: 'sam@care.co.uk',
    first_name: 'Sam',
    last_name: 'Okafor',
    phone_number: '07700 900123',
    company_name: 'Riverside Care',
    staff_count: 42,
    sector: 'care',
    country: 'England',
    selected_regulators: ['CQC'],
    selected_roles: ['Registered manager'],
    selected_domains: ['Safe', 'Well-led'],
    life_skills: ['Cooking'],
    policy_frequency: 'monthly',
    team_structure: { roles: ['Care workers', 'Nurses'] },
    onboarding_completed_at: '2026-11-01T10:00:00Z',
  }

  it('reads every column it shows', () => {
    const profile = parseAccountRow(row)
    expect(profile).toEqual({
      email: 'sam@care.co.uk',
      firstName: 'Sam',
      lastName: 'Okafor',
      phone: '07700 900123',
      companyName: 'Riverside Care',
      staffCount: 42,
      sector: 'care',
      country: 'England',
      regulators: ['CQC'],
      roles: ['Registered manager'],
      domains: ['Safe', 'Well-led'],
      lifeSkills: ['Cooking'],
      frequency: 'monthly',
      teamRoles: ['Care workers', 'Nurses'],
      onboardingCompletedAt: '2026-11-01T10:00:00Z',
    })
    expect(detailsOf(profile)).toEqual({ firstName: 'Sam', lastName: 'Okafor', phone: '07700 900123' })
  })

  it('turns missing, null and mistyped values into empty ones, never into a crash or a wrong value', () => {
    expect(parseAccountRow({})).toEqual({
      email: '',
      firstName: '',
      lastName: '',
      phone: '',
      companyName: '',
      staffCount: null,
      sector: '',
      country: '',
      regulators: [],
      roles: [],
      domains: [],
      lifeSkills: [],
      frequency: '',
      teamRoles: [],
      onboardingCompletedAt: null,
    })
    const odd = parseAccountRow({
      first_name: 7,
      phone_number: null,
      staff_count: '42',
      sector: 'retail',
      selected_regulators: 'CQC',
      selected_roles: ['Manager', 3, null, 'Nurse'],
      team_structure: null,
      onboarding_completed_at: 1700000000,
    })
    expect(odd).toMatchObject({ firstName: '', phone: '', staffCount: null, sector: '', regulators: [], roles: ['Manager', 'Nurse'], teamRoles: [], onboardingCompletedAt: null })
  })

  it.each(['care', 'education', 'housing', 'construction'] as const)('knows the sector %s', (sector) => {
    expect(parseAccountRow({ sector }).sector).toBe(sector)
  })

  it('reads the team roles whether stored as a list or as an object with a roles list', () => {
    expect(parseAccountRow({ team_structure: ['Care workers'] }).teamRoles).toEqual(['Care workers'])
    expect(parseAccountRow({ team_structure: { roles: ['Nurses', 5] } }).teamRoles).toEqual(['Nurses'])
    expect(parseAccountRow({ team_structure: { size: 5 } }).teamRoles).toEqual([])
    expect(parseAccountRow({ team_structure: 'Care workers' }).teamRoles).toEqual([])
    expect(parseAccountRow({ staff_count: 0 }).staffCount).toBe(0)
  })
})
