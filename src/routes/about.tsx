import { createFileRoute } from '@tanstack/react-router'
export const Route = createFileRoute('/about')({
  head: () => ({ meta: [{ title: 'About' }] }),
  component: () => <main><h1>About</h1></main>,
})
