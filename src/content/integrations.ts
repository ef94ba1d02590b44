/**
 * Integration partners shown as ready to connect (spec section 1): two accounting tools, a team chat tool,
 * two rostering tools, a learning platform and an accounting/bookkeeping suite. Logos come from the external
 * logo service (config.logoServiceUrl, see logoUrl); the tile shows `initials` if the logo fails.
 */
export interface IntegrationPartner {
  name: string
  /** Domain passed to the logo service. */
  domain: string
  /** Brand colour, used for the tile's accent stripe only (never behind text). */
  colour: string
  category: 'Accounting' | 'Team chat' | 'Rostering' | 'Learning platform' | 'Accounting suite'
  initials: string
}

export const INTEGRATIONS: readonly IntegrationPartner[] = [
  { name: 'Xero', domain: 'xero.com', colour: '#13b5ea', category: 'Accounting', initials: 'X' },
  { name: 'QuickBooks', domain: 'quickbooks.intuit.com', colour: '#2ca01c', category: 'Accounting', initials: 'QB' },
  { name: 'Slack', domain: 'slack.com', colour: '#e01e5a', category: 'Team chat', initials: 'S' },
  { name: 'Deputy', domain: 'deputy.com', colour: '#3a8dde', category: 'Rostering', initials: 'D' },
  { name: 'RotaCloud', domain: 'rotacloud.com', colour: '#4f7cff', category: 'Rostering', initials: 'RC' },
  { name: 'Moodle', domain: 'moodle.org', colour: '#f98012', category: 'Learning platform', initials: 'M' },
  { name: 'Sage', domain: 'sage.com', colour: '#00d639', category: 'Accounting suite', initials: 'S' },
]

/** The logo's address: `{domain}` in the service URL replaced by the partner's domain, or `/<domain>` appended. */
export function logoUrl(logoServiceUrl: string, partner: Pick<IntegrationPartner, 'domain'>): string {
  const domain = encodeURIComponent(partner.domain)
  if (logoServiceUrl.includes('{domain}')) return logoServiceUrl.replaceAll('{domain}', domain)
  return `${logoServiceUrl.replace(/\/+$/, '')}/${domain}`
}
