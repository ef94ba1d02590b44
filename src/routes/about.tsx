import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { AboutPage } from '../views/company/AboutPage'

export const Route = createFileRoute('/about')({
  head: () => pageHead('/about'),
  component: () => <AboutPage />,
})
