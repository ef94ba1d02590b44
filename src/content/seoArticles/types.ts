/**
 * The three SEO pages for care: /care-compliance-software (long article), /care-management-software and
 * /cqc-compliance-software (spec section 2). The article's FAQs live in faqs.ts (careComplianceFaqs) because the
 * FAQPage structured data is built from the same list.
 */
export type ArticleBlock = string | { list: readonly string[] }

export interface ArticleSection {
  id: string
  heading: string
  body: readonly ArticleBlock[]
}

export interface KeyQuestion {
  id: 'safe' | 'effective' | 'caring' | 'responsive' | 'well-led'
  name: 'Safe' | 'Effective' | 'Caring' | 'Responsive' | 'Well-led'
  /** CQC's description of the key question, paraphrased. */
  summary: string
  inspectorsLookFor: readonly string[]
  howWeHelp: readonly string[]
}

export interface PricingCard {
  id: 'starter' | 'professional' | 'enterprise'
  name: string
  price: string
  period?: string
  summary: string
  features: readonly string[]
  cta: { label: string; kind: 'signup' | 'pricing' }
  highlighted?: boolean
}
