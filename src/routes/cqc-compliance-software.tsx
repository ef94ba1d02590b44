import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/cqc-compliance-software')({
  head: () => pageHead('/cqc-compliance-software'),
  component: () => <PlaceholderPage path="/cqc-compliance-software" />,
})
