import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseMailto } from './mailto'
import {
  evaluatePartnerApplication,
  PARTNER_DEFAULT_DRAFT,
  type PartnerApplicationDraft,
  parseCount,
  partnerHighlights,
  partnerMailto,
  partnerSubject,
  partnerSummary,
  personaFor,
} from './partnerApplication'

const draft = (over: Partial<PartnerApplicationDraft> = {}): PartnerApplicationDraft => ({ ...PARTNER_DEFAULT_DRAFT, ...over })

describe('defaults and validation (spec sections 3 and 5)', () => {
  it('starts with sector Care, 50 staff and 1 site', () => {
    expect(PARTNER_DEFAULT_DRAFT).toMatchObject({ sector: 'Care', staff: '50', sites: '1', notes: '' })
    expect(evaluatePartnerApplication(PARTNER_DEFAULT_DRAFT).ok).toBe(true)
  })

  it('parses an empty count to 0, which fails the minimum of 1 with a clear message', () => {
    expect(parseCount('')).toBe(0)
    expect(parseCount('  ')).toBe(0)
    expect(parseCount('abc')).toBe(0)
    expect(parseCount('12')).toBe(12)
    expect(evaluatePartnerApplication(draft({ sites: '' }))).toEqual({ ok: false, errors: { sites: 'Number of sites must be at least 1.' } })
    expect(evaluatePartnerApplication(draft({ staff: '0', sites: '-2' }))).toEqual({
      ok: false,
      errors: { staff: 'Approximate staff must be at least 1.', sites: 'Number of sites must be at least 1.' },
    })
  })

  it('requires nothing else', () => {
    expect(evaluatePartnerApplication(draft({ sector: '', email: 'not an email' })).ok).toBe(true)
  })
})

describe('personaFor (spec section 4)', () => {
  it.each([
    ['Care', 'care-mid-size'],
    ['Domiciliary CARE', 'care-mid-size'],
    ['Healthcare', 'care-mid-size'],
    ['Education and care', 'care-mid-size'],
    ['Further Education', 'multi-site'],
    ['education', 'multi-site'],
    ['Construction', 'niche-provider'],
    ['', 'niche-provider'],
  ])('%s -> %s', (sector, persona) => {
    expect(personaFor(sector)).toBe(persona)
  })

  it('care wins over education wherever the words appear', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.constantFrom('care', 'Care', 'CARE', 'cArE'), (a, b, care) => {
        expect(personaFor(`${a}${care}${b}education`)).toBe('care-mid-size')
        expect(personaFor(`education${a}${care}${b}`)).toBe('care-mid-size')
      }),
    )
  })

  it('is niche-provider for text without either word', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/care|education/i.test(s)),
        (s) => {
          expect(personaFor(s)).toBe('niche-provider')
        },
      ),
    )
  })
})

describe('summary and highlights', () => {
  it('lists every field and the persona', () => {
    const text = partnerSummary(
      draft({ fullName: 'Ada Lovelace', email: 'ada@example.org', company: 'Engines Ltd', sector: 'Education', staff: '1200', sites: '4', notes: 'Line one\nLine two' }),
    )
    expect(text).toBe(
      [
        'Partner application',
        '',
        'Full name: Ada Lovelace',
        'Email: ada@example.org',
        'Company: Engines Ltd',
        'Sector: Education',
        'Approximate staff: 1,200',
        'Sites: 4',
        'Persona: multi-site (Multi-site education provider)',
        '',
        'Notes:',
        'Line one',
        'Line two',
      ].join('\n'),
    )
  })

  it('shows a dash for empty text and leaves notes out when there are none', () => {
    const text = partnerSummary(PARTNER_DEFAULT_DRAFT)
    expect(text).toContain('Full name: —')
    expect(text).toContain('Persona: care-mid-size')
    expect(text).not.toContain('Notes:')
  })

  it('highlights follow the form', () => {
    expect(partnerHighlights(PARTNER_DEFAULT_DRAFT)).toEqual(['Mid-size care provider', 'Sector: Care', '~50 staff', '1 site', '~50 staff per site'])
    expect(partnerHighlights(draft({ sector: 'Education', staff: '300', sites: '3', notes: 'x' }))).toEqual([
      'Multi-site education provider',
      'Sector: Education',
      '~300 staff',
      '3 sites',
      'Multi-site rollout',
      '~100 staff per site',
      'Notes included',
    ])
    expect(partnerHighlights(draft({ sector: '', staff: '', sites: '' }))).toEqual(['Niche training provider'])
  })

  it('every typed value appears in the summary', () => {
    const text = fc.string({ unit: 'grapheme' }).filter((s) => s.trim() !== '' && !/[\r\n]/.test(s))
    fc.assert(
      fc.property(text, text, text, (fullName, company, sector) => {
        const summary = partnerSummary(draft({ fullName, company, sector }))
        expect(summary).toContain(`Full name: ${fullName.trim()}`)
        expect(summary).toContain(`Company: ${company.trim()}`)
        expect(summary).toContain(`Sector: ${sector.trim()}`)
      }),
    )
  })
})

describe('partnerMailto', () => {
  it('uses the partner address, the spec subject and the summary as body', () => {
    const d = draft({ company: 'Acme & Sons "Training" 🎓', notes: 'A?b=c&d\n#1 100%' })
    const parts = parseMailto(partnerMailto('partners@example.org', d))
    expect(parts.to).toBe('partners@example.org')
    expect(parts.subject).toBe('Partner Application — Acme & Sons "Training" 🎓')
    expect(parts.body).toBe(partnerSummary(d))
  })

  it('falls back to "Company" when no company is given', () => {
    expect(partnerSubject('   ')).toBe('Partner Application — Company')
    expect(parseMailto(partnerMailto('p@example.org', PARTNER_DEFAULT_DRAFT)).subject).toBe('Partner Application — Company')
  })

  it('round-trips anything a person can type (quotes, ampersands, emoji, line breaks)', () => {
    const typed = fc.string({ unit: 'grapheme' })
    fc.assert(
      fc.property(typed, typed, typed, typed, (fullName, company, sector, notes) => {
        const d = draft({ fullName, company, sector, notes })
        const href = partnerMailto('partners@example.org', d)
        const parts = parseMailto(href)
        expect(parts.subject).toBe(partnerSubject(company))
        expect(parts.body).toBe(partnerSummary(d))
        expect(href.split('?')[1]!.split('&')).toHaveLength(2)
      }),
    )
  })
})

describe('line breaks', () => {
  it('normalises CR and CRLF typed anywhere so the mailto body is exactly the summary', () => {
    const d = draft({ fullName: 'A\r\nB', notes: 'one\rtwo\r\nthree' })
    expect(partnerSummary(d)).not.toMatch(/\r/)
    expect(parseMailto(partnerMailto('p@example.org', d)).body).toBe(partnerSummary(d))
  })
})
