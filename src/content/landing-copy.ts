/**
 * Copy shared by every sector landing page (spec sections 1, 2 and 9). Sector-specific text is in sectors.ts.
 * Figures are only those of the spec's list of marketing claims.
 */
export const TRUST_BADGES = ['GDPR Compliant', 'ISO 27001 Ready', 'Hosted on AWS'] as const

export const LOG_BUILDER_PROMO = {
  title: 'Build any log or form in minutes',
  lead: 'Drag and drop fields to create daily logs, checklists and incident forms that match how your team already works. No developer, no waiting.',
  points: ['Drag-and-drop builder with conditional fields', 'Works on phones and tablets, online or patchy signal', 'Every entry time-stamped and attributed'],
  claim: '20+ hours saved monthly with the log builder',
} as const

export const SEE_IN_ACTION = [
  { title: 'Compliance overview', text: 'Live status of audits, actions and evidence per service or site, red to green.' },
  { title: 'Training matrix', text: 'Who is trained, who is due and who is overdue, by course and by role.' },
  { title: 'Incident trends', text: 'Incidents and near misses by type, time and location, with actions tracked to closure.' },
] as const

export const SECURITY_CARDS = [
  { title: 'Cloud hosting', text: 'Hosted on AWS with 99.9% uptime, backed up daily.' },
  { title: 'Encrypted', text: '256-bit encryption at rest and TLS 1.2+ in transit.' },
  { title: 'Regulator-ready and data-protection compliant', text: 'GDPR compliant, ISO 27001 ready, with audit trails on every record.' },
] as const

export const MIGRATION = {
  title: 'Switching from another compliance provider? Bring your policies with you',
  lead: 'Move your policies in the app, without retyping a word. You stay in control at every step.',
  steps: [
    { title: 'Upload', text: 'Export your policies from your current provider and upload them as they are.' },
    { title: 'Guided mapping', text: 'We suggest where each policy and section belongs; you confirm or change every match.' },
    { title: 'Read-only preview', text: 'See exactly how everything will look before anything is applied. Nothing changes until you say so.' },
    { title: 'Apply', text: 'Apply the migration and assign read-and-sign to your team in one step.' },
  ],
} as const

/** Free vs paid comparison (spec section 1: the free suite and the paid business operating system). */
export const PLAN_FEATURES = {
  free: ['Competency assessments with AI feedback', 'Audits', 'Microlearning', 'Dashboard', 'Settings'],
  paid: [
    'Rota',
    'Attendance management',
    'Handover dashboard',
    'Cash management',
    'Logs and incidents',
    'Support plans',
    'Risk assessments',
    'Medication administration records',
    'HR suite',
    'Policies',
    'Feedback',
    'Learning platform',
    'Reports',
  ],
} as const

export const COMPARISON_ROWS: readonly { feature: string; free: boolean; paid: boolean }[] = [
  ...PLAN_FEATURES.free.map((feature) => ({ feature, free: true, paid: true })),
  ...PLAN_FEATURES.paid.map((feature) => ({ feature, free: false, paid: true })),
]

/** Pricing (spec section 9): free up to 3 staff at 0 GBP, forever; paid plan 'bos' with per-user and per-location pricing. */
export const PRICING_PLANS = [
  {
    id: 'free',
    name: 'Free',
    price: '£0',
    cadence: 'forever',
    summary: 'For up to 3 staff members.',
    features: PLAN_FEATURES.free,
    cta: { label: 'Start Free', kind: 'signup' },
  },
  {
    id: 'bos',
    name: 'Business Operating System',
    price: 'Per user and per location',
    cadence: 'unlimited seats',
    summary: 'Everything in Free, plus the full business operating system.',
    features: ['Unlimited seats', 'Rota, attendance and HR suite', 'Logs, incidents and support plans', 'Medication administration records', 'Learning platform and reports'],
    cta: { label: 'Book a Demo', kind: 'booking' },
  },
] as const

export const YOUTH_PROGRAMME = {
  label: 'Refer a young person',
  text: 'Our fully funded youth-skills programme for ages 10-25: English, maths, technology, creative arts, business, science and engineering, and trades.',
  href: '/contact?service=ready4life',
} as const

export const FINAL_CTA = {
  title: 'Be ready for your next inspection, starting today',
  lead: 'Join the first 500 organisations on the platform. Setup takes 5 minutes and the free plan is free forever for up to 3 staff.',
} as const
