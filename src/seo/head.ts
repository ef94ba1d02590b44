import { config } from '../config'
import {
  absoluteUrl,
  article,
  breadcrumbList,
  faqPage,
  type JsonLd,
  organization,
  serialiseJsonLd,
  service,
  softwareApplication,
  website,
} from './jsonld'
import type { Faq } from '../content/faqs'
import { type PageEntry, type PagePath, pageEntry } from './pages'

export interface HeadData {
  meta: Array<Record<string, string>>
  links: Array<Record<string, string>>
  scripts: Array<{ type?: string; children?: string; src?: string }>
}

export function fullTitle(entry: Pick<PageEntry, 'path' | 'title'>): string {
  return entry.path === '/' ? entry.title : `${entry.title} | ${config.brand}`
}

/** The JSON-LD blocks of a page: its kinds plus the breadcrumb list (indexable pages only). `faqs`: the list its key names. */
export function structuredData(entry: PageEntry, faqs?: readonly Faq[]): JsonLd[] {
  const blocks: JsonLd[] = []
  for (const kind of entry.structured) {
    if (kind === 'organization') blocks.push(organization())
    if (kind === 'website') blocks.push(website())
    if (kind === 'software') blocks.push(softwareApplication({ description: entry.description, url: entry.path }))
    if (kind === 'service') blocks.push(service({ name: entry.title, description: entry.description, url: entry.path }))
    if (kind === 'faq' && faqs) blocks.push(faqPage(faqs))
    if (kind === 'article')
      blocks.push(
        article({ headline: entry.heading, description: entry.description, url: entry.path, datePublished: entry.published ?? '2025-06-01' }),
      )
  }
  if (!entry.noindex) blocks.push(breadcrumbList(entry.path))
  return blocks
}

/** Head tags for an entry: title, description, robots, canonical, Open Graph, Twitter card and JSON-LD. */
export function buildHead(entry: PageEntry, faqs?: readonly Faq[]): HeadData {
  const title = fullTitle(entry)
  const url = absoluteUrl(entry.path)
  const image = absoluteUrl('/og-image.png')
  const meta: Array<Record<string, string>> = [
    { title },
    { name: 'description', content: entry.description },
    { name: 'robots', content: entry.noindex ? 'noindex,nofollow' : 'index,follow' },
    { property: 'og:type', content: entry.ogType ?? 'website' },
    { property: 'og:site_name', content: config.brand },
    { property: 'og:locale', content: 'en_GB' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: entry.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:site', content: config.twitterSite },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: entry.description },
    { name: 'twitter:image', content: image },
  ]
  const links = entry.noindex ? [] : [{ rel: 'canonical', href: absoluteUrl(entry.canonicalPath ?? entry.path) }]
  const scripts = structuredData(entry, faqs).map((block) => ({ type: 'application/ld+json', children: serialiseJsonLd(block) }))
  return { meta, links, scripts }
}

/**
 * For a route's head(): `head: () => pageHead('/about')`. A page with FAQs passes its list, which its route's loader
 * imports (loadFaqs in src/content/faqs.ts), so the code every page loads carries no FAQ text.
 */
export function pageHead(path: PagePath, faqs?: readonly Faq[]): HeadData {
  return buildHead(pageEntry(path), faqs)
}
