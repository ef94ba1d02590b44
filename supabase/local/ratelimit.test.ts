import { describe, expect, it } from 'vitest'
import { defaultRateLimits, IntervalLimit, parseRateLimit, resolveRateLimit, TokenBuckets } from './ratelimit.ts'

describe('TokenBuckets (GoTrue tollbooth semantics)', () => {
  it('lets a full bucket through, refuses when empty, refills at max per window', () => {
    let now = 0
    const b = new TokenBuckets({ max: 30, windowSeconds: 300, burst: 3 }, () => now)
    expect([b.take('a'), b.take('a'), b.take('a'), b.take('a')]).toEqual([true, true, true, false])
    expect(b.take('b')).toBe(true) // per key
    now += 9_999 // 30 per 300 s = one per 10 s
    expect(b.take('a')).toBe(false)
    now += 1
    expect(b.take('a')).toBe(true)
    expect(b.take('a')).toBe(false)
    now += 3_600_000
    expect([b.take('a'), b.take('a'), b.take('a'), b.take('a')]).toEqual([true, true, true, false]) // never above burst
  })

  it('a refused request takes nothing (the wait does not grow with retries)', () => {
    let now = 0
    const b = new TokenBuckets({ max: 1, windowSeconds: 10 }, () => now)
    expect(b.take('k')).toBe(true)
    for (let i = 0; i < 50; i++) expect(b.take('k')).toBe(false)
    now += 10_000
    expect(b.take('k')).toBe(true)
  })

  it('a limit of 0 refuses everything', () => {
    expect(new TokenBuckets({ max: 0, windowSeconds: 60 }).take('k')).toBe(false)
  })

  it('keeps working past 10,000 keys (full buckets are forgotten)', () => {
    let now = 0
    const b = new TokenBuckets({ max: 2, windowSeconds: 1 }, () => now)
    for (let i = 0; i < 10_050; i++) b.take(`k${i}`)
    now += 1000
    expect(b.take('k1')).toBe(true)
    expect(b.take('k1')).toBe(true)
    expect(b.take('k1')).toBe(false)
  })
})

describe('IntervalLimit (GoTrue interval limiter for e-mails)', () => {
  it('allows max per fixed window and gives back refunds', () => {
    let now = 1_000
    const l = new IntervalLimit({ max: 2, windowSeconds: 3600 }, () => now)
    expect([l.take(), l.take(), l.take()]).toEqual([true, true, false])
    l.refund()
    expect([l.take(), l.take()]).toEqual([true, false])
    now += 3_600_000
    expect(l.take()).toBe(true)
  })
})

describe('limits from config, options and the environment', () => {
  it('defaults carry GoTrue burst of 30 per client and config values per window', () => {
    expect(defaultRateLimits({ emailSent: 30, tokenRefresh: 150, signInSignUps: 30, tokenVerifications: 30 })).toEqual({
      tokenRefresh: { max: 150, windowSeconds: 300, burst: 30 },
      passwordPerEmail: { max: 30, windowSeconds: 300 },
      signInSignUps: { max: 30, windowSeconds: 300, burst: 30 },
      tokenVerifications: { max: 30, windowSeconds: 300, burst: 30 },
      emailSent: { max: 30, windowSeconds: 3600 },
    })
  })

  it('a bare number keeps the usual window; GoTrue rate syntax sets another; nonsense is refused', () => {
    expect(resolveRateLimit('tokenRefresh', 5)).toEqual({ max: 5, windowSeconds: 300 })
    expect(resolveRateLimit('emailSent', 5)).toEqual({ max: 5, windowSeconds: 3600 })
    expect(parseRateLimit('signInSignUps', '3/1m')).toEqual({ max: 3, windowSeconds: 60 })
    expect(parseRateLimit('signInSignUps', '1000000')).toEqual({ max: 1_000_000, windowSeconds: 300 })
    expect(() => parseRateLimit('signInSignUps', 'lots')).toThrow(/signInSignUps/)
    expect(() => parseRateLimit('signInSignUps', '3/soon')).toThrow(/duration/)
    expect(() => resolveRateLimit('tokenRefresh', { max: 1, windowSeconds: 0 })).toThrow(/windowSeconds/)
    expect(() => resolveRateLimit('tokenRefresh', -1)).toThrow(/>= 0/)
  })
})
