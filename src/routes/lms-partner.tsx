import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

export const Route = createFileRoute('/lms-partner')({
  head: () => pageHead('/lms-partner'),
  component: () => <PlaceholderPage path="/lms-partner" />,
})
