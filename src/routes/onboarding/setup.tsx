import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../../seo/head'
import { SetupWizardPage } from '../../views/onboarding/SetupWizardPage'

export const Route = createFileRoute('/onboarding/setup')({
  head: () => pageHead('/onboarding/setup'),
  component: () => <SetupWizardPage />,
})
