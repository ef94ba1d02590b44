import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/partners')({
  head: () => pageHead('/partners'),
  component: () => <PlaceholderPage path="/partners" />,
})
