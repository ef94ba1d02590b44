import { createRootRoute, HeadContent, Outlet, Scripts } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'
import '../styles/global.css'
import { Toaster } from '../ui/Toaster'
import { ReduceMotionProvider } from '../ui/ReduceMotion'
import { NotFoundPage } from '../views/not-found/NotFoundPage'
import { useSessionAtRoot } from '../views/session/session'

export const Route = createRootRoute({
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#0b1120' },
      { name: 'color-scheme', content: 'light dark' },
    ],
    links: [
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: '/logo.png' },
    ],
  }),
  shellComponent: Shell,
  component: Root,
  notFoundComponent: NotFoundPage,
})

function Shell({ children }: { children: ReactNode }) {
  return (
    // Scripts in the head mark <html> before React hydrates it (public/auth-mode.js sets data-auth-mode on /auth),
    // so its attributes differ from the render by design: React is told not to report them (this element only).
    <html lang="en-GB" suppressHydrationWarning>
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

function Root() {
  // The one session of the app: started here when the browser holds one (views/session).
  useSessionAtRoot()
  // A marker for tests and tools: set once React has hydrated the prerendered page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <ReduceMotionProvider>
      <Outlet />
      <Toaster />
    </ReduceMotionProvider>
  )
}
