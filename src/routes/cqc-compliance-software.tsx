import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { CqcCompliancePage } from '../views/seo-articles/CqcCompliancePage'

export const Route = createFileRoute('/cqc-compliance-software')({
  head: () => pageHead('/cqc-compliance-software'),
  component: () => <CqcCompliancePage />,
})
