import { describe, expect, it } from 'vitest'
import { INTEGRATIONS, logoUrl } from './integrations'

describe('logoUrl', () => {
  it('fills the {domain} placeholder of a template', () => {
    expect(logoUrl('https://icons.duckduckgo.com/ip3/{domain}.ico', { domain: 'xero.com' })).toBe('https://icons.duckduckgo.com/ip3/xero.com.ico')
    expect(logoUrl('https://img.example/{domain}?size=64&fallback={domain}', { domain: 'sage.com' })).toBe(
      'https://img.example/sage.com?size=64&fallback=sage.com',
    )
    expect(logoUrl('/__bench-logos/{domain}.png', { domain: 'moodle.org' })).toBe('/__bench-logos/moodle.org.png')
  })

  it('appends the domain to a base URL without a placeholder, with or without a trailing slash', () => {
    expect(logoUrl('https://logo.example.com', { domain: 'slack.com' })).toBe('https://logo.example.com/slack.com')
    expect(logoUrl('https://logo.example.com//', { domain: 'slack.com' })).toBe('https://logo.example.com/slack.com')
  })

  it('cannot be steered by a domain holding URL syntax', () => {
    expect(logoUrl('https://logo.example.com/{domain}.ico', { domain: 'a.com/../../x?y#z' })).toBe(
      'https://logo.example.com/a.com%2F..%2F..%2Fx%3Fy%23z.ico',
    )
  })

  it('gives every partner its own address', () => {
    const urls = INTEGRATIONS.map((p) => logoUrl('https://logo.example.com/{domain}', p))
    expect(new Set(urls).size).toBe(INTEGRATIONS.length)
  })
})
