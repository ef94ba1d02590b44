import { createFileRoute } from '@tanstack/react-router'
import { AUTH_MODE_SCRIPT, parseAuthSearch } from '../domain/routeSearch'
import { pageHead } from '../seo/head'
import { AuthPage } from '../views/auth/AuthPage'

export const Route = createFileRoute('/auth')({
  validateSearch: parseAuthSearch,
  head: () => {
    const head = pageHead('/auth')
    return { ...head, scripts: [...head.scripts, { children: AUTH_MODE_SCRIPT }] }
  },
  component: function AuthRoute() {
    return <AuthPage search={Route.useSearch()} />
  },
})
