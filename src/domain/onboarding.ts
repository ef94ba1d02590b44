/**
 * Onboarding rules (spec sections 3, 5 and 9): countries with their regulators, sectors with descriptions,
 * the wizard's enumerations, step validity, the profile-completion status parser and the users-row patch.
 * Pure: no browser, no backend.
 */
import * as v from 'valibot'
import { SECTORS, type Sector } from './sectors'
import { isSsoProvider, SSO_PROVIDER_LABELS } from './ssoProviders'

export const WIZARD_STEP_COUNT = 11
/** Wizard finish delay (section 9): 'Setup complete!' then the redirect. */
export const WIZARD_FINISH_DELAY_MS = 3000
/** Team-structure preview: at most 6 roles (section 9). */
export const TEAM_PREVIEW_MAX_ROLES = 6
/** SSO dialog: company longer than 1 character after trim; staff at least 1 (section 9). */
export const SSO_COMPANY_MIN_LENGTH = 2
export const SSO_STAFF_MIN = 1
/** update_self_profile_details always receives this sector (section 7). */
export const SSO_UNASSIGNED_SECTOR = 'Unassigned'

export const COUNTRIES = [
  { id: 'uk', name: 'United Kingdom', regulators: ['CQC', 'OFSTED'] },
  { id: 'us', name: 'United States', regulators: ['BSR'] },
  { id: 'ca', name: 'Canada', regulators: ['BSR'] },
  { id: 'au', name: 'Australia', regulators: ['BSR'] },
] as const satisfies readonly { id: string; name: string; regulators: readonly string[] }[]
export type CountryId = (typeof COUNTRIES)[number]['id']
export const COUNTRY_IDS = COUNTRIES.map((c) => c.id) as readonly CountryId[]

export function countryName(id: string): string {
  return COUNTRIES.find((c) => c.id === id)?.name ?? ''
}

export const SECTOR_OPTIONS: readonly { id: Sector; name: string; description: string }[] = [
  { id: 'care', name: 'Care & Health', description: 'Healthcare, care homes, and medical facilities' },
  { id: 'education', name: 'Education', description: 'Schools, universities, and training centers' },
  { id: 'housing', name: 'Housing', description: 'Social housing and residential services' },
  { id: 'construction', name: 'Construction', description: 'Building and infrastructure projects' },
]

export const LIFE_SKILLS = ['communication', 'teamwork', 'problem_solving', 'time_management', 'leadership', 'adaptability'] as const
export type LifeSkill = (typeof LIFE_SKILLS)[number]
export const REGULATORS = ['cqc', 'ofsted', 'bsr', 'rsh'] as const
export type Regulator = (typeof REGULATORS)[number]
export const ROLES = ['care_worker', 'nurse', 'manager', 'admin', 'social_worker', 'therapist', 'support_worker', 'supervisor'] as const
export type Role = (typeof ROLES)[number]
export const DOMAINS = ['compliance', 'safety', 'quality', 'training'] as const
export type Domain = (typeof DOMAINS)[number]
export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const
export type Frequency = (typeof FREQUENCIES)[number]
/** The frequency sub-step's preselected choice (section 5); the wizard's own value starts empty. */
export const DEFAULT_FREQUENCY: Frequency = 'monthly'

export const REGULATOR_INFO: Record<Regulator, { name: string; sector: Sector }> = {
  cqc: { name: 'CQC — Care Quality Commission', sector: 'care' },
  ofsted: { name: 'Ofsted', sector: 'education' },
  bsr: { name: 'BSR — Building Safety Regulator', sector: 'construction' },
  rsh: { name: 'RSH — Regulator of Social Housing', sector: 'housing' },
}

/** 'problem_solving' -> 'Problem solving'. */
export function humanise(id: string): string {
  const text = id.replace(/_/g, ' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** The wizard's answers (the users-row fields of section 3, before saving). */
export interface WizardAnswers {
  country: CountryId | ''
  phone: string
  sector: Sector | ''
  lifeSkills: LifeSkill[]
  regulators: Regulator[]
  roles: Role[]
  domains: Domain[]
  frequency: Frequency | ''
}

export const EMPTY_ANSWERS: WizardAnswers = {
  country: '',
  phone: '',
  sector: '',
  lifeSkills: [],
  regulators: [],
  roles: [],
  domains: [],
  frequency: '',
}

export const WIZARD_STEPS = [
  { id: 'country', title: 'Where is your organisation based?' },
  { id: 'phone', title: 'Your phone number' },
  { id: 'sector', title: 'Choose your sector' },
  { id: 'lifeSkills', title: 'Life skills check-in' },
  { id: 'regulators', title: 'Your regulators' },
  { id: 'roles', title: 'Team roles' },
  { id: 'domains', title: 'Focus areas' },
  { id: 'documents', title: 'Documents' },
  { id: 'policy', title: 'Policy configuration' },
  { id: 'team', title: 'Team members' },
  { id: 'frequency', title: 'Review frequency' },
] as const
export type WizardStepId = (typeof WIZARD_STEPS)[number]['id']

/** Section 5: may the wizard's Continue (or Complete Setup) be pressed on this step? One rule per step. */
export const STEP_RULES: Record<WizardStepId, (a: WizardAnswers) => boolean> = {
  country: (a) => a.country !== '',
  phone: (a) => a.phone.trim() !== '',
  sector: (a) => a.sector !== '',
  lifeSkills: () => true,
  regulators: (a) => a.regulators.length >= 1,
  roles: (a) => a.roles.length >= 1,
  domains: (a) => a.domains.length >= 1,
  documents: () => true,
  policy: () => true,
  team: () => true,
  frequency: (a) => a.frequency !== '',
}

/** Section 5: the steps' own Continue buttons (sector a choice; life skills, regulators, roles at least 1). */
export const SUB_STEP_RULES = {
  sector: (a: WizardAnswers) => a.sector !== '',
  lifeSkills: (a: WizardAnswers) => a.lifeSkills.length >= 1,
  regulators: (a: WizardAnswers) => a.regulators.length >= 1,
  roles: (a: WizardAnswers) => a.roles.length >= 1,
} as const

/** The rule of the step at this index (0..10); false for any other index. */
export function isStepValid(step: number, a: WizardAnswers): boolean {
  const id = WIZARD_STEPS[step]?.id
  return id ? STEP_RULES[id](a) : false
}

/** The rule of the step's own Continue button at this index; the frequency sub-step always has a choice. */
export function isSubStepValid(step: number, a: WizardAnswers): boolean {
  const id = WIZARD_STEPS[step]?.id
  if (id === 'frequency') return true // the sub-step always has a choice (monthly by default)
  return id !== undefined && id in SUB_STEP_RULES ? SUB_STEP_RULES[id as keyof typeof SUB_STEP_RULES](a) : false
}

export function progressPercent(step: number): number {
  return Math.round(((step + 1) / WIZARD_STEP_COUNT) * 100)
}

/** The wizard's answer events, as the setup wizard machine receives them from its steps. */
export type AnswerEvent =
  | { type: 'COUNTRY_SELECTED'; country: CountryId }
  | { type: 'PHONE_CHANGED'; phone: string }
  | { type: 'SECTOR_SELECTED'; sector: Sector }
  | { type: 'LIFE_SKILL_TOGGLED'; skill: LifeSkill }
  | { type: 'REGULATOR_TOGGLED'; regulator: Regulator }
  | { type: 'ROLE_TOGGLED'; role: Role }
  | { type: 'DOMAIN_TOGGLED'; domain: Domain }

/** The longest phone number the wizard keeps (what is typed beyond it is dropped). */
export const PHONE_MAX_LENGTH = 40

/** The answers after one answer event: a choice replaces, a toggle adds or removes in the list's own order. */
export function answered(answers: WizardAnswers, event: AnswerEvent): WizardAnswers {
  switch (event.type) {
    case 'COUNTRY_SELECTED':
      return { ...answers, country: event.country }
    case 'PHONE_CHANGED':
      return { ...answers, phone: event.phone.slice(0, PHONE_MAX_LENGTH) }
    case 'SECTOR_SELECTED':
      return { ...answers, sector: event.sector }
    case 'LIFE_SKILL_TOGGLED':
      return { ...answers, lifeSkills: toggleIn(answers.lifeSkills, event.skill, LIFE_SKILLS) }
    case 'REGULATOR_TOGGLED':
      return { ...answers, regulators: toggleIn(answers.regulators, event.regulator, REGULATORS) }
    case 'ROLE_TOGGLED':
      return { ...answers, roles: toggleIn(answers.roles, event.role, ROLES) }
    case 'DOMAIN_TOGGLED':
      return { ...answers, domains: toggleIn(answers.domains, event.domain, DOMAINS) }
  }
}

/** Toggle membership, keeping the enumeration's order so saved arrays are stable. */
export function toggleIn<T extends string>(list: readonly T[], value: T, order: readonly T[]): T[] {
  const next = list.includes(value) ? list.filter((x) => x !== value) : [...list, value]
  return order.filter((x) => next.includes(x))
}

/** The team-structure preview: the chosen roles, at most 6. */
export function teamPreview(roles: readonly Role[]): Role[] {
  return roles.slice(0, TEAM_PREVIEW_MAX_ROLES)
}

/** The users-row fields the wizard writes (section 3), PATCHed by id. */
export interface WizardPatch {
  phone_number: string
  country: CountryId
  sector: Sector
  life_skills_enabled: boolean
  life_skills: LifeSkill[]
  selected_regulators: Regulator[]
  selected_roles: Role[]
  selected_domains: Domain[]
  policy_frequency: Frequency
  team_structure: { roles: Role[] }
  uploaded_documents: never[]
  onboarding_completed_at: string
}

/** Build the PATCH body; null when the answers are not complete (a step is invalid). */
export function buildWizardPatch(a: WizardAnswers, completedAt: Date): WizardPatch | null {
  for (let i = 0; i < WIZARD_STEP_COUNT; i++) if (!isStepValid(i, a)) return null
  return {
    phone_number: a.phone.trim(),
    country: a.country as CountryId,
    sector: a.sector as Sector,
    life_skills_enabled: a.lifeSkills.length > 0,
    life_skills: [...a.lifeSkills],
    selected_regulators: [...a.regulators],
    selected_roles: [...a.roles],
    selected_domains: [...a.domains],
    policy_frequency: a.frequency as Frequency,
    team_structure: { roles: teamPreview(a.roles) },
    // The documents step is a placeholder: nothing is uploaded yet.
    uploaded_documents: [],
    onboarding_completed_at: completedAt.toISOString(),
  }
}

/** Answers restored from sessionStorage: anything malformed falls back to the empty answer. */
const answersSchema = v.object({
  country: v.fallback(v.picklist(['', ...COUNTRY_IDS]), ''),
  phone: v.fallback(v.pipe(v.string(), v.maxLength(40)), ''),
  sector: v.fallback(v.picklist(['', ...SECTORS]), ''),
  lifeSkills: v.fallback(v.array(v.picklist(LIFE_SKILLS)), []),
  regulators: v.fallback(v.array(v.picklist(REGULATORS)), []),
  roles: v.fallback(v.array(v.picklist(ROLES)), []),
  domains: v.fallback(v.array(v.picklist(DOMAINS)), []),
  frequency: v.fallback(v.picklist(['', ...FREQUENCIES]), ''),
})

/** The answers a saved users row holds (column names of public.users), for 'Run setup again'; bad values fall back. */
export function parseWizardRow(row: Record<string, unknown>): WizardAnswers {
  const r = v.parse(answersSchema, {
    country: row.country ?? '',
    phone: row.phone_number ?? '',
    sector: row.sector ?? '',
    lifeSkills: row.life_skills ?? [],
    regulators: row.selected_regulators ?? [],
    roles: row.selected_roles ?? [],
    domains: row.selected_domains ?? [],
    frequency: row.policy_frequency ?? '',
  })
  return r as WizardAnswers
}

export function parseStoredAnswers(raw: string | null): WizardAnswers | null {
  if (!raw) return null
  try {
    const r = v.safeParse(v.object({ step: v.fallback(v.number(), 0), answers: answersSchema }), JSON.parse(raw))
    return r.success ? (r.output.answers as WizardAnswers) : null
  } catch {
    return null
  }
}

// --- Gate and SSO dialog ---

export interface ProfileCompletionStatus {
  profile_completion_required: boolean
  signup_method: string | null
  last_sso_provider: string | null
  /** Whether the setup wizard was ever finished; null when the server does not say (an older backend). */
  onboarding_completed: boolean | null
}

const statusSchema = v.object({
  profile_completion_required: v.boolean(),
  signup_method: v.fallback(v.nullable(v.string()), null),
  last_sso_provider: v.fallback(v.nullable(v.string()), null),
  onboarding_completed: v.fallback(v.nullable(v.boolean()), null),
})

/** The RPC's reply may be JSON or a JSON string (section 3): accept both; anything else throws. */
export function parseCompletionStatus(reply: unknown): ProfileCompletionStatus {
  let value = reply
  if (typeof value === 'string') value = JSON.parse(value)
  const parsed = v.safeParse(statusSchema, value)
  if (!parsed.success) throw new Error('Unexpected profile completion status')
  return {
    profile_completion_required: parsed.output.profile_completion_required,
    signup_method: parsed.output.signup_method ?? null,
    last_sso_provider: parsed.output.last_sso_provider ?? null,
    onboarding_completed: parsed.output.onboarding_completed ?? null,
  }
}

/** The wizard is owed when the server says onboarding was never finished (unknown counts as finished). */
export function needsSetup(s: ProfileCompletionStatus): boolean {
  return s.onboarding_completed === false
}

export function needsSsoProfile(s: ProfileCompletionStatus): boolean {
  return s.profile_completion_required && s.signup_method === 'sso'
}

export function providerLabel(provider: string | null | undefined): string {
  return isSsoProvider(provider) ? SSO_PROVIDER_LABELS[provider] : 'your SSO provider'
}

export function isValidCompany(company: string): boolean {
  return company.trim().length >= SSO_COMPANY_MIN_LENGTH
}

/** Staff as typed: a whole number of at least 1, or null. */
export function parseStaff(staff: string): number | null {
  const t = staff.trim()
  if (!/^\d{1,9}$/.test(t)) return null
  const n = Number(t)
  return n >= SSO_STAFF_MIN ? n : null
}

export function isSsoProfileValid(company: string, staff: string): boolean {
  return isValidCompany(company) && parseStaff(staff) !== null
}
