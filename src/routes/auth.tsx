import { createFileRoute } from '@tanstack/react-router'
import { parseAuthSearch } from '../domain/routeSearch'
import { pageHead } from '../seo/head'
import { AuthPage } from '../views/auth/AuthPage'

export const Route = createFileRoute('/auth')({
  validateSearch: parseAuthSearch,
  head: () => pageHead('/auth'),
  component: function AuthRoute() {
    return <AuthPage search={Route.useSearch()} />
  },
})
