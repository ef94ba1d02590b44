import { createFileRoute } from '@tanstack/react-router'
import { parseContactSearch } from '../domain/routeSearch'
import { pageHead } from '../seo/head'
import { ContactPage } from '../views/contact/ContactPage'

export const Route = createFileRoute('/contact')({
  validateSearch: parseContactSearch,
  head: () => pageHead('/contact'),
  component: () => <ContactPage />,
})
