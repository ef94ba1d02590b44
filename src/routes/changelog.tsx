import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { ChangelogPage } from '../views/product/ChangelogPage'

export const Route = createFileRoute('/changelog')({
  head: () => pageHead('/changelog'),
  component: () => <ChangelogPage />,
})
