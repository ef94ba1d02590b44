import type { FeatureGroup } from './types'

/** /features. */

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
