import { describe, expect, it, vi } from 'vitest'
import { loadOnce, preload } from './load'

describe('loadOnce', () => {
  it('loads once and gives every caller the same result', async () => {
    const load = vi.fn(async () => ({ value: 1 }))
    const get = loadOnce(load)
    const [a, b] = await Promise.all([get(), get()])
    expect(a).toBe(b)
    expect(await get()).toBe(a)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('forgets a failed load, so the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValueOnce('loaded')
    const get = loadOnce(load)
    await expect(get()).rejects.toThrow('chunk gone')
    expect(await get()).toBe('loaded')
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('preload', () => {
  it('starts the load and leaves no unhandled rejection when it fails', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      // A plain function: a vi.fn would itself observe the promise it returns, so its rejection is never unhandled.
      let calls = 0
      preload(() => {
        calls += 1
        return Promise.reject(new Error('navigated away'))
      })
      expect(calls).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})
