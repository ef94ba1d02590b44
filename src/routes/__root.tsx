import { createRootRoute, HeadContent, Link, Outlet, Scripts } from '@tanstack/react-router'
import type { ReactNode } from 'react'

export const Route = createRootRoute({
  head: () => ({ meta: [{ charSet: 'utf-8' }, { title: 'Root' }] }),
  shellComponent: Shell,
  component: () => <Outlet />,
  notFoundComponent: () => <main><h1>Oops! Page not found</h1><Link to="/">Return to Home</Link></main>,
})

function Shell({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}
