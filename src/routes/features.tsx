import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { FeaturesPage } from '../views/product/FeaturesPage'

export const Route = createFileRoute('/features')({
  head: () => pageHead('/features'),
  component: () => <FeaturesPage />,
})
