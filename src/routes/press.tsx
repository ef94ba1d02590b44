import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/press')({
  head: () => pageHead('/press'),
  component: () => <PlaceholderPage path="/press" />,
})
