import { useCallback, useEffect, useRef, useState } from 'react'

/** What the hook needs of a started actor; an xstate Actor has all of it. */
export interface StartedActor<TSnapshot, TEvent> {
  send(event: TEvent): void
  subscribe(listener: (snapshot: TSnapshot) => void): { unsubscribe(): void }
  getSnapshot(): TSnapshot
  stop(): void
}

export interface LazyActor<TSelected, TEvent> {
  /** `select` of the actor's snapshot once it runs; `initial` until then. */
  selected: TSelected
  /** Sends to the actor; before it runs, queues the event (delivered in order on start) and starts loading it. */
  send: (event: TEvent) => void
  /** Whether the actor has started (its `selected` is the machine's, not `initial`). */
  running: boolean
  /** Loads and starts the actor now (idempotent). */
  load: () => void
}

/**
 * An actor loaded lazily by `start` (which imports its machine, and with it xstate), so that neither is
 * first-load JavaScript. With `startOnMount` it starts right after hydration; otherwise only when `load()` is
 * called or an event is sent. Until the actor runs, the view shows `initial`, which must be what the server
 * rendered: `select` of the machine's initial snapshot, or the server's value (each use is checked by a unit
 * test or says why). Events sent meanwhile are queued and delivered in order once it starts, so a click during
 * the load is not lost.
 *
 * `start`, `select` and `equal` are read once, on mount: later renders' closures are not used.
 */
export function useLazyActor<TSnapshot, TEvent, TSelected>(
  start: () => Promise<StartedActor<TSnapshot, TEvent>>,
  select: (snapshot: TSnapshot) => TSelected,
  initial: TSelected,
  { startOnMount, equal = Object.is }: { startOnMount: boolean; equal?: (a: TSelected, b: TSelected) => boolean },
): LazyActor<TSelected, TEvent> {
  const [selected, setSelected] = useState(initial)
  const [running, setRunning] = useState(false)
  const [wanted, setWanted] = useState(startOnMount)
  const actor = useRef<StartedActor<TSnapshot, TEvent> | null>(null)
  const queue = useRef<TEvent[]>([])
  const mount = useRef({ start, select, equal })

  useEffect(() => {
    if (!wanted) return
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
        setRunning(true)
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
  }, [wanted])

  const load = useCallback(() => setWanted(true), [])
  const send = useCallback((event: TEvent) => {
    if (actor.current) return actor.current.send(event)
    queue.current.push(event)
    setWanted(true)
  }, [])

  return { selected, send, running, load }
}

/**
 * An actor started right after hydration (useLazyActor with startOnMount): for below-the-fold sections (the
 * landing page's feature table and carousel) whose machines run as soon as the page is interactive.
 */
export function useDeferredActor<TSnapshot, TEvent, TSelected>(
  start: () => Promise<StartedActor<TSnapshot, TEvent>>,
  select: (snapshot: TSnapshot) => TSelected,
  initial: TSelected,
  equal: (a: TSelected, b: TSelected) => boolean = Object.is,
): [TSelected, (event: TEvent) => void] {
  const { selected, send } = useLazyActor(start, select, initial, { startOnMount: true, equal })
  return [selected, send]
}
