import type { FrameworkContent } from './types'

/** Our prompts for the Building Safety Regulator's duties for occupied higher-risk buildings (2023). */
export const content: FrameworkContent = {
  versionId: 'bsr-hrb-2023',
  summary: 'The accountable persons’ duties for an occupied higher-risk building, each rated on our three-point compliance scale.',
  conditionQuestions: {},
  prompts: {
    'accountable-person-duties': {
      'registration-and-key-building-information': {
        good: 'The building is registered with the Building Safety Regulator, and its key building information, such as its structure, materials and fire safety systems, was given accurately and is kept up to date.',
        evidence: [
          'Registration confirmation',
          'Key building information as submitted, and a log of updates',
          'How changes to the building are reported to the regulator',
        ],
      },
      'principal-accountable-person': {
        good: 'Everyone knows who the principal accountable person is, who any other accountable persons are, and which parts of the building each is responsible for.',
        evidence: [
          'A record naming the principal accountable person and any others',
          'An agreed split of responsibilities for each part of the building',
          'Contact details given to residents',
        ],
      },
      'assess-building-safety-risks': {
        good: 'The risks of fire spreading and of structural failure are assessed for every part of the building you are responsible for, by competent people, and assessed again regularly and after any change.',
        evidence: [
          'Fire risk and structural safety assessments',
          'The competence of the people who made them',
          'Review dates, and what prompts an earlier review',
        ],
      },
      'manage-building-safety-risks': {
        good: 'Sensible measures are in place to prevent a major incident and limit its harm if one happens, and you check that they keep working.',
        evidence: [
          'A risk management plan with actions and owners',
          'Inspection and maintenance records for fire doors, compartmentation and safety systems',
          'Plans to fix any defects found',
        ],
      },
      'safety-case-report': {
        good: 'A safety case report explains how the building’s safety risks are found and managed, the regulator has been told it is ready, and it is kept up to date.',
        evidence: [
          'The safety case report and its review history',
          'Your notice to the regulator',
          'The evidence the report relies on',
        ],
      },
      'building-assessment-certificate': {
        good: 'When the regulator directs you to apply for a building assessment certificate, you apply on time with everything it needs, and once issued the certificate is displayed in the building.',
        evidence: [
          'Any direction from the regulator, and your application',
          'The certificate, displayed where residents can see it',
          'A checklist of the documents an application needs, kept current',
        ],
      },
      'mandatory-occurrence-reporting': {
        good: 'Anyone can report a fire or structural safety occurrence, every report is assessed, and those that must go to the regulator are sent promptly.',
        evidence: [
          'Mandatory occurrence reporting procedure',
          'Log of occurrences and of reports to the regulator',
          'Briefings for staff and contractors',
        ],
      },
      'golden-thread': {
        good: 'The building’s safety information is digital, kept in one place as the single source of truth, accurate, changed only under control, and available to those who need it.',
        evidence: [
          'The system that holds the information, and who can see or change it',
          'Change log and version history',
          'Checks that the information is complete and correct',
        ],
      },
      'residents-engagement-strategy': {
        good: 'Residents are told about building safety, can take part in decisions that affect their safety, and the strategy is reviewed with them.',
        evidence: [
          'Residents’ engagement strategy and review dates',
          'Safety information given to residents',
          'Records of consultations and what residents said',
        ],
      },
      'complaints-procedure': {
        good: 'Residents can raise building safety concerns easily, complaints are looked into and answered promptly, and residents know they can take them to the regulator.',
        evidence: [
          'Building safety complaints procedure',
          'Complaints log with outcomes and timescales',
          'Information telling residents how to escalate to the regulator',
        ],
      },
    },
  },
}
