import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { IntegrationsPage } from '../views/product/IntegrationsPage'

export const Route = createFileRoute('/integrations')({
  head: () => pageHead('/integrations'),
  component: () => <IntegrationsPage />,
})
