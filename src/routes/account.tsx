import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { AccountPage } from '../views/account/AccountPage'

export const Route = createFileRoute('/account')({
  head: () => pageHead('/account'),
  component: () => <AccountPage />,
})
