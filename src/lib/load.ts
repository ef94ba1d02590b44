/**
 * Code loaded on demand (`import()`), made safe to start early and to fail.
 *
 * A dynamic import can reject for reasons that are no bug of ours: the connection drops, a deploy replaced the
 * chunk, or (Firefox) the page navigates away while it downloads. Downloads started ahead of need are fire and
 * forget, so their rejection would surface as an unhandled error on whatever page the visitor is on by then.
 * Plain promise handling, no side effects of its own: the backend (the supabase-js client) and the UI (motion, lazy
 * dialogs) share it.
 */

/** Loads once and shares the result; a failed load is forgotten, so the next call tries again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null
  return () => {
    if (pending) return pending
    const attempt = load()
    pending = attempt
    attempt.catch(() => {
      if (pending === attempt) pending = null
    })
    return attempt
  }
}

/** Starts a load ahead of need. Its failure is not reported here: the place that needs the code loads it again. */
export function preload(load: () => Promise<unknown>): void {
  load().catch(() => {})
}
