import { useCallback, useEffect, useRef, useState } from 'react'

/** What the hook needs of a started actor; an xstate Actor has all of it. */
export interface StartedActor<TSnapshot, TEvent> {
  send(event: TEvent): void
  subscribe(listener: (snapshot: TSnapshot) => void): { unsubscribe(): void }
  getSnapshot(): TSnapshot
  stop(): void
}

/**
 * An actor started right after hydration by `start`, which imports its machine lazily, so that neither the
 * machine nor xstate is first-load JavaScript: for below-the-fold sections (the landing page's feature table and
 * carousel) and for the reduce-motion setting. Until the actor runs, the view shows `initial`, which must be
 * what the server rendered: `select` of the machine's initial snapshot, or the server's value (each use is
 * checked by a unit test or says why). Events sent meanwhile are queued and delivered in order once it starts,
 * so a click during the load is not lost.
 *
 * `start`, `select` and `equal` are read once, on mount: later renders' closures are not used.
 */
export function useDeferredActor<TSnapshot, TEvent, TSelected>(
  start: () => Promise<StartedActor<TSnapshot, TEvent>>,
  select: (snapshot: TSnapshot) => TSelected,
  initial: TSelected,
  equal: (a: TSelected, b: TSelected) => boolean = Object.is,
): [TSelected, (event: TEvent) => void] {
  const [selected, setSelected] = useState(initial)
  const actor = useRef<StartedActor<TSnapshot, TEvent> | null>(null)
  const queue = useRef<TEvent[]>([])
  const mount = useRef({ start, select, equal })

  useEffect(() => {
    const { start, select, equal } = mount.current
    let cancelled = false
    let stop: (() => void) | undefined
    start()
      .then((started) => {
        if (cancelled) return started.stop()
        const update = (snapshot: TSnapshot) => {
          const next = select(snapshot)
          setSelected((previous) => (equal(previous, next) ? previous : next))
        }
        const subscription = started.subscribe(update)
        update(started.getSnapshot())
        actor.current = started
        for (const event of queue.current.splice(0)) started.send(event)
        stop = () => {
          subscription.unsubscribe()
          started.stop()
          actor.current = null
        }
      })
      .catch((error: unknown) => console.warn('A page section failed to load its behaviour', error))
    return () => {
      cancelled = true
      stop?.()
    }
  }, [])

  const send = useCallback((event: TEvent) => {
    if (actor.current) actor.current.send(event)
    else queue.current.push(event)
  }, [])

  return [selected, send]
}
