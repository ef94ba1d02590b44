import { config } from '../config'
/**
 * The three SEO pages for care: /care-compliance-software (long article), /care-management-software and
 * /cqc-compliance-software (spec section 2). The article's FAQs live in faqs.ts (careComplianceFaqs) because the
 * FAQPage structured data is built from the same list.
 */
export type ArticleBlock = string | { list: readonly string[] }

export interface ArticleSection {
  id: string
  heading: string
  body: readonly ArticleBlock[]
}

export const careComplianceArticle: readonly ArticleSection[] = [
  {
    id: 'what-it-is',
    heading: 'What care compliance software does',
    body: [
      'Every registered care provider in England has to show the Care Quality Commission (CQC) that its service is safe, effective, caring, responsive and well led. The evidence for that is scattered: audits in binders, training certificates in email, supervision notes in a manager’s notebook, incidents in a spreadsheet, and policies in a shared drive nobody is sure is current.',
      'Care compliance software brings that evidence together. It schedules the audits you must run, records who is trained in what and when it expires, keeps policies versioned with a record of who has read them, and links incidents to the actions taken afterwards. Because everything sits in one place, a registered manager can see gaps before an inspector does, and answer a question on inspection day in minutes instead of hours.',
    ],
  },
  {
    id: 'why-now',
    heading: 'Why it matters under the single assessment framework',
    body: [
      'CQC’s single assessment framework keeps the five key questions but assesses them through quality statements, and gathers evidence continuously rather than only during a site visit. Providers are expected to show how they know their service is good, not just to have the right documents on the day.',
      'That shift rewards organisations that collect evidence as part of everyday work. A completed audit with its actions closed, a supervision recorded on time and a training matrix that updates itself are exactly the kind of evidence that shows a well-led service.',
    ],
  },
  {
    id: 'what-to-look-for',
    heading: 'What to look for when choosing a platform',
    body: [
      'The right platform should save your team time every week, not create a new system to feed. Look for:',
      {
        list: [
          'Evidence mapped to the five key questions, so you can show how each one is met.',
          'Audits with owners, due dates and follow-up actions, not just checklists.',
          'A training matrix with expiry alerts and pre-loaded accredited courses for care.',
          'Competency assessments that record observed practice, not only e-learning completions.',
          'Policies with version history and read-and-confirm tracking for every member of staff.',
          'Forms and logs you can change yourself, such as a drag-and-drop builder, so the system fits your service.',
          'Data protection you can explain to families and commissioners: UK GDPR, encryption at rest and in transit, and clear separation between organisations.',
          'A free way to start, so you can try it with real work before committing.',
        ],
      },
    ],
  },
  {
    id: 'key-questions',
    heading: 'Mapping evidence to the five key questions',
    body: [
      'A simple way to organise evidence is by key question. For example:',
      {
        list: [
          'Safe: medication administration records, risk assessments, safeguarding training and incident logs with lessons learned.',
          'Effective: needs assessments, staff competency assessments, supervision records and Mental Capacity Act training.',
          'Caring: feedback from people who use the service and their families, and care notes written in a person-centred way.',
          'Responsive: support plans reviewed on schedule, complaints and how they were resolved.',
          'Well-led: your audit programme, policy reviews, governance meetings and the actions that came out of them.',
        ],
      },
      'Our page on CQC compliance software goes through each key question in detail: what inspectors look for and the evidence that answers it.',
    ],
  },
  {
    id: 'switching',
    heading: 'Switching from another compliance provider',
    body: [
      'Many providers already pay for a policy library and worry that moving means starting again. It does not have to. A good migration maps each of your existing policies to its place in the new system, shows you a read-only preview of the result, and applies nothing until you approve it. Your originals stay untouched, so you can check every policy before your team sees it.',
    ],
  },
  {
    id: 'getting-started',
    heading: 'Getting started',
    body: [
      `${config.brand} is free forever for up to 3 staff members, which is enough for a registered manager and deputies to set up audits, policies and training before bringing the whole team on board. Setup takes about 5 minutes: choose your country, sector, regulators, roles and how often you review, and the dashboard is ready.`,
      'When you are ready for rota, medication administration records, support plans and the full HR suite, the paid plan adds unlimited seats with per-user and per-location pricing.',
    ],
  },
]

export interface KeyQuestion {
  id: 'safe' | 'effective' | 'caring' | 'responsive' | 'well-led'
  name: 'Safe' | 'Effective' | 'Caring' | 'Responsive' | 'Well-led'
  /** CQC's description of the key question, paraphrased. */
  summary: string
  inspectorsLookFor: readonly string[]
  howWeHelp: readonly string[]
}

/** The five CQC key questions, in CQC's order. */
export const cqcKeyQuestions: readonly KeyQuestion[] = [
  {
    id: 'safe',
    name: 'Safe',
    summary: 'People are protected from abuse and avoidable harm.',
    inspectorsLookFor: [
      'Safeguarding that staff understand and act on, with concerns reported and followed up.',
      'Risks to each person assessed, recorded and reviewed.',
      'Enough suitably qualified staff, recruited safely with DBS and right-to-work checks.',
      'Medicines managed safely, with accurate records and errors investigated.',
      'Infection prevention and control, and learning when things go wrong.',
    ],
    howWeHelp: [
      'Medication administration records with audit trails.',
      'Risk assessments with review reminders.',
      'Incident and log reporting linked to follow-up actions.',
      'Safeguarding training tracked for every member of staff.',
    ],
  },
  {
    id: 'effective',
    name: 'Effective',
    summary: 'Care, treatment and support achieve good outcomes and are based on the best available evidence.',
    inspectorsLookFor: [
      'Needs assessed holistically, including nutrition and hydration.',
      'Staff with the skills, knowledge and experience to deliver effective care, supported by supervision and appraisal.',
      'Consent sought in line with the Mental Capacity Act 2005, with Deprivation of Liberty Safeguards applied correctly.',
      'Good joint working with GPs, district nurses and other services.',
    ],
    howWeHelp: [
      'Competency assessments with AI feedback that the assessor reviews and signs off.',
      'A training matrix with pre-loaded accredited care courses and expiry alerts.',
      'Supervisions and appraisals scheduled and recorded in the HR suite.',
    ],
  },
  {
    id: 'caring',
    name: 'Caring',
    summary: 'Staff involve people and treat them with compassion, kindness, dignity and respect.',
    inspectorsLookFor: [
      'Kind, respectful interactions and people’s privacy and dignity upheld.',
      'People supported to express their views and be involved in decisions about their care.',
      'Independence promoted wherever possible.',
      'What people and their families say about the service.',
    ],
    howWeHelp: [
      'Feedback from people, families and staff collected and reviewed in one place.',
      'Microlearning on dignity, communication and person-centred practice.',
      'Care notes and logs written against each person’s own support plan.',
    ],
  },
  {
    id: 'responsive',
    name: 'Responsive',
    summary: 'Services are organised so that they meet people’s needs.',
    inspectorsLookFor: [
      'Person-centred care planning that reflects each person’s preferences and is reviewed as needs change.',
      'Information provided in ways people can understand, as the Accessible Information Standard requires.',
      'Complaints listened to, responded to and used to improve the service.',
      'Good end-of-life care, planned with the person and their family.',
    ],
    howWeHelp: [
      'Support plans with scheduled reviews and a history of every change.',
      'A unified calendar of reviews, appointments and audits.',
      'Complaints and feedback logged with outcomes and actions.',
    ],
  },
  {
    id: 'well-led',
    name: 'Well-led',
    summary: 'Leadership, management and governance assure high-quality, person-centred care and an open, fair culture.',
    inspectorsLookFor: [
      'Effective governance and quality assurance, with audits that lead to improvement.',
      'An open culture where staff can speak up, and the duty of candour met when things go wrong.',
      'Notifications submitted to CQC as required, and a registered manager in post.',
      'Continuous learning, improvement and work with the local community and partners.',
    ],
    howWeHelp: [
      'An audit programme with owners, due dates and actions, visible on the dashboard.',
      'Versioned policies that staff read and confirm.',
      'Reports that show your improvement over time, ready for your next assessment.',
    ],
  },
]

/** Care management features (spec section 1: the care feature rows and the paid tier). */
export const careManagementFeatures: readonly { title: string; body: string }[] = [
  { title: 'Unified calendar', body: 'Rota, reviews, appointments, supervisions and audits on one calendar for each home or branch.' },
  { title: 'Support plans', body: 'Person-centred plans and risk assessments with review reminders and a full change history.' },
  { title: 'Medication', body: 'Medication administration records with missed-dose alerts and audit trails.' },
  { title: 'Incidents and logs', body: 'Daily notes and incident reports built with the drag-and-drop form builder, linked to actions.' },
  { title: 'Feedback', body: 'Feedback from people, families and staff, reviewed and acted on.' },
  { title: 'HR, supervision and appraisals', body: 'Recruitment checks, supervisions and appraisals tracked for every member of staff.' },
  { title: 'Training and microlearning', body: 'Pre-loaded accredited care courses and short lessons completed on a phone.' },
  { title: 'Rota and payroll', body: 'Rotas, attendance and hours ready for payroll, with handovers between shifts.' },
]

export interface PricingCard {
  id: 'starter' | 'professional' | 'enterprise'
  name: string
  price: string
  period?: string
  summary: string
  features: readonly string[]
  cta: { label: string; kind: 'signup' | 'pricing' }
  highlighted?: boolean
}

/** The three care-management pricing cards (spec section 9). */
export const careManagementPricing: readonly PricingCard[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 'Free',
    period: 'forever',
    summary: 'For up to 3 staff members.',
    features: ['Competency assessments with AI feedback', 'Audits', 'Microlearning', 'Dashboard and settings'],
    cta: { label: 'Start free', kind: 'signup' },
  },
  {
    id: 'professional',
    name: 'Professional',
    price: '£29',
    period: 'a month',
    summary: 'For growing care services.',
    features: ['Everything in Starter', 'Rota and attendance', 'Medication administration records', 'Support plans and risk assessments', 'Incidents, logs and HR suite'],
    cta: { label: 'Start free, upgrade later', kind: 'signup' },
    highlighted: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Custom',
    summary: 'For groups with many locations.',
    features: ['Everything in Professional', 'Unlimited seats', 'Per-user and per-location pricing', 'Policy migration from another provider'],
    cta: { label: 'Compare plans', kind: 'pricing' },
  },
]
