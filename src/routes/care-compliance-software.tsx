import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/care-compliance-software')({
  head: () => pageHead('/care-compliance-software'),
  component: () => <PlaceholderPage path="/care-compliance-software" />,
})
