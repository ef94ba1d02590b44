import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../../seo/head'
import { PackPage } from '../../views/pack/PackPage'

export const Route = createFileRoute('/_signedIn/app_/pack')({
  head: () => pageHead('/app/pack'),
  // Route definitions sit in every page's entry chunk, so only the type is checked here; the page validates the
  // framework with valibot in its own chunk (packFrameworkOf in src/domain/pack/fromAssessment.ts).
  validateSearch: (search: Record<string, unknown>): { framework?: string } => (typeof search.framework === 'string' ? { framework: search.framework } : {}),
  staticData: { signedOutTo: '/auth' },
  component: function Pack() {
    const { framework } = Route.useSearch()
    return <PackPage framework={framework ?? null} />
  },
})
