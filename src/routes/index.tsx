import { createFileRoute, Link } from '@tanstack/react-router'
import { box } from '../styles/test.css'
export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: 'Home page' }, { name: 'description', content: 'desc' }], scripts: [{ type: 'application/ld+json', children: JSON.stringify({ '@type': 'Organization' }) }] }),
  component: () => <main className={box}><h1>Home</h1><Link to="/about">About</Link></main>,
})
