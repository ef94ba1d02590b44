/**
 * Ofsted's renewed education inspection framework for schools, from 10 November 2025 (shared/frameworks.md):
 * six evaluation areas, plus early years and sixth form where the school has them, each graded on a five-point
 * scale; safeguarding judged separately, met or not met. No overall grade.
 *
 * Ofsted grades the areas themselves, so each area is one item here, in the group 'evaluation-areas';
 * safeguarding is the one item of its own group.
 */
import { defineFramework } from './define'
import { OFSTED_GRADE, OFSTED_SAFEGUARDING } from './scales'

export const OFSTED_EIF_2025 = defineFramework({
  frameworkId: 'ofsted-eif',
  version: '2025',
  name: 'Ofsted education inspection framework',
  shortName: 'Ofsted',
  regulator: 'ofsted',
  sector: 'education',
  groupNoun: { singular: 'part', plural: 'parts' },
  itemNoun: { singular: 'evaluation area', plural: 'evaluation areas' },
  scoring: {
    kind: 'ofsted-grades',
    leadershipItemKey: 'leadership-and-governance',
    urgentValue: 'urgent-improvement',
    notMetValue: 'not-met',
  },
  scales: [OFSTED_GRADE, OFSTED_SAFEGUARDING],
  evidenceCategories: [],
  conditions: [
    { key: 'early-years', name: 'Early years provision' },
    { key: 'sixth-form', name: 'A sixth form' },
  ],
  groups: [
    {
      key: 'evaluation-areas',
      name: 'Evaluation areas',
      kind: 'evaluation-areas',
      scale: OFSTED_GRADE.id,
      items: [
        { key: 'inclusion', name: 'Inclusion' },
        { key: 'curriculum-and-teaching', name: 'Curriculum and teaching' },
        { key: 'achievement', name: 'Achievement' },
        { key: 'attendance-and-behaviour', name: 'Attendance and behaviour' },
        { key: 'personal-development-and-wellbeing', name: 'Personal development and wellbeing' },
        { key: 'leadership-and-governance', name: 'Leadership and governance' },
        { key: 'early-years', name: 'Early years', condition: 'early-years' },
        { key: 'sixth-form', name: 'Sixth form', condition: 'sixth-form' },
      ],
    },
    {
      key: 'safeguarding',
      name: 'Safeguarding',
      kind: 'safeguarding',
      judgedSeparately: true,
      scale: OFSTED_SAFEGUARDING.id,
      items: [{ key: 'safeguarding', name: 'Safeguarding' }],
    },
  ],
})
