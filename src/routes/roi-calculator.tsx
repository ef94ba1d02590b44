import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { RoiCalculatorPage } from '../views/roi-calculator/RoiCalculatorPage'

export const Route = createFileRoute('/roi-calculator')({
  head: () => pageHead('/roi-calculator'),
  component: () => <RoiCalculatorPage />,
})
