import { config } from '../config'
import type { FaqSetKey } from '../content/faqs'

/**
 * Every public page with its head data: one list that drives the routes' head(), the prerender list,
 * sitemap.xml, robots.txt and the route tests.
 */
export type StructuredData = 'organization' | 'website' | 'software' | 'service' | 'faq' | 'article'

export interface PageEntry {
  path: string
  /** <title> before ' | {brand}' (the home page's title stands alone). */
  title: string
  description: string
  /** The page's one h1 (route tests check it). */
  heading: string
  /** noindex,nofollow pages are left out of the sitemap. */
  noindex?: boolean
  /** Needs a signed-in session: prerendered as its loading state; without a session the page goes to `signedOutTo`. */
  signedIn?: boolean
  /** Where a signed-in page sends a visitor without a session (default '/'). */
  signedOutTo?: string
  /** Canonical path when another page is the primary copy (/care is the same page as /). */
  canonicalPath?: string
  ogType?: 'website' | 'article'
  structured: StructuredData[]
  /** The page's FAQ list (FAQPage structured data), by key: see FAQ_SETS in src/content/faqs.ts. */
  faqs?: FaqSetKey
  /** Article dates (ISO) for article pages. */
  published?: string
}

/** The living spec (/flows, issue 8): noindex in every build. */
export const FLOWS_PAGE = {
  path: '/flows',
  title: 'Flows: the living spec',
  description: 'Every flow of the product as its state machine, generated from the code: diagrams, events and paths to step through.',
  heading: 'Flows',
  noindex: true,
  structured: [],
} as const satisfies PageEntry

export const PAGES = [
  {
    path: '/',
    title: 'InspectReady — compliance and inspection readiness for care, education, housing and construction',
    description:
      'Be inspection-ready every day. Audits, competency assessments with AI feedback, microlearning and policies for UK care, education, housing and construction teams. Free for up to 3 staff.',
    heading: 'Be inspection-ready every day, not just on inspection day',
    structured: ['organization', 'website', 'software'],
  },
  {
    path: '/care',
    title: 'Care compliance and CQC inspection readiness',
    description:
      'CQC-ready evidence for care homes and home care: audits, medication records, support plans, incidents and training mapped to Safe, Effective, Caring, Responsive and Well-led.',
    heading: 'Be inspection-ready every day, not just on inspection day',
    canonicalPath: '/',
    structured: ['software'],
  },
  {
    path: '/education',
    title: 'Education compliance and Ofsted readiness',
    description:
      'Ofsted-ready schools and training providers: attendance codes, persistent absence tracking, cover hours, mobile registers, safeguarding training and audits in one place.',
    heading: 'Ofsted-ready evidence, without the end-of-term scramble',
    structured: ['software'],
  },
  {
    path: '/housing',
    title: 'Housing compliance for the Regulator of Social Housing',
    description:
      'Property compliance packs, maintenance scheduling and document storage for social housing providers working to the Regulator of Social Housing’s consumer standards.',
    heading: 'Every property compliant, every record in reach',
    structured: ['software'],
  },
  {
    path: '/construction',
    title: 'Construction compliance for the Building Safety Regulator',
    description:
      'Crew hours, safety checklists, incident reporting and compliance documents for contractors working under the Building Safety Act and the Building Safety Regulator.',
    heading: 'Safety evidence from site to sign-off',
    structured: ['software'],
  },
  {
    path: '/care-compliance-software',
    title: 'Care compliance software: a guide for UK providers',
    description:
      'What care compliance software does, how it maps evidence to the CQC key questions, what to look for and how to switch from another compliance provider without losing a policy.',
    heading: 'Care compliance software: a practical guide for UK providers',
    ogType: 'article',
    structured: ['article', 'faq'],
    faqs: 'careCompliance',
    published: '2025-06-01',
  },
  {
    path: '/care-management-software',
    title: 'Care management software for care homes and home care',
    description:
      'Rota, medication administration records, support plans, incidents and training in one care management platform. Start free for up to 3 staff; Professional from £29 a month.',
    heading: 'Care management software that keeps you inspection-ready',
    structured: ['software'],
  },
  {
    path: '/cqc-compliance-software',
    title: 'CQC compliance software mapped to the five key questions',
    description:
      'Evidence for Safe, Effective, Caring, Responsive and Well-led: what CQC inspectors look for under each key question and how InspectReady helps you show it.',
    heading: 'CQC compliance software built around the five key questions',
    structured: ['service'],
  },
  {
    path: '/features',
    title: 'Features',
    description:
      'Competency assessments with AI feedback, audits, microlearning, a drag-and-drop log and form builder, rota, HR, policies, risk assessments and reports.',
    heading: 'Features',
    structured: ['software'],
  },
  {
    path: '/integrations',
    title: 'Integrations',
    description:
      'Ready-to-connect integrations with Xero, QuickBooks, Slack, Deputy, RotaCloud, Moodle and Sage: accounting, team chat, rostering and learning tools you already use.',
    heading: 'Integrations',
    structured: [],
  },
  {
    path: '/api',
    title: 'API quick start',
    description: 'Generate an API key, authenticate with an Authorization header and test your connection with /v1/health.',
    heading: 'API quick start',
    structured: [],
  },
  {
    path: '/security',
    title: 'Security and data protection',
    description:
      '256-bit encryption at rest, TLS 1.2+ in transit, UK GDPR compliance, ISO 27001-ready controls and AWS hosting.',
    heading: 'Security and data protection',
    structured: [],
  },
  {
    path: '/ai-ethics',
    title: 'AI ethics policy',
    description:
      'How we use AI: transparency, accountability, fairness, privacy and safety. AI supports people and never replaces human judgement.',
    heading: 'AI ethics policy',
    structured: [],
  },
  {
    path: '/roadmap',
    title: 'Roadmap',
    description: 'What we are building next: ML pipelines, real-time inference APIs and vector search, predictive risk scoring.',
    heading: 'Roadmap',
    structured: [],
  },
  {
    path: '/changelog',
    title: 'Changelog',
    description: 'What changed in InspectReady, release by release.',
    heading: 'Changelog',
    structured: [],
  },
  {
    path: '/lms-partner',
    title: 'LMS partner programme: white-label learning with revenue share',
    description:
      'For training providers, consultancies, associations and MSPs: a white-label learning platform with pre-loaded accredited courses and revenue share. Launch in 24–48 hours.',
    heading: 'Launch your own branded learning platform',
    structured: ['service', 'faq'],
    faqs: 'lmsPartner',
  },
  {
    path: '/partner-apply',
    title: 'Apply to become a partner',
    description: 'Tell us about your organisation and get a partner application summary you can email or copy.',
    heading: 'Apply to become a partner',
    structured: [],
  },
  {
    path: '/roi-calculator',
    title: 'Partner ROI calculator',
    description: 'Estimate the monthly and yearly value of the partner programme from your learners, hours saved, staff cost and course margin.',
    heading: 'Partner ROI calculator',
    structured: [],
  },
  {
    path: '/about',
    title: 'About us',
    description: 'We help regulated organisations stay inspection-ready. Customer-obsessed, outcome-driven, secure by default.',
    heading: 'About InspectReady',
    structured: [],
  },
  {
    path: '/careers',
    title: 'Careers',
    description: 'Join our small remote team building compliance software for care, education, housing and construction. Two open roles.',
    heading: 'Careers',
    structured: [],
  },
  {
    path: '/press',
    title: 'Press',
    description: 'Media contact and brand guidelines for journalists and partners.',
    heading: 'Press',
    structured: [],
  },
  {
    path: '/partners',
    title: 'Partners',
    description: 'Partner with us to bring inspection readiness to the organisations you serve.',
    heading: 'Partners',
    structured: ['service'],
  },
  {
    path: '/contact',
    title: 'Contact and youth referrals',
    description: 'Refer a young person aged 10–25 to our fully funded skills programme, or get in touch with the team.',
    heading: 'Contact us',
    structured: [],
  },
  {
    path: '/privacy',
    title: 'Privacy policy',
    description: 'How we collect, use and protect personal data under UK GDPR and the Data Protection Act 2018.',
    heading: 'Privacy policy',
    structured: [],
  },
  {
    path: '/terms',
    title: 'Terms of service',
    description: 'The terms that govern your use of InspectReady.',
    heading: 'Terms of service',
    structured: [],
  },
  {
    path: '/cookies',
    title: 'Cookie policy',
    description: 'Which cookies and similar technologies we use and how to control them.',
    heading: 'Cookie policy',
    structured: [],
  },
  {
    path: '/auth',
    title: 'Sign in',
    description: 'Sign in to InspectReady, or create a free account with your work email.',
    heading: 'Sign in',
    noindex: true,
    structured: [],
  },
  {
    path: '/onboarding',
    title: 'Setting up your workspace',
    description: 'Finish setting up your InspectReady workspace.',
    heading: 'Setting up your workspace',
    noindex: true,
    signedIn: true,
    structured: [],
  },
  {
    path: '/onboarding/setup',
    title: 'Set up your workspace',
    description: 'Answer a few questions to set up your InspectReady workspace: country, sector, regulators, team roles and review frequency.',
    heading: 'Set up your workspace',
    noindex: true,
    signedIn: true,
    structured: [],
  },
  {
    path: '/app',
    title: 'Your workspace',
    description: 'Your self-assessment.',
    heading: 'Your workspace',
    noindex: true,
    signedIn: true,
    signedOutTo: '/auth',
    structured: [],
  },
  {
    path: '/app/pack',
    title: 'Inspection pack',
    description: 'Your inspection pack.',
    heading: 'Inspection pack',
    noindex: true,
    signedIn: true,
    signedOutTo: '/auth',
    structured: [],
  },
  {
    path: '/account',
    title: 'Your account',
    description: 'Your account.',
    heading: 'Your account',
    noindex: true,
    signedIn: true,
    signedOutTo: '/auth',
    structured: [],
  },
  {
    path: '/team',
    title: 'Your team',
    description: 'Your organisation on InspectReady: its members, pending invitations and seats.',
    heading: 'Your team',
    noindex: true,
    signedIn: true,
    signedOutTo: '/auth',
    structured: [],
  },
  {
    path: '/settings',
    title: 'Organisation settings',
    description: "Your organisation's regulators, sector, review frequency and review reminders on InspectReady.",
    heading: 'Organisation settings',
    noindex: true,
    signedIn: true,
    signedOutTo: '/auth',
    structured: [],
  },
  {
    path: '/invite',
    title: 'Join your team',
    description: 'Accept an invitation to join your organisation on InspectReady.',
    heading: 'Join your team',
    noindex: true,
    structured: [],
  },
  // The analysts' page exists in development builds; production builds serve it (and list it here, so it is
  // prerendered, route-tested and head-checked) only with VITE_FLOWS_IN_PRODUCTION=true.
  ...(config.flowsInProduction ? [FLOWS_PAGE] : []),
] as const satisfies readonly PageEntry[]

export type PagePath = (typeof PAGES)[number]['path']

/** The not-found page's head data (served as 404.html). */
export const NOT_FOUND_PAGE: PageEntry = {
  path: '/404',
  title: 'Page not found',
  description: 'The page you were looking for does not exist.',
  heading: 'Oops! Page not found',
  noindex: true,
  structured: [],
}

const byPath = new Map<string, PageEntry>(PAGES.map((p) => [p.path, p]))

export function pageEntry(path: string): PageEntry {
  const entry = byPath.get(path)
  if (!entry) throw new Error(`No page entry for ${path}`)
  return entry
}
