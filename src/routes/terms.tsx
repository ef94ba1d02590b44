import { createFileRoute } from '@tanstack/react-router'
import { termsOfService } from '../content/legal/terms'
import { pageHead } from '../seo/head'
import { LegalPage } from '../views/legal/LegalPage'

export const Route = createFileRoute('/terms')({
  head: () => pageHead('/terms'),
  component: () => <LegalPage path="/terms" document={termsOfService} />,
})
