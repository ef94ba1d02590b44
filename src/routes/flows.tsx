import { createFileRoute } from '@tanstack/react-router'
import { buildHead } from '../seo/head'
import { FLOWS_PAGE } from '../seo/pages'
import { FlowsPage } from '../views/flows/FlowsPage'
import { NotFoundPage } from '../views/not-found/NotFoundPage'

/**
 * The analysts' living spec. Read straight from import.meta.env (the same variable config.flowsInProduction
 * reads) because Vite replaces these with literals: a production build without the flag folds `enabled` to
 * false and drops FlowsPage and the diagrams from the bundle (checked by tests/e2e/inspector.spec.ts).
 */
const enabled = import.meta.env.DEV || import.meta.env.VITE_FLOWS_IN_PRODUCTION === 'true'

export const Route = createFileRoute('/flows')({
  // Without the flag the not-found page renders its own title and noindex.
  head: () => (enabled ? buildHead(FLOWS_PAGE) : {}),
  component: enabled ? () => <FlowsPage heading={FLOWS_PAGE.heading} /> : NotFoundPage,
})
