import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { LandingPage } from '../views/landing/LandingPage'

export const Route = createFileRoute('/education')({
  head: () => pageHead('/education'),
  component: () => <LandingPage sector="education" />,
})
