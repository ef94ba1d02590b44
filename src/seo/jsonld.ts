import type { Faq } from '../content/faqs'
import { config } from '../config'

/** JSON-LD builders (schema.org). Each returns a plain object; head.ts serialises them safely. */
export type JsonLd = Record<string, unknown> & { '@type': string }

const ctx = 'https://schema.org'

export function absoluteUrl(path: string): string {
  return path === '/' ? `${config.siteUrl}/` : `${config.siteUrl}${path}`
}

/** 'care-compliance_software' -> 'Care Compliance Software' (dashes and underscores become spaces). */
export function segmentName(segment: string): string {
  return decodeURIComponent(segment)
    .replace(/[-_]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ')
}

/** Breadcrumb list from the path's segments, starting from Home. */
export function breadcrumbList(path: string): JsonLd {
  const segments = path.split(/[?#]/)[0]!.split('/').filter(Boolean)
  const items = [{ name: 'Home', url: absoluteUrl('/') }]
  segments.forEach((segment, i) => {
    items.push({ name: segmentName(segment), url: absoluteUrl(`/${segments.slice(0, i + 1).join('/')}`) })
  })
  return {
    '@context': ctx,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  }
}

export function organization(): JsonLd {
  return {
    '@context': ctx,
    '@type': 'Organization',
    name: config.brand,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/logo.png'),
    email: config.organisationEmail,
    areaServed: 'GB',
    sameAs: [config.videoChannelUrl],
  }
}

/** Website with a SearchAction (sitelinks search box); search is delegated to a site-restricted web search. */
export function website(): JsonLd {
  return {
    '@context': ctx,
    '@type': 'WebSite',
    name: config.brand,
    url: absoluteUrl('/'),
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `https://www.google.com/search?q=site:${new URL(config.siteUrl).host}+{search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  }
}

export function softwareApplication(opts: { name?: string; description: string; url: string }): JsonLd {
  return {
    '@context': ctx,
    '@type': 'SoftwareApplication',
    name: opts.name ?? config.brand,
    description: opts.description,
    url: absoluteUrl(opts.url),
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'GBP', description: 'Free forever for up to 3 staff members' },
  }
}

export function service(opts: { name: string; description: string; url: string; serviceType?: string }): JsonLd {
  return {
    '@context': ctx,
    '@type': 'Service',
    name: opts.name,
    description: opts.description,
    url: absoluteUrl(opts.url),
    serviceType: opts.serviceType ?? opts.name,
    areaServed: 'GB',
    provider: { '@type': 'Organization', name: config.brand, url: absoluteUrl('/') },
  }
}

export function faqPage(faqs: readonly Faq[]): JsonLd {
  return {
    '@context': ctx,
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  }
}

export function article(opts: { headline: string; description: string; url: string; datePublished: string; dateModified?: string }): JsonLd {
  return {
    '@context': ctx,
    '@type': 'Article',
    headline: opts.headline,
    description: opts.description,
    mainEntityOfPage: absoluteUrl(opts.url),
    datePublished: opts.datePublished,
    dateModified: opts.dateModified ?? opts.datePublished,
    author: { '@type': 'Organization', name: config.brand },
    publisher: { '@type': 'Organization', name: config.brand, logo: { '@type': 'ImageObject', url: absoluteUrl('/logo.png') } },
    image: absoluteUrl('/og-image.png'),
  }
}

/** Serialise for a <script type="application/ld+json">: '<' escaped so no text can close the script. */
export function serialiseJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
