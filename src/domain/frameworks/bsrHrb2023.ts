/**
 * The Building Safety Regulator's duties for occupied higher-risk buildings (Building Safety Act 2022 and the
 * Higher-Risk Buildings (Management of Safety Risks etc) (England) Regulations 2023; shared/frameworks.md): the
 * accountable persons' duties, one group, in the order the facts list them. No self-assessment scale is
 * published, so duties are rated on ours.
 */
import { defineFramework } from './define'
import { COMPLIANCE } from './scales'

export const BSR_HRB_2023 = defineFramework({
  frameworkId: 'bsr-hrb',
  version: '2023',
  name: 'BSR higher-risk building duties',
  shortName: 'BSR',
  regulator: 'bsr',
  sector: 'construction',
  groupNoun: { singular: 'group of duties', plural: 'groups of duties' },
  itemNoun: { singular: 'duty', plural: 'duties' },
  scoring: { kind: 'compliance' },
  scales: [COMPLIANCE],
  evidenceCategories: [],
  conditions: [],
  groups: [
    {
      key: 'accountable-person-duties',
      name: 'Duties of the accountable persons',
      kind: 'duties',
      scale: COMPLIANCE.id,
      items: [
        { key: 'registration-and-key-building-information', name: 'Register the building and give key building information' },
        { key: 'principal-accountable-person', name: 'Appoint a principal accountable person' },
        { key: 'assess-building-safety-risks', name: 'Assess building safety risks' },
        { key: 'manage-building-safety-risks', name: 'Manage building safety risks' },
        { key: 'safety-case-report', name: 'Prepare a safety case report and notify the regulator' },
        { key: 'building-assessment-certificate', name: 'Apply for a building assessment certificate when directed' },
        { key: 'mandatory-occurrence-reporting', name: 'Run a mandatory occurrence reporting system' },
        { key: 'golden-thread', name: 'Keep the golden thread of information' },
        { key: 'residents-engagement-strategy', name: 'Have a residents’ engagement strategy' },
        { key: 'complaints-procedure', name: 'Have a complaints procedure' },
      ],
    },
  ],
})
