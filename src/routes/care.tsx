import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { LandingPage } from '../views/landing/LandingPage'

export const Route = createFileRoute('/care')({
  head: () => pageHead('/care'),
  component: () => <LandingPage sector="care" />,
})
