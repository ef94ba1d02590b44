import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { config } from '../config'
import { careComplianceFaqs } from '../content/careComplianceFaqs'
import { loadFaqs } from '../content/faqs'
import { buildHead, pageHead, structuredData } from './head'
import { breadcrumbList, faqPage, segmentName, serialiseJsonLd } from './jsonld'
import { NOT_FOUND_PAGE, PAGES, pageEntry } from './pages'

describe('breadcrumbList', () => {
  it('starts from Home and names segments with spaces and capitals', () => {
    const list = breadcrumbList('/care-compliance-software') as unknown as { itemListElement: Array<{ name: string; position: number; item: string }> }
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${config.siteUrl}/` },
      { '@type': 'ListItem', position: 2, name: 'Care Compliance Software', item: `${config.siteUrl}/care-compliance-software` },
    ])
  })

  it('turns underscores into spaces and nests deeper paths', () => {
    const list = breadcrumbList('/onboarding/team_setup') as unknown as { itemListElement: Array<{ name: string; item: string }> }
    expect(list.itemListElement.map((i) => i.name)).toEqual(['Home', 'Onboarding', 'Team Setup'])
    expect(list.itemListElement[2]!.item).toBe(`${config.siteUrl}/onboarding/team_setup`)
  })

  it('is only Home for the root, and ignores query and hash', () => {
    expect((breadcrumbList('/') as unknown as { itemListElement: unknown[] }).itemListElement).toHaveLength(1)
    expect((breadcrumbList('/roadmap?x=1#q') as unknown as { itemListElement: unknown[] }).itemListElement).toHaveLength(2)
  })

  it('never produces empty names, for any path of words', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z][a-z0-9_-]{0,15}$/), { minLength: 1, maxLength: 4 }), (segments) => {
        const list = breadcrumbList(`/${segments.join('/')}`) as unknown as { itemListElement: Array<{ name: string }> }
        expect(list.itemListElement).toHaveLength(segments.length + 1)
        for (const item of list.itemListElement) expect(item.name).not.toMatch(/[-_]/)
      }),
    )
  })
})

describe('segmentName', () => {
  it('capitalises every word', () => {
    expect(segmentName('ai-ethics')).toBe('Ai Ethics')
    expect(segmentName('roi_calculator')).toBe('Roi Calculator')
  })
})

describe('serialiseJsonLd', () => {
  it('escapes < so user-facing text cannot close the script element', () => {
    const out = serialiseJsonLd(faqPage([{ question: '</script><script>alert(1)</script>', answer: 'a' }]))
    expect(out).not.toContain('</script')
    expect(JSON.parse(out).mainEntity[0].name).toBe('</script><script>alert(1)</script>')
  })
})

describe('buildHead', () => {
  it('gives every indexable page a canonical link, robots index,follow and a breadcrumb', () => {
    for (const page of PAGES.filter((p) => !('noindex' in p && p.noindex))) {
      const head = buildHead(page)
      expect(head.links.find((l) => l.rel === 'canonical')?.href).toMatch(new RegExp(`^${config.siteUrl}/`))
      expect(head.meta).toContainEqual({ name: 'robots', content: 'index,follow' })
      const types = head.scripts.map((s) => JSON.parse(s.children ?? '')['@type'])
      expect(types).toContain('BreadcrumbList')
    }
  })

  it('marks sign-in, onboarding and not-found noindex,nofollow, without canonical', () => {
    for (const page of [pageEntry('/auth'), pageEntry('/onboarding'), NOT_FOUND_PAGE]) {
      const head = buildHead(page)
      expect(head.meta).toContainEqual({ name: 'robots', content: 'noindex,nofollow' })
      expect(head.links).toEqual([])
    }
  })

  it('titles /auth "Sign in" followed by the product name', () => {
    expect(buildHead(pageEntry('/auth')).meta[0]).toEqual({ title: `Sign in | ${config.brand}` })
  })

  it('puts organisation, website with SearchAction and software application on the home page', () => {
    const blocks = structuredData(pageEntry('/'))
    expect(blocks.map((b) => b['@type'])).toEqual(['Organization', 'WebSite', 'SoftwareApplication', 'BreadcrumbList'])
    expect((blocks[1] as unknown as { potentialAction: { '@type': string } }).potentialAction['@type']).toBe('SearchAction')
  })

  it('gives FAQ pages a FAQPage with every question', async () => {
    const entry = pageEntry('/lms-partner')
    const faqs = await loadFaqs(entry.faqs!)
    const faq = structuredData(entry, faqs).find((b) => b['@type'] === 'FAQPage') as unknown as { mainEntity: unknown[] }
    expect(faq.mainEntity).toHaveLength(faqs.length)
    expect(faqs.length).toBe(5)
  })

  it("builds a FAQ page's head with the FAQs its loader imports", async () => {
    const head = pageHead('/care-compliance-software', await loadFaqs('careCompliance'))
    const types = head.scripts.map((s) => JSON.parse(s.children ?? '')['@type'])
    expect(types).toContain('FAQPage')
    expect(head.scripts.map((s) => s.children).join('')).toContain(careComplianceFaqs[0]!.question)
    expect(pageHead('/care-compliance-software').scripts.map((s) => JSON.parse(s.children ?? '')['@type'])).not.toContain('FAQPage')
  })

  it('points /care at / as canonical (same page)', () => {
    expect(buildHead(pageEntry('/care')).links[0]!.href).toBe(`${config.siteUrl}/`)
  })

  it('has Open Graph and Twitter card data on every page', () => {
    for (const page of PAGES) {
      const names = buildHead(page).meta.map((m) => m.property ?? m.name)
      for (const key of ['og:type', 'og:image', 'og:title', 'og:description', 'og:url', 'twitter:card', 'twitter:site']) {
        expect(names).toContain(key)
      }
    }
  })

  it('has unique paths and titles', () => {
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length)
    expect(new Set(PAGES.map((p) => p.title)).size).toBe(PAGES.length)
  })
})
