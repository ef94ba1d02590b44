/** A question and its answer, as the accordion shows it and FAQPage structured data carries it. */
export interface Faq {
  question: string
  answer: string
}

/** The pages' FAQ lists, named by key in their page entries (src/seo/pages.ts). */
export type FaqSetKey = 'careCompliance' | 'lmsPartner'

/**
 * A page's FAQ list, imported when asked for: the head data every page loads names a list by key and carries none
 * of its text, and each FAQ page loads its own list only (src/seo/head.ts builds its FAQPage structured data).
 */
export function loadFaqs(key: FaqSetKey): Promise<readonly Faq[]> {
  return key === 'careCompliance'
    ? import('./careComplianceFaqs').then((m) => m.careComplianceFaqs)
    : import('./lmsPartnerFaqs').then((m) => m.lmsPartnerFaqs)
}
