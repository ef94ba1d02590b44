/**
 * mailto: links (RFC 6068). Every header value and the body are percent-encoded with encodeURIComponent, so any
 * character a person types (quotes, ampersands, question marks, emoji, line breaks) survives the round trip.
 * Line breaks in the body are sent as CRLF, as the RFC asks.
 */
export interface MailtoParts {
  to: string
  subject?: string
  body?: string
  cc?: string
}

export function buildMailto({ to, subject, body, cc }: MailtoParts): string {
  const params: string[] = []
  if (cc) params.push(`cc=${encodeURIComponent(cc)}`)
  if (subject !== undefined) params.push(`subject=${encodeURIComponent(subject)}`)
  if (body !== undefined) params.push(`body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`)
  const address = to
    .split(',')
    .map((a) => encodeURIComponent(a.trim()).replace(/%40/g, '@'))
    .join(',')
  return `mailto:${address}${params.length ? `?${params.join('&')}` : ''}`
}

/** Decode a mailto link back into its parts (for tests and for showing what will be sent). */
export function parseMailto(href: string): MailtoParts {
  if (!href.startsWith('mailto:')) throw new Error('Not a mailto link')
  const rest = href.slice('mailto:'.length)
  const q = rest.indexOf('?')
  const to = decodeURIComponent(q < 0 ? rest : rest.slice(0, q))
  const parts: MailtoParts = { to }
  if (q >= 0) {
    for (const pair of rest.slice(q + 1).split('&')) {
      const eq = pair.indexOf('=')
      const key = pair.slice(0, eq).toLowerCase()
      const value = decodeURIComponent(pair.slice(eq + 1))
      if (key === 'subject') parts.subject = value
      if (key === 'body') parts.body = value.replace(/\r\n/g, '\n')
      if (key === 'cc') parts.cc = value
    }
  }
  return parts
}
