import { config } from '../../config'
import type { ArticleSection } from './types'

/**
 * /care-compliance-software: the long article. Its FAQs live in ../faqs.ts (careComplianceFaqs) because the
 * FAQPage structured data is built from the same list.
 */

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
