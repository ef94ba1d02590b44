import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { AUTH_MODE_SCRIPT_PATH, authMode, MAX_SEARCH_VALUE, parseAuthSearch, parseContactSearch } from './routeSearch'

describe('parseContactSearch', () => {
  it('keeps a known programme', () => {
    expect(parseContactSearch({ service: 'ready4life' })).toEqual({ service: 'ready4life' })
    expect(parseContactSearch({ service: 'general' })).toEqual({ service: 'general' })
  })

  it('drops unknown, mis-cased and non-string values without a key left behind', () => {
    for (const service of ['READY4LIFE', 'other', 42, true, null, ['ready4life'], { a: 1 }, undefined]) {
      const parsed = parseContactSearch({ service })
      expect(parsed).toEqual({})
      expect(Object.keys(parsed)).toEqual([])
    }
  })

  it('ignores other parameters', () => {
    expect(parseContactSearch({ service: 'ready4life', utm_source: 'x' })).toEqual({ service: 'ready4life' })
  })
})

describe('parseAuthSearch', () => {
  it('keeps the sign-up mode and the verified flag in both spellings', () => {
    expect(parseAuthSearch({ mode: 'signup' })).toEqual({ mode: 'signup' })
    expect(parseAuthSearch({ type: 'signup', verified: true })).toEqual({ type: 'signup', verified: 'true' })
    expect(parseAuthSearch({ verified: 'true' })).toEqual({ verified: 'true' })
  })

  it('drops values outside the picklists', () => {
    expect(parseAuthSearch({ mode: 'login', type: 'magiclink', verified: false })).toEqual({})
    expect(parseAuthSearch({ mode: 'reset', type: 'recovery' })).toEqual({ mode: 'reset', type: 'recovery' })
    expect(parseAuthSearch({ verified: 'yes' })).toEqual({})
  })

  it('keeps string tokens and errors up to the length limit and drops the rest', () => {
    const long = 'x'.repeat(MAX_SEARCH_VALUE)
    expect(parseAuthSearch({ code: 'abc', error: 'access_denied', error_code: 'otp_expired', access_token: long })).toEqual({
      code: 'abc',
      error: 'access_denied',
      error_code: 'otp_expired',
      access_token: long,
    })
    expect(parseAuthSearch({ refresh_token: `${long}x`, code: 12, error_description: { a: 1 } })).toEqual({})
  })

  it('ignores parameters it does not know', () => {
    expect(parseAuthSearch({ redirect: 'https://evil.example', mode: 'signup' })).toEqual({ mode: 'signup' })
  })
})

describe('the /auth mode before hydration', () => {
  /** Runs the head script against a URL with stand-ins for `location` and `document`, returning the mode it sets. */
  function scriptMode(search: string): string | undefined {
    const attributes: Record<string, string> = {}
    const document = {
      documentElement: {
        setAttribute: (k: string, v: string) => {
          attributes[k] = v
        },
      },
    }
    const script = readFileSync(new URL(`../../public${AUTH_MODE_SCRIPT_PATH}`, import.meta.url), 'utf8')
    new Function('location', 'document', script)({ search }, document)
    return attributes['data-auth-mode']
  }

  it.each([
    ['', 'signin'],
    ['?mode=signup', 'signup'],
    ['?type=signup&code=x', 'signup'],
    ['?mode=reset', 'reset'],
    ['?type=recovery&code=x', 'reset'],
    ['?mode=login', 'signin'],
    ['?verified=true', 'signin'],
  ])('%s shows the same form as the mounted page (%s)', (search, mode) => {
    const params = Object.fromEntries(new URLSearchParams(search))
    expect(scriptMode(search)).toBe(mode)
    expect(authMode(parseAuthSearch(params))).toBe(mode)
  })
})
