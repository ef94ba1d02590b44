import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { CareComplianceArticle } from '../views/seo-articles/CareComplianceArticle'

export const Route = createFileRoute('/care-compliance-software')({
  head: () => pageHead('/care-compliance-software'),
  component: () => <CareComplianceArticle />,
})
