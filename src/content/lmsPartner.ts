/**
 * Content of /lms-partner (spec sections 1, 2 and 9). Figures are only the marketing claims listed in
 * spec section 9; partner plan prices are not shown.
 */

export const lmsPartnerHero = {
  eyebrow: 'LMS partner programme',
  lead: 'A white-label learning platform with pre-loaded accredited courses and revenue share, for training providers, consultancies, associations and managed-service providers.',
}

export const lmsPartnerProblem = {
  title: 'The problem',
  points: [
    'Building and hosting your own learning platform takes time and people you would rather spend on clients.',
    'Writing and accrediting a course library for every sector you serve is slow and expensive.',
    'Clients want training and compliance in one place, not another login.',
  ],
}

export const lmsPartnerSolution = {
  title: 'The solution',
  points: [
    'A learning platform under your brand, ready to launch.',
    'Pre-loaded accredited courses for care, education, housing and construction, with room for your own.',
    'Revenue share on every course you sell, next to compliance tools your clients already need.',
  ],
}

export interface PartnerStep {
  name: string
  text: string
}

export const lmsPartnerSteps: readonly PartnerStep[] = [
  { name: 'Sign', text: 'Agree the partner plan that fits you and sign the partner agreement.' },
  { name: 'Brand', text: 'Send us your logo, colours and domain; we set up your branded platform with the course library.' },
  { name: 'Launch', text: 'Invite your clients and learners and start selling courses under your own name.' },
]

export interface ImpactFigure {
  value: string
  label: string
}

/** Claims from spec section 9 only. */
export const lmsPartnerImpact: readonly ImpactFigure[] = [
  { value: '24–48 h', label: 'to launch your branded platform' },
  { value: '+35–70%', label: 'course margin' },
  { value: '+18%', label: 'learner retention' },
  { value: '24 h', label: 'to have courses ready' },
]

export type PartnerAudience = 'providers' | 'consultancies' | 'msps'

export interface AudienceTab {
  value: PartnerAudience
  label: string
  title: string
  points: string[]
}

/** Tabs: providers (default), consultancies, associations and MSPs (spec section 4). */
export const lmsPartnerAudiences: readonly AudienceTab[] = [
  {
    value: 'providers',
    label: 'Training providers',
    title: 'For training providers',
    points: [
      'Sell your courses and ours from one branded platform.',
      'Keep accredited content current without rewriting it yourself.',
      'Earn revenue share on every learner you bring.',
    ],
  },
  {
    value: 'consultancies',
    label: 'Consultancies',
    title: 'For consultancies',
    points: [
      'Give clients training and inspection-readiness tools under your brand.',
      'Turn one-off projects into recurring revenue.',
      'See every client’s progress from one place.',
    ],
  },
  {
    value: 'msps',
    label: 'Associations & MSPs',
    title: 'For associations and managed-service providers',
    points: [
      'Offer members or customers a learning platform as part of your service.',
      'Pre-loaded accredited courses across care, education, housing and construction.',
      'Custom course development on the Enterprise plan.',
    ],
  },
]

export interface ComparisonRow {
  feature: string
  ownBuild: string
  partner: string
}

export const lmsPartnerComparison: readonly ComparisonRow[] = [
  { feature: 'Time to launch', ownBuild: 'Your own build and hosting project', partner: '24–48 hours after signing' },
  { feature: 'Accredited course library', ownBuild: 'Write or license it yourself', partner: 'Pre-loaded for four sectors' },
  { feature: 'Your branding', ownBuild: 'Yes', partner: 'Yes, on the Partner and Enterprise plans' },
  { feature: 'Revenue share', ownBuild: 'No', partner: 'Yes' },
  { feature: 'Compliance tools for your clients', ownBuild: 'No', partner: 'Audits, policies and inspection readiness' },
]

export interface PartnerPlan {
  name: string
  summary: string
  features: string[]
  mostPopular?: boolean
}

/** Spec section 9: Entry, Partner (most popular), Enterprise; prices are not shown. */
export const lmsPartnerPlans: readonly PartnerPlan[] = [
  { name: 'Entry', summary: 'Shared LMS', features: ['Shared learning platform', 'Pre-loaded accredited courses', 'Revenue share'] },
  {
    name: 'Partner',
    summary: 'Branded LMS plus accreditation',
    features: ['Everything in Entry', 'Your own branded learning platform', 'Accreditation for your courses'],
    mostPopular: true,
  },
  { name: 'Enterprise', summary: 'Plus custom course development', features: ['Everything in Partner', 'Custom course development'] },
]
