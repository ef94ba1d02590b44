import type { Sector } from '../domain/sectors'

/**
 * Sector landing content (spec sections 1 and 2). Marketing figures come only from the spec's list of claims
 * (section 9). `headline` is the page's h1 and equals `heading` in src/seo/pages.ts (checked by a unit test).
 */
export interface Stat {
  value: string
  label: string
}

export interface FeatureRow {
  feature: string
  /** What it does, in one line. */
  description: string
  /** Why it matters at inspection. */
  benefit: string
}

export interface SectorContent {
  sector: Sector
  /** Name used in calls to action: 'Book a Care Demo'. */
  label: string
  regulator: string
  regulatorShort: string
  eyebrow: string
  headline: string
  subheading: string
  bullets: readonly [string, string, string, string]
  stats: readonly [Stat, Stat, Stat]
  /** The sector's own rows of the feature table (the short list). */
  featureRows: readonly FeatureRow[]
  /** Heading and lead of the sector feature block. */
  featureBlock: { title: string; lead: string }
  /** Sample figures for the dashboard preview (illustrative, labelled as such on the page). */
  dashboard: { title: string; tiles: readonly [Stat, Stat, Stat, Stat] }
  /** Whether the fully funded youth-skills referral programme is offered on this page (care and education). */
  youthProgramme: boolean
}

export const SECTOR_CONTENT: Record<Sector, SectorContent> = {
  care: {
    sector: 'care',
    label: 'Care',
    regulator: 'Care Quality Commission',
    regulatorShort: 'CQC',
    eyebrow: 'For care homes, home care and supported living',
    headline: 'Be inspection-ready every day, not just on inspection day',
    subheading:
      'Evidence for the five CQC key questions — Safe, Effective, Caring, Responsive and Well-led — gathered as your team works: audits, medication records, support plans, incidents and training in one place.',
    bullets: [
      'Audits and competency assessments mapped to Safe, Effective, Caring, Responsive and Well-led',
      'Medication administration records with missed-dose alerts for the shift lead',
      'Support plans and risk assessments reviewed on schedule, with a full history',
      'Incidents and daily logs that roll up into your Well-led governance report',
    ],
    stats: [
      { value: '98%', label: 'inspection readiness' },
      { value: '12+ hours', label: 'saved weekly' },
      { value: '70%', label: 'less time on audit prep' },
    ],
    featureRows: [
      {
        feature: 'Unified calendar',
        description: 'Audits, supervisions, reviews and training due dates on one calendar per service.',
        benefit: 'Nothing slips between managers, so Well-led evidence is always current.',
      },
      {
        feature: 'Feedback',
        description: 'Collect feedback from people you support, families and staff, and log your response.',
        benefit: 'Shows inspectors how you listen and act: Caring and Responsive evidence.',
      },
      {
        feature: 'Support plans',
        description: 'Person-centred plans with review reminders, sign-off and version history.',
        benefit: 'Up-to-date plans for every person, ready for an inspector to sample.',
      },
      {
        feature: 'Incidents and logs',
        description: 'Daily notes, incidents and safeguarding concerns on forms your team builds.',
        benefit: 'Trends and actions in one report, so lessons learned are visible.',
      },
      {
        feature: 'Medication',
        description: 'eMAR with PRN protocols, stock counts and missed-dose alerts.',
        benefit: 'Safe medicines management with an audit trail for every round.',
      },
    ],
    featureBlock: {
      title: 'Built around the CQC key questions',
      lead: 'Every audit, log and training record is tagged to Safe, Effective, Caring, Responsive or Well-led, so you can show the evidence for each quality statement in minutes.',
    },
    dashboard: {
      title: 'Sunrise House — this week',
      tiles: [
        { value: '96%', label: 'training compliance' },
        { value: '3', label: 'support plans due for review' },
        { value: '0', label: 'missed medication doses' },
        { value: '12', label: 'audits completed' },
      ],
    },
    youthProgramme: true,
  },
  education: {
    sector: 'education',
    label: 'Education',
    regulator: 'Ofsted',
    regulatorShort: 'Ofsted',
    eyebrow: 'For schools, colleges and training providers',
    headline: 'Ofsted-ready evidence, without the end-of-term scramble',
    subheading:
      'Attendance, safeguarding training, cover and audits in one place, so leaders can show Ofsted how the school keeps pupils safe and learning — on any day, not just the week of the call.',
    bullets: [
      'Statutory attendance codes and persistent absence tracking per pupil and cohort',
      'Cover hours logged and balanced across staff each term',
      'Mobile registers that work in the classroom, on the field and on trips',
      'Safeguarding training and audit evidence ready for your leadership and management judgement',
    ],
    stats: [
      { value: '40h', label: 'saved per term' },
      { value: '98%', label: 'pass rate' },
      { value: '5 minutes', label: 'to set up' },
    ],
    featureRows: [
      {
        feature: 'Attendance codes',
        description: 'DfE attendance codes on every mark, with reasons and notes kept together.',
        benefit: 'Accurate attendance data for returns and for the inspection team.',
      },
      {
        feature: 'Cover hours',
        description: 'Log cover as it happens and see hours per teacher across the term.',
        benefit: 'Fair cover allocation and a clear record for governors.',
      },
      {
        feature: 'Persistent absence',
        description: 'Pupils below 90% attendance flagged early, with actions and contacts logged.',
        benefit: 'Shows how the school acts on absence before it becomes persistent.',
      },
      {
        feature: 'Mobile registers',
        description: 'Take registers on a phone or tablet, in class, on the field or on a trip.',
        benefit: 'Every pupil accounted for, wherever learning happens.',
      },
    ],
    featureBlock: {
      title: 'Evidence for every Ofsted judgement',
      lead: 'Attendance, behaviour, safeguarding and staff training are recorded once and reported the way inspectors ask for them.',
    },
    dashboard: {
      title: 'Oakfield Academy — autumn term',
      tiles: [
        { value: '95.8%', label: 'whole-school attendance' },
        { value: '14', label: 'pupils at risk of persistent absence' },
        { value: '62h', label: 'cover this term' },
        { value: '100%', label: 'staff safeguarding trained' },
      ],
    },
    youthProgramme: true,
  },
  housing: {
    sector: 'housing',
    label: 'Housing',
    regulator: 'Regulator of Social Housing',
    regulatorShort: 'RSH',
    eyebrow: 'For housing associations and local authority landlords',
    headline: 'Every property compliant, every record in reach',
    subheading:
      'Property compliance packs, maintenance schedules and documents for every home, so you can show the Regulator of Social Housing how you meet the Safety and Quality Standard.',
    bullets: [
      'Compliance packs per property: gas, electrical, fire, water and asbestos in one view',
      'Maintenance scheduled and tracked from report to completion',
      'Documents stored against the home, with expiry reminders before certificates lapse',
      'Tenant-facing staff trained on damp and mould, safeguarding and the consumer standards',
    ],
    stats: [
      { value: '70%', label: 'less time on audit prep' },
      { value: '15h/wk', label: 'time saved' },
      { value: '98%', label: 'inspection readiness' },
    ],
    featureRows: [
      {
        feature: 'Property compliance packs',
        description: 'Gas, electrical, fire risk, water hygiene and asbestos records per property.',
        benefit: 'One view of the big six for every home, ready for board and regulator.',
      },
      {
        feature: 'Maintenance scheduling',
        description: 'Plan cyclical and responsive repairs, assign trades and track completion.',
        benefit: 'Repairs done on time, with evidence for the Safety and Quality Standard.',
      },
      {
        feature: 'Document storage',
        description: 'Certificates and reports stored against the home, with expiry reminders.',
        benefit: 'No lapsed certificates, and every document found in seconds.',
      },
    ],
    featureBlock: {
      title: 'Ready for the consumer standards',
      lead: 'Safety, repairs and tenant records are kept per property, so your assurance to the board and to the Regulator of Social Housing comes from live data.',
    },
    dashboard: {
      title: 'Northgate Homes — portfolio',
      tiles: [
        { value: '99.2%', label: 'gas safety certificates in date' },
        { value: '18', label: 'repairs open' },
        { value: '4', label: 'fire risk actions due' },
        { value: '1,240', label: 'homes with a full pack' },
      ],
    },
    youthProgramme: false,
  },
  construction: {
    sector: 'construction',
    label: 'Construction',
    regulator: 'Building Safety Regulator',
    regulatorShort: 'BSR',
    eyebrow: 'For contractors and principal designers',
    headline: 'Safety evidence from site to sign-off',
    subheading:
      'Crew hours, safety checklists, incidents and compliance documents kept as the golden thread, so you can answer the Building Safety Regulator with records, not reconstruction.',
    bullets: [
      'Crew hours logged per site and per trade, from the phone in their pocket',
      'Safety checklists and permits to work completed on site before the job starts',
      'Incidents and near misses reported in minutes, with photos and actions',
      'Compliance documents kept together as the golden thread for each building',
    ],
    stats: [
      { value: '12+ hours', label: 'saved weekly' },
      { value: '98%', label: 'pass rate' },
      { value: '5 minutes', label: 'to set up' },
    ],
    featureRows: [
      {
        feature: 'Crew hours',
        description: 'Clock crews in and out per site, with trades and subcontractors included.',
        benefit: 'Accurate labour records for payroll and the site diary.',
      },
      {
        feature: 'Safety checklists',
        description: 'Pre-start checks, toolbox talks and permits to work on any device.',
        benefit: 'Proof that risks were checked before work began.',
      },
      {
        feature: 'Incident reporting',
        description: 'Report incidents and near misses with photos; RIDDOR decisions recorded.',
        benefit: 'Faster action and a clear record for the Building Safety Regulator.',
      },
      {
        feature: 'Compliance docs',
        description: 'RAMS, certificates and handover documents kept per building.',
        benefit: 'A golden thread of information from design to occupation.',
      },
    ],
    featureBlock: {
      title: 'The golden thread, kept as you build',
      lead: 'Checks, incidents, hours and documents are recorded on site and linked to the building, so the information the Building Safety Act asks for is already there.',
    },
    dashboard: {
      title: 'Riverside Block B — this week',
      tiles: [
        { value: '1,860', label: 'crew hours logged' },
        { value: '42', label: 'safety checklists completed' },
        { value: '1', label: 'near miss reported' },
        { value: '100%', label: 'RAMS signed on site' },
      ],
    },
    youthProgramme: false,
  },
}

/** Rows every sector shares (the extended list of the feature table). */
export const SHARED_FEATURE_ROWS: readonly FeatureRow[] = [
  {
    feature: 'HR, supervision and appraisals',
    description: 'Staff records, supervision notes and appraisals with reminders.',
    benefit: 'A supported, well-managed team, and the records to show it.',
  },
  {
    feature: 'Training and microlearning',
    description: 'Pre-loaded accredited courses and short lessons on any device.',
    benefit: 'Training compliance you can report on at any moment.',
  },
  {
    feature: 'Risk assessments',
    description: 'Templates, review dates and sign-off for every risk assessment.',
    benefit: 'Risks reviewed on time, with a history of what changed.',
  },
  {
    feature: 'Policies and knowledge',
    description: 'Policies with read-and-sign tracking and a searchable knowledge base.',
    benefit: 'Everyone works to the current version, and you can prove it.',
  },
  {
    feature: 'Rota and payroll',
    description: 'Rotas, attendance and hours that flow through to payroll.',
    benefit: 'Safe staffing levels and fewer payroll corrections.',
  },
  {
    feature: 'Notifications',
    description: 'Reminders for due audits, expiring training and overdue actions.',
    benefit: 'The right person hears about it before it becomes a finding.',
  },
  {
    feature: 'AI assistant',
    description: 'Drafts summaries and suggests actions; a person always decides.',
    benefit: 'Less admin, with human judgement kept in charge.',
  },
  {
    feature: 'Integrations',
    description: 'Connect accounting, team chat, rostering and learning tools.',
    benefit: 'No double entry between the systems you already use.',
  },
  {
    feature: 'Analytics',
    description: 'Dashboards across services and sites, exportable for boards.',
    benefit: 'Spot trends early and report on them with confidence.',
  },
]

/** The 'Real Results' card: product-wide figures from the spec's list of claims. */
export const REAL_RESULTS: readonly Stat[] = [
  { value: '4.9/5', label: 'average rating' },
  { value: '99.9%', label: 'uptime' },
  { value: '20+ hours', label: 'saved monthly with the log builder' },
]
