/**
 * The auth settings of supabase/config.toml, read at start-up so the local server enforces what the hosted
 * project is configured with (site URL, redirect allow-list, password length, e-mail link lifetime and
 * frequency, rate limits). A small TOML reader covers what that file uses: tables, bare and quoted keys,
 * strings, numbers, booleans and (multi-line) arrays. Anything else is refused with its line number rather
 * than misread.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const CONFIG_TOML = join(dirname(fileURLToPath(import.meta.url)), '..', 'config.toml')

type TomlValue = string | number | boolean | TomlValue[] | TomlTable
export interface TomlTable {
  [key: string]: TomlValue
}

class TomlError extends Error {
  constructor(line: number, message: string) {
    super(`config.toml line ${line}: ${message}`)
  }
}

/** Parses the TOML subset described above into nested objects. */
export function parseToml(text: string): TomlTable {
  const root: TomlTable = {}
  let table = root
  let i = 0
  let line = 1
  const peek = () => text[i] ?? ''
  const skipSpace = () => {
    while (peek() === ' ' || peek() === '\t') i++
  }
  /** Spaces, newlines and comments (inside arrays). */
  const skipBlank = () => {
    for (;;) {
      skipSpace()
      if (peek() === '#') while (i < text.length && peek() !== '\n') i++
      else if (peek() === '\r' && text[i + 1] === '\n') i++
      else if (peek() === '\n') {
        i++
        line++
      } else return
    }
  }
  const endOfLine = () => {
    skipSpace()
    if (peek() === '#') while (i < text.length && peek() !== '\n') i++
    if (peek() === '\r') i++
    if (i < text.length && peek() !== '\n') throw new TomlError(line, `unexpected '${peek()}'`)
  }
  const key = (): string => {
    skipSpace()
    const quote = peek()
    if (quote === '"' || quote === "'") return string()
    const start = i
    while (/[A-Za-z0-9_-]/.test(peek())) i++
    if (i === start) throw new TomlError(line, `expected a key, found '${peek()}'`)
    return text.slice(start, i)
  }
  const dottedKey = (): string[] => {
    const parts = [key()]
    skipSpace()
    while (peek() === '.') {
      i++
      parts.push(key())
      skipSpace()
    }
    return parts
  }
  const string = (): string => {
    const quote = peek()
    i++
    let out = ''
    for (;;) {
      const ch = peek()
      if (ch === '' || ch === '\n') throw new TomlError(line, 'unterminated string')
      i++
      if (ch === quote) return out
      if (ch === '\\' && quote === '"') {
        const esc = peek()
        i++
        const simple: Record<string, string> = { '"': '"', '\\': '\\', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' }
        if (esc in simple) out += simple[esc]
        else if (esc === 'u' || esc === 'U') {
          const len = esc === 'u' ? 4 : 8
          const hex = text.slice(i, i + len)
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) throw new TomlError(line, 'bad unicode escape')
          out += String.fromCodePoint(Number.parseInt(hex, 16))
          i += len
        } else throw new TomlError(line, `bad escape \\${esc}`)
      } else out += ch
    }
  }
  const value = (): TomlValue => {
    skipSpace()
    const ch = peek()
    if (ch === '"' || ch === "'") {
      if (text.startsWith(ch.repeat(3), i)) throw new TomlError(line, 'multi-line strings are not supported')
      return string()
    }
    if (ch === '[') {
      i++
      const items: TomlValue[] = []
      for (;;) {
        skipBlank()
        if (peek() === ']') {
          i++
          return items
        }
        items.push(value())
        skipBlank()
        if (peek() === ',') i++
        else if (peek() !== ']') throw new TomlError(line, `expected ',' or ']' in an array, found '${peek()}'`)
      }
    }
    if (ch === '{') throw new TomlError(line, 'inline tables are not supported')
    const start = i
    while (i < text.length && !/[\s,#\]]/.test(peek())) i++
    const raw = text.slice(start, i)
    if (raw === 'true') return true
    if (raw === 'false') return false
    if (/^[+-]?\d[\d_]*(\.\d[\d_]*)?([eE][+-]?\d+)?$/.test(raw)) return Number(raw.replace(/_/g, ''))
    throw new TomlError(line, `unsupported value '${raw}'`)
  }
  const descend = (from: TomlTable, path: string[]): TomlTable => {
    let t = from
    for (const part of path) {
      const next = t[part]
      if (next === undefined) t[part] = {}
      else if (typeof next !== 'object' || Array.isArray(next)) throw new TomlError(line, `'${part}' is not a table`)
      t = t[part] as TomlTable
    }
    return t
  }

  while (i < text.length) {
    skipBlank()
    if (i >= text.length) break
    if (peek() === '[') {
      if (text[i + 1] === '[') throw new TomlError(line, 'arrays of tables are not supported')
      i++
      const path = dottedKey()
      if (peek() !== ']') throw new TomlError(line, "expected ']'")
      i++
      table = descend(root, path)
      endOfLine()
      continue
    }
    const path = dottedKey()
    if (peek() !== '=') throw new TomlError(line, "expected '='")
    i++
    const target = descend(table, path.slice(0, -1))
    const name = path[path.length - 1] as string
    if (name in target) throw new TomlError(line, `duplicate key '${path.join('.')}'`)
    target[name] = value()
    endOfLine()
  }
  return root
}

/** Go's duration syntax as config.toml uses it ("60s", "1m30s", "500ms", "1h"), in seconds. */
export function parseDuration(text: string): number {
  const units: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 }
  const parts = [...text.trim().matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)]
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text.trim()) {
    throw new Error(`not a duration: '${text}' (use e.g. 60s, 5m, 1h)`)
  }
  return parts.reduce((sum, p) => sum + Number(p[1]) * (units[p[2] as string] as number), 0)
}

/** What the local auth server takes from supabase/config.toml; defaults are GoTrue's / the Supabase CLI's. */
export interface ProjectAuthConfig {
  siteUrl: string
  additionalRedirectUrls: string[]
  jwtExpirySeconds: number
  minimumPasswordLength: number
  /** [auth.email] max_frequency: the gap between two confirmation or recovery mails to one address. */
  maxFrequencySeconds: number
  /** [auth.email] otp_expiry: how long an e-mailed link (confirmation or recovery) stays valid. */
  otpExpirySeconds: number
  /** [auth.rate_limit], as the Supabase CLI names them. */
  rateLimit: { emailSent: number; tokenRefresh: number; signInSignUps: number; tokenVerifications: number }
}

const table = (v: TomlValue | undefined): TomlTable => (v && typeof v === 'object' && !Array.isArray(v) ? v : {})

function num(v: TomlValue | undefined, fallback: number, name: string): number {
  if (v === undefined) return fallback
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new Error(`config.toml: ${name} must be a non-negative number`)
  return v
}

export function authConfigFromToml(doc: TomlTable): ProjectAuthConfig {
  const auth = table(doc.auth)
  const email = table(auth.email)
  const rate = table(auth.rate_limit)
  const urls = auth.additional_redirect_urls ?? []
  if (!Array.isArray(urls) || urls.some((u) => typeof u !== 'string')) {
    throw new Error('config.toml: auth.additional_redirect_urls must be an array of strings')
  }
  const frequency = email.max_frequency
  return {
    siteUrl: typeof auth.site_url === 'string' ? auth.site_url : 'http://localhost:3000',
    additionalRedirectUrls: urls as string[],
    jwtExpirySeconds: num(auth.jwt_expiry, 3600, 'auth.jwt_expiry'),
    minimumPasswordLength: num(auth.minimum_password_length, 6, 'auth.minimum_password_length'),
    maxFrequencySeconds: typeof frequency === 'string' ? parseDuration(frequency) : num(frequency, 60, 'auth.email.max_frequency'),
    otpExpirySeconds: num(email.otp_expiry, 3600, 'auth.email.otp_expiry'),
    rateLimit: {
      emailSent: num(rate.email_sent, 30, 'auth.rate_limit.email_sent'),
      tokenRefresh: num(rate.token_refresh, 150, 'auth.rate_limit.token_refresh'),
      signInSignUps: num(rate.sign_in_sign_ups, 30, 'auth.rate_limit.sign_in_sign_ups'),
      tokenVerifications: num(rate.token_verifications, 30, 'auth.rate_limit.token_verifications'),
    },
  }
}

export function loadAuthConfig(path = CONFIG_TOML): ProjectAuthConfig {
  return authConfigFromToml(parseToml(readFileSync(path, 'utf8')))
}

/** [api]: what the Supabase CLI hands PostgREST (db-schemas, db-extra-search-path, db-max-rows), with its defaults. */
export interface ApiConfig {
  schemas: string[]
  extraSearchPath: string[]
  maxRows: number
}

function strings(v: TomlValue | undefined, fallback: string[], name: string): string[] {
  if (v === undefined) return fallback
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || !/^[A-Za-z_][A-Za-z0-9_$]*$/.test(s))) {
    throw new Error(`config.toml: ${name} must be an array of schema names`)
  }
  return v as string[]
}

export function apiConfigFromToml(doc: TomlTable): ApiConfig {
  const api = table(doc.api)
  return {
    // The CLI's default adds graphql_public (pg_graphql's schema), which the local database does not have.
    schemas: strings(api.schemas, ['public'], 'api.schemas'),
    extraSearchPath: strings(api.extra_search_path, ['public', 'extensions'], 'api.extra_search_path'),
    maxRows: num(api.max_rows, 1000, 'api.max_rows'),
  }
}

export function loadApiConfig(path = CONFIG_TOML): ApiConfig {
  return apiConfigFromToml(parseToml(readFileSync(path, 'utf8')))
}
