import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/privacy')({
  head: () => pageHead('/privacy'),
  component: () => <PlaceholderPage path="/privacy" />,
})
