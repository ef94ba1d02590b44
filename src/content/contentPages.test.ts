import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { changelog } from './changelog'
import { INTEGRATIONS } from './integrations'
import { cookiePolicy } from './legal/cookies'
import { privacyPolicy } from './legal/privacy'
import { termsOfService } from './legal/terms'
import { apiBaseUrl } from './product/api'
import { integrationDescriptions } from './product/integrationDescriptions'
import { trustClaims } from './product/security'
import { roadmap } from './roadmap'
import { careManagementPricing } from './seoArticles/careManagement'
import { cqcKeyQuestions } from './seoArticles/cqcCompliance'

describe('content of the content pages', () => {
  it('legal documents have the section counts of the spec, with unique anchors', () => {
    expect(privacyPolicy.sections).toHaveLength(11)
    expect(termsOfService.sections).toHaveLength(13)
    expect(cookiePolicy.sections).toHaveLength(5)
    for (const doc of [privacyPolicy, termsOfService, cookiePolicy]) {
      const ids = doc.sections.map((s) => s.id)
      expect(new Set(ids).size).toBe(ids.length)
      for (const s of doc.sections) expect(s.body.length).toBeGreaterThan(0)
    }
  })

  it('terms carry the liability cap and the 30-day cure period', () => {
    const text = JSON.stringify(termsOfService)
    expect(text).toContain('limited to the fees you paid in the preceding 12 months')
    expect(text).toContain('within 30 days of written notice')
  })

  it('every ready-to-connect integration has a description', () => {
    expect(INTEGRATIONS).toHaveLength(7)
    for (const i of INTEGRATIONS) expect(integrationDescriptions[i.domain], i.name).toBeTruthy()
    expect(Object.keys(integrationDescriptions).sort()).toEqual(INTEGRATIONS.map((i) => i.domain).sort())
  })

  it('the CQC key questions, roadmap, changelog, pricing and trust claims match the spec', () => {
    expect(cqcKeyQuestions.map((q) => q.name)).toEqual(['Safe', 'Effective', 'Caring', 'Responsive', 'Well-led'])
    expect(roadmap.map((q) => q.items.map((i) => i.title))).toEqual([
      ['Data labeling', 'Feature store', 'Model monitoring'],
      ['Real-time inference APIs', 'Vector search', 'Automated retraining'],
      ['Predictive risk scoring', 'Explainable anomaly detection'],
    ])
    expect(changelog.map((e) => e.date)).toEqual(['2025-06-01', '2025-05-20', '2025-05-01'])
    expect(careManagementPricing.map((p) => [p.name, p.price])).toEqual([
      ['Starter', 'Free'],
      ['Professional', '£29'],
      ['Enterprise', 'Custom'],
    ])
    expect(trustClaims.map((c) => c.id)).toEqual(['encryption-at-rest', 'tls', 'gdpr', 'iso-27001', 'hosting'])
  })

  it('apiBaseUrl: the api. subdomain of the site, without www', () => {
    expect(apiBaseUrl('https://inspectready.co.uk')).toBe('https://api.inspectready.co.uk')
    expect(apiBaseUrl('https://www.example.org/')).toBe('https://api.example.org')
    fc.assert(
      fc.property(fc.domain().filter((h) => !h.startsWith('www.')), fc.boolean(), (host, www) => {
        const base = apiBaseUrl(`https://${www ? 'www.' : ''}${host}`)
        const url = new URL(base)
        expect(url.protocol).toBe('https:')
        expect(url.hostname.startsWith('api.')).toBe(true)
        expect(url.hostname).toBe(`api.${host}`)
      }),
    )
  })
})
