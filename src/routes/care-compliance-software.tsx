import { createFileRoute } from '@tanstack/react-router'
import { loadFaqs } from '../content/faqs'
import { pageHead } from '../seo/head'
import { CareComplianceArticle } from '../views/seo-articles/CareComplianceArticle'

// The FAQs come from the loader: prerendered into the page with its data, so the first load fetches no FAQ code
// (the head's FAQPage structured data and the accordion both read them); a client-side visit imports them.
export const Route = createFileRoute('/care-compliance-software')({
  loader: () => loadFaqs('careCompliance'),
  head: ({ loaderData }) => pageHead('/care-compliance-software', loaderData),
  component: function CareComplianceRoute() {
    return <CareComplianceArticle faqs={Route.useLoaderData()} />
  },
})
