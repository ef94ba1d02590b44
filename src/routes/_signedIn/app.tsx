import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../../seo/head'
import { HomePage } from '../../views/home/HomePage'

export const Route = createFileRoute('/_signedIn/app')({
  head: () => pageHead('/app'),
  component: () => <HomePage />,
})
