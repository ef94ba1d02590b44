import { createFileRoute } from '@tanstack/react-router'
import { privacyPolicy } from '../content/legal/privacy'
import { pageHead } from '../seo/head'
import { LegalPage } from '../views/legal/LegalPage'

export const Route = createFileRoute('/privacy')({
  head: () => pageHead('/privacy'),
  component: () => <LegalPage path="/privacy" document={privacyPolicy} />,
})
