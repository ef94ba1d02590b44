import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/features')({
  head: () => pageHead('/features'),
  component: () => <PlaceholderPage path="/features" />,
})
