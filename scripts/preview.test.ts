import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { COMPATIBILITY_DATE, offlineEnv, REJECTED, wranglerArgs } from './preview.mjs'

const require = createRequire(import.meta.url)
const wranglerBundle = readFileSync(require.resolve('wrangler') /* its main export: wrangler-dist/cli.js */, 'utf8')

/** The messages the installed wrangler prints for `_headers` / `_redirects` lines Pages will not apply, with numbers filled in. */
function wranglerMessages(): string[] {
  const templates = [
    /`(Ignoring line \$\{[^`]+)`/,
    /`(Maximum number of rules supported is \$\{[^`]+)`/,
    /`(Maximum number of dynamic rules supported is \$\{[^`]+)`/,
    /`(Found \$\{num_invalid\} invalid header rule[^\n`]*)/,
    /`(Found \$\{num_invalid\} invalid redirect rule[^\n`]*)/,
  ]
  return templates.map((re) => {
    const m = re.exec(wranglerBundle)
    if (!m) throw new Error(`wrangler no longer prints ${re.source}: update REJECTED in scripts/preview.mjs`)
    return m[1]!.replace(/\$\{[^}]*\}/g, '3')
  })
}

describe('scripts/preview.mjs', () => {
  it("recognises every message of the installed wrangler about a line Pages would drop, and nothing it prints when all is well", () => {
    const messages = wranglerMessages()
    expect(messages).toHaveLength(5)
    for (const message of messages) expect(REJECTED.some((re) => re.test(message)), message).toBe(true)
    for (const fine of ['✨ Parsed 31 valid header rules.', '[wrangler:info] Ready on http://127.0.0.1:4173', 'No Functions. Shimming...']) {
      expect(REJECTED.some((re) => re.test(fine)), fine).toBe(false)
    }
  })

  it('uses a compatibility date the bundled workerd accepts', () => {
    const workerd = (require('workerd/package.json') as { version: string }).version // 1.YYYYMMDD.n
    const supported = workerd.split('.')[1]!.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3')
    expect(COMPATIBILITY_DATE <= supported, `${COMPATIBILITY_DATE} > ${supported}`).toBe(true)
  })

  it('keeps wrangler offline and on the address it is given', () => {
    const env = offlineEnv({})
    expect(env).toMatchObject({ WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false' })
    const args = wranglerArgs({ root: '/x/client', host: '127.0.0.1', port: 4173, persist: '/x/state' })
    expect(args.slice(0, 3)).toEqual(['pages', 'dev', '/x/client'])
    expect(args[args.indexOf('--ip') + 1]).toBe('127.0.0.1')
    expect(args[args.indexOf('--port') + 1]).toBe('4173')
    expect(args[args.indexOf('--compatibility-date') + 1]).toBe(COMPATIBILITY_DATE)
  })
})
