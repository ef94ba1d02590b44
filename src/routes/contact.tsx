import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PROGRAMME_IDS } from '../domain/contact'
import { pageHead } from '../seo/head'
import { ContactPage } from '../views/contact/ContactPage'

/** ?service=ready4life selects the youth programme; anything else falls back to the default. */
const search = v.object({
  service: v.fallback(v.optional(v.picklist(PROGRAMME_IDS)), undefined),
})

export const Route = createFileRoute('/contact')({
  validateSearch: search,
  head: () => pageHead('/contact'),
  component: () => <ContactPage />,
})
