import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../../seo/head'
import { TeamPage } from '../../views/team/TeamPage'

export const Route = createFileRoute('/_signedIn/team')({
  head: () => pageHead('/team'),
  staticData: { signedOutTo: '/auth' },
  component: () => <TeamPage />,
})
