import { createFileRoute } from '@tanstack/react-router'
import { AUTH_MODE_SCRIPT_PATH, parseAuthSearch } from '../domain/routeSearch'
import { buildHead } from '../seo/head'
import { pageEntry } from '../seo/pages'
import { AuthPage } from '../views/auth/AuthPage'

export const Route = createFileRoute('/auth')({
  validateSearch: parseAuthSearch,
  head: () => {
    const head = buildHead(pageEntry('/auth'))
    return { ...head, scripts: [...head.scripts, { src: AUTH_MODE_SCRIPT_PATH }] }
  },
  component: function AuthRoute() {
    return <AuthPage search={Route.useSearch()} />
  },
})
