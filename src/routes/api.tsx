import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { ApiPage } from '../views/product/ApiPage'

export const Route = createFileRoute('/api')({
  head: () => pageHead('/api'),
  component: () => <ApiPage />,
})
