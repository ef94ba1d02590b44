import type { FrameworkContent } from './types'

/** Our prompts for Ofsted's renewed education inspection framework (2025): its evaluation areas and safeguarding. */
export const content: FrameworkContent = {
  versionId: 'ofsted-eif-2025',
  summary: 'Six evaluation areas, plus early years and sixth form where you have them, each graded on Ofsted’s five-point scale; safeguarding is met or not met.',
  conditionQuestions: {
    'early-years': 'Does your school have early years provision (nursery or reception)?',
    'sixth-form': 'Does your school have a sixth form?',
  },
  prompts: {
    'evaluation-areas': {
      inclusion: {
        good: 'You know which pupils face barriers, such as disadvantaged pupils, pupils with special educational needs and disabilities, and children in care. Their needs are spotted early and they get the support they need to learn, belong and do well.',
        evidence: [
          'SEND register, support plans and reviews',
          'Pupil premium strategy and what it has achieved',
          'Attendance, suspension and results data for these groups',
          'Examples of teaching adapted for individual pupils',
        ],
      },
      'curriculum-and-teaching': {
        good: 'The curriculum is ambitious and carefully ordered, and it is taught well, so pupils build knowledge and skills over time. Reading is taught well from the very start.',
        evidence: [
          'Curriculum plans showing what is taught and when',
          'Phonics and early reading programme, with assessments',
          'Notes from lesson visits and looking at pupils’ work',
          'Training that develops teachers’ subject knowledge',
        ],
      },
      achievement: {
        good: 'Pupils, including those who are disadvantaged or have special educational needs, learn well and leave ready for the next stage of education, training or work.',
        evidence: [
          'Published results and your own assessment data',
          'Phonics screening results and reading ages',
          'Where pupils go when they leave',
          'Pupils’ work showing progress over time',
        ],
      },
      'attendance-and-behaviour': {
        good: 'Pupils come to school regularly, behave well and feel safe. You work with families to tackle absence and apply the behaviour policy consistently.',
        evidence: [
          'Attendance and persistent absence figures, with trends',
          'Behaviour policy and incident records',
          'Suspension and exclusion records',
          'Pupil and parent surveys',
        ],
      },
      'personal-development-and-wellbeing': {
        good: 'Pupils grow in confidence and character, learn about healthy relationships and keeping safe, and have plenty of chances to take part in life beyond the classroom.',
        evidence: [
          'PSHE and relationships, sex and health education plans',
          'Clubs and trips, and who takes part',
          'Careers guidance records',
          'Pupil wellbeing surveys',
        ],
      },
      'leadership-and-governance': {
        good: 'Leaders and governors have high expectations, know the school’s strengths and weaknesses and look after staff workload and wellbeing; governors support leaders and hold them to account.',
        evidence: [
          'School improvement plan and self-evaluation',
          'Governing board minutes showing challenge and support',
          'Staff workload and wellbeing survey',
          'Professional development records',
        ],
      },
      'early-years': {
        good: 'Children in nursery and reception get a strong start, with a curriculum built around communication, language and early reading, warm relationships, and good preparation for year 1.',
        evidence: [
          'Early years curriculum and planning',
          'Early Years Foundation Stage Profile results',
          'Observations and records of children’s learning',
          'How you work with parents',
        ],
      },
      'sixth-form': {
        good: 'Sixth-form students follow an ambitious programme, achieve well, get good careers advice and go on to suitable next steps.',
        evidence: [
          'Sixth-form results and progress measures',
          'How many students stay and complete their courses',
          'Where students go next',
          'Careers guidance and work experience records',
        ],
      },
    },
    safeguarding: {
      safeguarding: {
        good: 'Safeguarding works: there is an open culture, staff know how to spot and report concerns, the designated safeguarding lead acts on them quickly, and safer recruitment checks are complete.',
        evidence: [
          'Single central record of checks on staff and volunteers',
          'Child protection policy and staff training records',
          'Records of concerns, referrals and follow-up',
          'Records that staff have read Keeping children safe in education',
        ],
      },
    },
  },
}
