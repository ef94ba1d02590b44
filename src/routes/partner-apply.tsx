import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PartnerApplyPage } from '../views/partner-apply/PartnerApplyPage'

export const Route = createFileRoute('/partner-apply')({
  head: () => pageHead('/partner-apply'),
  component: () => <PartnerApplyPage />,
})
