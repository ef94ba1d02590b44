import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../../seo/head'
import { OrganisationSettingsPage } from '../../views/settings/OrganisationSettingsPage'

export const Route = createFileRoute('/_signedIn/settings')({
  head: () => pageHead('/settings'),
  staticData: { signedOutTo: '/auth' },
  component: () => <OrganisationSettingsPage />,
})
