import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  answered,
  buildWizardPatch,
  COUNTRIES,
  countryName,
  COUNTRY_IDS,
  DOMAINS,
  EMPTY_ANSWERS,
  FREQUENCIES,
  humanise,
  isSsoProfileValid,
  isStepValid,
  isSubStepValid,
  LIFE_SKILLS,
  needsSetup,
  needsSsoProfile,
  parseCompletionStatus,
  parseStaff,
  parseStoredAnswers,
  parseWizardRow,
  PHONE_MAX_LENGTH,
  progressPercent,
  providerLabel,
  REGULATORS,
  ROLES,
  SECTOR_OPTIONS,
  teamPreview,
  toggleIn,
  WIZARD_STEP_COUNT,
  type WizardAnswers,
} from './onboarding'
import { SECTORS } from './sectors'

const subset = <T>(items: readonly T[]) => fc.subarray([...items])
const answers: fc.Arbitrary<WizardAnswers> = fc.record({
  country: fc.constantFrom('' as const, ...COUNTRY_IDS),
  phone: fc.oneof(fc.constant(''), fc.constant('   '), fc.string({ maxLength: 20 })),
  sector: fc.constantFrom('' as const, ...SECTORS),
  lifeSkills: subset(LIFE_SKILLS),
  regulators: subset(REGULATORS),
  roles: subset(ROLES),
  domains: subset(DOMAINS),
  frequency: fc.constantFrom('' as const, ...FREQUENCIES),
})

const complete: WizardAnswers = {
  country: 'uk',
  phone: ' 07700 900123 ',
  sector: 'care',
  lifeSkills: ['teamwork'],
  regulators: ['cqc'],
  roles: ['nurse', 'manager'],
  domains: ['safety'],
  frequency: 'weekly',
}

describe('constants of section 9', () => {
  it('lists the four countries with their regulators and the four sectors with descriptions', () => {
    expect(COUNTRIES.map((c) => [c.name, c.regulators.join(',')])).toEqual([
      ['United Kingdom', 'CQC,OFSTED'],
      ['United States', 'BSR'],
      ['Canada', 'BSR'],
      ['Australia', 'BSR'],
    ])
    expect(SECTOR_OPTIONS.find((s) => s.id === 'care')).toEqual({
      id: 'care',
      name: 'Care & Health',
      description: 'Healthcare, care homes, and medical facilities',
    })
    expect(SECTOR_OPTIONS.map((s) => s.id)).toEqual([...SECTORS])
  })
})

describe('step validity (section 5)', () => {
  it('always-valid steps: life skills, documents, policy, team', () => {
    fc.assert(fc.property(answers, (a) => [3, 7, 8, 9].every((i) => isStepValid(i, a))))
  })

  it('each required step is valid exactly when its answer is present', () => {
    fc.assert(
      fc.property(answers, (a) => {
        expect(isStepValid(0, a)).toBe(a.country !== '')
        expect(isStepValid(1, a)).toBe(a.phone.trim() !== '')
        expect(isStepValid(2, a)).toBe(a.sector !== '')
        expect(isStepValid(4, a)).toBe(a.regulators.length > 0)
        expect(isStepValid(5, a)).toBe(a.roles.length > 0)
        expect(isStepValid(6, a)).toBe(a.domains.length > 0)
        expect(isStepValid(10, a)).toBe(a.frequency !== '')
      }),
    )
  })

  it('sub-step buttons: sector a choice; life skills, regulators, roles at least 1; frequency always has a default', () => {
    fc.assert(
      fc.property(answers, (a) => {
        expect(isSubStepValid(2, a)).toBe(a.sector !== '')
        expect(isSubStepValid(3, a)).toBe(a.lifeSkills.length > 0)
        expect(isSubStepValid(4, a)).toBe(a.regulators.length > 0)
        expect(isSubStepValid(5, a)).toBe(a.roles.length > 0)
        expect(isSubStepValid(10, a)).toBe(true)
      }),
    )
  })

  it('out-of-range steps are never valid; the empty wizard can only pass the always-valid steps', () => {
    fc.assert(fc.property(answers, fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: WIZARD_STEP_COUNT })), (a, i) => !isStepValid(i, a)))
    expect([...Array(WIZARD_STEP_COUNT).keys()].filter((i) => isStepValid(i, EMPTY_ANSWERS))).toEqual([3, 7, 8, 9])
  })

  it('progress runs from 9% to 100%', () => {
    expect(progressPercent(0)).toBe(9)
    expect(progressPercent(10)).toBe(100)
  })
})

describe('buildWizardPatch', () => {
  it('is null unless every step is valid, and otherwise holds every answer', () => {
    fc.assert(
      fc.property(answers, (a) => {
        const patch = buildWizardPatch(a, new Date(0))
        const allValid = [...Array(WIZARD_STEP_COUNT).keys()].every((i) => isStepValid(i, a))
        expect(patch !== null).toBe(allValid)
        if (patch) {
          expect(patch.phone_number).toBe(a.phone.trim())
          expect(patch.life_skills_enabled).toBe(a.lifeSkills.length > 0)
          expect(patch.team_structure.roles.length).toBeLessThanOrEqual(6)
        }
      }),
    )
  })

  it('maps the answers to the users-row columns with the completion time', () => {
    expect(buildWizardPatch(complete, new Date('2026-01-02T03:04:05Z'))).toEqual({
      phone_number: '07700 900123',
      country: 'uk',
      sector: 'care',
      life_skills_enabled: true,
      life_skills: ['teamwork'],
      selected_regulators: ['cqc'],
      selected_roles: ['nurse', 'manager'],
      selected_domains: ['safety'],
      policy_frequency: 'weekly',
      team_structure: { roles: ['nurse', 'manager'] },
      uploaded_documents: [],
      onboarding_completed_at: '2026-01-02T03:04:05.000Z',
    })
  })

  it('team preview keeps at most 6 roles in order', () => {
    expect(teamPreview([...ROLES])).toEqual(ROLES.slice(0, 6))
  })

  it('toggleIn adds and removes keeping the enumeration order', () => {
    fc.assert(
      fc.property(subset(ROLES), fc.constantFrom(...ROLES), (list, role) => {
        const next = toggleIn(list, role, ROLES)
        expect(next.includes(role)).toBe(!list.includes(role))
        expect(next).toEqual(ROLES.filter((r) => next.includes(r)))
      }),
    )
  })
})

describe('answering a step', () => {
  it('a choice replaces the answer and leaves the others; the phone keeps at most 40 characters', () => {
    const a: WizardAnswers = { ...EMPTY_ANSWERS, country: 'uk', sector: 'care', roles: ['nurse'] }
    expect(answered(a, { type: 'COUNTRY_SELECTED', country: 'au' })).toEqual({ ...a, country: 'au' })
    expect(answered(a, { type: 'SECTOR_SELECTED', sector: 'housing' })).toEqual({ ...a, sector: 'housing' })
    expect(answered(a, { type: 'PHONE_CHANGED', phone: ' 07700 900123 ' }).phone).toBe(' 07700 900123 ')
    expect(PHONE_MAX_LENGTH).toBe(40)
    expect(answered(a, { type: 'PHONE_CHANGED', phone: '1'.repeat(45) }).phone).toBe('1'.repeat(40))
    expect(a.country).toBe('uk')
  })

  it('a toggle adds or removes in the list’s own order, and touches no other list', () => {
    fc.assert(
      fc.property(subset(REGULATORS), fc.constantFrom(...REGULATORS), subset(DOMAINS), (regulators, regulator, domains) => {
        const a: WizardAnswers = { ...EMPTY_ANSWERS, regulators: REGULATORS.filter((r) => regulators.includes(r)), domains: DOMAINS.filter((d) => domains.includes(d)) }
        const next = answered(a, { type: 'REGULATOR_TOGGLED', regulator })
        expect(next.regulators).toEqual(toggleIn(a.regulators, regulator, REGULATORS))
        expect(next.domains).toEqual(a.domains)
      }),
    )
    const a = { ...EMPTY_ANSWERS, lifeSkills: ['teamwork' as const] }
    expect(answered(a, { type: 'LIFE_SKILL_TOGGLED', skill: 'communication' }).lifeSkills).toEqual(['communication', 'teamwork'])
    expect(answered(a, { type: 'LIFE_SKILL_TOGGLED', skill: 'teamwork' }).lifeSkills).toEqual([])
    expect(answered(a, { type: 'ROLE_TOGGLED', role: 'manager' }).roles).toEqual(['manager'])
    expect(answered(a, { type: 'DOMAIN_TOGGLED', domain: 'safety' }).domains).toEqual(['safety'])
  })
})

describe('stored answers', () => {
  it('round-trip and reject junk', () => {
    expect(parseStoredAnswers(JSON.stringify({ step: 3, answers: complete }))).toEqual(complete)
    expect(parseStoredAnswers('not json')).toBeNull()
    expect(parseStoredAnswers(null)).toBeNull()
    expect(parseStoredAnswers(JSON.stringify({ step: 1, answers: { ...complete, country: 'fr' } }))?.country).toBe('')
  })
})

describe('profile completion status', () => {
  const status = { profile_completion_required: true, signup_method: 'sso', last_sso_provider: 'google', onboarding_completed: false }
  it('accepts JSON and a JSON string', () => {
    expect(parseCompletionStatus(status)).toEqual(status)
    expect(parseCompletionStatus(JSON.stringify(status))).toEqual(status)
    // An older server that says nothing of onboarding: unknown (null), which the gate counts as finished.
    expect(parseCompletionStatus({ profile_completion_required: false })).toEqual({
      profile_completion_required: false,
      signup_method: null,
      last_sso_provider: null,
      onboarding_completed: null,
    })
    expect(needsSetup(parseCompletionStatus({ profile_completion_required: false }))).toBe(false)
    expect(needsSetup(status)).toBe(true)
  })
  it('throws on anything else', () => {
    expect(() => parseCompletionStatus('nope')).toThrow()
    expect(() => parseCompletionStatus(null)).toThrow()
    expect(() => parseCompletionStatus({ signup_method: 'sso' })).toThrow()
  })
})

describe('SSO dialog rules', () => {
  it('labels providers and falls back to "your SSO provider"', () => {
    expect(providerLabel('google')).toBe('Google')
    expect(providerLabel('linkedin_oidc')).toBe('LinkedIn')
    expect(providerLabel('apple')).toBe('Apple')
    expect(providerLabel('facebook')).toBe('Facebook')
    expect(providerLabel('toString')).toBe('your SSO provider')
    expect(providerLabel(null)).toBe('your SSO provider')
  })
  it('company trimmed longer than 1 character, staff a whole number of at least 1', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: -5, max: 100000 }), (company, staff) => {
        expect(isSsoProfileValid(company, String(staff))).toBe(company.trim().length > 1 && staff >= 1)
      }),
    )
    expect(parseStaff(' 12 ')).toBe(12)
    expect(parseStaff('1.5')).toBeNull()
    expect(parseStaff('')).toBeNull()
  })
})

describe('names and answers as saved', () => {
  it('names each country, and nothing for an unknown one', () => {
    for (const c of COUNTRIES) expect(countryName(c.id)).toBe(c.name)
    expect(countryName('uk')).toBe(COUNTRIES.find((c) => c.id === 'uk')!.name)
    expect(countryName('xx')).toBe('')
    expect(countryName('')).toBe('')
  })

  it('turns an id into words with a capital first letter', () => {
    expect(humanise('problem_solving')).toBe('Problem solving')
    expect(humanise('time_management')).toBe('Time management')
    expect(humanise('nurse')).toBe('Nurse')
    expect(humanise('')).toBe('')
  })

  it("reads a saved users row back into the wizard's answers, every column, and bad values as none", () => {
    expect(
      parseWizardRow({
        country: 'uk',
        phone_number: '07700 900123',
        sector: 'care',
        life_skills: ['teamwork'],
        selected_regulators: ['cqc'],
        selected_roles: ['nurse', 'manager'],
        selected_domains: ['safety'],
        policy_frequency: 'weekly',
      }),
    ).toEqual({
      country: 'uk',
      phone: '07700 900123',
      sector: 'care',
      lifeSkills: ['teamwork'],
      regulators: ['cqc'],
      roles: ['nurse', 'manager'],
      domains: ['safety'],
      frequency: 'weekly',
    })
    expect(parseWizardRow({})).toEqual(EMPTY_ANSWERS)
    const nulls = { country: null, phone_number: null, sector: null, life_skills: null, selected_regulators: null, selected_roles: null, selected_domains: null, policy_frequency: null }
    expect(parseWizardRow(nulls)).toEqual(EMPTY_ANSWERS)
    expect(parseWizardRow({ country: 'mars', sector: 'retail', selected_roles: ['pilot'], policy_frequency: 'hourly' })).toEqual(EMPTY_ANSWERS)
  })

  it('removing one choice keeps the others', () => {
    expect(toggleIn(['nurse', 'manager', 'admin'], 'manager', ROLES)).toEqual(['nurse', 'admin'])
  })

  it("a sub-step's button is never valid on a step without one, or off the end", () => {
    const full = { ...EMPTY_ANSWERS, country: 'uk', sector: 'care', lifeSkills: ['teamwork'] } as const
    expect(isSubStepValid(0, full as never)).toBe(false)
    expect(isSubStepValid(-1, full as never)).toBe(false)
    expect(isSubStepValid(WIZARD_STEP_COUNT, full as never)).toBe(false)
  })
})

describe('who owes what after sign-in', () => {
  const status = { profile_completion_required: true, signup_method: 'sso', last_sso_provider: 'google', onboarding_completed: true }
  it('the SSO dialog is owed only by an SSO sign-up whose profile the server says is incomplete', () => {
    expect(needsSsoProfile(status)).toBe(true)
    expect(needsSsoProfile({ ...status, profile_completion_required: false })).toBe(false)
    expect(needsSsoProfile({ ...status, signup_method: 'email' })).toBe(false)
    expect(needsSsoProfile({ ...status, signup_method: null })).toBe(false)
  })

  it('keeps a finished onboarding as finished, and says what was wrong with a reply it cannot read', () => {
    expect(parseCompletionStatus(status).onboarding_completed).toBe(true)
    expect(needsSetup(parseCompletionStatus(status))).toBe(false)
    expect(() => parseCompletionStatus({ profile_completion_required: 'yes' })).toThrow('Unexpected profile completion status')
  })
})

