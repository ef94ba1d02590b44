import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/about')({
  head: () => pageHead('/about'),
  component: () => <PlaceholderPage path="/about" />,
})
