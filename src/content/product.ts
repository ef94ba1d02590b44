import { config } from '../config'

/** /features, /integrations, /security and /api (spec sections 1, 2 and 9). */

export interface FeatureGroup {
  id: string
  title: string
  intro: string
  items: readonly { title: string; body: string }[]
}

export const featureGroups: readonly FeatureGroup[] = [
  {
    id: 'free-suite',
    title: 'Free for up to 3 staff, forever',
    intro: 'The free suite covers what a small team needs to show it is safe and well led.',
    items: [
      { title: 'Competency assessments with AI feedback', body: 'Observe practice against a checklist, then get AI-drafted feedback that the assessor reviews and signs off.' },
      { title: 'Audits', body: 'Scheduled audits with actions, owners and due dates, so issues are closed before an inspector finds them.' },
      { title: 'Microlearning', body: 'Short lessons staff complete on their phones between shifts, with completion recorded automatically.' },
      { title: 'Dashboard', body: 'Overdue audits, expiring training and open actions on one screen.' },
      { title: 'Settings', body: 'Your organisation, sites, regulators, roles and review frequency, set once in a 5-minute setup wizard.' },
    ],
  },
  {
    id: 'business-operating-system',
    title: 'The paid plan: a full business operating system',
    intro: 'Unlimited seats with per-user and per-location pricing, for organisations that want everything in one place.',
    items: [
      { title: 'Rota and attendance management', body: 'Build rotas, record attendance and see hours against plan.' },
      { title: 'Handover dashboard', body: 'What the next shift needs to know, in one view.' },
      { title: 'Cash management', body: 'Record and reconcile cash held for the people you support.' },
      { title: 'Logs and incidents', body: 'Daily logs and incident reports with follow-up actions and trends.' },
      { title: 'Support plans and risk assessments', body: 'Person-centred plans and risk assessments with review reminders.' },
      { title: 'Medication administration records', body: 'eMAR with missed-dose alerts and audit trails.' },
      { title: 'HR suite', body: 'Supervisions, appraisals, right-to-work and DBS checks tracked against each person.' },
      { title: 'Policies and feedback', body: 'Versioned policies staff read and confirm, and feedback from people, families and staff.' },
      { title: 'Learning platform and reports', body: 'Pre-loaded accredited courses per sector, and reports ready for your regulator.' },
    ],
  },
  {
    id: 'built-for-change',
    title: 'Built to fit how you already work',
    intro: 'Two things customers tell us save them the most time.',
    items: [
      { title: 'Drag-and-drop log and form builder', body: 'Build the exact forms and logs your service uses, without waiting for us. Customers report 20+ hours saved a month.' },
      { title: 'Migration from another compliance provider', body: 'Bring your policies across with guided mapping and a read-only preview before anything is applied.' },
    ],
  },
]

/**
 * What each ready-to-connect integration does, keyed by the partner's domain. The partners themselves
 * (names, logos, categories) come from src/content/integrations.ts, shared with the landing page.
 */
export const integrationDescriptions: Readonly<Record<string, string>> = {
  'xero.com': 'Send approved hours and expenses to Xero so invoices and payroll match the rota.',
  'quickbooks.intuit.com': 'Keep QuickBooks up to date with hours worked and cash records, without re-keying.',
  'slack.com': 'Post overdue audits, new incidents and expiring training to the right Slack channel.',
  'deputy.com': 'Sync Deputy schedules and timesheets with staff records and training status.',
  'rotacloud.com': 'Import shifts from RotaCloud so attendance and handovers line up with who is on.',
  'moodle.org': 'Bring course completions from your Moodle site into each person’s training record.',
  'sage.com': 'Export hours, cash and expenses to Sage Accounting and Sage Payroll.',
}

export interface TrustClaim {
  id: string
  title: string
  body: string
}

/** The trust claims the site makes (spec sections 1 and 9), nothing more. */
export const trustClaims: readonly TrustClaim[] = [
  { id: 'encryption-at-rest', title: '256-bit encryption at rest', body: 'Databases, backups and stored files are encrypted at rest with 256-bit encryption.' },
  { id: 'tls', title: 'TLS 1.2+ in transit', body: 'Every connection to the site, the app and the API uses TLS 1.2 or later; plain HTTP is redirected.' },
  { id: 'gdpr', title: 'GDPR compliant', body: 'We process personal data under the UK GDPR and the Data Protection Act 2018, act as your processor under Article 28 terms, and never sell data or use your records to train AI models.' },
  { id: 'iso-27001', title: 'ISO 27001 ready', body: 'Our information security controls are designed around ISO/IEC 27001: risk assessment, access control, supplier management, incident response and business continuity.' },
  { id: 'hosting', title: 'Hosted on AWS', body: 'The platform runs on Amazon Web Services cloud hosting, with 99.9% uptime.' },
]

export const securityPractices: readonly { title: string; body: string }[] = [
  { title: 'Separation between organisations', body: 'Every query runs under row-level security in the database, so one organisation’s records cannot be read by another, even through the API.' },
  { title: 'Least-privilege access', body: 'People see what their role needs. Our own staff access customer data only to resolve a support request you raise, and that access is logged.' },
  { title: 'Accounts and passwords', body: 'Sign-up requires a work email and a confirmed address; passwords are stored only as salted hashes and forms are rate limited against abuse.' },
  { title: 'Incident response', body: 'We follow a written incident response plan, and will notify affected customers without undue delay and the ICO within 72 hours where a breach requires it.' },
]

/** API base URL shown in the quick start: the api. subdomain of the public site. */
export function apiBaseUrl(siteUrl: string = config.siteUrl): string {
  const url = new URL(siteUrl)
  const host = url.hostname.replace(/^www\./, '')
  return `${url.protocol}//api.${host}`
}
