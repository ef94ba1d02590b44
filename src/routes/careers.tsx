import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { CareersPage } from '../views/company/CareersPage'

export const Route = createFileRoute('/careers')({
  head: () => pageHead('/careers'),
  component: () => <CareersPage />,
})
