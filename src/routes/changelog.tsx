import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/changelog')({
  head: () => pageHead('/changelog'),
  component: () => <PlaceholderPage path="/changelog" />,
})
