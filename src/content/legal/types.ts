/**
 * Privacy policy, terms of service and cookie policy (spec section 2: 11, 13 and 5 sections).
 * Written for this product: a UK business-to-business SaaS whose customers are registered care, education,
 * housing and construction organisations. The effective date is rendered by the page (today's date).
 */
export type LegalBlock = string | { list: readonly string[] }

export interface LegalSection {
  id: string
  heading: string
  body: readonly LegalBlock[]
}

export interface LegalDocument {
  intro: string
  sections: readonly LegalSection[]
}
