import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../../../seo/head'
import { SetupWizardPage } from '../../../views/onboarding/SetupWizardPage'

export const Route = createFileRoute('/_signedIn/onboarding/setup')({
  head: () => pageHead('/onboarding/setup'),
  // Signed out, the wizard goes to / like the onboarding gate, not to sign-in.
  staticData: { signedOutTo: '/' },
  component: () => <SetupWizardPage />,
})
