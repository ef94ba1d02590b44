import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageHead } from '../seo/head'
import { PlaceholderPage } from '../views/placeholder/PlaceholderPage'

/** ?service=ready4life selects the youth programme; anything else falls back to the default. */
const search = v.object({
  service: v.fallback(v.optional(v.picklist(['ready4life', 'general'])), undefined),
})

export const Route = createFileRoute('/contact')({
  validateSearch: search,
  head: () => pageHead('/contact'),
  component: () => <PlaceholderPage path="/contact" />,
})
