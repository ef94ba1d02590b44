import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { CareManagementPage } from '../views/seo-articles/CareManagementPage'

export const Route = createFileRoute('/care-management-software')({
  head: () => pageHead('/care-management-software'),
  component: () => <CareManagementPage />,
})
