import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../seo/head'
import { PressPage } from '../views/company/PressPage'

export const Route = createFileRoute('/press')({
  head: () => pageHead('/press'),
  component: () => <PressPage />,
})
