import type { KeyQuestion } from './types'

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
