import type { InspectionEvent, Observer } from 'xstate'

/**
 * The Stately inspector, for development only: open any page with `?inspect` and every machine actor
 * created with `inspect` from this module appears in the inspector window. @statelyai/inspect is
 * imported dynamically behind import.meta.env.DEV, so production bundles never contain it
 * (checked by tests/e2e/inspector.spec.ts and scripts/check-bundle).
 *
 * Actors start before the dynamic import resolves, so events are buffered and replayed once it loads.
 */
type Sink = (event: InspectionEvent) => void

let sink: Sink | null = null
const buffer: InspectionEvent[] = []
let requested = false

function wanted(): boolean {
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('inspect')
}

function load() {
  requested = true
  import('@statelyai/inspect')
    .then(({ createBrowserInspector }) => {
      const inspector = createBrowserInspector({
        // Drop the password from anything sent to the inspector window (sign-up machine context).
        serialize: (event) => sanitise(event),
      })
      const observer = inspector.inspect as Observer<InspectionEvent>
      sink = (event) => observer.next?.(event)
      for (const event of buffer.splice(0)) sink(event)
    })
    .catch((error: unknown) => console.warn('Inspector failed to load', error))
}

/** Remove secrets (any key named password) from a value before it leaves the page. */
export function sanitise<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (key, v) => (/password/i.test(key) && typeof v === 'string' ? (v ? '•••' : '') : v)),
  ) as T
}

/** Pass as `inspect` when creating an actor. Undefined in production and without ?inspect. */
export const inspect: ((event: InspectionEvent) => void) | undefined =
  import.meta.env.DEV && !import.meta.env.SSR
    ? (event) => {
        if (!wanted()) return
        if (sink) return sink(event)
        buffer.push(event)
        if (!requested) load()
      }
    : undefined
