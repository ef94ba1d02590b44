import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/partner-apply')({
  head: () => pageHead('/partner-apply'),
  component: () => <PlaceholderPage path="/partner-apply" />,
})
