import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../../seo/head'
import { AccountPage } from '../../views/account/AccountPage'

export const Route = createFileRoute('/_signedIn/account')({
  head: () => pageHead('/account'),
  staticData: { signedOutTo: '/auth' },
  component: () => <AccountPage />,
})
