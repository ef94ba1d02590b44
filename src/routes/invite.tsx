import { createFileRoute } from '@tanstack/react-router'
import { parseInviteSearch } from '../domain/routeSearch'
import { pageHead } from '../seo/head'
import { InvitePage } from '../views/invite/InvitePage'

export const Route = createFileRoute('/invite')({
  validateSearch: parseInviteSearch,
  head: () => pageHead('/invite'),
  component: () => <InvitePage />,
})
