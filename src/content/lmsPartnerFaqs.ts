import type { Faq } from './faqs'

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
