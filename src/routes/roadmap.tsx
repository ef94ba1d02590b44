import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { RoadmapPage } from '../views/product/RoadmapPage'

export const Route = createFileRoute('/roadmap')({
  head: () => pageHead('/roadmap'),
  component: () => <RoadmapPage />,
})
