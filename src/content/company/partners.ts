import type { PartnerType } from './types'

/** Who the partner programme is for (spec section 1). */
export const partnerTypes: readonly PartnerType[] = [
  { title: 'Training providers', body: 'Offer your courses on a white-label learning platform with pre-loaded accredited courses alongside your own, and earn a revenue share.' },
  { title: 'Consultancies', body: 'Give the providers you advise a shared place for audits, policies and evidence between visits, so your recommendations stick.' },
  { title: 'Associations', body: 'Offer members a compliance platform and accredited training as a benefit, under your brand.' },
  { title: 'Managed-service providers', body: 'Add inspection readiness to the IT and operations services you already run for care, education, housing and construction clients.' },
]
