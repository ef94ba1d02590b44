import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { LandingPage } from '../views/landing/LandingPage'

export const Route = createFileRoute('/housing')({
  head: () => pageHead('/housing'),
  component: () => <LandingPage sector="housing" />,
})
