/**
 * The local stand-in for the production schedules (pg_cron + pg_net in supabase/cron/): timers that call the same
 * edge functions, through this server's own /functions/v1 as the scheduler would, with the service-role key.
 *
 * - send-review-reminders (supabase/cron/review_reminders.sql), every `reviewReminders.intervalMs`, with the
 *   schedule's clock as the run's instant: a test moves the clock forward by days and runs the schedule at once
 *   (`run()`), exactly as a tick would.
 * - sweep-orphan-files (supabase/cron/sweep_orphan_files.sql), every `orphanSweep.intervalMs`: evidence objects no
 *   row has pointed to for 24 hours by the database's clock (a test ages an object instead of moving a clock).
 *
 * Runs of one schedule never overlap: a tick due while one is under way waits for it. A failed run is logged and
 * the next tick tries again (both functions are idempotent).
 */
export interface ScheduledRun {
  success: boolean
  error?: string
  code?: string
}

export interface ReminderRun extends ScheduledRun {
  now?: string
  queued?: number
  sent?: number
}

export interface SweepRun extends ScheduledRun {
  /** Objects without a row older than 24 hours, and how many of them storage removed. */
  found?: number
  removed?: number
}

export interface ScheduleOptions {
  /** Milliseconds between two runs; null: no timer (run() only). */
  intervalMs: number | null
  /** The schedule's clock. Default: the system clock. */
  clock?: () => Date
}

export interface Schedule<R extends ScheduledRun> {
  /** Runs the schedule now (after any run under way), with the clock's time; resolves to the function's reply. */
  run(): Promise<R>
  /** How many runs have finished (ticks and run() calls). */
  readonly runs: number
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>
}

export type ReminderSchedule = Schedule<ReminderRun>
export type SweepSchedule = Schedule<SweepRun>

export function startSchedule<R extends ScheduledRun>(label: string, call: (now: Date) => Promise<R>, options: ScheduleOptions): Schedule<R> {
  const clock = options.clock ?? (() => new Date())
  let last: Promise<unknown> = Promise.resolve()
  let runs = 0
  let stopped = false
  const run = (): Promise<R> => {
    const next = last.then(async () => {
      try {
        return await call(clock())
      } finally {
        runs++
      }
    })
    last = next.catch(() => {})
    return next
  }
  const timer =
    options.intervalMs === null
      ? null
      : setInterval(() => {
          if (stopped) return
          run().then(
            (reply) => {
              if (!reply.success) console.error(`[${label}] run refused: ${reply.code ?? ''} ${reply.error ?? ''}`)
            },
            (error) => console.error(`[${label}] run failed`, error),
          )
        }, Math.max(1000, options.intervalMs))
  timer?.unref?.()
  return {
    run,
    get runs() {
      return runs
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      await last
    },
  }
}

export interface SchedulesOptions {
  reviewReminders?: { intervalMs?: number | null; clock?: () => Date }
  orphanSweep?: { intervalMs?: number | null }
}

/** Both schedules, calling `<baseUrl>/functions/v1/<name>` as pg_net would, with the service-role key as bearer. */
export function startSchedules(baseUrl: string, serviceRoleKey: string, options: SchedulesOptions) {
  const post = async <R extends ScheduledRun>(name: string, body: unknown): Promise<R> => {
    const res = await fetch(`${baseUrl}/functions/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${serviceRoleKey}` },
      body: JSON.stringify(body),
    })
    return (await res.json()) as R
  }
  const reminders = startSchedule<ReminderRun>('reminders', (now) => post('send-review-reminders', { now: now.toISOString() }), {
    intervalMs: options.reviewReminders?.intervalMs ?? null,
    clock: options.reviewReminders?.clock,
  })
  const sweep = startSchedule<SweepRun>('orphan sweep', () => post('sweep-orphan-files', {}), { intervalMs: options.orphanSweep?.intervalMs ?? null })
  return {
    reminders,
    sweep,
    stop: async () => {
      await Promise.all([reminders.stop(), sweep.stop()])
    },
  }
}
