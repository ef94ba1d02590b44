import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/care-management-software')({
  head: () => pageHead('/care-management-software'),
  component: () => <PlaceholderPage path="/care-management-software" />,
})
