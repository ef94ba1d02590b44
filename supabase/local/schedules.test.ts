import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ScheduledRun, startSchedule } from './schedules.ts'

describe('a local schedule (the stand-in for pg_cron)', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('ticks every interval with its clock, never overlaps runs, and stops after the run under way', async () => {
    vi.useFakeTimers()
    const started: string[] = []
    let release: (() => void) | null = null
    const call = (now: Date) => {
      started.push(now.toISOString())
      return new Promise<ScheduledRun>((resolve) => {
        release = () => resolve({ success: true })
      })
    }
    const schedule = startSchedule('test', call, { intervalMs: 5000, clock: () => new Date('2026-11-28T03:00:00Z') })
    await vi.advanceTimersByTimeAsync(4999)
    expect(started).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(started).toEqual(['2026-11-28T03:00:00.000Z'])
    // A tick while the first run is under way waits for it.
    await vi.advanceTimersByTimeAsync(5000)
    expect(started).toHaveLength(1)
    release!()
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toHaveLength(2)
    expect(schedule.runs).toBe(1)
    const stopping = schedule.stop()
    release!()
    await stopping
    expect(schedule.runs).toBe(2)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(started).toHaveLength(2)
  })

  it('logs a refused or failed tick and keeps its timer; without an interval it runs only when asked', async () => {
    vi.useFakeTimers()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const replies: Array<() => Promise<ScheduledRun>> = [
      async () => ({ success: false, code: 'server_error', error: 'down' }),
      async () => {
        throw new Error('unreachable')
      },
      async () => ({ success: true }),
    ]
    const ticking = startSchedule('sweep', () => replies.shift()!(), { intervalMs: 1000 })
    await vi.advanceTimersByTimeAsync(3000)
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual(['[sweep] run refused: server_error down', '[sweep] run failed'])
    expect(ticking.runs).toBe(3)
    await ticking.stop()

    let calls = 0
    const manual = startSchedule('manual', async () => ({ success: true, n: ++calls }), { intervalMs: null })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toBe(0)
    expect(await manual.run()).toEqual({ success: true, n: 1 })
    await manual.stop()
  })
})
