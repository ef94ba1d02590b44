import type { FrameworkContent } from './types'

/** Our prompts for the Regulator of Social Housing's consumer standards (2024): the outcomes of its four standards. */
export const content: FrameworkContent = {
  versionId: 'rsh-consumer-2024',
  summary: 'Four consumer standards and their required outcomes, each rated on our three-point compliance scale.',
  conditionQuestions: {},
  prompts: {
    'safety-and-quality': {
      'stock-quality': {
        good: 'You have an accurate, up-to-date picture of the condition of every home, from recent surveys, and use it to plan investment.',
        evidence: [
          'Stock condition survey coverage and dates',
          'Asset management strategy',
          'Homes not yet surveyed, and plans to reach them',
          'Board reports on stock condition',
        ],
      },
      decency: {
        good: 'Every home meets the Decent Homes Standard, and any that falls short has a dated plan to put it right.',
        evidence: [
          'Decent Homes figures',
          'Non-decent homes with target dates for the work',
          'Damp and mould cases and how they were resolved',
          'Planned investment programme',
        ],
      },
      'health-and-safety': {
        good: 'Every legal safety check, for gas, electrics, fire, water, asbestos and lifts, is done on time and the work it finds is completed.',
        evidence: [
          'Compliance figures for gas, electrical, fire, water, asbestos and lift safety',
          'Overdue remedial actions and their status',
          'Fire risk assessments',
          'Assurance reports to the board',
        ],
      },
      'repairs-maintenance-and-planned-improvements': {
        good: 'Repairs are done well and on time, tenants know what to expect, and planned work happens as promised.',
        evidence: [
          'Repairs performance against your own targets',
          'Tenant satisfaction with repairs',
          'Repairs policy shared with tenants',
          'Planned works programme and progress',
        ],
      },
      adaptations: {
        good: 'Tenants who need adaptations, such as grab rails or a level-access shower, get them within a reasonable time, working with local authorities where needed.',
        evidence: [
          'Adaptations policy',
          'Waiting times for minor and major adaptations',
          'Joint work with occupational therapists and local authorities',
          'Feedback from tenants who had adaptations',
        ],
      },
    },
    'transparency-influence-and-accountability': {
      'fairness-and-respect': {
        good: 'Tenants are treated fairly and with respect in every contact, and staff know what that means in practice.',
        evidence: [
          'Customer care standards and staff training',
          'Tenant satisfaction with being treated fairly and with respect',
          'Complaints about staff conduct and what was learned',
          'Tenant scrutiny or mystery shopping findings',
        ],
      },
      'diverse-needs': {
        good: 'You know your tenants’ needs, including any vulnerabilities, and change how you deliver services and communicate so that everyone can use them.',
        evidence: [
          'Tenant profile data and how complete it is',
          'Reasonable adjustments recorded and made',
          'Equality impact assessments',
          'Information in accessible formats',
        ],
      },
      'engagement-with-tenants': {
        good: 'Tenants have real opportunities to shape services and hold you to account, and can see what changed because of their views.',
        evidence: [
          'Tenant engagement strategy',
          'Tenant panel or scrutiny reports and your responses',
          '‘You said, we did’ updates',
          'The different ways tenants can get involved',
        ],
      },
      'information-about-landlord-services': {
        good: 'Tenants get clear, accessible information about your services, how to use them and what standard to expect.',
        evidence: [
          'Tenant handbook and website pages',
          'Published service standards',
          'How to report a repair or make a complaint',
          'Feedback on how clear the information is',
        ],
      },
      'performance-information': {
        good: 'You collect and publish tenant satisfaction measures accurately and on time, share performance openly with tenants, and act on what it shows.',
        evidence: [
          'Tenant satisfaction survey method and results',
          'Annual report to tenants',
          'Your return to the regulator, if you own 1,000 or more homes',
          'Action plans that followed the results',
        ],
      },
      complaints: {
        good: 'Complaints are easy to make and are handled fairly and promptly, in line with the Housing Ombudsman’s Complaint Handling Code, and you learn from them.',
        evidence: [
          'Complaints policy and yearly self-assessment against the Code',
          'Complaint numbers, response times and outcomes',
          'Ombudsman decisions and how you acted on them',
          'Learning from complaints reported to the board',
        ],
      },
    },
    'neighbourhood-and-community': {
      'safety-of-shared-spaces': {
        good: 'The shared spaces you are responsible for are clean, safe and well kept, working with other landlords and agencies where you share responsibility.',
        evidence: [
          'Estate inspection records',
          'Cleaning and maintenance schedules for shared areas',
          'Fire safety checks in communal areas',
          'Tenant feedback about their neighbourhood',
        ],
      },
      'local-co-operation': {
        good: 'You work with local authorities, the police and other agencies to make neighbourhoods safe and pleasant places to live.',
        evidence: [
          'Partnership agreements and meeting notes',
          'Joint projects and their results',
          'Your part in local community safety plans',
        ],
      },
      'anti-social-behaviour-and-hate-incidents': {
        good: 'Tenants know how to report anti-social behaviour and hate incidents. You act promptly, support victims and work with partners to stop it.',
        evidence: [
          'Published policy on anti-social behaviour and hate incidents',
          'Case records, response times and outcomes',
          'Support offered to victims',
          'Tenant satisfaction with how cases were handled',
        ],
      },
      'domestic-abuse': {
        good: 'Staff recognise the signs of domestic abuse, and tenants affected by it are supported and kept safe, working with specialist services.',
        evidence: [
          'Domestic abuse policy',
          'Staff training records',
          'Referrals to and joint work with specialist services',
          'Housing options offered to survivors',
        ],
      },
    },
    tenancy: {
      'allocations-and-lettings': {
        good: 'Homes are let fairly, openly and efficiently, in line with your policy and local authority allocation schemes, making the best use of your homes.',
        evidence: [
          'Allocations and lettings policy',
          'Lettings records showing how decisions were made',
          'Re-let times and empty homes figures',
          'Nomination agreements with local authorities',
        ],
      },
      'tenancy-sustainment-and-evictions': {
        good: 'You help tenants keep their homes with advice and support, and eviction is a last resort that follows the proper process.',
        evidence: [
          'Tenancy support services and referrals',
          'Arrears and evictions, with the reasons',
          'Checks made before any eviction',
          'Money and benefits advice given',
        ],
      },
      tenure: {
        good: 'Tenancies are clear and fair, tenants understand their rights, and you follow your published tenancy policy.',
        evidence: [
          'Tenancy policy and tenancy agreements',
          'Reviews of fixed-term tenancies, where you use them',
          'Information given to new tenants',
        ],
      },
      'mutual-exchange': {
        good: 'Tenants who want to swap homes can do so easily, and their requests are decided promptly and fairly.',
        evidence: [
          'Mutual exchange policy',
          'Access to a home swap service',
          'Time taken to decide requests',
          'Reasons recorded for any refusal',
        ],
      },
    },
  },
}
