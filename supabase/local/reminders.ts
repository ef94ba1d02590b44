/**
 * The local stand-in for the production schedule of send-review-reminders (pg_cron + pg_net in
 * supabase/cron/review_reminders.sql): a timer that calls the same edge function, through this server's own
 * /functions/v1 as the scheduler would, every `intervalMs`. Its clock is injectable, so a test can move time forward
 * by days and run the schedule at once (`run()`), exactly as a tick would. Runs never overlap: a tick due while one
 * is under way waits for it. A failed run is logged and the next tick tries again (the SQL function is idempotent per
 * person and UK day).
 */
export interface ReminderRun {
  success: boolean
  now?: string
  queued?: number
  sent?: number
  error?: string
  code?: string
}

export interface ReminderScheduleOptions {
  /** Milliseconds between two runs; null: no timer (run() only). */
  intervalMs: number | null
  /** The schedule's clock. Default: the system clock. */
  clock?: () => Date
}

export interface ReminderSchedule {
  /** Runs the schedule now (after any run under way), with the clock's time; resolves to the function's reply. */
  run(): Promise<ReminderRun>
  /** How many runs have finished (ticks and run() calls). */
  readonly runs: number
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>
}

export function startReminderSchedule(
  call: (now: Date) => Promise<ReminderRun>,
  options: ReminderScheduleOptions,
): ReminderSchedule {
  const clock = options.clock ?? (() => new Date())
  let last: Promise<unknown> = Promise.resolve()
  let runs = 0
  let stopped = false
  const run = (): Promise<ReminderRun> => {
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
              if (!reply.success) console.error(`[reminders] run refused: ${reply.code ?? ''} ${reply.error ?? ''}`)
            },
            (error) => console.error('[reminders] run failed', error),
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
