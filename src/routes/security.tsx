import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { SecurityPage } from '../views/product/SecurityPage'

export const Route = createFileRoute('/security')({
  head: () => pageHead('/security'),
  component: () => <SecurityPage />,
})
