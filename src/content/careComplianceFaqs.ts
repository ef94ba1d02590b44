import type { Faq } from './faqs'

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
