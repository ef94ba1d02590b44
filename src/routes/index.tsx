import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { LandingPage } from '../views/landing/LandingPage'

/** The root is the care tab of the landing page. */
export const Route = createFileRoute('/')({
  head: () => pageHead('/'),
  component: () => <LandingPage sector="care" />,
})
