import type { PricingCard } from './types'

/** Care management features (spec section 1: the care feature rows and the paid tier). */
export const careManagementFeatures: readonly { title: string; body: string }[] = [
  { title: 'Unified calendar', body: 'Rota, reviews, appointments, supervisions and audits on one calendar for each home or branch.' },
  { title: 'Support plans', body: 'Person-centred plans and risk assessments with review reminders and a full change history.' },
  { title: 'Medication', body: 'Medication administration records with missed-dose alerts and audit trails.' },
  { title: 'Incidents and logs', body: 'Daily notes and incident reports built with the drag-and-drop form builder, linked to actions.' },
  { title: 'Feedback', body: 'Feedback from people, families and staff, reviewed and acted on.' },
  { title: 'HR, supervision and appraisals', body: 'Recruitment checks, supervisions and appraisals tracked for every member of staff.' },
  { title: 'Training and microlearning', body: 'Pre-loaded accredited care courses and short lessons completed on a phone.' },
  { title: 'Rota and payroll', body: 'Rotas, attendance and hours ready for payroll, with handovers between shifts.' },
]

/** The three care-management pricing cards (spec section 9). */
export const careManagementPricing: readonly PricingCard[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 'Free',
    period: 'forever',
    summary: 'For up to 3 staff members.',
    features: ['Competency assessments with AI feedback', 'Audits', 'Microlearning', 'Dashboard and settings'],
    cta: { label: 'Start free', kind: 'signup' },
  },
  {
    id: 'professional',
    name: 'Professional',
    price: '£29',
    period: 'a month',
    summary: 'For growing care services.',
    features: ['Everything in Starter', 'Rota and attendance', 'Medication administration records', 'Support plans and risk assessments', 'Incidents, logs and HR suite'],
    cta: { label: 'Start free, upgrade later', kind: 'signup' },
    highlighted: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Custom',
    summary: 'For groups with many locations.',
    features: ['Everything in Professional', 'Unlimited seats', 'Per-user and per-location pricing', 'Policy migration from another provider'],
    cta: { label: 'Compare plans', kind: 'pricing' },
  },
]
