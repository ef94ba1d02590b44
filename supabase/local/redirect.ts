/**
 * Which redirect_to values the auth server honours: the site URL and the additional_redirect_urls of
 * supabase/config.toml, matched as GoTrue matches them (github.com/gobwas/glob with '.' and '/' as
 * separators). Everything else falls back to the site URL, so a forged link can never send a user (and
 * their code or tokens) to another origin.
 *
 * Deliberately never looser than GoTrue: anything accepted here GoTrue accepts too. GoTrue additionally
 * accepts any loopback IP address (127.0.0.0/8, [::1]) on any port, and any port of a site URL whose host is
 * localhost (RFC 8252 native-app redirects); this server does not, so a redirect that works locally also
 * works hosted.
 */

/** A glob as gobwas/glob compiles it with separators '.' and '/', as an anchored RegExp. */
export function globToRegExp(pattern: string): RegExp {
  const NOT_SEP = '[^./]'
  let i = 0
  const esc = (ch: string) => ch.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')
  const parse = (inBraces: boolean): string => {
    let out = ''
    while (i < pattern.length) {
      const ch = pattern[i] as string
      if (inBraces && (ch === ',' || ch === '}')) return out
      i++
      if (ch === '\\') {
        out += esc(pattern[i] ?? '\\')
        i++
      } else if (ch === '*') {
        if (pattern[i] === '*') {
          i++
          out += '[\\s\\S]*'
        } else out += `${NOT_SEP}*`
      } else if (ch === '?') out += NOT_SEP
      else if (ch === '[') {
        const close = pattern.indexOf(']', i + 1)
        if (close < 0) throw new Error(`unclosed '[' in redirect pattern ${pattern}`)
        let body = pattern.slice(i, close)
        i = close + 1
        const negate = body.startsWith('!')
        if (negate) body = body.slice(1)
        const cls = body.replace(/\\/g, '\\\\').replace(/\]/g, '\\]').replace(/\^/g, '\\^')
        out += negate ? `[^${cls}]` : `[${cls}]`
      } else if (ch === '{') {
        const alternatives: string[] = []
        for (;;) {
          alternatives.push(parse(true))
          const sep = pattern[i]
          i++
          if (sep === '}') break
          if (sep !== ',') throw new Error(`unclosed '{' in redirect pattern ${pattern}`)
        }
        out += `(?:${alternatives.join('|')})`
      } else out += esc(ch)
    }
    if (inBraces) throw new Error(`unclosed '{' in redirect pattern ${pattern}`)
    return out
  }
  return new RegExp(`^${parse(false)}$`)
}

/**
 * Control characters, spaces and backslashes: a browser drops or reinterprets them while parsing, so the
 * raw text matched against the patterns would not be the address it visits.
 */
function ambiguous(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c <= 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x5c) return true
  }
  return false
}
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/

function isLoopbackIp(hostname: string): boolean {
  return /^127\.\d+\.\d+\.\d+$/.test(hostname) || hostname === '[::1]'
}

/** A predicate for redirect_to values: the site itself (same scheme, host and port) or an allow-listed URL. */
export function redirectValidator(siteUrl: string, allowList: readonly string[]): (candidate: string) => boolean {
  const site = new URL(siteUrl)
  const patterns = allowList.map(globToRegExp)
  return (candidate) => {
    if (!candidate || candidate.length > 2048 || ambiguous(candidate)) return false
    let url: URL
    try {
      url = new URL(candidate)
    } catch {
      return false // relative ('/x', '//evil.example') or malformed
    }
    // The site: compared on the text as well as the parsed URL, so case or encoding tricks never widen it.
    if (url.origin === site.origin) {
      const rest = candidate.slice(site.origin.length)
      if (candidate.startsWith(site.origin) && (rest === '' || /^[/?#]/.test(rest))) return true
    }
    const isHttp = url.protocol === 'http:' || url.protocol === 'https:'
    const host = url.hostname
    // GoTrue: a decimal IP host never, another IP only if loopback, an odd hostname never.
    if (/^\d+$/.test(host)) return false
    if ((IPV4.test(host) || host.startsWith('[')) && !isLoopbackIp(host)) return false
    if (isHttp && !IPV4.test(host) && !host.startsWith('[') && !REGULAR_HOSTNAME.test(host)) return false
    const withoutFragment = candidate.split('#')[0] as string
    return patterns.some((p) => p.test(withoutFragment))
  }
}
