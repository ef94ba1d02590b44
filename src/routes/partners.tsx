import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PartnersPage } from '../views/company/PartnersPage'

export const Route = createFileRoute('/partners')({
  head: () => pageHead('/partners'),
  component: () => <PartnersPage />,
})
