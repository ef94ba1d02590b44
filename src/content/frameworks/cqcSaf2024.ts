import type { FrameworkContent } from './types'

/** Our prompts for the CQC single assessment framework (2024): its 34 quality statements. */
export const content: FrameworkContent = {
  versionId: 'cqc-saf-2024',
  summary: 'Five key questions and 34 quality statements, each scored 1 to 4, as CQC scores them.',
  conditionQuestions: {},
  prompts: {
    safe: {
      'learning-culture': {
        good: 'People and staff feel able to raise concerns and report mistakes. When something goes wrong you find out why, are open with those affected, and change how you work so it does not happen again.',
        evidence: [
          'Incident and near-miss log showing what was learned and what changed',
          'Duty of candour letters or notes of conversations',
          'Team meeting notes where lessons were shared',
          'Staff saying they feel safe to report errors',
        ],
      },
      'safe-systems-pathways-and-transitions': {
        good: 'Care stays safe when people move between services, such as coming home from hospital, moving in or changing care workers, because the right information travels with them and nothing is missed.',
        evidence: [
          'Admission and discharge checklists, or hospital passports',
          'Shift handover records',
          'Referrals to GPs, district nurses or hospitals that were followed up',
          'Feedback from partner services about how moves went',
        ],
      },
      safeguarding: {
        good: 'Everyone knows the signs of abuse and neglect and what to do. Concerns reach the local authority promptly, people’s rights are respected, and any restriction on someone’s liberty is lawful and as light as possible.',
        evidence: [
          'Safeguarding policy and staff training records',
          'Log of concerns with referrals and outcomes',
          'Deprivation of Liberty Safeguards applications and authorisations',
          'Staff able to explain how they would raise a concern',
        ],
      },
      'involving-people-to-manage-risks': {
        good: 'Risks to each person are worked out with them. Plans keep people safe without taking away their choices or independence, and are updated when things change.',
        evidence: [
          'Risk assessments agreed with the person or their representative',
          'Plans that support positive risk-taking',
          'Reviews after falls, incidents or a change in health',
          'People’s own views on how their risks are managed',
        ],
      },
      'safe-environments': {
        good: 'The building, equipment and technology are safe, well looked after and suited to the people who use them, and safety checks are done on time.',
        evidence: [
          'Fire risk assessment, fire drills and equipment servicing',
          'Gas, electrical, water (legionella) and lifting equipment certificates',
          'Maintenance log showing repairs completed',
          'Environment audits and walk-round notes',
        ],
      },
      'safe-and-effective-staffing': {
        good: 'Every shift has enough staff with the right skills. Staff are recruited safely, trained, supervised and supported to do their jobs well.',
        evidence: [
          'Rotas and how you work out staffing levels',
          'Recruitment files with DBS checks, references and right to work',
          'Training matrix and supervision records',
          'How agency staff are checked and introduced to the service',
        ],
      },
      'infection-prevention-and-control': {
        good: 'The service is clean, staff follow good hygiene practice, and outbreaks are spotted early and contained, with help from public health teams when needed.',
        evidence: [
          'Cleaning schedules and infection control audits',
          'Hand hygiene and PPE spot checks',
          'Outbreak plan and outbreak records',
          'Staff infection control training',
        ],
      },
      'medicines-optimisation': {
        good: 'People get the right medicines at the right time and are involved in decisions about them. Medicines are stored, given and recorded safely and reviewed regularly.',
        evidence: [
          'Medicine administration records (MAR) and medicines audits',
          'Medication errors and what was done about them',
          'Staff competency checks for giving medicines',
          'Medication reviews with GPs or pharmacists',
          'Guidance for ‘as required’ (PRN) medicines',
        ],
      },
    },
    effective: {
      'assessing-needs': {
        good: 'Each person’s health, care, wellbeing and communication needs are assessed with them from the start, and the assessment is kept up to date as they change.',
        evidence: [
          'Assessments made before and when someone starts with the service',
          'Care plans that follow from the assessment',
          'Reviews done on time, with changes recorded',
          'Recognised screening tools in use, for example for nutrition, skin or falls',
        ],
      },
      'delivering-evidence-based-care-and-treatment': {
        good: 'Care follows current good practice and national guidance, such as NICE guidance, and staff know it and use it, including for eating and drinking well.',
        evidence: [
          'Policies that refer to current guidance and are reviewed',
          'Examples of practice changed after new guidance',
          'Food and fluid records and how they are acted on',
          'Audits against good practice standards',
        ],
      },
      'how-staff-teams-and-services-work-together': {
        good: 'Staff work well with each other and with GPs, hospitals, therapists and other services, so care is joined up and people do not have to repeat their story.',
        evidence: [
          'Notes of meetings with other professionals',
          'Referral records and joint working',
          'Shared care plans or communication logs',
          'Feedback from health and social care partners',
        ],
      },
      'supporting-people-to-live-healthier-lives': {
        good: 'People are helped to stay well and look after their own health: eating well, keeping active and getting check-ups, screening and vaccinations.',
        evidence: [
          'Health action plans or annual health checks',
          'Records of screening, vaccinations, and dental, eye and foot care',
          'Activities that support wellbeing',
          'Examples of people supported to make healthier choices',
        ],
      },
      'monitoring-and-improving-outcomes': {
        good: 'You check whether care is making a difference to people’s lives and use what you learn to make it better.',
        evidence: [
          'Outcomes tracked over time, such as falls, weight, pressure ulcers or hospital admissions',
          'Audits and the actions that followed',
          'Goals in care plans and progress towards them',
          'Comparisons with similar services',
        ],
      },
      'consent-to-care-and-treatment': {
        good: 'People are asked before care is given. Where someone cannot make a decision, the Mental Capacity Act is followed and decisions are made in their best interests.',
        evidence: [
          'Consent recorded in care plans',
          'Mental capacity assessments and best-interest decisions',
          'Lasting power of attorney checked and recorded',
          'Staff training on the Mental Capacity Act',
        ],
      },
    },
    caring: {
      'kindness-compassion-and-dignity': {
        good: 'People are treated with kindness and respect, and their privacy and dignity are protected in everything staff do.',
        evidence: [
          'Compliments and feedback from people and families',
          'Observations of how staff and people get on',
          'Dignity audits or spot checks',
          'Examples of privacy protected during personal care',
        ],
      },
      'treating-people-as-individuals': {
        good: 'Care reflects each person’s history, culture, faith and preferences, and what matters to them, rather than a set routine.',
        evidence: [
          'Life stories or ‘about me’ profiles',
          'Care plans that record preferences and protected characteristics',
          'Examples of food, faith or activities that fit the person',
          'People describing their care in their own words',
        ],
      },
      'independence-choice-and-control': {
        good: 'People do as much as they can for themselves and make their own choices about daily life and care, with support where they need it.',
        evidence: [
          'Care plans that say what the person does for themselves',
          'Records of choices offered and respected',
          'Access to advocacy',
          'Notes of meetings where people have their say',
        ],
      },
      'responding-to-peoples-immediate-needs': {
        good: 'Staff notice quickly when someone is in pain, upset or uncomfortable, and act straight away to help.',
        evidence: [
          'Call bell response times',
          'Pain assessment tools in use',
          'Records of distress and how staff responded',
          'Observations of staff attentiveness',
        ],
      },
      'workforce-wellbeing-and-enablement': {
        good: 'Staff are looked after too: their wellbeing matters, they feel valued, and they have what they need to care well.',
        evidence: [
          'Staff survey results and what you did about them',
          'Wellbeing support, such as an employee assistance programme',
          'Supervision notes that cover wellbeing',
          'Sickness and staff turnover figures, and actions taken',
        ],
      },
    },
    responsive: {
      'person-centred-care': {
        good: 'People and those close to them plan their care with staff, and care is built around their needs, goals and preferences.',
        evidence: [
          'Care plans written with the person',
          'Regular reviews with the person and their family',
          'Examples of care changed to suit someone',
          'People’s feedback on being involved',
        ],
      },
      'care-provision-integration-and-continuity': {
        good: 'Care is planned with local partners so people get continuity: familiar staff where possible, and services that fit together.',
        evidence: [
          'Continuity figures, such as how many different care workers each person sees',
          'Joint work with local health and care services',
          'Plans for staff absence and emergencies',
          'Feedback from commissioners',
        ],
      },
      'providing-information': {
        good: 'People get information they can understand, in the format they need, about their care, their choices and their rights.',
        evidence: [
          'Information in easy read, large print or other languages',
          'Communication needs recorded and met (Accessible Information Standard)',
          'Service user guide and contract',
          'Feedback that information was clear',
        ],
      },
      'listening-to-and-involving-people': {
        good: 'It is easy to give feedback or complain. People are listened to and can see what changed as a result.',
        evidence: [
          'Complaints log with responses and outcomes',
          'Surveys and ‘you said, we did’ updates',
          'Notes of meetings with people and relatives',
          'Complaints procedure in accessible formats',
        ],
      },
      'equity-in-access': {
        good: 'Everyone can get the care they need when they need it, and you remove barriers for people who may find that harder.',
        evidence: [
          'Referral and waiting time records',
          'Reasonable adjustments made for people',
          'Admission criteria applied fairly',
          'Who uses the service compared with the local population',
        ],
      },
      'equity-in-experiences-and-outcomes': {
        good: 'You check whether some groups of people have worse experiences or outcomes than others, and act on any gap you find.',
        evidence: [
          'Feedback and outcomes broken down by group',
          'Actions taken where a group does less well',
          'Staff training on equality and human rights',
          'Examples of support tailored to a group’s needs',
        ],
      },
      'planning-for-the-future': {
        good: 'People are supported to plan their future care, including the end of their life, and their wishes are recorded and followed.',
        evidence: [
          'Advance care plans and end-of-life wishes',
          'ReSPECT or DNACPR forms reviewed with the person',
          'Feedback from families after a death',
          'Staff training in end-of-life care',
        ],
      },
    },
    'well-led': {
      'shared-direction-and-culture': {
        good: 'The service has a clear purpose and values that staff share and that shape how care is given every day.',
        evidence: [
          'Vision and values, and how new staff learn them',
          'Staff describing the values in their own words',
          'Business or improvement plan',
          'Induction materials',
        ],
      },
      'capable-compassionate-and-inclusive-leaders': {
        good: 'Leaders have the skills, knowledge and integrity to run the service. They are visible, approachable and set the example.',
        evidence: [
          'Registered manager in post, with their qualifications',
          'Development and supervision for leaders',
          'Fit and proper person checks for directors',
          'What staff say about their leaders',
        ],
      },
      'freedom-to-speak-up': {
        good: 'Staff feel safe to raise concerns, including whistleblowing, and trust that they will be listened to without blame.',
        evidence: [
          'Whistleblowing or speak-up policy',
          'Concerns raised and what happened next',
          'Staff survey answers about speaking up',
          'How staff are told about their right to speak up',
        ],
      },
      'workforce-equality-diversity-and-inclusion': {
        good: 'Staff are treated fairly, differences are valued, and you act on any unfairness in pay, progression or treatment.',
        evidence: [
          'Equality and diversity policy',
          'Workforce equality data and the actions it led to',
          'Reasonable adjustments for staff',
          'Feedback from staff of different backgrounds',
        ],
      },
      'governance-management-and-sustainability': {
        good: 'Clear responsibilities and reliable checks keep quality and safety under control. Risks are known and managed, and legal duties, such as notifying CQC, are met.',
        evidence: [
          'Audit programme and action plan',
          'Risk register',
          'Statutory notifications sent to CQC',
          'Business continuity plan and financial oversight',
          'Checks on records and data protection',
        ],
      },
      'partnerships-and-communities': {
        good: 'You work openly with partners, commissioners and the local community to improve care, and share what you learn.',
        evidence: [
          'Joint projects and partnership agreements',
          'Feedback from commissioners and partners',
          'Links with the community and volunteers',
          'Taking part in local provider forums',
        ],
      },
      'learning-improvement-and-innovation': {
        good: 'The service keeps getting better: you learn from feedback, audits and research, try new ideas and check that they work.',
        evidence: [
          'Improvement plan and progress against it',
          'Changes made and the difference they made',
          'Learning from other services or research',
          'Staff involved in improvement projects',
        ],
      },
      'environmental-sustainability-sustainable-development': {
        good: 'You understand the service’s effect on the environment and take practical steps to reduce it.',
        evidence: [
          'Environmental or sustainability policy',
          'Energy, waste and travel figures, with targets',
          'Actions taken, such as cutting waste or single-use plastics',
          'Staff and people involved in green initiatives',
        ],
      },
    },
  },
}
