/**
 * Client entry. TanStack Start's default entry (StartClient) also registers the server-function serialization
 * adapter, which brings seroval and the RPC fetcher (about 10 kB gzip) into every page's first load. This site
 * has no server functions: the router's own SSR client hydrates the prerendered page from the same `$_TSR`
 * bootstrap data, without them.
 */
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { getRouter } from './router'

const router = getRouter()

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  )
})
