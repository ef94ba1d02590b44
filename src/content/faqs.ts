/** A question and its answer, as the accordion shows it and FAQPage structured data carries it. */
export interface Faq {
  question: string
  answer: string
}

/** FAQs of /care-compliance-software (accordion and FAQPage structured data share this list). */
export const careComplianceFaqs: readonly Faq[] = [
  {
    question: 'What is care compliance software?',
    answer:
      'Care compliance software keeps the evidence a registered provider needs for inspection in one place: audits, policies, training records, competency assessments, incidents and logs, mapped to the regulator’s expectations so gaps show before an inspector finds them.',
  },
  {
    question: 'Does it map evidence to the CQC key questions?',
    answer:
      'Yes. Audits, logs and training are organised under the five key questions Safe, Effective, Caring, Responsive and Well-led, so a manager can show how each one is met.',
  },
  {
    question: 'Can we move our policies from another compliance provider?',
    answer:
      'Yes. The in-app migration guides you through mapping each policy, shows a read-only preview before anything is applied, and keeps your originals untouched.',
  },
  {
    question: 'How much does it cost?',
    answer:
      'The free plan is free forever for up to 3 staff members. The paid plan has unlimited seats with per-user and per-location pricing.',
  },
  {
    question: 'How long does setup take?',
    answer: 'Most providers are set up in about 5 minutes: choose your country, sector, regulators, roles and review frequency in the setup wizard.',
  },
  {
    question: 'Is our data secure?',
    answer:
      'Data is encrypted at rest with 256-bit encryption and in transit with TLS 1.2 or later, hosted on AWS, and handled in line with UK GDPR.',
  },
]

/** FAQs of /lms-partner. */
export const lmsPartnerFaqs: readonly Faq[] = [
  {
    question: 'Who is the partner programme for?',
    answer:
      'Training providers, consultancies, associations and managed-service providers who want to offer a white-label learning platform to the organisations they support.',
  },
  {
    question: 'How quickly can we launch?',
    answer: 'Most partners launch their branded platform in 24 to 48 hours once the agreement is signed and branding is supplied.',
  },
  {
    question: 'Which courses are included?',
    answer: 'Pre-loaded accredited courses for care, education, housing and construction, and you can add your own.',
  },
  {
    question: 'How does revenue share work?',
    answer:
      'You set the price of courses sold through your platform and keep the agreed share of each sale; the ROI calculator shows what that means for your numbers.',
  },
  {
    question: 'Can we have courses developed for us?',
    answer: 'Yes, custom course development is part of the Enterprise partner plan.',
  },
]

/**
 * The FAQ lists by key. A page entry (src/seo/pages.ts) names its list by key, not by value, so the head data every
 * page loads carries no FAQ text: a route with FAQs imports this module when its head is built (src/seo/head.ts).
 */
export const FAQ_SETS = { careCompliance: careComplianceFaqs, lmsPartner: lmsPartnerFaqs } as const

export type FaqSetKey = keyof typeof FAQ_SETS
