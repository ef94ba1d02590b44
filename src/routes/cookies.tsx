import { createFileRoute } from '@tanstack/react-router'
import { cookiePolicy } from '../content/legal/cookies'
import { pageHead } from '../seo/head'
import { LegalPage } from '../views/legal/LegalPage'

export const Route = createFileRoute('/cookies')({
  head: () => pageHead('/cookies'),
  component: () => <LegalPage path="/cookies" document={cookiePolicy} />,
})
