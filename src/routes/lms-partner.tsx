import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { LmsPartnerPage } from '../views/lms-partner/LmsPartnerPage'

export const Route = createFileRoute('/lms-partner')({
  head: () => pageHead('/lms-partner'),
  component: () => <LmsPartnerPage />,
})
