import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/roi-calculator')({
  head: () => pageHead('/roi-calculator'),
  component: () => <PlaceholderPage path="/roi-calculator" />,
})
