/** /about, /careers, /press and /partners (spec section 2). */

export interface Value {
  id: string
  title: string
  body: string
}

/** The three values of spec section 2, in its order. */
export const companyValues: readonly Value[] = [
  {
    id: 'customer-obsessed',
    title: 'Customer-obsessed',
    body: 'We build with registered managers, headteachers, housing officers and site leads, not for them. Every feature starts with a real inspection, audit or rota problem someone brought to us, and we ship small improvements every week.',
  },
  {
    id: 'outcome-driven',
    title: 'Outcome-driven',
    body: 'We measure ourselves by what changes for our customers: less time spent preparing for inspection, fewer gaps found on the day, and staff who are trained and confident. Features that do not move those numbers do not ship.',
  },
  {
    id: 'secure-by-default',
    title: 'Secure by default',
    body: 'Our customers trust us with records about the people they support. Encryption, separation between organisations and least-privilege access are where we start, not options to switch on later.',
  },
]

export interface Role {
  id: string
  title: string
  location: string
  type: string
  summary: string
  responsibilities: readonly string[]
  lookingFor: readonly string[]
}

/** The two open remote roles of spec section 2. */
export const openRoles: readonly Role[] = [
  {
    id: 'senior-full-stack-engineer',
    title: 'Senior full-stack engineer',
    location: 'Remote (UK time zones)',
    type: 'Full time',
    summary: 'Build the features care, education, housing and construction teams rely on every day, end to end: React and TypeScript in the browser, Postgres and edge functions behind it.',
    responsibilities: [
      'Design and ship product features from database schema to user interface, with tests.',
      'Model complex flows such as onboarding and audits as explicit state machines that are easy to reason about.',
      'Keep customer data safe: row-level security, careful migrations and reviews that take privacy seriously.',
      'Work directly with customers to understand what an inspector will ask for.',
    ],
    lookingFor: [
      'Several years building production web applications with TypeScript.',
      'Confidence with SQL and relational data modelling.',
      'Care for accessibility and performance on modest devices and connections.',
      'Clear written communication for a remote team.',
    ],
  },
  {
    id: 'product-designer',
    title: 'Product designer',
    location: 'Remote (UK time zones)',
    type: 'Full time',
    summary: 'Shape how busy frontline managers find what they need in seconds, on a phone in a corridor or a laptop in the office, and make compliance feel less like paperwork.',
    responsibilities: [
      'Own the end-to-end design of product areas, from research with customers to shipped interface.',
      'Evolve our design system, with accessibility (WCAG 2.1 AA) built in.',
      'Turn regulatory frameworks into clear, calm workflows.',
      'Test designs with real users in care homes, schools, housing teams and on site.',
    ],
    lookingFor: [
      'A portfolio showing complex workflows made simple.',
      'Experience designing for mobile and desktop.',
      'Comfort working closely with engineers and prototyping in code or high-fidelity tools.',
      'Experience in health, social care, education or other regulated sectors is a plus.',
    ],
  },
]

export const careersBenefits: readonly string[] = [
  'Fully remote within UK time zones, with a team get-together each quarter.',
  '33 days’ holiday including bank holidays.',
  'A home-office budget and the equipment you choose.',
  'A personal learning budget, including courses from our own platform.',
]

export interface BrandRule {
  title: string
  body: string
}

export const brandGuidelines: readonly BrandRule[] = [
  {
    title: 'Our name',
    body: 'Write the name as one word with a capital I and a capital R. Do not abbreviate it, add spaces or use it as a verb.',
  },
  {
    title: 'Logo',
    body: 'Use the logo on a plain background with clear space around it at least the height of the mark on every side. Do not stretch, recolour, rotate or add effects to it.',
  },
  {
    title: 'Colours',
    body: 'Our primary colour is teal (#0E7490) on white, with care cyan, education purple, housing green and construction orange used only to identify those sectors.',
  },
  {
    title: 'Describing us',
    body: 'A compliance and inspection-readiness platform for UK organisations in care, education, housing and construction. Please do not describe us as a regulator or imply that using the product guarantees an inspection outcome.',
  },
]

export const pressFacts: readonly string[] = [
  'Compliance and inspection readiness for care, education, housing and construction, mostly in the UK.',
  'Works with the expectations of CQC, Ofsted, the Regulator of Social Housing and the Building Safety Regulator.',
  'Free forever for up to 3 staff members; a paid plan with unlimited seats.',
  'Runs a fully funded youth-skills referral programme for young people aged 10 to 25.',
]

export interface PartnerType {
  title: string
  body: string
}

/** Who the partner programme is for (spec section 1). */
export const partnerTypes: readonly PartnerType[] = [
  { title: 'Training providers', body: 'Offer your courses on a white-label learning platform with pre-loaded accredited courses alongside your own, and earn a revenue share.' },
  { title: 'Consultancies', body: 'Give the providers you advise a shared place for audits, policies and evidence between visits, so your recommendations stick.' },
  { title: 'Associations', body: 'Offer members a compliance platform and accredited training as a benefit, under your brand.' },
  { title: 'Managed-service providers', body: 'Add inspection readiness to the IT and operations services you already run for care, education, housing and construction clients.' },
]
