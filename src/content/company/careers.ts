import type { Role } from './types'

/** /careers. */

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
