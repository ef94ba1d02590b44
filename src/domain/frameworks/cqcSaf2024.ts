/**
 * CQC single assessment framework, in force since 2024 (shared/frameworks.md): five key questions, 34 quality
 * statements (8 / 6 / 5 / 7 / 8), each scored 1–4; a key question's score is its statements' total as a
 * percentage of the maximum, read against CQC's published bands. Six evidence categories.
 */
import { defineFramework } from './define'
import { CQC_SCORE } from './scales'

const scale = CQC_SCORE.id

export const CQC_SAF_2024 = defineFramework({
  frameworkId: 'cqc-saf',
  version: '2024',
  name: 'CQC single assessment framework',
  shortName: 'CQC',
  regulator: 'cqc',
  sector: 'care',
  groupNoun: { singular: 'key question', plural: 'key questions' },
  itemNoun: { singular: 'quality statement', plural: 'quality statements' },
  scoring: {
    kind: 'cqc-percentage',
    bands: [
      { key: 'inadequate', label: 'Inadequate', from: 25, to: 38 },
      { key: 'requires-improvement', label: 'Requires improvement', from: 39, to: 62 },
      { key: 'good', label: 'Good', from: 63, to: 87 },
      { key: 'outstanding', label: 'Outstanding', from: 88, to: 100 },
    ],
  },
  scales: [CQC_SCORE],
  evidenceCategories: [
    { key: 'people-experience', name: 'People’s experience of health and care services' },
    { key: 'staff-and-leaders', name: 'Feedback from staff and leaders' },
    { key: 'partners', name: 'Feedback from partners' },
    { key: 'observation', name: 'Observation' },
    { key: 'processes', name: 'Processes' },
    { key: 'outcomes', name: 'Outcomes' },
  ],
  conditions: [],
  groups: [
    {
      key: 'safe',
      name: 'Safe',
      kind: 'key-question',
      scale,
      items: [
        { key: 'learning-culture', name: 'Learning culture' },
        { key: 'safe-systems-pathways-and-transitions', name: 'Safe systems, pathways and transitions' },
        { key: 'safeguarding', name: 'Safeguarding' },
        { key: 'involving-people-to-manage-risks', name: 'Involving people to manage risks' },
        { key: 'safe-environments', name: 'Safe environments' },
        { key: 'safe-and-effective-staffing', name: 'Safe and effective staffing' },
        { key: 'infection-prevention-and-control', name: 'Infection prevention and control' },
        { key: 'medicines-optimisation', name: 'Medicines optimisation' },
      ],
    },
    {
      key: 'effective',
      name: 'Effective',
      kind: 'key-question',
      scale,
      items: [
        { key: 'assessing-needs', name: 'Assessing needs' },
        { key: 'delivering-evidence-based-care-and-treatment', name: 'Delivering evidence-based care and treatment' },
        { key: 'how-staff-teams-and-services-work-together', name: 'How staff, teams and services work together' },
        { key: 'supporting-people-to-live-healthier-lives', name: 'Supporting people to live healthier lives' },
        { key: 'monitoring-and-improving-outcomes', name: 'Monitoring and improving outcomes' },
        { key: 'consent-to-care-and-treatment', name: 'Consent to care and treatment' },
      ],
    },
    {
      key: 'caring',
      name: 'Caring',
      kind: 'key-question',
      scale,
      items: [
        { key: 'kindness-compassion-and-dignity', name: 'Kindness, compassion and dignity' },
        { key: 'treating-people-as-individuals', name: 'Treating people as individuals' },
        { key: 'independence-choice-and-control', name: 'Independence, choice and control' },
        { key: 'responding-to-peoples-immediate-needs', name: 'Responding to people’s immediate needs' },
        { key: 'workforce-wellbeing-and-enablement', name: 'Workforce wellbeing and enablement' },
      ],
    },
    {
      key: 'responsive',
      name: 'Responsive',
      kind: 'key-question',
      scale,
      items: [
        { key: 'person-centred-care', name: 'Person-centred care' },
        { key: 'care-provision-integration-and-continuity', name: 'Care provision, integration and continuity' },
        { key: 'providing-information', name: 'Providing information' },
        { key: 'listening-to-and-involving-people', name: 'Listening to and involving people' },
        { key: 'equity-in-access', name: 'Equity in access' },
        { key: 'equity-in-experiences-and-outcomes', name: 'Equity in experiences and outcomes' },
        { key: 'planning-for-the-future', name: 'Planning for the future' },
      ],
    },
    {
      key: 'well-led',
      name: 'Well-led',
      kind: 'key-question',
      scale,
      items: [
        { key: 'shared-direction-and-culture', name: 'Shared direction and culture' },
        { key: 'capable-compassionate-and-inclusive-leaders', name: 'Capable, compassionate and inclusive leaders' },
        { key: 'freedom-to-speak-up', name: 'Freedom to speak up' },
        { key: 'workforce-equality-diversity-and-inclusion', name: 'Workforce equality, diversity and inclusion' },
        { key: 'governance-management-and-sustainability', name: 'Governance, management and sustainability' },
        { key: 'partnerships-and-communities', name: 'Partnerships and communities' },
        { key: 'learning-improvement-and-innovation', name: 'Learning, improvement and innovation' },
        { key: 'environmental-sustainability-sustainable-development', name: 'Environmental sustainability – sustainable development' },
      ],
    },
  ],
})
