import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../../seo/head'
import { OnboardingGatePage } from '../../views/onboarding/OnboardingGatePage'

export const Route = createFileRoute('/onboarding/')({
  head: () => pageHead('/onboarding'),
  component: () => <OnboardingGatePage />,
})
