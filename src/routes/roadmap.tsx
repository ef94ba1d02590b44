import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/roadmap')({
  head: () => pageHead('/roadmap'),
  component: () => <PlaceholderPage path="/roadmap" />,
})
