import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/ai-ethics')({
  head: () => pageHead('/ai-ethics'),
  component: () => <PlaceholderPage path="/ai-ethics" />,
})
