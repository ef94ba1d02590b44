import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { AiEthicsPage } from '../views/product/AiEthicsPage'

export const Route = createFileRoute('/ai-ethics')({
  head: () => pageHead('/ai-ethics'),
  component: () => <AiEthicsPage />,
})
