import { createFileRoute } from '@tanstack/react-router'
import { loadFaqs } from '../content/faqs'
import { pageHead } from '../seo/head'
import { LmsPartnerPage } from '../views/lms-partner/LmsPartnerPage'

// The FAQs come from the loader, as on /care-compliance-software.
export const Route = createFileRoute('/lms-partner')({
  loader: () => loadFaqs('lmsPartner'),
  head: ({ loaderData }) => pageHead('/lms-partner', loaderData),
  component: function LmsPartnerRoute() {
    return <LmsPartnerPage faqs={Route.useLoaderData()} />
  },
})
