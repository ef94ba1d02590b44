import { createFileRoute } from '@tanstack/react-router'
import { parseGateSearch } from '../../domain/routeSearch'
import { pageHead } from '../../seo/head'
import { OnboardingGatePage } from '../../views/onboarding/OnboardingGatePage'

export const Route = createFileRoute('/onboarding/')({
  validateSearch: parseGateSearch,
  head: () => pageHead('/onboarding'),
  component: function OnboardingRoute() {
    return <OnboardingGatePage search={Route.useSearch()} />
  },
})
