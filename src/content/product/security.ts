import type { TrustClaim } from './types'

/** /security. */

/** The trust claims the site makes (spec sections 1 and 9), nothing more. */
export const trustClaims: readonly TrustClaim[] = [
  { id: 'encryption-at-rest', title: '256-bit encryption at rest', body: 'Databases, backups and stored files are encrypted at rest with 256-bit encryption.' },
  { id: 'tls', title: 'TLS 1.2+ in transit', body: 'Every connection to the site, the app and the API uses TLS 1.2 or later; plain HTTP is redirected.' },
  { id: 'gdpr', title: 'GDPR compliant', body: 'We process personal data under the UK GDPR and the Data Protection Act 2018, act as your processor under Article 28 terms, and never sell data or use your records to train AI models.' },
  { id: 'iso-27001', title: 'ISO 27001 ready', body: 'Our information security controls are designed around ISO/IEC 27001: risk assessment, access control, supplier management, incident response and business continuity.' },
  { id: 'hosting', title: 'Hosted on AWS', body: 'The platform runs on Amazon Web Services cloud hosting, with 99.9% uptime.' },
]

export const securityPractices: readonly { title: string; body: string }[] = [
  { title: 'Separation between organisations', body: 'Every query runs under row-level security in the database, so one organisation’s records cannot be read by another, even through the API.' },
  { title: 'Least-privilege access', body: 'People see what their role needs. Our own staff access customer data only to resolve a support request you raise, and that access is logged.' },
  { title: 'Accounts and passwords', body: 'Sign-up requires a work email and a confirmed address; passwords are stored only as salted hashes and forms are rate limited against abuse.' },
  { title: 'Incident response', body: 'We follow a written incident response plan, and will notify affected customers without undue delay and the ICO within 72 hours where a breach requires it.' },
]
